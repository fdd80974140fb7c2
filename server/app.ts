/**
 * Assembles the simulator: store, accounts, engine, market, synthetic flow, REST, static app and realtime socket on
 * one HTTP server. `startSimulator` is what `npm start` and the tests both run.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { CALLS, REALTIME_PATH, SESSION_COOKIE } from '../workers/protocol/paths';
import { Accounts, STARTING_BALANCES, type Account } from './accounts/accounts';
import { registerAccountRoutes } from './api/account';
import { registerAuthRoutes } from './api/auth';
import { registerContentRoutes } from './api/content';
import { registerMarketRoutes } from './api/market';
import { registerOrderRoutes } from './api/orders';
import { COLLECTIONS, type SimConfig, type SimContext } from './context';
import { Engine } from './engine/engine';
import type { EngineListener, EngineState } from './engine/types';
import { fail, HTTP_ERRORS } from './http/envelope';
import { parseCookies, Router, sendJson } from './http/router';
import { serveStatic } from './http/static';
import { Market } from './market/market';
import { SYMBOLS } from './market/symbols';
import { SyntheticMarket } from './market/synth';
import { RealtimeServer } from './realtime/realtime';
import { Store } from './store/store';

/** Defaults of every option (README documents them). */
export const DEFAULT_CONFIG: SimConfig = {
  host: '127.0.0.1',
  port: 5173,
  rate: 0,
  seed: 42,
  dataDir: '.data',
  staticDir: 'dist',
  quiet: false,
};

/** A running simulator. */
export interface Simulator {
  readonly url: string;
  readonly port: number;
  readonly ctx: SimContext;
  readonly market: Market;
  readonly synth: SyntheticMarket;
  readonly realtime: RealtimeServer<Account>;
  /** Stops timers and sockets and writes state. */
  close(): Promise<void>;
}

const API_PREFIXES = ['/v5/', '/spot/api/', '/unified/', '/user/api/', '/announcements/', '/sim/'];

function isEngineState(v: unknown): v is EngineState {
  return typeof v === 'object' && v !== null && (v as { version?: unknown }).version === 1;
}

/** Starts a simulator; resolves once it listens. */
export async function startSimulator(
  partial: Partial<SimConfig> = {},
  extra: { maxBufferedBytes?: number } = {},
): Promise<Simulator> {
  const config: SimConfig = { ...DEFAULT_CONFIG, ...partial };
  const now = (): number => Date.now();
  const startedAt = now();
  const store = new Store(resolve(config.dataDir));
  const accounts = new Accounts(store.load(COLLECTIONS.accounts), now, () => {
    store.touch(COLLECTIONS.accounts);
  });
  const market = new Market(SYMBOLS, { seed: config.seed, startedAt, now, storm: config.rate > 0 });
  const openAt: Record<string, number> = {};
  for (const s of SYMBOLS) if (s.openInMs > 0) openAt[s.symbol] = startedAt + s.openInMs;

  // Any change to a user's orders or balances is persisted (batched; order calls also flush before answering).
  const touchEngine = (): void => {
    store.touch(COLLECTIONS.engine);
  };
  const listener: EngineListener = {
    ...market.listener,
    order: (o) => {
      market.listener.order?.(o);
      touchEngine();
    },
    wallet: (id, coins) => {
      market.listener.wallet?.(id, coins);
      touchEngine();
    },
  };
  const engine = new Engine({ symbols: SYMBOLS, now, listener, openAt });
  const saved = store.load(COLLECTIONS.engine);
  if (isEngineState(saved)) engine.importState(saved);

  for (const a of accounts.all()) engine.addAccount(a.id);
  for (const a of accounts.seed()) {
    engine.addAccount(a.id);
    for (const [coin, amount] of Object.entries(STARTING_BALANCES)) engine.deposit(a.id, coin, amount);
  }
  store.register(COLLECTIONS.accounts, () => accounts.snapshot());
  store.register(COLLECTIONS.engine, () => engine.exportState());
  store.commit(COLLECTIONS.accounts);
  store.commit(COLLECTIONS.engine);

  const synth = new SyntheticMarket(engine, SYMBOLS, {
    seed: config.seed,
    rate: config.rate,
    now,
    openAt: (s) => market.openAt(s),
    ...(config.rate > 0
      ? {
          afterAction: (s: string) => {
            market.flushSymbol(s);
          },
        }
      : {}),
  });
  synth.seedBooks();

  const ctx: SimContext = { config, now, startedAt, engine, accounts, store, market };
  const router = new Router<Account>((token) => accounts.fromToken(token), SESSION_COOKIE);
  for (const mod of [
    registerMarketRoutes(market),
    registerOrderRoutes,
    registerAccountRoutes,
    registerContentRoutes,
    registerAuthRoutes,
  ]) {
    mod(router, ctx);
  }
  let realtime: RealtimeServer<Account> | null = null;
  router.on(CALLS.health, () => ({
    ok: true,
    startedAt,
    uptimeMs: now() - startedAt,
    rate: config.rate,
    ...realtime?.stats(),
  }));

  const staticRoot = resolve(config.staticDir);
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://127.0.0.1');
    } catch {
      sendJson(res, fail('code', HTTP_ERRORS.param, 'bad request url', 400));
      return;
    }
    if (router.owns(url.pathname)) {
      router.handle(req, res, url).catch((e: unknown) => {
        console.error('[sim] request failed', e);
        if (!res.headersSent) sendJson(res, fail('code', HTTP_ERRORS.internal, 'internal error', 500));
      });
      return;
    }
    if (API_PREFIXES.some((p) => url.pathname.startsWith(p))) {
      const env = url.pathname.startsWith('/v5/') ? 'v5' : 'code';
      sendJson(res, fail(env, HTTP_ERRORS.notFound, `no such call: ${url.pathname}`, 404));
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      sendJson(res, fail('code', HTTP_ERRORS.method, `method ${req.method ?? ''} not allowed`, 405));
      return;
    }
    if (!serveStatic(staticRoot, req, res, url.pathname)) {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('The app is not built: run `npm run build` (npm start does it for you).\n');
    }
  });
  server.on('clientError', (_err, socket) => {
    socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
  });
  const rt = new RealtimeServer<Account>(server, {
    path: REALTIME_PATH,
    registry: market,
    sessionOf: (req) => accounts.fromToken(parseCookies(req.headers.cookie).get(SESSION_COOKIE) ?? null),
    accountIdOf: (a) => a.id,
    ...(extra.maxBufferedBytes === undefined ? {} : { maxBufferedBytes: extra.maxBufferedBytes }),
  });
  realtime = rt;
  market.attach(engine, rt);
  if (!config.quiet) synth.start();

  await new Promise<void>((ok, ko) => {
    server.once('error', ko);
    server.listen(config.port, config.host, () => {
      server.off('error', ko);
      ok();
    });
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${config.host}:${port}`,
    port,
    ctx,
    market,
    synth,
    realtime: rt,
    close: async () => {
      synth.stop();
      market.stop();
      rt.close();
      server.closeAllConnections();
      await new Promise<void>((ok) =>
        server.close(() => {
          ok();
        }),
      );
      store.flush();
    },
  };
}
