/** Heikin-Ashi and indicator maths against hand-computed values, and the incremental engine against the full maths. */
import { describe, expect, it } from 'vitest';
import { heikinAshi, heikinAshiBar } from '../../../../../src/features/chart/heikinAshi';
import {
  bollinger,
  ema,
  IndicatorEngine,
  INDICATOR_PARAMS,
  macd,
  rsi,
  sma,
} from '../../../../../src/features/chart/indicators';

const close = (xs: readonly number[], ys: readonly number[], digits = 9): void => {
  expect(xs.length).toBe(ys.length);
  xs.forEach((x, i) => {
    const y = ys[i] ?? NaN;
    if (Number.isNaN(y)) expect(x, `index ${i}`).toBeNaN();
    else expect(x, `index ${i}`).toBeCloseTo(y, digits);
  });
};

describe('Heikin-Ashi', () => {
  it('matches hand-computed candles', () => {
    const ha = heikinAshi([
      { time: 1, open: 10, high: 12, low: 9, close: 11 },
      { time: 2, open: 11, high: 13, low: 10, close: 12 },
      { time: 3, open: 12, high: 12.5, low: 8, close: 9 },
    ]);
    // close = (O+H+L+C)/4; open = (prev HA open + prev HA close)/2, first (O+C)/2; high/low include HA open/close.
    expect(ha[0]).toEqual({ time: 1, open: 10.5, high: 12, low: 9, close: 10.5 });
    expect(ha[1]).toEqual({ time: 2, open: 10.5, high: 13, low: 10, close: 11.5 });
    expect(ha[2]).toEqual({ time: 3, open: 11, high: 12.5, low: 8, close: 10.375 });
  });

  it('widens high and low to the HA open when the real range does not hold it', () => {
    const prev = { time: 1, open: 100, high: 100, low: 100, close: 100 };
    const bar = heikinAshiBar({ time: 2, open: 50, high: 52, low: 48, close: 50 }, prev);
    expect(bar.open).toBe(100);
    expect(bar.high).toBe(100);
    expect(bar.low).toBe(48);
    expect(bar.close).toBe(50);
  });
});

describe('moving averages', () => {
  const v = [2, 4, 6, 8, 12];
  it('SMA(3)', () => {
    close(sma(v, 3), [NaN, NaN, 4, 6, 26 / 3]);
  });
  it('EMA(3) is seeded with the SMA of the first 3 values, then α = 2/(n+1)', () => {
    // seed 4; 0.5·8 + 0.5·4 = 6; 0.5·12 + 0.5·6 = 9
    close(ema(v, 3), [NaN, NaN, 4, 6, 9]);
  });
  it('the default EMA length is 9 (spec §9)', () => {
    expect(INDICATOR_PARAMS.emaLength).toBe(9);
  });
});

describe('RSI (Wilder)', () => {
  it('RSI(2) of 1, 2, 1, 3', () => {
    // changes +1, −1, +2: first averages 0.5/0.5 → 50; then gain (0.5+2)/2 = 1.25, loss 0.25 → 100 − 100/6
    close(rsi([1, 2, 1, 3], 2), [NaN, NaN, 50, 100 - 100 / 6]);
  });
  it('is 100 with no losses', () => {
    close(rsi([1, 2, 3, 4], 2), [NaN, NaN, 100, 100]);
  });
});

describe('Bollinger bands', () => {
  it('BOLL(3, 2) of 1, 2, 3: middle 2, ±2 population standard deviations', () => {
    const b = bollinger([1, 2, 3], 3, 2);
    const sd = Math.sqrt(2 / 3);
    close(b.mid, [NaN, NaN, 2]);
    close(b.upper, [NaN, NaN, 2 + 2 * sd]);
    close(b.lower, [NaN, NaN, 2 - 2 * sd]);
  });
});

describe('MACD', () => {
  it('MACD(2, 3, 2) of 1, 3, 2, 6, 5', () => {
    // EMA2: 2, 2, 14/3, 44/9; EMA3: 2, 4, 4.5 → DIF 0, 2/3, 7/18; DEA from DIF's start: 1/3, 10/27
    const m = macd([1, 3, 2, 6, 5], 2, 3, 2);
    close(m.dif, [NaN, NaN, 0, 2 / 3, 7 / 18]);
    close(m.dea, [NaN, NaN, NaN, 1 / 3, 10 / 27]);
    close(m.hist, [NaN, NaN, NaN, 1 / 3, 1 / 54]);
  });
});

describe('IndicatorEngine (incremental)', () => {
  const rows = Array.from({ length: 300 }, (_, i) => ({
    time: i * 60_000,
    close: 100 + 10 * Math.sin(i / 7) + (i % 5),
    volume: 1 + (i % 13),
  }));
  const closes = rows.map((r) => r.close);

  it('equals the full computation, point by point, when candles arrive one at a time', () => {
    const e = new IndicatorEngine(new Set(['MA', 'EMA', 'BOLL', 'VOL', 'MACD', 'RSI'] as const));
    e.reset(rows.slice(0, 50));
    for (const r of rows.slice(50)) expect(e.upsert(r)).toBe('appended');
    const p = INDICATOR_PARAMS;
    close([...e.line('MA.ma')], sma(closes, p.maLength));
    close([...e.line('EMA.ema')], ema(closes, p.emaLength));
    close([...e.line('RSI.rsi')], rsi(closes, p.rsiLength));
    const b = bollinger(closes, p.bollLength, p.bollWidth);
    close([...e.line('BOLL.upper')], b.upper);
    const m = macd(closes, p.macdFast, p.macdSlow, p.macdSignal);
    close([...e.line('MACD.dea')], m.dea);
    close([...e.line('MACD.hist')], m.hist);
    expect(e.line('VOL.vol')).toEqual(rows.map((r) => r.volume));
  });

  it('replaces the forming candle: updating the last point only, as if the series had ended with it', () => {
    const e = new IndicatorEngine(new Set(['EMA', 'RSI', 'MACD'] as const));
    e.reset(rows);
    const last = rows[rows.length - 1];
    if (last === undefined) throw new Error('no rows');
    expect(e.upsert({ ...last, close: last.close + 5 })).toBe('replaced');
    const changed = [...closes.slice(0, -1), last.close + 5];
    close([...e.line('EMA.ema')], ema(changed, 9));
    close([...e.line('RSI.rsi')], rsi(changed, 14));
    close([...e.line('MACD.dif')], macd(changed, 12, 26, 9).dif);
    expect(e.length).toBe(rows.length);
  });

  it('ignores a candle older than the last one', () => {
    const e = new IndicatorEngine(new Set(['MA'] as const));
    e.reset(rows.slice(0, 10));
    expect(e.upsert({ time: 0, close: 1, volume: 1 })).toBe('ignored');
    expect(e.length).toBe(10);
  });
});
