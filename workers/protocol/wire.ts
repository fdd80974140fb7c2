/**
 * Decoded realtime frames (bybit-wire.md §1–§2, §4): what `decodeFrame` hands to the hub. Numbers are already parsed
 * and range-checked here; price scaling to ticks happens in the reducer that knows the symbol's precision.
 */

import { INTERVALS, type Interval } from './intervals';

/** Taker side of a public trade. */
export type TakerSide = 'Buy' | 'Sell';

/**
 * One book message body. Levels are flat pairs `[price, size, price, size, …]` in wire order (bids best first,
 * asks best first): one small array per side instead of an array per level keeps decode cheap at storm rates.
 */
export interface BookMessage {
  /** Update id: consecutive per topic; 1 means the exchange restarted the book. */
  readonly u: number;
  /** Cross sequence (increasing, not consecutive); 0 when the frame had none. */
  readonly seq: number;
  readonly bids: readonly number[];
  readonly asks: readonly number[];
}

/** One public trade, numbers parsed; also the row the trades reducer keeps (immutable, shared, never copied). */
export interface WireTrade {
  /** Trade id: a numeric string on spot (may exceed 2^53, so it stays a string). */
  readonly id: string;
  readonly price: number;
  readonly qty: number;
  /** Trade time, ms since the epoch. */
  readonly time: number;
  readonly side: TakerSide;
}

/** One realtime kline row (bybit-wire.md §2.4), numbers parsed. */
export interface WireKline {
  /** Candle start, ms since the epoch (weekly and monthly history may be negative). */
  readonly start: number;
  /** Candle end, ms; NaN when the row had none. */
  readonly end: number;
  /** Wire interval code ("1s", "1", …, "D", "W", "M"). */
  readonly interval: string;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  readonly volume: number;
  readonly turnover: number;
  /** true: the candle is closed. */
  readonly confirm: boolean;
}

/** A spot ticker snapshot (bybit-wire.md §2.3), numbers parsed. */
export interface WireTicker {
  readonly symbol: string;
  readonly last: number;
  readonly high24h: number;
  readonly low24h: number;
  readonly prev24h: number;
  readonly volume24h: number;
  readonly turnover24h: number;
  /** 24 h change as a fraction ("0.0196" = +1.96 %). */
  readonly change24h: number;
}

/** Why a frame was dropped. */
export type BadReason = 'json' | 'shape' | 'topic' | 'number' | 'symbol';

/** Every frame the socket can deliver, decoded; `bad` frames are counted and dropped by the hub. */
export type DecodedFrame =
  | {
      readonly type: 'bookSnapshot' | 'bookDelta';
      readonly topic: string;
      readonly symbol: string;
      readonly depth: number;
      readonly ts: number;
      readonly book: BookMessage;
    }
  | {
      readonly type: 'trades';
      readonly topic: string;
      readonly symbol: string;
      readonly ts: number;
      /** Ascending by time, as on the wire. */
      readonly trades: readonly WireTrade[];
    }
  | {
      readonly type: 'ticker';
      readonly topic: string;
      readonly symbol: string;
      readonly ts: number;
      readonly ticker: WireTicker;
    }
  | {
      readonly type: 'kline';
      readonly topic: string;
      readonly symbol: string;
      readonly interval: WireInterval;
      readonly ts: number;
      readonly rows: readonly WireKline[];
    }
  | { readonly type: 'ack'; readonly op: string; readonly reqId: string | null }
  | { readonly type: 'pong'; readonly reqId: string | null }
  | { readonly type: 'error'; readonly op: string; readonly reqId: string | null; readonly message: string }
  | {
      readonly type: 'private';
      readonly topic: string;
      readonly creationTime: number;
      /** Passed through unvalidated: the account reducers own these shapes. */
      readonly data: readonly unknown[];
    }
  | { readonly type: 'bad'; readonly reason: BadReason; readonly detail: string };

/** Private (account) topics: the spec's §7 realtime names, the v5 names and the simulator's extra plan topics. */
export const PRIVATE_TOPICS: readonly string[] = [
  'order',
  'execution',
  'wallet',
  'match',
  'user.uta.spot.trade',
  'order_new',
  'user.uta.spot.order',
  'plan_order',
  'stop_limit_order',
  'oco_order',
  'trailing_stop_order',
  'lt_order',
  'user.lt.order',
  'strategy',
  'unified.mix.asset',
  'private.order',
  'private.position',
  'unified.mix.pnl',
  'combination.trade.notify',
  'asset.spot-walletbalance',
  'user.unify.usdc.borrowInfo',
  'user.uta.upgrade',
  'user.unify.uta.wallet',
];

/** Wire kline interval codes (bybit-wire.md §2.4 plus the product's 1-second interval). */
export const WIRE_INTERVALS = INTERVALS;

/** One wire kline interval code. */
export type WireInterval = Interval;
