import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BookFeed, type BookMessage } from '../../../../server/market/bookFeed';

/** A client-side book built only from the messages: what a subscriber sees. */
function replay(msgs: readonly BookMessage[]): {
  bids: Map<string, string>;
  asks: Map<string, string>;
  u: number;
} {
  const bids = new Map<string, string>();
  const asks = new Map<string, string>();
  let u = 0;
  for (const m of msgs) {
    if (m.type === 'snapshot') {
      bids.clear();
      asks.clear();
    } else {
      expect(m.u).toBe(u + 1);
    }
    u = m.u;
    for (const [p, s] of m.b) {
      if (s === '0') bids.delete(p);
      else bids.set(p, s);
    }
    for (const [p, s] of m.a) {
      if (s === '0') asks.delete(p);
      else asks.set(p, s);
    }
  }
  return { bids, asks, u };
}

function topN(levels: Map<string, number>, n: number, desc: boolean): string[] {
  return [...levels.keys()]
    .sort((a, b) => (desc ? Number(b) - Number(a) : Number(a) - Number(b)))
    .slice(0, n);
}

describe('BookFeed', () => {
  it('sends a snapshot then deltas with consecutive u, deletes as size "0"', () => {
    const f = new BookFeed('BTCUSDT');
    f.onLevel('Buy', '100.00', '1');
    f.onLevel('Sell', '101.00', '2');
    f.activate(50);
    const snap = f.snapshot(50);
    expect(snap).toMatchObject({ type: 'snapshot', b: [['100.00', '1']], a: [['101.00', '2']] });
    const out: BookMessage[] = [];
    f.onLevel('Buy', '100.00', '0');
    f.onLevel('Buy', '99.50', '3');
    f.flush((_d, m) => out.push(m));
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({ type: 'delta', u: snap.u + 1 });
    expect(out[0]?.b).toEqual(
      expect.arrayContaining([
        ['100.00', '0'],
        ['99.50', '3'],
      ]),
    );
    expect(out[0]?.a).toEqual([]);
  });

  it('emits nothing for changes outside the published depth, and inserts a level that shifts into it', () => {
    const f = new BookFeed('X');
    for (let i = 1; i <= 3; i++) f.onLevel('Sell', `${100 + i}`, '1');
    f.activate(1);
    const msgs: BookMessage[] = [];
    f.onLevel('Sell', '110', '5');
    f.flush((_d, m) => msgs.push(m));
    expect(msgs).toHaveLength(0);
    f.onLevel('Sell', '101', '0');
    f.flush((_d, m) => msgs.push(m));
    // depth 1 is always a snapshot, as on the exchange
    expect(msgs[0]).toMatchObject({ type: 'snapshot', a: [['102', '1']] });
  });

  it('keeps every subscriber view equal to the top N of the book under random changes (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 1, max: 80 }), fc.integer({ min: 0, max: 4 })), {
          minLength: 1,
          maxLength: 300,
        }),
        fc.integer({ min: 1, max: 25 }),
        (ops, batch) => {
          const f = new BookFeed('P');
          const truth: [Map<string, number>, Map<string, number>] = [
            new Map<string, number>(),
            new Map<string, number>(),
          ];
          f.activate(50);
          const msgs: BookMessage[] = [f.snapshot(50)];
          ops.forEach(([buy, tick, size], i) => {
            // Bids at or below 100, asks above: never crossed, like the engine guarantees.
            const price = buy ? (100 - tick).toFixed(1) : (100 + tick).toFixed(1);
            const side = buy ? 0 : 1;
            if (size === 0) truth[side].delete(price);
            else truth[side].set(price, size);
            f.onLevel(buy ? 'Buy' : 'Sell', price, String(size));
            if (i % batch === 0) f.flush((d, m) => d === 50 && msgs.push(m));
          });
          f.flush((d, m) => d === 50 && msgs.push(m));
          const seen = replay(msgs);
          expect(topN(truth[0], 50, true)).toEqual(
            topN(new Map([...seen.bids].map(([p, s]) => [p, Number(s)])), 50, true),
          );
          expect(topN(truth[1], 50, false)).toEqual(
            topN(new Map([...seen.asks].map(([p, s]) => [p, Number(s)])), 50, false),
          );
          expect(seen.bids.size).toBeLessThanOrEqual(50);
          for (const [p, s] of seen.bids) expect(String(truth[0].get(p))).toBe(s);
          for (const [p, s] of seen.asks) expect(String(truth[1].get(p))).toBe(s);
        },
      ),
      { numRuns: 150 },
    );
  });
});
