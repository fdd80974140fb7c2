import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BookFeed } from '../../../../server/market/bookFeed';
import { bookFrame } from '../../../../server/market/market';
import { makeRng } from '../../../../server/market/rng';
import { OrderBook, type BookStatus } from '../../../../workers/market/book';
import type { BookSide } from '../../../../workers/market/bookSide';
import { decodeFrame } from '../../../../workers/protocol/decode';
import type { BookMessage } from '../../../../workers/protocol/wire';

type Level = [string, string];

/** A wire frame of orderbook.50.BTCUSDT in the simulator's own encoding. */
function frame(type: 'snapshot' | 'delta', u: number, b: Level[], a: Level[]): string {
  return bookFrame('orderbook.50.BTCUSDT', 'BTCUSDT', { type, b, a, u, seq: u }, 1_700_000_000_000);
}

/** Decodes a book frame and applies it; throws if it is not a book frame (tests only). */
function feed(book: OrderBook, text: string): BookStatus {
  const f = decodeFrame(text);
  if (f.type === 'bookSnapshot') return book.applySnapshot(f.book);
  if (f.type === 'bookDelta') return book.applyDelta(f.book);
  throw new Error(`not a book frame: ${f.type}`);
}

/** A side as [price, size] rows, best first. */
function rows(side: BookSide, book: OrderBook): [number, number][] {
  const out: [number, number][] = [];
  for (let r = 0; r < side.length; r++) out.push([book.toPrice(side.ticksAt(r)), side.sizeAt(r)]);
  return out;
}

function snapshotBook(): OrderBook {
  const book = new OrderBook('BTCUSDT', 2);
  expect(
    feed(
      book,
      frame(
        'snapshot',
        100,
        [
          ['16493.50', '0.006'],
          ['16493.00', '0.100'],
        ],
        [
          ['16611.00', '0.029'],
          ['16612.00', '0.213'],
        ],
      ),
    ),
  ).toBe('ok');
  return book;
}

describe('OrderBook sequencing', () => {
  it('applies a snapshot then deltas: replace, insert, delete with "0", empty side = no change', () => {
    const book = snapshotBook();
    expect(book.valid).toBe(true);
    expect(book.u).toBe(100);
    expect(rows(book.bids, book)).toEqual([
      [16493.5, 0.006],
      [16493, 0.1],
    ]);
    expect(feed(book, frame('delta', 101, [['16493.00', '0']], [['16611.00', '0.030']]))).toBe('ok');
    expect(rows(book.bids, book)).toEqual([[16493.5, 0.006]]);
    expect(rows(book.asks, book)).toEqual([
      [16611, 0.03],
      [16612, 0.213],
    ]);
    expect(
      feed(
        book,
        frame(
          'delta',
          102,
          [
            ['16500.01', '1'],
            ['16400', '2'],
          ],
          [],
        ),
      ),
    ).toBe('ok');
    expect(rows(book.bids, book)).toEqual([
      [16500.01, 1],
      [16493.5, 0.006],
      [16400, 2],
    ]);
    expect(rows(book.asks, book)).toHaveLength(2);
    // Deleting a level that is not there changes nothing.
    expect(feed(book, frame('delta', 103, [['1.00', '0']], []))).toBe('ok');
    expect(book.bids.length).toBe(3);
    expect(book.u).toBe(103);
  });

  it('ignores stale u (older or repeated)', () => {
    const book = snapshotBook();
    expect(feed(book, frame('delta', 101, [['16493.50', '5']], []))).toBe('ok');
    const v = book.version;
    expect(feed(book, frame('delta', 101, [['16493.50', '9']], []))).toBe('stale');
    expect(feed(book, frame('delta', 50, [['16493.50', '9']], []))).toBe('stale');
    expect(book.bids.sizeAt(0)).toBe(5);
    expect(book.version).toBe(v);
    expect(book.counters().stale).toBe(2);
  });

  it('reports a gap, turns invalid, waits for a snapshot, then resumes', () => {
    const book = snapshotBook();
    expect(feed(book, frame('delta', 103, [['16493.50', '5']], []))).toBe('gap');
    expect(book.valid).toBe(false);
    // Levels stay readable (shown as resyncing), untouched by the gapped delta.
    expect(book.bids.sizeAt(0)).toBe(0.006);
    expect(feed(book, frame('delta', 104, [['16493.50', '5']], []))).toBe('waiting');
    expect(feed(book, frame('snapshot', 104, [['16000.00', '1']], [['16001.00', '1']]))).toBe('ok');
    expect(book.valid).toBe(true);
    expect(rows(book.bids, book)).toEqual([[16000, 1]]);
    expect(feed(book, frame('delta', 105, [['16000.00', '2']], []))).toBe('ok');
    expect(book.counters()).toMatchObject({ snapshots: 2, deltas: 3, gaps: 1, waiting: 1 });
  });

  it('waits for the first snapshot before applying deltas', () => {
    const book = new OrderBook('BTCUSDT', 2);
    expect(book.valid).toBe(false);
    expect(feed(book, frame('delta', 7, [['100', '1']], []))).toBe('waiting');
    expect(book.bids.length).toBe(0);
  });

  it('u == 1 overwrites the book (service restart), even from a delta', () => {
    const book = snapshotBook();
    expect(feed(book, frame('delta', 1, [['15000.00', '3']], [['15001.00', '4']]))).toBe('reset');
    expect(rows(book.bids, book)).toEqual([[15000, 3]]);
    expect(rows(book.asks, book)).toEqual([[15001, 4]]);
    expect(book.u).toBe(1);
    expect(book.valid).toBe(true);
    expect(feed(book, frame('delta', 2, [], [['15001.00', '0']]))).toBe('ok');
    expect(book.counters().resets).toBe(1);
  });

  it('accepts every snapshot, whatever its u, and invalidate() waits for the next', () => {
    const book = snapshotBook();
    expect(feed(book, frame('snapshot', 3, [['10', '1']], []))).toBe('ok');
    expect(book.u).toBe(3);
    book.invalidate();
    expect(book.valid).toBe(false);
    expect(feed(book, frame('delta', 4, [['10', '2']], []))).toBe('waiting');
  });
});

describe('OrderBook never crossed', () => {
  it('a bid-only delta crossing the asks drops the crossed asks (the side it did not touch)', () => {
    const book = new OrderBook('BTCUSDT', 2);
    feed(
      book,
      frame(
        'snapshot',
        10,
        [['99.00', '1']],
        [
          ['100.00', '1'],
          ['100.50', '2'],
          ['101.00', '3'],
        ],
      ),
    );
    expect(feed(book, frame('delta', 11, [['100.50', '7']], []))).toBe('ok');
    expect(rows(book.bids, book)).toEqual([
      [100.5, 7],
      [99, 1],
    ]);
    expect(rows(book.asks, book)).toEqual([[101, 3]]);
    expect(book.counters().crossedDropped).toBe(2);
  });

  it('an ask-only delta crossing the bids drops the crossed bids', () => {
    const book = new OrderBook('BTCUSDT', 2);
    feed(
      book,
      frame(
        'snapshot',
        10,
        [
          ['99.00', '1'],
          ['98.00', '2'],
        ],
        [['100.00', '1']],
      ),
    );
    expect(feed(book, frame('delta', 11, [], [['98.50', '4']]))).toBe('ok');
    expect(rows(book.bids, book)).toEqual([[98, 2]]);
    expect(rows(book.asks, book)).toEqual([
      [98.5, 4],
      [100, 1],
    ]);
  });

  it('when one delta crosses itself the ask goes (documented tie rule); a crossed snapshot is repaired too', () => {
    const book = new OrderBook('BTCUSDT', 2);
    feed(
      book,
      frame(
        'snapshot',
        10,
        [['99.00', '1']],
        [
          ['100.00', '1'],
          ['102.00', '1'],
        ],
      ),
    );
    // 100.00 is older than the delta's bid: it goes; 100.50 came with the bid in the same message: the tie drops it.
    expect(feed(book, frame('delta', 11, [['101.00', '1']], [['100.50', '1']]))).toBe('ok');
    expect(rows(book.bids, book)).toEqual([
      [101, 1],
      [99, 1],
    ]);
    expect(rows(book.asks, book)).toEqual([[102, 1]]);
    const crossed = new OrderBook('BTCUSDT', 2);
    feed(
      crossed,
      frame(
        'snapshot',
        5,
        [['101', '1']],
        [
          ['100', '1'],
          ['102', '1'],
        ],
      ),
    );
    expect(rows(crossed.asks, crossed)).toEqual([[102, 1]]);
  });
});

describe('OrderBook input handling', () => {
  it('rounds off-grid prices to the tick and counts them', () => {
    const book = new OrderBook('BTCUSDT', 2);
    feed(book, frame('snapshot', 1, [['100.004', '1']], [['100.02', '1']]));
    expect(book.bestBidTicks()).toBe(10000);
    expect(book.counters().offTick).toBe(1);
  });

  it('sorts an unsorted or duplicated snapshot', () => {
    const book = new OrderBook('BTCUSDT', 2);
    feed(
      book,
      frame(
        'snapshot',
        1,
        [
          ['98', '1'],
          ['99', '2'],
          ['98', '3'],
          ['97', '0'],
        ],
        [
          ['102', '1'],
          ['101', '1'],
        ],
      ),
    );
    expect(rows(book.bids, book)).toEqual([
      [99, 2],
      [98, 3],
    ]);
    expect(rows(book.asks, book)).toEqual([
      [101, 1],
      [102, 1],
    ]);
  });

  it('keeps at most maxLevels a side, dropping the worst', () => {
    const book = new OrderBook('X', 0, 3);
    const m: BookMessage = { u: 1, seq: 0, bids: [10, 1, 9, 1, 8, 1, 7, 1], asks: [] };
    book.applySnapshot(m);
    expect(rows(book.bids, book).map((r) => r[0])).toEqual([10, 9, 8]);
    book.applyDelta({ u: 2, seq: 0, bids: [11, 1, 1, 1], asks: [] });
    expect(rows(book.bids, book).map((r) => r[0])).toEqual([11, 10, 9]);
    expect(book.counters().overflowDropped).toBe(3);
  });
});

describe('OrderBook against the simulator feed', () => {
  it("mirrors BookFeed's published top 50 through decode after every message", () => {
    const sim = new BookFeed('BTCUSDT');
    const rng = makeRng(42);
    const change = (): void => {
      const buy = rng() < 0.5;
      const tick = 1 + Math.floor(rng() * 120);
      const price = (buy ? 64000 - tick / 100 : 64000 + tick / 100).toFixed(2);
      sim.onLevel(buy ? 'Buy' : 'Sell', price, rng() < 0.25 ? '0' : (rng() * 3).toFixed(6));
    };
    for (let i = 0; i < 150; i++) change();
    sim.activate(50);
    const book = new OrderBook('BTCUSDT', 2);
    const topic = 'orderbook.50.BTCUSDT';
    expect(feed(book, bookFrame(topic, 'BTCUSDT', sim.snapshot(50), 1))).toBe('ok');
    for (let step = 0; step < 400; step++) {
      const k = 1 + Math.floor(rng() * 4);
      for (let i = 0; i < k; i++) change();
      sim.flush((depth, msg) => {
        if (depth === 50) expect(feed(book, bookFrame(topic, 'BTCUSDT', msg, 1))).toBe('ok');
      });
      const want = sim.snapshot(50);
      expect(rows(book.bids, book)).toEqual(want.b.map(([p, s]) => [Number(p), Number(s)]));
      expect(rows(book.asks, book)).toEqual(want.a.map(([p, s]) => [Number(p), Number(s)]));
      expect(book.u).toBe(want.u);
    }
  });
});

describe('OrderBook properties', () => {
  const level = fc.tuple(
    fc.integer({ min: 1, max: 400 }),
    fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 1000 })),
  );
  const delta = fc.record({
    bids: fc.array(level, { maxLength: 6 }),
    asks: fc.array(level, { maxLength: 6 }),
  });

  it('any sequence of valid deltas keeps each side strictly sorted and the book uncrossed', () => {
    fc.assert(
      fc.property(fc.array(delta, { minLength: 1, maxLength: 60 }), (deltas) => {
        const book = new OrderBook('X', 2);
        book.applySnapshot({ u: 1, seq: 0, bids: [1.5, 1, 1.4, 2], asks: [2.5, 1, 2.6, 2] });
        let u = 1;
        for (const d of deltas) {
          const flat = (lv: [number, number][]): number[] => lv.flatMap(([t, s]) => [t / 100, s / 100]);
          expect(book.applyDelta({ u: ++u, seq: 0, bids: flat(d.bids), asks: flat(d.asks) })).toBe('ok');
          for (let r = 1; r < book.bids.length; r++)
            expect(book.bids.ticksAt(r)).toBeLessThan(book.bids.ticksAt(r - 1));
          for (let r = 1; r < book.asks.length; r++)
            expect(book.asks.ticksAt(r)).toBeGreaterThan(book.asks.ticksAt(r - 1));
          if (book.bids.length > 0 && book.asks.length > 0)
            expect(book.bestBidTicks()).toBeLessThan(book.bestAskTicks());
          for (let r = 0; r < book.bids.length; r++) expect(book.bids.sizeAt(r)).toBeGreaterThan(0);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('equals a replay into a plain price map, for books deep enough to take both move paths', () => {
    // Bids in ticks 1..500, asks 501..1000: never crossed, so the book must match the map exactly.
    const change = fc.tuple(
      fc.boolean(),
      fc.integer({ min: 1, max: 500 }),
      fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 99 })),
    );
    fc.assert(
      fc.property(
        fc.array(fc.array(change, { maxLength: 40 }), { minLength: 1, maxLength: 40 }),
        (deltas) => {
          const model: [Map<number, number>, Map<number, number>] = [
            new Map<number, number>(),
            new Map<number, number>(),
          ];
          const book = new OrderBook('X', 2);
          book.applySnapshot({ u: 5, seq: 0, bids: [], asks: [] });
          let u = 5;
          for (const d of deltas) {
            const bids: number[] = [];
            const asks: number[] = [];
            for (const [bid, off, size] of d) {
              const ticks = bid ? off : 500 + off;
              (bid ? bids : asks).push(ticks / 100, size);
              if (size === 0) model[bid ? 0 : 1].delete(ticks);
              else model[bid ? 0 : 1].set(ticks, size);
            }
            book.applyDelta({ u: ++u, seq: 0, bids, asks });
          }
          const want = (m: Map<number, number>, desc: boolean): [number, number][] =>
            [...m.entries()].sort((a, b) => (desc ? b[0] - a[0] : a[0] - b[0])).map(([t, s]) => [t / 100, s]);
          expect(rows(book.bids, book)).toEqual(want(model[0], true));
          expect(rows(book.asks, book)).toEqual(want(model[1], false));
          expect(book.counters().crossedDropped).toBe(0);
        },
      ),
      { numRuns: 150 },
    );
  });
});
