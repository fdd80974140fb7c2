/** One-shot REST calls of the shell (notice info, notice bar, user info), by name from the path table. */
import { CALLS, type CallName } from '../../workers/protocol/paths';

/** GETs a call with query parameters; resolves with the parsed JSON body (validated by the caller). */
export async function getCall(
  name: CallName,
  params: Readonly<Record<string, string | number>>,
  signal?: AbortSignal,
): Promise<unknown> {
  const call = CALLS[name];
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  const res = await fetch(query === '' ? call.path : `${call.path}?${query}`, {
    credentials: 'same-origin',
    ...(signal === undefined ? {} : { signal }),
  });
  if (!res.ok && res.status >= 500) throw new Error(`${call.path}: HTTP ${res.status}`);
  return (await res.json()) as unknown;
}

/** POSTs a JSON body to a call; resolves with the parsed reply. */
export async function postCall(name: CallName, body: unknown, signal?: AbortSignal): Promise<unknown> {
  const call = CALLS[name];
  const res = await fetch(call.path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    ...(signal === undefined ? {} : { signal }),
  });
  return (await res.json()) as unknown;
}
