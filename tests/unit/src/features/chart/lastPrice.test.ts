/** The chart's forming candle follows the ticker's last price (the header's), within the candle's own time. */
import { describe, expect, it } from 'vitest';
import type { CandleRow } from '../../../../../workers/api';
import { atLastPrice } from '../../../../../src/features/chart/lastPrice';

const T = Date.UTC(2026, 10, 28, 4, 30);
const forming: CandleRow = {
  time: T,
  open: 64_000,
  high: 64_050,
  low: 63_980,
  close: 64_010,
  volume: 12,
  turnover: 768_000,
  confirm: false,
};

describe('atLastPrice', () => {
  it('closes the forming candle at the ticker last, keeping open and volume', () => {
    const c = atLastPrice(forming, 64_020.5, '30', T + 60_000);
    expect(c).toEqual({ ...forming, close: 64_020.5 });
  });

  it('stretches high and low to take the last price in', () => {
    expect(atLastPrice(forming, 64_100, '30', T + 1).high).toBe(64_100);
    const down = atLastPrice(forming, 63_900, '30', T + 1);
    expect([down.low, down.high, down.close]).toEqual([63_900, 64_050, 63_900]);
  });

  it('leaves a closed candle, a candle whose time is over, and a bad price as they are', () => {
    const closed = { ...forming, confirm: true };
    expect(atLastPrice(closed, 64_100, '30', T + 1)).toBe(closed);
    expect(atLastPrice(forming, 64_100, '30', T + 30 * 60_000)).toBe(forming);
    expect(atLastPrice(forming, 64_100, '1s', T + 1_000)).toBe(forming);
    for (const bad of [undefined, Number.NaN, 0, -5, Number.POSITIVE_INFINITY])
      expect(atLastPrice(forming, bad, '30', T + 1)).toBe(forming);
  });

  it('ends a month candle at the next month, not after 30 days', () => {
    const jan = { ...forming, time: Date.UTC(2027, 0, 1) };
    expect(atLastPrice(jan, 64_100, 'M', Date.UTC(2027, 0, 31, 12)).close).toBe(64_100);
    expect(atLastPrice(jan, 64_100, 'M', Date.UTC(2027, 1, 1))).toBe(jan);
  });
});
