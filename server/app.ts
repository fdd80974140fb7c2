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
import { ltRoutes } from './api/lt';
import { LtService } from './lt/service';
import { registerConfigRoutes } from './api/config';
import { registerMarketRoutes } from './api/market';
import { registerOrderRoutes } from './api/orders';
import type { SimConfig, SimContext } from './context';
import { Engine } from './engine/engine';
import type { EngineListener } from './engine/types';
import { fail, HTTP_ERRORS } from './http/envelope';
import { commitMark, commitOrFail } from './http/commit';
import { answerClientError } from './http/clientError';
import { parseCookies, Router, sendJson } from './http/router';
import { serveStatic } from './http/static';
import { Market } from './market/market';
import { SYMBOLS } from './market/symbols';
import { SyntheticMarket } from './market/synth';
import { RealtimeServer } from './realtime/realtime';
import { accountsSink, loadAccountsState } from './store/accountRows';
import { openDatabase } from './store/db';
import { loadEngineState, persistingListener } from './store/engineRows';
import { migrateJson } from './store/migrate';
import { pruneHistory } from './store/prune';
import { Store } from './store/store';
import { tickCommits } from './store/tickCommit';
import { SimClock } from './clock/clock';
import { registerTestHooks } from './store/testHooks';
import { registerAccountTestHooks } from './accounts/testHooks';
import { installMargin } from './margin/install';
import { strategyRoutes } from './api/strategy';
import { StrategyTap } from './strategy/tap';
import { installPerp } from './perp/install';

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

/** How often expired sessions are deleted. */
const SESSION_PRUNE_MS = 3600_000;

/** Starts a simulator; resolves once it listens. */
export async function startSimulator(
  partial: Partial<SimConfig> = {},
  extra: { maxBufferedBytes?: number } = {},
): Promise<Simulator> {
  const config: SimConfig = { ...DEFAULT_CONFIG, ...partial };
  const clock = new SimClock();
  const now = clock.now;
  const startedAt = now();
  const dataDir = resolve(config.dataDir);
  const db = openDatabase(dataDir);
  const store = new Store(db);
  if (loadAccountsState(db) === undefined && loadEngineState(db) === undefined) {
    for (const f of migrateJson(db, dataDir)) console.log(`[sim] migrated ${f} into the database`);
  }
  const pruned = db.transaction(() => pruneHistory(db))();
  if (pruned.orders + pruned.executions > 0 && !config.quiet)
    console.log(`[sim] pruned ${pruned.orders} old orders and ${pruned.executions} old fills`);
  const accounts = new Accounts(loadAccountsState(db), now, accountsSink(store));
  accounts.pruneSessions();
  const market = new Market(SYMBOLS, { seed: config.seed, startedAt, now, storm: config.rate > 0 });
  const openAt: Record<string, number> = {};
  for (const s of SYMBOLS) if (s.openInMs > 0) openAt[s.symbol] = startedAt + s.openInMs;

  // Every engine action stages the rows it changed; its pushes to the market leave after the commit.
  let engineRef: Engine | null = null;
  const theEngine = (): Engine => {
    if (engineRef === null) throw new Error('engine not built yet');
    return engineRef;
  };
  const strategyTap = new StrategyTap(store);
  const listener: EngineListener = strategyTap.wrap(persistingListener(store, theEngine, market.listener));
  const engine = new Engine({ symbols: SYMBOLS, now, listener, openAt });
  engineRef = engine;
  const saved = loadEngineState(db);
  if (saved !== undefined) engine.importState(saved);

  for (const a of accounts.all()) engine.addAccount(a.id);
  for (const a of accounts.seed()) {
    engine.addAccount(a.id);
    for (const [coin, amount] of Object.entries(STARTING_BALANCES)) engine.deposit(a.id, coin, amount);
  }
  // A write that fails leaves the database as it was: memory is rolled back to it (see server/store/README.md).
  store.onFailure = () => {
    accounts.reload(loadAccountsState(db));
    const restored = loadEngineState(db);
    if (restored !== undefined) engine.restoreUsers(restored);
  };
  store.commit();
  const pruner = setInterval(() => {
    accounts.pruneSessions();
    // History the engine would not load after a restart is dropped in the same hourly transaction.
    store.stage((d) => {
      pruneHistory(d);
    });
    store.commitQuietly();
  }, SESSION_PRUNE_MS);
  pruner.unref();

  const synth = new SyntheticMarket(engine, SYMBOLS, {
    seed: config.seed,
    rate: config.rate,
    now,
    openAt: (s) => market.openAt(s),
    // Storm mode: one commit per tick (its actions and the strategy reactions), pushes after it, one book message
    // per action as before.
    ...(config.rate > 0
      ? tickCommits(store, (s) => {
          market.flushSymbol(s);
        })
      : {}),
  });
  synth.seedBooks();

  // Timers (strategies, interest, upgrades) act like any other engine action: one commit per batch.
  clock.afterFire = () => {
    store.commitQuietly();
  };
  const ctx: SimContext = {
    config,
    now,
    clock,
    startedAt,
    engine,
    accounts,
    store,
    market,
    pushPrivate: (accountId, topics, data) => {
      store.after(() => {
        market.sendPrivate(accountId, topics, data);
      });
    },
  };
  // Leveraged tokens: their NAV anchors the tokens' synthetic markets (the premium over NAV stays small).
  const lt = new LtService(ctx);
  synth.anchorTo((spec) => lt.anchorOf(spec.symbol));
  const router = new Router<Account>(
    (token) => accounts.fromToken(token),
    SESSION_COOKIE,
    (mark) => {
      commitOrFail(store, mark);
    },
    () => commitMark(store),
  );
  if (process.env.SIM_TEST_HOOKS === '1') registerTestHooks(router, store, clock);
  if (process.env.SIM_TEST_HOOKS === '1') registerAccountTestHooks(router, accounts);
  for (const mod of [
    registerMarketRoutes(market),
    registerOrderRoutes,
    registerAccountRoutes,
    registerContentRoutes,
    ltRoutes(lt),
    registerAuthRoutes,
    strategyRoutes(strategyTap),
    registerConfigRoutes,
  ]) {
    mod(router, ctx);
  }
  installMargin(ctx, { router, market, synth });
  const perp = installPerp(ctx, { router });
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
  server.on('clientError', answerClientError);
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
      perp.market.stop();
      market.stop();
      rt.close();
      server.closeAllConnections();
      await new Promise<void>((ok) =>
        server.close(() => {
          ok();
        }),
      );
      clearInterval(pruner);
      clock.stop();
      store.close();
    },
  };
}
