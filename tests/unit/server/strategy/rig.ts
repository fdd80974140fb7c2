/** Test rig of the strategy engine: a real engine and SQLite store on a manual clock, and a system market maker. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SimClock } from '../../../../server/clock/clock';
import { Engine } from '../../../../server/engine/engine';
import type { OrderView, Side } from '../../../../server/engine/types';
import { SYMBOLS } from '../../../../server/market/symbols';
import { openDatabase } from '../../../../server/store/db';
import { loadEngineState, persistingListener } from '../../../../server/store/engineRows';
import { Store } from '../../../../server/store/store';
import { buildDoc } from '../../../../server/strategy/create';
import { StrategyRunner } from '../../../../server/strategy/runner';
import { StrategyTap } from '../../../../server/strategy/tap';
import type { StrategyCreateRequest, StrategyRow } from '../../../../workers/protocol/strategy';

/** A running rig. */
export interface Rig {
  readonly dir: string;
  readonly clock: SimClock;
  readonly store: Store;
  readonly engine: Engine;
  readonly runner: StrategyRunner;
  /** Every strategy row pushed (after its commit). */
  readonly pushes: StrategyRow[];
  /** Creates a strategy for the user account `u1`. */
  create(req: StrategyCreateRequest): StrategyRow;
  /** The market maker (a system account) places a limit order, then strategies react and the store commits. */
  mm(side: Side, price: string, qty: string): OrderView;
  /** Lets queued strategy work run and commits. */
  settle(): void;
  close(): void;
}

/** Opens a rig on `dir` (a new temp dir by default), at clock time `start`. */
export function openRig(dir = mkdtempSync(join(tmpdir(), 'strategy-')), start = 1_700_000_000_000): Rig {
  const clock = SimClock.manual(start);
  const db = openDatabase(dir);
  const store = new Store(db);
  const tap = new StrategyTap(store);
  let ref: Engine | null = null;
  const engineOf = (): Engine => {
    if (ref === null) throw new Error('no engine');
    return ref;
  };
  const engine = new Engine({
    symbols: SYMBOLS,
    now: clock.now,
    listener: tap.wrap(persistingListener(store, engineOf, {})),
  });
  ref = engine;
  const saved = loadEngineState(db);
  if (saved === undefined) {
    engine.addAccount('u1');
    engine.deposit('u1', 'USDT', '100000');
    engine.deposit('u1', 'BTC', '2');
    engine.setLastPrice('BTCUSDT', '64000');
  } else engine.importState(saved);
  engine.addAccount('mm', { system: true });
  const pushes: StrategyRow[] = [];
  const runner = new StrategyRunner({ engine, clock, store, push: (_a, row) => pushes.push(row) });
  tap.bind(runner);
  runner.load();
  clock.afterFire = () => {
    store.commit();
  };
  store.commit();
  const settle = (): void => {
    runner.drain();
    store.commit();
  };
  return {
    dir,
    clock,
    store,
    engine,
    runner,
    pushes,
    create: (req) => {
      const row = runner.create(buildDoc(engine, 'u1', req, clock.now()));
      store.commit();
      return row;
    },
    mm: (side, price, qty) => {
      const r = engine.placeOrder({
        accountId: 'mm',
        clientOrderId: '',
        symbol: 'BTCUSDT',
        side,
        orderType: 'Limit',
        price,
        qty,
      });
      if (!r.ok) throw new Error(r.message);
      settle();
      return r.value;
    },
    settle,
    close: () => {
      store.close();
    },
  };
}
