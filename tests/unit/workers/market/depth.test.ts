import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SYMBOLS } from '../../../../server/market/symbols';
import { OrderBook } from '../../../../workers/market/book';
import {
  createDepthOut,
  DEPTH_STRIDE,
  depthSteps,
  mergeDepth,
  stepLabel,
  stepToTicks,
  type DepthOut,
} from '../../../../workers/market/depth';

function row(side: Float64Array, r: number): number[] {
  return Array.from(side.subarray(r * DEPTH_STRIDE, r * DEPTH_STRIDE + DEPTH_STRIDE));
}

describe('depthSteps (spec §5)', () => {
  it('keeps the digitMerge of a major as is and selects the tick', () => {
    expect(depthSteps('0.01,0.1,1,10,100', 2)).toEqual({
      steps: ['0.01', '0.1', '1', '10', '100'],
      selected: '0.01',
    });
  });

  it('drops entries not made of 0, 1 and dot ("0.5", "5", "0.25", "abc", blanks)', () => {
    expect(depthSteps('0.0001,0.001,0.01,0.1,0.5', 4).steps).toEqual(['0.0001', '0.001', '0.01', '0.1']);
    expect(depthSteps('5,0.5,0.25,abc,,1,10', 0).steps).toEqual(['1', '10']);
    expect(depthSteps(' 0.01 , 0.1', 2).steps).toEqual(['0.01', '0.1']);
  });

  it('removes duplicates, by value', () => {
    expect(depthSteps('0.1,0.1,0.10,1,1', 2).steps).toEqual(['0.1', '1']);
  });

  it('uses the saved choice while it is still listed', () => {
    expect(depthSteps('0.01,0.1,1,10', 2, '1').selected).toBe('1');
    expect(depthSteps('0.01,0.1,1,10', 2, '1.0').selected).toBe('1');
    expect(depthSteps('0.01,0.1,1,10', 2, '100').selected).toBe('0.01');
    expect(depthSteps('0.01,0.1,0.5', 2, '0.5').selected).toBe('0.01');
    expect(depthSteps('0.01,0.1', 2, null).selected).toBe('0.01');
  });

  it('"first step at or below price precision" = first step with at most pricePrecision decimals (step ≥ tick)', () => {
    // Steps finer than the tick come first: they are skipped for the first one the prices can show.
    expect(depthSteps('0.0001,0.001,0.01,0.1', 2).selected).toBe('0.01');
    expect(depthSteps('0.001,0.01', 3).selected).toBe('0.001');
    expect(depthSteps('10,1,0.1', 2).selected).toBe('10');
    expect(depthSteps('0.010,0.1', 2).selected).toBe('0.010');
    // None fits: the last.
    expect(depthSteps('0.0001,0.001', 2).selected).toBe('0.001');
  });

  it('step "0" is kept and shows as "1"', () => {
    expect(depthSteps('0,10,100', 0)).toEqual({ steps: ['0', '10', '100'], selected: '0' });
    expect(stepLabel('0')).toBe('1');
    expect(stepLabel('0.01')).toBe('0.01');
    expect(stepToTicks('0', 0)).toBe(1);
  });

  it('falls back to the tick when digitMerge has nothing usable', () => {
    expect(depthSteps('', 2)).toEqual({ steps: ['0.01'], selected: '0.01' });
    expect(depthSteps('5,0.5', 0)).toEqual({ steps: ['1'], selected: '1' });
  });

  it('gives every simulator symbol a listed, selectable step', () => {
    for (const s of SYMBOLS) {
      const d = depthSteps(s.digitMerge, s.pricePrecision);
      expect(d.steps).toContain(d.selected);
      expect(d.steps.every((x) => /^[01.]+$/.test(x))).toBe(true);
      expect(stepToTicks(d.selected, s.pricePrecision)).toBe(1);
    }
  });

  it('converts steps to whole ticks', () => {
    expect(stepToTicks('0.01', 2)).toBe(1);
    expect(stepToTicks('0.1', 2)).toBe(10);
    expect(stepToTicks('100', 2)).toBe(10000);
    expect(stepToTicks('0.001', 2)).toBe(1);
    expect(stepToTicks('x', 2)).toBe(1);
  });
});

/** Bids 100.07 ×1, 100.03 ×2, 99.98 ×3, 99.50 ×4; asks 100.11 ×1, 100.19 ×2, 100.21 ×5. */
function handBook(): OrderBook {
  const book = new OrderBook('X', 2);
  book.applySnapshot({
    u: 1,
    seq: 0,
    bids: [100.07, 1, 100.03, 2, 99.98, 3, 99.5, 4],
    asks: [100.11, 1, 100.19, 2, 100.21, 5],
  });
  return book;
}

describe('mergeDepth', () => {
  it('buckets bids down and asks up with cumulative base and quote (checked by hand)', () => {
    const out = createDepthOut();
    mergeDepth(handBook(), stepToTicks('0.1', 2), 40, out);
    expect(out.bidCount).toBe(3);
    expect(out.askCount).toBe(2);
    // Bids: 100.0 ← 100.07 + 100.03; 99.9 ← 99.98; 99.5 ← 99.50.
    const b0 = row(out.bids, 0);
    expect(b0.slice(0, 3)).toEqual([100, 3, 3]);
    expect(b0[3]).toBeCloseTo(100.07 + 200.06, 9);
    expect(row(out.bids, 1).slice(0, 3)).toEqual([99.9, 3, 6]);
    expect(row(out.bids, 1)[3]).toBeCloseTo(300.13 + 299.94, 9);
    expect(row(out.bids, 2).slice(0, 3)).toEqual([99.5, 4, 10]);
    expect(row(out.bids, 2)[3]).toBeCloseTo(600.07 + 398, 9);
    // Asks: 100.2 ← 100.11 + 100.19; 100.3 ← 100.21.
    expect(row(out.asks, 0).slice(0, 3)).toEqual([100.2, 3, 3]);
    expect(row(out.asks, 0)[3]).toBeCloseTo(100.11 + 200.38, 9);
    expect(row(out.asks, 1).slice(0, 3)).toEqual([100.3, 5, 8]);
    expect(row(out.asks, 1)[3]).toBeCloseTo(300.49 + 501.05, 9);
    expect(out.buyOnePrice).toBe(100.07);
    expect(out.sellOnePrice).toBe(100.11);
    expect(out.ratio).toBeCloseTo(10 / 18, 12);
  });

  it('at the tick step every level is a row; `rows` limits rows and the ratio', () => {
    const out = createDepthOut();
    mergeDepth(handBook(), 1, 2, out);
    expect(out.bidCount).toBe(2);
    expect(out.askCount).toBe(2);
    expect(row(out.bids, 0).slice(0, 3)).toEqual([100.07, 1, 1]);
    expect(row(out.bids, 1).slice(0, 3)).toEqual([100.03, 2, 3]);
    expect(row(out.asks, 1).slice(0, 3)).toEqual([100.19, 2, 3]);
    expect(out.ratio).toBe(0.5);
    mergeDepth(handBook(), 100, 40, out);
    // Step 1.00: bids 100 ← 100.07, 100.03; 99 ← 99.98, 99.50. Asks 101 ← all.
    expect(row(out.bids, 0).slice(0, 3)).toEqual([100, 3, 3]);
    expect(row(out.bids, 1).slice(0, 3)).toEqual([99, 7, 10]);
    expect(out.askCount).toBe(1);
    expect(row(out.asks, 0).slice(0, 3)).toEqual([101, 8, 8]);
  });

  it('an empty book gives no rows, prices 0 and a ratio of 0.5; the arrays are reused', () => {
    const out: DepthOut = createDepthOut();
    const { bids, asks } = out;
    mergeDepth(handBook(), 1, 40, out);
    mergeDepth(new OrderBook('X', 2), 1, 40, out);
    expect(out).toMatchObject({ bidCount: 0, askCount: 0, buyOnePrice: 0, sellOnePrice: 0, ratio: 0.5 });
    expect(out.bids).toBe(bids);
    expect(out.asks).toBe(asks);
    mergeDepth(handBook(), 1, 0, out);
    expect(out.bidCount).toBe(0);
    mergeDepth(handBook(), 1, 1000, out);
    expect(out.bidCount).toBe(4);
  });

  it('merged totals equal the raw book totals within the shown range (property)', () => {
    const levels = fc.uniqueArray(
      fc.tuple(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 1, max: 10_000 })),
      {
        selector: (l) => l[0],
        maxLength: 120,
      },
    );
    fc.assert(
      fc.property(
        levels,
        fc.constantFrom(1, 10, 100, 1000),
        fc.integer({ min: 1, max: 40 }),
        (lv, step, rowsWanted) => {
          // Bids below 5000 ticks, asks above: uncrossed by construction.
          const bidsT = lv.map(([t, s]) => [t, s / 1000] as const);
          const asksT = lv.map(([t, s]) => [10_000 - t + 5000, s / 1000] as const);
          const book = new OrderBook('X', 2);
          const flat = (x: readonly (readonly [number, number])[]): number[] =>
            x.flatMap(([t, s]) => [t / 100, s]);
          book.applySnapshot({
            u: 1,
            seq: 0,
            bids: flat([...bidsT].sort((a, b) => b[0] - a[0])),
            asks: flat([...asksT].sort((a, b) => a[0] - b[0])),
          });
          const out = createDepthOut();
          mergeDepth(book, step, rowsWanted, out);
          const check = (
            raw: readonly (readonly [number, number])[],
            dst: Float64Array,
            count: number,
            down: boolean,
          ): void => {
            const bucket = (t: number): number =>
              down ? Math.floor(t / step) * step : Math.ceil(t / step) * step;
            const buckets = [...new Set(raw.map(([t]) => bucket(t)))].sort((a, b) => (down ? b - a : a - b));
            const shown = buckets.slice(0, rowsWanted);
            expect(count).toBe(shown.length);
            const inShown = raw.filter(([t]) => shown.includes(bucket(t)));
            const base = inShown.reduce((a, [, s]) => a + s, 0);
            const quote = inShown.reduce((a, [t, s]) => a + (t / 100) * s, 0);
            if (count === 0) return;
            expect(dst[(count - 1) * DEPTH_STRIDE + 2]).toBeCloseTo(base, 6);
            expect(dst[(count - 1) * DEPTH_STRIDE + 3]).toBeCloseTo(quote, 4);
            let sum = 0;
            for (let r = 0; r < count; r++) {
              expect(dst[r * DEPTH_STRIDE]).toBeCloseTo((shown[r] ?? NaN) / 100, 9);
              sum += dst[r * DEPTH_STRIDE + 1] ?? 0;
              expect(dst[r * DEPTH_STRIDE + 2]).toBeCloseTo(sum, 6);
            }
          };
          check(bidsT, out.bids, out.bidCount, true);
          check(asksT, out.asks, out.askCount, false);
        },
      ),
      { numRuns: 150 },
    );
  });
});
