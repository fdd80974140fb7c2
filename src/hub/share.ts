/**
 * Structural sharing for hub diffs. A diff crosses the port as a structured clone, so every array and object in it is
 * new even where nothing changed; readers that compare by reference (Jotai's derived atoms, React's memo and effect
 * dependencies) would all wake. `shareEqual(prev, next)` gives back `next` with every part that deep-equals the same
 * part of `prev` replaced by `prev`'s object, and `prev` itself when the whole is equal.
 */

function isPlain(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/**
 * `next`, keeping `prev`'s objects wherever they are deep-equal (plain objects and arrays, compared member by member;
 * primitives by `Object.is`); `prev` itself when all of it is equal, and `next` itself when nothing is. Anything else
 * (a Map, a Date) is taken from `next` unless it is the same object. An array member is matched against the held
 * member at its index, then against the one at its index counted from the end: lists come newest first, so one
 * member added or removed anywhere leaves every other member matched.
 */
export function shareEqual<T>(prev: T, next: T): T {
  if (Object.is(prev, next)) return prev;
  if (Array.isArray(prev) && Array.isArray(next)) return shareArray(prev, next) as T;
  if (isPlain(prev) && isPlain(next)) return shareRecord(prev, next) as T;
  return next;
}

function shareArray(p: readonly unknown[], n: readonly unknown[]): readonly unknown[] {
  const shift = p.length - n.length;
  const out: unknown[] = new Array<unknown>(n.length);
  let same = shift === 0;
  let kept = 0;
  for (let i = 0; i < n.length; i++) {
    let v = i < p.length ? shareEqual(p[i], n[i]) : n[i];
    if (v !== p[i] && shift !== 0 && i + shift >= 0 && i + shift < p.length) {
      const moved = shareEqual(p[i + shift], n[i]);
      if (moved === p[i + shift]) v = moved;
    }
    out[i] = v;
    if (v !== n[i]) kept++;
    if (same && !Object.is(v, p[i])) same = false;
  }
  return same ? p : kept === 0 ? n : out;
}

function shareRecord(p: Record<string, unknown>, n: Record<string, unknown>): Record<string, unknown> {
  const keys = Object.keys(n);
  const out: Record<string, unknown> = {};
  let same = keys.length === Object.keys(p).length;
  let kept = 0;
  for (const k of keys) {
    const had = Object.prototype.hasOwnProperty.call(p, k);
    const v = had ? shareEqual(p[k], n[k]) : n[k];
    out[k] = v;
    if (v !== n[k]) kept++;
    if (same && (!had || !Object.is(v, p[k]))) same = false;
  }
  return same ? p : kept === 0 ? n : out;
}
