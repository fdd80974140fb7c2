/**
 * The tab's one REST client: every call the page makes (order actions, user facts, preferences, lists, layouts)
 * goes through `send`, by name from the shared path table (`workers/protocol/paths.ts`). Same-origin credentials,
 * an optional timeout, and a 5xx (which may not have reached the engine) rejects like a lost answer, so callers
 * that retry treat both alike.
 */
import { CALLS, type CallName } from '../../workers/protocol/paths';

/** Fetches a same-origin path; resolves with the parsed JSON body (validated by the caller). */
async function send(
  path: string,
  init: RequestInit,
  signal?: AbortSignal,
  timeoutMs?: number,
): Promise<unknown> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let sig = signal;
  if (timeoutMs !== undefined) {
    const ctl = new AbortController();
    timer = setTimeout(() => {
      ctl.abort();
    }, timeoutMs);
    sig = signal === undefined ? ctl.signal : AbortSignal.any([signal, ctl.signal]);
  }
  try {
    const res = await fetch(path, {
      ...init,
      credentials: 'same-origin',
      ...(sig === undefined ? {} : { signal: sig }),
    });
    if (res.status >= 500) throw new Error(`${path}: HTTP ${res.status}`);
    return (await res.json()) as unknown;
  } finally {
    if (timer !== undefined) clearTimeout(timer);
  }
}

/** GETs a call with query parameters; resolves with the parsed JSON body (validated by the caller). */
export function getCall(
  name: CallName,
  params: Readonly<Record<string, string | number>>,
  signal?: AbortSignal,
  timeoutMs?: number,
): Promise<unknown> {
  const call = CALLS[name];
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  return send(query === '' ? call.path : `${call.path}?${query}`, {}, signal, timeoutMs);
}

/** POSTs a JSON body to a call; resolves with the parsed reply. */
export function postCall(
  name: CallName,
  body: unknown,
  signal?: AbortSignal,
  timeoutMs?: number,
): Promise<unknown> {
  return send(
    CALLS[name].path,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    signal,
    timeoutMs,
  );
}

/**
 * GETs a path the server handed out (e.g. the kline layout's `klinePath`); only a same-origin absolute path is
 * followed, never another host.
 */
export function getPath(path: string, signal?: AbortSignal): Promise<unknown> {
  if (!path.startsWith('/') || path.startsWith('//'))
    return Promise.reject(new Error(`not a same-origin path: ${path}`));
  return send(path, {}, signal);
}

/** The `result` object of a `code 0` envelope, or null for an error or a body of another shape. */
export function resultOf(body: unknown): Record<string, unknown> | null {
  if (typeof body !== 'object' || body === null) return null;
  const b = body as { code?: unknown; result?: unknown };
  return b.code === 0 && typeof b.result === 'object' && b.result !== null
    ? (b.result as Record<string, unknown>)
    : null;
}
