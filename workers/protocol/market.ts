/**
 * Market rows of the contract, one type each: the hub's reducers build them (workers/market) and tabs render them
 * as they arrive (src/hub), with no converter in between.
 */

/** Direction of the last price against the previous one; the first ticker of a symbol is 'flat'. */
export type TickDirection = 'up' | 'down' | 'flat';

/** One candle, ascending time in a series. */
export interface CandleRow {
  /** Start, ms since the epoch. */
  readonly time: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  readonly volume: number;
  readonly turnover: number;
  /** Closed: a live `confirm` row said so, or a newer candle follows it in the series. */
  readonly confirm: boolean;
}

/** 24h ticker of one symbol. */
export interface TickerRow {
  readonly symbol: string;
  readonly last: number;
  readonly high24h: number;
  readonly low24h: number;
  readonly volume24h: number;
  readonly turnover24h: number;
  /** 24 h change as a fraction (0.0196 = +1.96 %). */
  readonly change24h: number;
  readonly direction: TickDirection;
}
