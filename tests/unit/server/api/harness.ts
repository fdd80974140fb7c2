/**
 * A real node:http simulator slice for the API tests: Router + auth, account and content routes over a temp data
 * directory, seeded accounts funded with the starting balances, and small fetch helpers.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  Accounts,
  SEED_ACCOUNTS,
  STARTING_BALANCES,
  type Account,
} from '../../../../server/accounts/accounts';
import { registerAccountRoutes } from '../../../../server/api/account';
import { registerAuthRoutes } from '../../../../server/api/auth';
import { registerContentRoutes } from '../../../../server/api/content';
import { installMargin } from '../../../../server/margin/install';
import { registerLtRoutes } from '../../../../server/api/lt';
import { strategyRoutes } from '../../../../server/api/strategy';
import { StrategyTap } from '../../../../server/strategy/tap';
import { type MarketView, type SimConfig, type SimContext } from '../../../../server/context';
import { Engine } from '../../../../server/engine/engine';
import { commitOrFail } from '../../../../server/http/commit';
import { Router } from '../../../../server/http/router';
import { SYMBOLS, findSymbol } from '../../../../server/market/symbols';
import { accountsSink } from '../../../../server/store/accountRows';
import { openDatabase } from '../../../../server/store/db';
import { Store } from '../../../../server/store/store';
import { SimClock } from '../../../../server/clock/clock';
import { SESSION_COOKIE, type CallDef } from '../../../../workers/protocol/paths';

/** A running test server. */
export interface Harness {
  readonly base: string;
  readonly host: string;
  readonly ctx: SimContext;
  /** Private pushes the routes made (the harness has no socket). */
  readonly pushes: { accountId: string; topics: readonly string[]; data: readonly unknown[] }[];
  close(): Promise<void>;
}

/** Market view for tests: opening times from the symbol table, no tickers (prices fall back to the engine/seed). */
function testMarket(startedAt: number): MarketView {
  return {
    openAt: (symbol) => {
      const spec = findSymbol(symbol);
      return spec === undefined || spec.openInMs === 0 ? 0 : startedAt + spec.openInMs;
    },
    ticker: () => undefined,
  };
}

/** Starts the server on 127.0.0.1, port 0. */
export async function startHarness(): Promise<Harness> {
  const dir = mkdtempSync(join(tmpdir(), 'sim-api-test-'));
  const clock = new SimClock();
  const pushes: Harness['pushes'] = [];
  const now = clock.now;
  const startedAt = now();
  const store = new Store(openDatabase(dir));
  const accounts = new Accounts(undefined, now, accountsSink(store));
  const tap = new StrategyTap(store);
  const engine = new Engine({ symbols: SYMBOLS, now, listener: tap.wrap({}) });
  const config: SimConfig = {
    host: '127.0.0.1',
    port: 0,
    rate: 0,
    seed: 1,
    dataDir: dir,
    staticDir: join(dir, 'dist'),
    quiet: true,
  };
  const ctx: SimContext = {
    config,
    now,
    clock,
    startedAt,
    engine,
    accounts,
    store,
    market: testMarket(startedAt),
    pushPrivate: (accountId, topics, data) => {
      pushes.push({ accountId, topics, data });
    },
  };
  for (const a of accounts.seed()) {
    engine.addAccount(a.id);
    for (const [coin, amount] of Object.entries(STARTING_BALANCES)) engine.deposit(a.id, coin, amount);
  }

  const router = new Router<Account>(
    (token) => accounts.fromToken(token),
    SESSION_COOKIE,
    () => {
      commitOrFail(store);
    },
  );
  registerAuthRoutes(router, ctx);
  registerAccountRoutes(router, ctx);
  registerContentRoutes(router, ctx);
  installMargin(ctx, { router });
  registerLtRoutes(router, ctx);
  strategyRoutes(tap)(router, ctx);

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`);
    if (router.owns(url.pathname)) {
      void router.handle(req, res, url);
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const host = `127.0.0.1:${port}`;
  return {
    pushes,
    base: `http://${host}`,
    host,
    ctx,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      });
      store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Total balance of one coin of an account ('0' when it holds none). */
export function totalOf(h: Harness, accountId: string, coin: string): string {
  return h.ctx.engine.balances(accountId).find((b) => b.coin === coin)?.total ?? '0';
}

/** Password of a seeded account. */
export function seedPassword(email: string): string {
  const s = SEED_ACCOUNTS.find((a) => a.email === email);
  if (s === undefined) throw new Error(`no seed account ${email}`);
  return s.password;
}

/** A decoded reply. */
export interface Reply {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** Parsed JSON body (empty object when the body is not JSON). */
  readonly body: Record<string, unknown>;
}

/** Options of one call. */
export interface CallOptions {
  readonly query?: Record<string, string>;
  /** JSON body (POST). */
  readonly json?: unknown;
  /** Form body (POST, urlencoded). */
  readonly form?: Record<string, string>;
  /** Raw body text (POST) with its content type. */
  readonly raw?: { readonly text: string; readonly type: string };
  readonly cookie?: string;
}

/** Calls a path (a CallDef or an explicit method/path) and decodes the reply; redirects are not followed. */
export async function call(
  h: Harness,
  def: Pick<CallDef, 'method' | 'path'>,
  opts: CallOptions = {},
): Promise<Reply> {
  const url = new URL(def.path, h.base);
  for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, v);
  const headers: Record<string, string> = {};
  if (opts.cookie !== undefined) headers.cookie = opts.cookie;
  let body: string | undefined;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.form !== undefined) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(opts.form).toString();
  } else if (opts.raw !== undefined) {
    headers['content-type'] = opts.raw.type;
    body = opts.raw.text;
  }
  const res = await fetch(url, { method: def.method, headers, body, redirect: 'manual' });
  const text = await res.text();
  let parsed: Record<string, unknown> = {};
  try {
    const v = JSON.parse(text) as unknown;
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) parsed = v as Record<string, unknown>;
  } catch {
    // HTML pages and empty bodies are not JSON.
  }
  return { status: res.status, headers: res.headers, text, body: parsed };
}

/** The `name=value` part of the session Set-Cookie of a reply. */
export function sessionCookieOf(r: Reply): string {
  const header = r.headers.get('set-cookie') ?? '';
  const first = header.split(';')[0] ?? '';
  if (!first.startsWith(`${SESSION_COOKIE}=`)) throw new Error(`no session cookie in ${header}`);
  return first;
}

/** Logs a seeded (or registered) user in with a JSON post and returns its Cookie header value. */
export async function login(h: Harness, email: string, password = seedPassword(email)): Promise<string> {
  const r = await call(h, { method: 'POST', path: '/login' }, { json: { email, password } });
  if (r.body.code !== 0) throw new Error(`login ${email} failed: ${r.text}`);
  return sessionCookieOf(r);
}

/** The `result` of a code-envelope reply, as an object. */
export function resultOf(r: Reply): Record<string, unknown> {
  const v = r.body.result;
  if (typeof v !== 'object' || v === null || Array.isArray(v)) {
    throw new Error(`no object result in ${r.text}`);
  }
  return v as Record<string, unknown>;
}
