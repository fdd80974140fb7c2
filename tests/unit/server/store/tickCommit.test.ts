/**
 * The storm loop's commits (server/store/tickCommit.ts) with the real engine, store, strategy runner and synthetic
 * market on a manual clock: a tick of many actions makes one commit, the strategy reactions share it, and nothing
 * (fills, strategy rows, book messages) leaves before the commit that stores it — checked through a second,
 * read-only connection that sees only what reached the database.
 */
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SimClock } from '../../../../server/clock/clock';
import { Engine } from '../../../../server/engine/engine';
import type { EngineListener, ExecutionView } from '../../../../server/engine/types';
import { SYMBOLS } from '../../../../server/market/symbols';
import { SYNTH_TICK_MS, SyntheticMarket } from '../../../../server/market/synth';
import { DB_FILE, openDatabase } from '../../../../server/store/db';
import { persistingListener } from '../../../../server/store/engineRows';
import { Store } from '../../../../server/store/store';
import { tickCommits } from '../../../../server/store/tickCommit';
import { buildDoc } from '../../../../server/strategy/create';
import { StrategyRunner } from '../../../../server/strategy/runner';
import { StrategyTap } from '../../../../server/strategy/tap';
import type { StrategyRow } from '../../../../workers/protocol/strategy';

const SYMBOL = 'BTCUSDT';
const dirs: string[] = [];

afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** What left the rig, each with the number of commits made when it left. */
interface Sent {
  readonly fills: { readonly e: ExecutionView; readonly commits: number; readonly stored: boolean }[];
  readonly rows: { readonly row: StrategyRow; readonly commits: number; readonly updatedTime: number }[];
  readonly flushes: number[];
  /** The storm action count at each user order event (which actions wrote rows). */
  readonly writers: number[];
}

/** Wraps a listener to note the action that changed a user order, before the store defers anything. */
function spy(sent: Sent, action: () => number, inner: EngineListener): EngineListener {
  return {
    ...inner,
    order: (o) => {
      if (o.accountId === 'u1') sent.writers.push(action());
      inner.order?.(o);
    },
  };
}

function rig(): {
  store: Store;
  engine: Engine;
  runner: StrategyRunner;
  synth: SyntheticMarket;
  clock: SimClock;
  reader: Database.Database;
  sent: Sent;
  close: () => void;
} {
  const dir = mkdtempSync(join(tmpdir(), 'tick-commit-'));
  dirs.push(dir);
  const clock = SimClock.manual();
  const store = new Store(openDatabase(dir));
  // A second connection: it sees a row only once the transaction that wrote it committed.
  const reader = new Database(join(dir, DB_FILE), { readonly: true });
  const sent: Sent = { fills: [], rows: [], flushes: [], writers: [] };
  const stored = (id: string): boolean =>
    reader.prepare('SELECT 1 FROM executions WHERE id = ?').get(id) !== undefined;
  const tap = new StrategyTap(store);
  let ref: Engine | null = null;
  let synthRef: SyntheticMarket | null = null;
  const engine = new Engine({
    symbols: SYMBOLS,
    now: clock.now,
    // Outermost: notes, synchronously, which storm action wrote a user order (the actions that need the disk).
    listener: spy(
      sent,
      () => synthRef?.actions ?? -1,
      tap.wrap(
        persistingListener(
          store,
          () => {
            if (ref === null) throw new Error('no engine');
            return ref;
          },
          {
            execution: (e) => {
              sent.fills.push({ e, commits: store.commits, stored: stored(e.execId) });
            },
          },
        ),
      ),
    ),
  });
  ref = engine;
  engine.addAccount('u1');
  engine.deposit('u1', 'USDT', '100000');
  engine.deposit('u1', 'BTC', '1');
  const runner = new StrategyRunner({
    engine,
    clock,
    store,
    // As the simulator wires it (`ctx.pushPrivate`): the push is deferred to the commit.
    push: (_a, row) => {
      store.after(() => {
        const rec = reader
          .prepare("SELECT doc FROM records WHERE kind = 'strategy' AND id = ?")
          .get(row.strategyId) as { doc: string } | undefined;
        const doc = rec === undefined ? undefined : (JSON.parse(rec.doc) as { updatedTime: number });
        sent.rows.push({ row, commits: store.commits, updatedTime: doc?.updatedTime ?? -1 });
      });
    },
  });
  tap.bind(runner);
  clock.afterFire = () => {
    store.commitQuietly();
  };
  const synth = new SyntheticMarket(
    engine,
    SYMBOLS.filter((s) => s.symbol === SYMBOL),
    {
      seed: 11,
      rate: 2000,
      now: clock.now,
      openAt: () => 0,
      ...tickCommits(store, () => {
        sent.flushes.push(store.commits);
      }),
    },
  );
  synthRef = synth;
  synth.seedBooks();
  store.commit();
  return {
    store,
    engine,
    runner,
    synth,
    clock,
    reader,
    sent,
    close: () => {
      reader.close();
      store.close();
    },
  };
}

describe('tickCommits: one commit per storm tick', () => {
  it('a tick of N actions that fills an iceberg slice makes one commit; the next slice, the fill push and the strategy push follow it', () => {
    const r = rig();
    const bid = Number(r.engine.bestBid(SYMBOL));
    const ask = Number(r.engine.bestAsk(SYMBOL));
    // A buy inside the spread: the first taker sell of the storm fills the resting slice.
    const price = ((bid + ask) / 2).toFixed(2);
    r.runner.create(
      buildDoc(
        r.engine,
        'u1',
        { kind: 'iceberg', symbol: SYMBOL, side: 'Buy', totalQty: '0.002', price, sliceCount: 2 },
        r.clock.now(),
      ),
    );
    r.store.commit();
    r.sent.fills.length = 0;
    r.sent.rows.length = 0;
    let filledTick: { actions: number; commits: number; flushes: number[]; before: number } | undefined;
    for (let t = 0; t < 400 && filledTick === undefined; t++) {
      const before = r.store.commits;
      const actions = r.synth.actions;
      const flushes = r.sent.flushes.length;
      r.clock.advance(SYNTH_TICK_MS);
      r.synth.tick();
      // Never more than one commit per tick, whatever the tick did.
      expect(r.store.commits - before).toBeLessThanOrEqual(1);
      if (r.sent.fills.length > 0)
        filledTick = {
          actions: r.synth.actions - actions,
          commits: r.store.commits - before,
          flushes: r.sent.flushes.slice(flushes),
          before,
        };
    }
    if (filledTick === undefined) throw new Error('no slice filled in 400 ticks');
    expect(filledTick.actions).toBeGreaterThan(10);
    expect(filledTick.commits).toBe(1);
    const committed = filledTick.before + 1;
    // The fill left after the commit and was already readable from another connection.
    for (const f of r.sent.fills) {
      expect(f.commits).toBe(committed);
      expect(f.stored).toBe(true);
    }
    // One book message per action plus one after the reactions, all after the commit.
    expect(filledTick.flushes).toHaveLength(filledTick.actions + 1);
    expect(new Set(filledTick.flushes)).toEqual(new Set([committed]));
    // The reaction (slice 2 placed) shared that commit: its strategy row left after it, already stored as pushed.
    const last = r.sent.rows.at(-1);
    expect(last?.commits).toBe(committed);
    expect(last?.row.childCount).toBe(2);
    expect(last?.updatedTime).toBe(r.runner.list('u1')[0]?.updatedTime);
    const open = r.reader
      .prepare("SELECT COUNT(*) AS n FROM orders WHERE account_id = 'u1' AND open = 1")
      .get() as { n: number };
    expect(open.n).toBe(1);
    r.close();
  });

  it("a tick in which several actions fill the account's orders stores them all in one commit", () => {
    const r = rig();
    const bid = Number(r.engine.bestBid(SYMBOL));
    const ask = Number(r.engine.bestAsk(SYMBOL));
    // Twelve small orders a side inside the spread: nearly every taker of the storm trades some of them.
    for (let i = 1; i <= 12; i++) {
      for (const [side, price] of [
        ['Buy', bid + i * 0.01],
        ['Sell', ask - i * 0.01],
      ] as const) {
        const placed = r.engine.placeOrder({
          accountId: 'u1',
          clientOrderId: '',
          symbol: SYMBOL,
          side,
          orderType: 'Limit',
          price: price.toFixed(2),
          qty: '0.0001',
        });
        expect(placed.ok).toBe(true);
      }
    }
    r.store.commit();
    let busiest = 0;
    for (let t = 0; t < 20; t++) {
      const before = r.store.commits;
      const from = r.sent.writers.length;
      r.clock.advance(SYNTH_TICK_MS);
      r.synth.tick();
      const writers = new Set(r.sent.writers.slice(from)).size;
      // However many of the tick's actions wrote rows, the tick waited for the disk once.
      expect(r.store.commits - before).toBe(writers > 0 ? 1 : 0);
      busiest = Math.max(busiest, writers);
    }
    expect(busiest).toBeGreaterThanOrEqual(2);
    // Every fill pushed was on disk when it left.
    expect(r.sent.fills.length).toBeGreaterThan(0);
    expect(r.sent.fills.every((f) => f.stored)).toBe(true);
    r.close();
  });

  it('ticks without a user write commit nothing to disk and still publish each action', () => {
    const r = rig();
    const before = r.store.commits;
    const actions = r.synth.actions;
    for (let t = 0; t < 50; t++) {
      r.clock.advance(SYNTH_TICK_MS);
      r.synth.tick();
    }
    // The synthetic market's own orders are not stored: no transaction, but every action's message went out.
    expect(r.store.commits).toBe(before);
    expect(r.synth.actions - actions).toBeGreaterThan(900);
    expect(r.sent.flushes.length).toBeGreaterThanOrEqual(r.synth.actions - actions);
    r.close();
  });
});
