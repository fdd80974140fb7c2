import { describe, expect, it } from 'vitest';
import {
  cashPerToken,
  isOutOfBand,
  leverageAt,
  navAt,
  positionPerToken,
  rebalance,
  type Basket,
} from '../../../../server/lt/basket';

const LONG = { sign: 1 as const, target: 3 };
const SHORT = { sign: -1 as const, target: 3 };
const START: Basket = { refPrice: '64000', refNav: '2', at: 0 };

describe('basket', () => {
  it('holds target × NAV of the underlying per token, financed by cash', () => {
    // 3 × 2 USDT of BTC at 64000 = 0.00009375 BTC; the long borrows 4 USDT, the short holds 8.
    expect(positionPerToken(START, LONG).toString()).toBe('0.00009375');
    expect(cashPerToken(START, LONG).toString()).toBe('-4');
    expect(positionPerToken(START, SHORT).toString()).toBe('-0.00009375');
    expect(cashPerToken(START, SHORT).toString()).toBe('8');
    expect(leverageAt(START, LONG, '64000')).toBe(3);
  });

  it('moves NAV by target × the underlying move, both ways', () => {
    // +1 %: the long gains 3 %, the short loses 3 %.
    expect(navAt(START, LONG, '64640').toString()).toBe('2.06');
    expect(navAt(START, SHORT, '64640').toString()).toBe('1.94');
    // -5 %: the long loses 15 %, the short gains 15 %.
    expect(navAt(START, LONG, '60800').toString()).toBe('1.7');
    expect(navAt(START, SHORT, '60800').toString()).toBe('2.3');
  });

  it('follows a scripted path and compounds through rebalances', () => {
    // Path +10 %, then -10 % from there: without a rebalance the long ends at 2 × (1 + 3 × (0.99 - 1)) = 1.94.
    const path = ['70400', '63360'];
    expect(navAt(START, LONG, path[1] ?? '').toString()).toBe('1.94');
    // Rebalancing at the top resets the position: 2.6 at 70400, then -10 % × 3 = 1.82.
    const top = rebalance(START, LONG, '70400', 1);
    expect(top).toEqual({ refPrice: '70400', refNav: '2.6', at: 1 });
    expect(navAt(top, LONG, '63360').toString()).toBe('1.82');
    expect(leverageAt(top, LONG, '70400')).toBe(3);
  });

  it('drifts out of the band [2.5, 4] after a move of about 11 % for the long, 5–7 % for the short', () => {
    expect(isOutOfBand(START, LONG, '70400', 2.5, 4)).toBe(false); // +10 %: leverage 2.54
    expect(isOutOfBand(START, LONG, '71200', 2.5, 4)).toBe(true); // +11.25 %: 2.49
    expect(isOutOfBand(START, LONG, '57600', 2.5, 4)).toBe(false); // -10 %: 3.86
    expect(isOutOfBand(START, LONG, '56800', 2.5, 4)).toBe(true); // -11.25 %: 4.05
    expect(isOutOfBand(START, SHORT, '68000', 2.5, 4)).toBe(false); // +6.25 %: 3.92
    expect(isOutOfBand(START, SHORT, '68500', 2.5, 4)).toBe(true); // +7.0 %: 4.05
    expect(isOutOfBand(START, SHORT, '60800', 2.5, 4)).toBe(true); // -5 %: 2.48
  });

  it('never lets NAV go below 0', () => {
    expect(navAt(START, LONG, '40000').toString()).toBe('0');
    expect(leverageAt(START, LONG, '40000')).toBe(Infinity);
  });
});
