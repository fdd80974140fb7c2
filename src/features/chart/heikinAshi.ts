/**
 * Heikin-Ashi ("average") candles: close = (O+H+L+C)/4; open = (previous HA open + previous HA close)/2, the first
 * open (O+C)/2; high and low take the extremes of the real high/low and the HA open/close. Each candle depends only
 * on the one before, so the forming candle is recomputed alone.
 */

/** An OHLC bar. */
export interface Ohlc {
  readonly time: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
}

/** The Heikin-Ashi candle of `c` given the previous HA candle (undefined for the first). */
export function heikinAshiBar(c: Ohlc, prev: Ohlc | undefined): Ohlc {
  const close = (c.open + c.high + c.low + c.close) / 4;
  const open = prev === undefined ? (c.open + c.close) / 2 : (prev.open + prev.close) / 2;
  return {
    time: c.time,
    open,
    high: Math.max(c.high, open, close),
    low: Math.min(c.low, open, close),
    close,
  };
}

/** Heikin-Ashi candles of a whole series. */
export function heikinAshi(rows: readonly Ohlc[]): Ohlc[] {
  const out: Ohlc[] = [];
  for (const r of rows) out.push(heikinAshiBar(r, out[out.length - 1]));
  return out;
}
