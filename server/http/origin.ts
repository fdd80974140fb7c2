/**
 * Same-origin rules of the simulator's edge. A browser sends `Origin` on every POST and on every WebSocket
 * upgrade, so a request whose `Origin` is not this server's own comes from another site or another local app and
 * is refused. A request without `Origin` comes from a script, an SDK or a test (no browser adds cookies to those on
 * another site's behalf), so it is let through: that is how curl, the bench and the chaos script keep working.
 * POST bodies must be JSON: a form or `text/plain` body is what a cross-site `<form>` or a no-CORS `fetch` can send
 * without a preflight, so refusing them closes that door even for a browser that sent no `Origin`.
 */
import type { IncomingMessage } from 'node:http';

/** Why a request was refused at the edge, with the HTTP status to answer. */
export interface EdgeRefusal {
  readonly status: 403 | 415;
  readonly message: string;
}

/**
 * True when `origin` (the header value) is the origin of `host` (the Host header) over http or https.
 * `null` (sandboxed frames, file: pages) and anything with a path, credentials or another port is foreign.
 */
export function isSameOrigin(origin: string, host: string): boolean {
  if (host === '' || origin === '' || origin === 'null') return false;
  let o: URL;
  try {
    o = new URL(origin);
  } catch {
    return false;
  }
  if (o.protocol !== 'http:' && o.protocol !== 'https:') return false;
  // An Origin header is scheme://host[:port] only; anything else is not a browser's Origin.
  if (`${o.protocol}//${o.host}` !== origin.toLowerCase().replace(/\/$/, '')) return false;
  let own: URL;
  try {
    own = new URL(`${o.protocol}//${host}`);
  } catch {
    return false;
  }
  return own.pathname === '/' && own.username === '' && own.host === o.host;
}

/** The refusal of a request carrying a foreign `Origin`, or null when it has none or its own. */
export function originRefusal(req: IncomingMessage): EdgeRefusal | null {
  const origin = req.headers.origin;
  if (origin === undefined) return null;
  if (isSameOrigin(origin, req.headers.host ?? '')) return null;
  return { status: 403, message: `cross-origin request refused (Origin ${origin.slice(0, 200)})` };
}

/** The media type of a Content-Type header, lower-cased, without parameters ('' when absent). */
export function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** Media type of the login and register pages' own form posts. */
export const FORM_TYPE = 'application/x-www-form-urlencoded';

/**
 * The refusal of a POST whose body type is not accepted: JSON always; the urlencoded form only where `forms` is
 * set (the login and register pages). A POST with no body and no type carries nothing to misread and passes.
 */
export function bodyTypeRefusal(req: IncomingMessage, forms: boolean): EdgeRefusal | null {
  const type = mediaType(req.headers['content-type']);
  if (type === 'application/json') return null;
  if (forms && type === FORM_TYPE) return null;
  const length = req.headers['content-length'];
  const chunked = req.headers['transfer-encoding'] !== undefined;
  if (type === '' && !chunked && (length === undefined || length === '0')) return null;
  const accepted = forms ? `application/json or ${FORM_TYPE}` : 'application/json';
  return { status: 415, message: `unsupported content type "${type.slice(0, 100)}": send ${accepted}` };
}
