/**
 * The strategy engine under a storm: the synthetic market's maker/taker flow on BTCUSDT through the real engine,
 * the store (SQLite) and the strategy runner, with no strategy running and with 50 grid bots around the price. The
 * rig runs the simulator's own storm loop: `SyntheticMarket.tick` at the storm rate the page benches use, with the
 * simulator's hooks (`tickCommits`: one commit per tick, in which the strategies react) and its clock's commit after
 * timers. Figures: grid children placed and re-placed per second of storm (`tools.gridChildOrdersPerSec`), and the
 * engine's actions per second with 50 grids ÷ with none, measured in the same run with the arms interleaved
 * (`tools.stormRatioWith50Grids`; the goal is ≥ 0.8), and its floor: the same 50 grids placed where they never trade
 * (`tools.stormRatioWith50IdleGrids`). A grid fill costs more than a system order's action (events,
 * the counter order, rows, and the tick's commit that waits for the disk), so the ratio is set by how often the walk
 * crosses grid levels: the grids here are spread as traders set them (see `rig`), not stacked at the top of the book.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { SimClock } from '../../server/clock/clock';
import { Engine } from '../../server/engine/engine';
import { SYMBOLS } from '../../server/market/symbols';
import { SYNTH_TICK_MS, SyntheticMarket } from '../../server/market/synth';
import { openDatabase } from '../../server/store/db';
import { persistingListener } from '../../server/store/engineRows';
import { Store } from '../../server/store/store';
import { tickCommits } from '../../server/store/tickCommit';
import { buildDoc } from '../../server/strategy/create';
import { StrategyRunner } from '../../server/strategy/runner';
import { StrategyTap } from '../../server/strategy/tap';
import { figureOf, type BenchResult } from '../measure';

const SYMBOL = 'BTCUSDT';
const BOT = 'bench-bot';
const GRIDS = 50;
/** Storm rate of the rig (extra actions a second on BTCUSDT): the page benches' `rate: 2000`, ~20 actions a tick. */
const STORM_RATE = 2000;

interface Rig {
  readonly clock: SimClock;
  readonly runner: StrategyRunner;
  readonly synth: SyntheticMarket;
  readonly store: Store;
  close(): void;
}

function rig(grids: number, fsync: boolean, idle = false): Rig {
  const dir = mkdtempSync(join(tmpdir(), 'tools-bench-'));
  const clock = SimClock.manual();
  const db = openDatabase(dir);
  // The diagnostic arm: the same work without waiting for the disk at each commit.
  if (!fsync) db.pragma('synchronous = OFF');
  const store = new Store(db);
  const tap = new StrategyTap(store);
  let ref: Engine | null = null;
  const engine = new Engine({
    symbols: SYMBOLS,
    now: clock.now,
    listener: tap.wrap(
      persistingListener(
        store,
        () => {
          if (ref === null) throw new Error('no engine');
          return ref;
        },
        {},
      ),
    ),
  });
  ref = engine;
  engine.addAccount(BOT);
  engine.deposit(BOT, 'USDT', '10000000');
  engine.deposit(BOT, 'BTC', '100');
  const runner = new StrategyRunner({ engine, clock, store, push: () => undefined });
  tap.bind(runner);
  // As server/app.ts wires it: timers commit after each batch, the storm commits once per tick. The rig has no
  // sockets, so publishing a symbol is a no-op; only BTCUSDT runs (the other symbols' calm flow is the same in
  // both arms and is not what is measured).
  clock.afterFire = () => {
    store.commitQuietly();
  };
  const synth = new SyntheticMarket(
    engine,
    SYMBOLS.filter((s) => s.symbol === SYMBOL),
    {
      seed: 7,
      rate: STORM_RATE,
      now: clock.now,
      openAt: () => 0,
      ...tickCommits(store, () => undefined),
    },
  );
  synth.seedBooks();
  store.commit();
  const mid = Number(engine.lastPrice(SYMBOL) ?? '64000');
  for (let i = 0; i < grids; i++) {
    // Ranges of ±2 % to ±4.5 % with 20 grids each (levels 0.2–0.45 % apart), staggered so the 50 grids do not
    // stack on the same prices: the walk of a trial (about ±0.6 %) crosses several levels of every grid. Idle
    // grids (the floor arm) sit at ±30 % and more: their 1,000 orders rest in the book and never trade.
    const w = (idle ? 0.3 : 0.02) + i * 0.0005;
    runner.create(
      buildDoc(
        engine,
        BOT,
        {
          kind: 'grid',
          symbol: SYMBOL,
          minPrice: (mid * (1 - w)).toFixed(2),
          maxPrice: (mid * (1 + w)).toFixed(2),
          gridNumber: 20,
          type: 'grade',
          investment: '2000',
        },
        clock.now(),
      ),
    );
    store.commit();
  }
  return {
    clock,
    runner,
    synth,
    store,
    close: () => {
      store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function childOrders(r: Rig): number {
  return r.runner.list(BOT).reduce((n, row) => n + row.childCount, 0);
}

/**
 * Runs the storm loop until `n` actions ran: the clock moves one loop period, then the loop's tick runs the actions
 * the rate owes (and commits them once, with the strategies' reactions). Returns ms, actions and children placed.
 */
function storm(r: Rig, n: number): { ms: number; actions: number; children: number; commits: number } {
  const before = childOrders(r);
  const commits = r.store.commits;
  const from = r.synth.actions;
  const t0 = performance.now();
  while (r.synth.actions - from < n) {
    r.clock.advance(SYNTH_TICK_MS);
    r.synth.tick();
  }
  const ms = performance.now() - t0;
  return {
    ms,
    actions: r.synth.actions - from,
    children: childOrders(r) - before,
    commits: r.store.commits - commits,
  };
}

/** Runs the tools benches. */
export function runToolsBench(quick: boolean): BenchResult[] {
  const actions = quick ? 30_000 : 100_000;
  const trials = quick ? 3 : 5;
  const arms = [
    { grids: 0, fsync: true },
    { grids: GRIDS, fsync: true },
    { grids: 0, fsync: false },
    { grids: GRIDS, fsync: false },
    { grids: GRIDS, fsync: true, idle: true },
  ] as const;
  const rates: number[][] = arms.map(() => []);
  const childRates: number[] = [];
  const commitRates: number[] = [];
  // A warm-up round, then interleaved trials so a drifting machine speed falls on every arm alike.
  for (let t = -1; t < trials; t++) {
    arms.forEach((arm, i) => {
      const r = rig(arm.grids, arm.fsync, 'idle' in arm);
      const s = storm(r, actions);
      r.close();
      if (t < 0) return;
      rates[i]?.push((s.actions / s.ms) * 1000);
      if (arm.grids > 0 && arm.fsync && !('idle' in arm)) {
        childRates.push((s.children / s.ms) * 1000);
        commitRates.push((s.commits / s.actions) * 10_000);
      }
    });
  }
  const ratio = (a: number, b: number): number[] =>
    (rates[a] ?? []).map((x, i) => x / (rates[b]?.[i] ?? Infinity));
  const withFsync = ratio(1, 0);
  const noFsync = ratio(3, 2);
  return [
    figureOf('tools.stormActionsPerSecNoGrids', rates[0] ?? [], 'per s'),
    figureOf('tools.stormActionsPerSec50Grids', rates[1] ?? [], 'per s'),
    figureOf('tools.stormRatioWith50Grids', withFsync, '×'),
    figureOf('tools.gridChildOrdersPerSec', childRates, 'per s'),
    // The disk waits behind the ratio, independent of the machine's speed: transactions per 10k storm actions.
    figureOf('tools.stormCommitsPer10kActions50Grids', commitRates, 'per 10k'),
    // Diagnostic: the same two arms with synchronous=OFF, i.e. the strategy engine's CPU cost without the fsync
    // that each tick with a grid fill costs (the gap to the figure above is the store's durability).
    figureOf('tools.stormRatioWith50GridsNoFsync', noFsync, '×'),
    // The floor under the ratio: 50 grids whose 1,000 orders rest far from the price and never trade. What they
    // cost is the engine holding 1,000 more open orders (its maps and books outgrow the CPU's caches, and each
    // scavenge has more to trace); a trading grid can only add to it (fills, counter orders, durable rows).
    figureOf('tools.stormRatioWith50IdleGrids', ratio(4, 0), '×'),
  ];
}
