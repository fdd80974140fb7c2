/**
 * A small router over node:http for the simulator's REST calls. Handlers get parsed, validated-on-read params and the
 * session; whatever they throw becomes an error envelope, never a stack trace.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CallDef } from '../../workers/protocol/paths';
import { fail, HTTP_ERRORS, ok, type JsonReply } from './envelope';
import { bodyTypeRefusal, originRefusal } from './origin';
import { ParamError, Params, type RawParams } from './params';

/** Largest accepted request body. */
export const MAX_BODY_BYTES = 64 * 1024;

/** What a handler sees of the request. */
export interface RequestContext<S> {
  readonly req: IncomingMessage;
  readonly url: URL;
  readonly params: Params;
  /** The logged-in session's subject, or null for a visitor. */
  readonly session: S | null;
  /** The session token from the cookie, if any. */
  readonly token: string | null;
}

/** A handler answers a result (wrapped in the call's success envelope) or a full reply. */
export type Handler<S> = (ctx: RequestContext<S>) => unknown;

/** A coded business error thrown by handlers; becomes the call's error envelope. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly code: number,
    message: string,
    readonly status = 200,
  ) {
    super(message);
  }
}

/** Marks a handler result as a complete reply (status, headers, body) rather than a `result` to wrap. */
export class RawReply {
  constructor(
    readonly reply: JsonReply | { status: number; html: string; headers?: Record<string, string> },
  ) {}
}

interface Route<S> {
  readonly def: CallDef;
  readonly handler: Handler<S>;
  readonly opts: RouteOptions;
}

/** Per-route edge options. */
export interface RouteOptions {
  /** Accept urlencoded form posts besides JSON (only the login and register pages post forms). */
  readonly forms?: boolean;
}

/** Reads the session subject for a request from its cookie token. */
export type SessionResolver<S> = (token: string | null) => S | null;

/** Parses a Cookie header into a map. */
export function parseCookies(header: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (header === undefined) return out;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i <= 0) continue;
    const k = part.slice(0, i).trim();
    const v = part.slice(i + 1).trim();
    try {
      out.set(k, decodeURIComponent(v));
    } catch {
      out.set(k, v);
    }
  }
  return out;
}

/** Collects a request body up to MAX_BODY_BYTES; rejects with ApiError 413 past that. */
export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        done = true;
        reject(new ApiError(HTTP_ERRORS.tooLarge, 'request body too large', 413));
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!done) resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', (e) => {
      if (!done) reject(e);
    });
  });
}

function parseBody(contentType: string | undefined, text: string): RawParams {
  if (text.trim() === '') return {};
  if (contentType?.includes('application/x-www-form-urlencoded') === true) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw new ParamError('body must be JSON or a urlencoded form');
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw new ParamError('body must be a JSON object');
  return v as RawParams;
}

/** Writes a JSON reply. */
export function sendJson(res: ServerResponse, reply: JsonReply): void {
  const body = JSON.stringify(reply.body);
  res.writeHead(reply.status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'content-length': Buffer.byteLength(body),
    ...reply.headers,
  });
  res.end(body);
}

/** Routes requests by exact method and path to handlers registered against the shared call table. */
export class Router<S> {
  private readonly routes = new Map<string, Route<S>>();
  private readonly prefixRoutes: Route<S>[] = [];
  private readonly paths = new Set<string>();

  constructor(
    private readonly resolveSession: SessionResolver<S>,
    private readonly cookieName: string,
    /** Runs after every handler, before the answer leaves (the store's commit; throws to answer an error). */
    private readonly commit: (mark: number) => void = () => undefined,
    /** Runs before every handler; its mark is handed to `commit` (the store's failure count). */
    private readonly begin: () => number = () => 0,
  ) {}

  /** Registers a handler for a call of the path table. */
  on(def: CallDef, handler: Handler<S>, opts: RouteOptions = {}): this {
    this.routes.set(`${def.method} ${def.path}`, { def, handler, opts });
    this.paths.add(def.path);
    return this;
  }

  /** Registers a handler for every path under a prefix (the path ends with '/'). */
  onPrefix(def: CallDef, handler: Handler<S>): this {
    this.prefixRoutes.push({ def, handler, opts: {} });
    return this;
  }

  /** True if the router owns this path (any method), so static serving must not answer it. */
  owns(pathname: string): boolean {
    return this.paths.has(pathname) || this.prefixRoutes.some((r) => pathname.startsWith(r.def.path));
  }

  /** Handles a request it owns; answers 405 for a known path with the wrong method. */
  async handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const method = req.method ?? 'GET';
    const route =
      this.routes.get(`${method} ${url.pathname}`) ??
      this.prefixRoutes.find((r) => r.def.method === method && url.pathname.startsWith(r.def.path));
    if (route === undefined) {
      const anyDef = [...this.routes.values()].find((r) => r.def.path === url.pathname)?.def;
      sendJson(
        res,
        fail(anyDef?.envelope ?? 'code', HTTP_ERRORS.method, `method ${method} not allowed`, 405),
      );
      return;
    }
    const { def, handler, opts } = route;
    if (method === 'POST') {
      // Checked before the body is read or the session resolved: a refused request changes nothing.
      const refusal = originRefusal(req) ?? bodyTypeRefusal(req, opts.forms === true);
      if (refusal !== null) {
        const code = refusal.status === 403 ? HTTP_ERRORS.forbidden : HTTP_ERRORS.mediaType;
        req.resume();
        sendJson(res, fail(def.envelope, code, refusal.message, refusal.status));
        return;
      }
    }
    let reply: JsonReply | { status: number; html: string; headers?: Record<string, string> };
    try {
      const token = parseCookies(req.headers.cookie).get(this.cookieName) ?? null;
      const session = this.resolveSession(token);
      if (def.auth && session === null) throw new ApiError(HTTP_ERRORS.auth, 'login required', 401);
      const query: Record<string, string> = Object.fromEntries(url.searchParams);
      const body = method === 'POST' ? parseBody(req.headers['content-type'], await readBody(req)) : {};
      const params = new Params({ ...query, ...body });
      const mark = this.begin();
      const result = await handler({ req, url, params, session, token });
      this.commit(mark);
      reply = result instanceof RawReply ? result.reply : ok(def.envelope, result ?? {});
    } catch (e) {
      if (e instanceof ParamError)
        reply = fail(def.envelope, HTTP_ERRORS.param, `invalid parameter: ${e.message}`);
      else if (e instanceof ApiError) reply = fail(def.envelope, e.code, e.message, e.status);
      else {
        console.error(`[sim] ${method} ${url.pathname} failed:`, e);
        reply = fail(def.envelope, HTTP_ERRORS.internal, 'internal error', 500);
      }
    }
    if ('html' in reply) {
      res.writeHead(reply.status, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        ...reply.headers,
      });
      res.end(reply.html);
    } else sendJson(res, reply);
  }
}
