/**
 * Simulator hot path: the book feed's incremental diff against a naive reference (sort the whole book and diff the
 * top 50 on every message), and the engine's throughput on synthetic maker/taker flow.
 */
import { Engine } from '../../server/engine/engine';
import { BookFeed } from '../../server/market/bookFeed';
import { makeRng } from '../../server/market/rng';
import { SYMBOLS } from '../../server/market/symbols';
import { SyntheticMarket } from '../../server/market/synth';
import { measure, type BenchResult } from '../measure';

interface Change {
  readonly side: 'Buy' | 'Sell';
  readonly price: string;
  readonly size: string;
}

function changes(n: number): Change[] {
  const rng = makeRng(1);
  const out: Change[] = [];
  for (let i = 0; i < n; i++) {
    const buy = rng() < 0.5;
    const tick = 1 + Math.floor(rng() * 200);
    out.push({
      side: buy ? 'Buy' : 'Sell',
      price: (buy ? 64000 - tick : 64000 + tick).toFixed(2),
      size: rng() < 0.2 ? '0' : (rng() * 3).toFixed(6),
    });
  }
  return out;
}

/** The straightforward reference: a price-keyed object, fully sorted and diffed on every message. */
function naive(stream: readonly Change[]): number {
  const books: [Record<string, string>, Record<string, string>] = [{}, {}];
  let published: [Map<string, string>, Map<string, string>] = [
    new Map<string, string>(),
    new Map<string, string>(),
  ];
  let emitted = 0;
  for (const c of stream) {
    const s = c.side === 'Buy' ? 0 : 1;
    // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- the naive reference is an object keyed by price
    if (c.size === '0') delete books[s][c.price];
    else books[s][c.price] = c.size;
    const next: [Map<string, string>, Map<string, string>] = [
      new Map<string, string>(),
      new Map<string, string>(),
    ];
    for (const side of [0, 1] as const) {
      const keys = Object.keys(books[side]).sort((a, b) =>
        side === 0 ? Number(b) - Number(a) : Number(a) - Number(b),
      );
      for (const k of keys.slice(0, 50)) next[side].set(k, books[side][k] ?? '0');
      for (const [k, v] of next[side]) if (published[side].get(k) !== v) emitted++;
      for (const k of published[side].keys()) if (!next[side].has(k)) emitted++;
    }
    published = next;
  }
  return emitted;
}

function incremental(stream: readonly Change[]): number {
  const f = new BookFeed('BENCH');
  f.activate(50);
  let emitted = 0;
  for (const c of stream) {
    f.onLevel(c.side, c.price, c.size);
    f.flush((_d, m) => {
      emitted += m.b.length + m.a.length;
    });
  }
  return emitted;
}

/** Runs the simulator benches. */
export function runSimFeedBench(quick: boolean): BenchResult[] {
  const stream = changes(quick ? 5_000 : 20_000);
  const ours = measure('sim.bookFeed.msgsPerSec', () => incremental(stream), stream.length, quick);
  const ref = measure('sim.bookFeed.naiveMsgsPerSec', () => naive(stream), stream.length, quick);
  const engineOps = quick ? 20_000 : 100_000;
  const engine = measure(
    'sim.engine.actionsPerSec',
    () => {
      const e = new Engine({ symbols: SYMBOLS, now: () => 0 });
      const m = new SyntheticMarket(e, SYMBOLS, { seed: 3, rate: 0, now: () => 0, openAt: () => 0 });
      m.seedBooks();
      m.act('BTCUSDT', engineOps);
      return engineOps;
    },
    engineOps,
    quick,
  );
  return [
    ours,
    ref,
    { key: 'sim.bookFeed.speedupVsNaive', value: ours.value / ref.value, unit: '×', spread: 0 },
    engine,
  ];
}
