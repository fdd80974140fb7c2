/**
 * Local preferences in `localStorage` (never secrets: sessions are HttpOnly cookies). Every read is validated by the
 * caller's parser, so a hand-edited or stale value falls back to the default instead of breaking the page. Storage
 * that throws (private mode, quota, Node tests) behaves as empty.
 */
import { atom, type WritableAtom } from 'jotai';

/** Prefix of every key this app stores. */
const PREFIX = 'spot.';

/** The stored string for `key`, or null. */
export function readStored(key: string): string | null {
  try {
    return globalThis.localStorage.getItem(PREFIX + key);
  } catch {
    return null;
  }
}

/** Stores `value` under `key`; null removes it. Failures are ignored (the preference is simply not remembered). */
export function writeStored(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage.removeItem(PREFIX + key);
    else globalThis.localStorage.setItem(PREFIX + key, value);
  } catch {
    // Not remembered; the page still works.
  }
}

/** Parses stored JSON, undefined when absent or malformed. */
export function readStoredJson(key: string): unknown {
  const raw = readStored(key);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * An atom backed by one storage key: read once when the module loads, written through on every set.
 * `parse` turns the stored JSON into a value (undefined = use `fallback`); writing the fallback (or null) removes the
 * key, so "reset" leaves nothing behind.
 */
export function storedAtom<T>(
  key: string,
  fallback: T,
  parse: (raw: unknown) => T | undefined,
): WritableAtom<T, [T], void> {
  const stored = readStoredJson(key);
  const base = atom<T>(stored === undefined ? fallback : (parse(stored) ?? fallback));
  const fallbackJson = JSON.stringify(fallback);
  base.debugLabel = `${key}:stored`;
  return atom(
    (get) => get(base),
    (_get, set, next: T) => {
      set(base, next);
      const json = JSON.stringify(next);
      writeStored(key, next === null || json === fallbackJson ? null : json);
    },
  );
}
