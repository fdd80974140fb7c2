/**
 * The hub's HTTP helpers: JSON GET and POST with the session cookie, the health probe and the served build id. Split
 * from hubCore so the hub stays bookkeeping; `fetch` is the environment's (HubEnv), so Node tests run them as is.
 */
import { CALLS } from './protocol/paths';

/** The environment's fetch. */
export type HubFetch = (input: string, init?: RequestInit) => Promise<Response>;

/** GETs JSON; throws on a non-2xx answer. */
export async function getJson(fetch: HubFetch, path: string): Promise<unknown> {
  const r = await fetch(path, { credentials: 'same-origin' });
  if (!r.ok) throw new Error(`${path}: HTTP ${r.status}`);
  return (await r.json()) as unknown;
}

/** POSTs a JSON body; resolves with the parsed reply whatever its code (the caller reads the envelope). */
export async function postJson(fetch: HubFetch, path: string, body: unknown): Promise<unknown> {
  const r = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await r.json()) as unknown;
}

/** True when the simulator answers its health call (the socket's network re-probe). */
export async function probeHealth(fetch: HubFetch): Promise<boolean> {
  try {
    const r = await fetch(CALLS.health.path, { cache: 'no-store' });
    return r.ok;
  } catch {
    return false;
  }
}

/** The build id the server serves (`/build.json`); null when it has none (dev server) or did not answer. */
export async function servedBuildId(fetch: HubFetch): Promise<string | null> {
  try {
    const r = await fetch('/build.json', { cache: 'no-store' });
    if (!r.ok) return null;
    const body = (await r.json()) as { id?: unknown };
    return typeof body.id === 'string' ? body.id : null;
  } catch {
    return null;
  }
}
