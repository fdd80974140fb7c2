import { describe, expect, it } from 'vitest';
import type { BookFrame } from '../../../../../workers/api';
import {
  barFraction,
  HEAD_HEIGHT,
  hoverSummary,
  inHoverRange,
  MID_HEIGHT,
  ROW_PITCH,
  rowSlots,
  rowsThatFit,
  slotAt,
} from '../../../../../src/features/orderbook/view';

/** A book of n rows a side around 100: asks 100.5, 101.5…, bids 99.5, 98.5…, amount 1 each. */
function book(n: number): BookFrame {
  const side = (start: number, dir: number): Float64Array => {
    const a = new Float64Array(n * 4);
    let cum = 0;
    let cumQ = 0;
    for (let i = 0; i < n; i++) {
      const p = start + dir * i;
      cum += 1;
      cumQ += p;
      a.set([p, 1, cum, cumQ], i * 4);
    }
    return a;
  };
  return {
    symbol: 'X',
    step: '1',
    steps: ['1'],
    bids: side(99.5, -1),
    asks: side(100.5, 1),
    bidCount: n,
    askCount: n,
    buyOnePrice: 99.5,
    sellOnePrice: 100.5,
    ratio: 0.5,
    u: 1,
    receivedAt: 0,
    resyncing: false,
  };
}

describe('order book view', () => {
  it('fits rows of 22 + 2 px into the height, both sides sharing it in layout 1, capped at 40', () => {
    expect(rowsThatFit(1, HEAD_HEIGHT + MID_HEIGHT + 20 * ROW_PITCH)).toBe(10);
    expect(rowsThatFit(2, HEAD_HEIGHT + 20 * ROW_PITCH)).toBe(20);
    expect(rowsThatFit(3, HEAD_HEIGHT + 20 * ROW_PITCH + 23)).toBe(20);
    expect(rowsThatFit(2, 10_000)).toBe(40);
    expect(rowsThatFit(1, 10)).toBe(0);
  });

  it('layout 1 stacks asks upwards from the spread and bids downwards; 2 and 3 show one side from the top', () => {
    const s = rowSlots(1, 3, 5, 5);
    expect(s.filter((x) => x.side === 'ask').map((x) => x.y)).toEqual([
      HEAD_HEIGHT + 2 * ROW_PITCH,
      HEAD_HEIGHT + ROW_PITCH,
      HEAD_HEIGHT,
    ]);
    expect(s.filter((x) => x.side === 'bid')[0]?.y).toBe(HEAD_HEIGHT + 3 * ROW_PITCH + MID_HEIGHT);
    expect(rowSlots(2, 3, 5, 2).map((x) => [x.side, x.index])).toEqual([
      ['bid', 0],
      ['bid', 1],
    ]);
    expect(rowSlots(3, 2, 5, 5).every((x) => x.side === 'ask')).toBe(true);
  });

  it('finds the row under a point, and none in a gap or the mid strip', () => {
    const s = rowSlots(1, 3, 3, 3);
    expect(slotAt(s, HEAD_HEIGHT + 1)).toEqual({ side: 'ask', index: 2, y: HEAD_HEIGHT });
    expect(slotAt(s, HEAD_HEIGHT + 22.5)).toBeNull();
    expect(slotAt(s, HEAD_HEIGHT + 3 * ROW_PITCH + 5)).toBeNull();
  });

  it('sums from the spread to the hovered row: average price, quantity, value', () => {
    const b = book(5);
    expect(hoverSummary(b, 'bid', 2)).toEqual({
      avgPrice: (99.5 + 98.5 + 97.5) / 3,
      sumQty: 3,
      sumValue: 295.5,
    });
    expect(hoverSummary(b, 'ask', 9)).toBeNull();
    expect(inHoverRange({ side: 'bid', index: 2, y: 0 }, 'bid', 1)).toBe(true);
    expect(inHoverRange({ side: 'bid', index: 2, y: 0 }, 'bid', 3)).toBe(false);
    expect(inHoverRange({ side: 'bid', index: 2, y: 0 }, 'ask', 0)).toBe(false);
  });

  it('scales depth bars to the deepest shown cumulative amount', () => {
    const b = book(10);
    expect(barFraction(b, 'bid', 4, 5)).toBe(1);
    expect(barFraction(b, 'ask', 0, 5)).toBeCloseTo(0.2);
    expect(barFraction(b, 'ask', 4, 10)).toBeCloseTo(0.5);
  });
});
