import { describe, expect, it } from 'vitest';
import { INTERVALS, nextPeriod, periodStart, toInterval } from '../../../../workers/protocol/intervals';
import { SymbolKlines } from '../../../../server/market/klines';

const START = Date.UTC(2026, 10, 22, 12, 34, 56, 789);
/** Quote turnover per ms (about 2.5 million a minute, the calm BTC market's). */
const TURNOVER = 42;

describe('intervals', () => {
  it('accepts wire codes and the spec aliases', () => {
    expect(toInterval('1s')).toBe('1s');
    expect(toInterval('1h')).toBe('60');
    expect(toInterval('1M')).toBe('M');
    expect(toInterval('7')).toBeUndefined();
    // Inherited keys of the alias table are not intervals (a REST `interval=toString` once resolved to a function).
    expect(toInterval('toString')).toBeUndefined();
    expect(toInterval('__proto__')).toBeUndefined();
  });

  it('starts weeks on Monday and months on the 1st, UTC', () => {
    expect(new Date(periodStart('W', START)).getUTCDay()).toBe(1);
    expect(periodStart('M', START)).toBe(Date.UTC(2026, 10, 1));
    expect(nextPeriod('M', Date.UTC(2026, 11, 1))).toBe(Date.UTC(2027, 0, 1));
  });
});

describe('SymbolKlines', () => {
  const k = new SymbolKlines(64000, 42, START, TURNOVER);

  it('anchors the history at the seed price at start and is deterministic', () => {
    expect(k.priceAt(START)).toBeCloseTo(64000, 6);
    expect(new SymbolKlines(64000, 42, START, TURNOVER).range('60', START - 1e8, 3)).toEqual(
      k.range('60', START - 1e8, 3),
    );
  });

  it('serves at least 3,500 well-formed candles for every interval, newest first', () => {
    for (const iv of INTERVALS) {
      const list = k.range(iv, START, 3500, k.earliest(iv));
      expect(list, iv).toHaveLength(3500);
      for (let i = 0; i < list.length; i++) {
        const c = list[i];
        if (c === undefined) throw new Error('hole');
        expect(c.high).toBeGreaterThanOrEqual(Math.max(c.open, c.close));
        expect(c.low).toBeLessThanOrEqual(Math.min(c.open, c.close));
        expect(c.low).toBeGreaterThan(0);
        const next = list[i + 1];
        if (next !== undefined) expect(next.start).toBeLessThan(c.start);
      }
    }
  });

  it('joins history and live trades: the straddling candle opens on history and closes on the last trade', () => {
    const kk = new SymbolKlines(100, 7, START, TURNOVER);
    kk.onTrade(101, 2, START + 1000);
    kk.onTrade(99, 1, START + 2000);
    const c = kk.candleAt('60', START + 3000);
    expect(c.start).toBe(periodStart('60', START));
    expect(c.close).toBe(99);
    expect(c.high).toBeGreaterThanOrEqual(101);
    expect(c.low).toBeLessThanOrEqual(99);
    // A later period with no trades is flat at the previous close.
    const later = kk.range('1', START + 10 * 60_000, 1)[0];
    expect(later).toMatchObject({ open: 99, close: 99, volume: 0 });
  });
});

describe('hash01', () => {
  it('stays in [0, 1) for any key', async () => {
    const { hash01 } = await import('../../../../server/market/rng');
    for (let key = 0; key < 20_000; key += 7) {
      const v = hash01(42, key * 1_000_003);
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThan(1);
    }
  });
});
