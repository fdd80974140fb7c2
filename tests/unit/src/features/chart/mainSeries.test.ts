/** Main series: options per chart type and the data point of a candle (Heikin-Ashi, hidden live bar). */
import { describe, expect, it } from 'vitest';
import type { CandleRow } from '../../../../../workers/api';
import { TOKENS } from '../../../../../src/canvas/tokens';
import {
  mainPointOf,
  mainSeriesOptions,
  sec,
  TRANSPARENT,
} from '../../../../../src/features/chart/mainSeries';
import { customPriceFormat } from '../../../../../src/features/chart/priceFormat';

const row: CandleRow = {
  time: 60_000,
  open: 10,
  high: 12,
  low: 9,
  close: 11,
  volume: 1,
  turnover: 0,
  confirm: false,
};
const t = TOKENS.dark;
const pf = customPriceFormat(2, String);
const autoscale = (): null => null;

describe('mainPointOf', () => {
  it('maps a candle to OHLC for bar types and to its close for line types', () => {
    expect(mainPointOf('candle', row, undefined, false)).toEqual({
      time: 60,
      open: 10,
      high: 12,
      low: 9,
      close: 11,
    });
    for (const type of ['line', 'area', 'baseline'] as const)
      expect(mainPointOf(type, row, undefined, true)).toEqual({ time: 60, value: 11 });
  });

  it('takes the Heikin-Ashi bar when given', () => {
    const ha = { time: 60_000, open: 1, high: 2, low: 0.5, close: 1.5 };
    expect(mainPointOf('heikinAshi', row, ha, false)).toMatchObject({
      open: 1,
      high: 2,
      low: 0.5,
      close: 1.5,
    });
    expect(mainPointOf('heikinAshi', row, undefined, false)).toMatchObject({ open: 10, close: 11 });
  });

  it('hides the live bar: all colours transparent, or the one colour of a bar', () => {
    expect(mainPointOf('candle', row, undefined, true)).toMatchObject({
      color: TRANSPARENT,
      borderColor: TRANSPARENT,
      wickColor: TRANSPARENT,
    });
    const bar = mainPointOf('bar', row, undefined, true);
    expect(bar.color).toBe(TRANSPARENT);
    expect(bar.borderColor).toBeUndefined();
  });

  it('converts ms to whole seconds', () => {
    expect(sec(1_999)).toBe(1);
  });
});

describe('mainSeriesOptions', () => {
  it('colours candles by direction and watches the autoscale for the bar types', () => {
    const o = mainSeriesOptions('candle', t, pf, autoscale, t.up);
    expect(o).toMatchObject({ upColor: t.up, downColor: t.down, wickUpColor: t.up, priceFormat: pf });
    expect(o.autoscaleInfoProvider).toBe(autoscale);
    expect(mainSeriesOptions('line', t, pf, autoscale, t.up).autoscaleInfoProvider).toBeUndefined();
  });

  it('draws hollow up bodies transparent with the last-price line in the given colour', () => {
    const o = mainSeriesOptions('hollow', t, pf, autoscale, t.down);
    expect(o.upColor).toBe(TRANSPARENT);
    expect(o.priceLineColor).toBe(t.down);
  });
});
