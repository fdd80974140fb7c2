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

/** Merged book rows of one symbol at one step: typed arrays of 4 numbers a row (price, amount, cum base, cum quote). */
export interface BookFrame {
  readonly symbol: string;
  readonly step: string;
  /** Steps offered by the symbol's digitMerge (spec §5). */
  readonly steps: readonly string[];
  readonly bids: Float64Array;
  readonly asks: Float64Array;
  readonly bidCount: number;
  readonly askCount: number;
  readonly buyOnePrice: number;
  readonly sellOnePrice: number;
  /** Bid share of shown depth, 0..1. */
  readonly ratio: number;
  /** Book update id of the last applied message. */
  readonly u: number;
  /** performance.timeOrigin-relative ms when the newest frame reached the hub (for feed-to-pixel timing). */
  readonly receivedAt: number;
  /** True while the book waits for a fresh snapshot after a gap. */
  readonly resyncing: boolean;
}

/** One latest trade. */
export interface TradeRow {
  readonly id: string;
  readonly price: number;
  readonly qty: number;
  readonly time: number;
  /** Taker side. */
  readonly side: 'Buy' | 'Sell';
}
