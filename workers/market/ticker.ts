/**
 * 24 h ticker of one symbol from `tickers.{symbol}` (bybit-wire.md §2.3): the market header's stats and the rise/fall
 * direction the browser title shows.
 */
import type { WireTicker } from '../protocol/wire';

/** Direction of the last price against the previous one; the first ticker of a symbol is 'flat'. */
export type TickDirection = 'up' | 'down' | 'flat';

/** Ticker stats as the hub keeps them. */
export interface TickerStats {
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

/**
 * Next ticker stats. The change is the wire's price24hPcnt; the direction compares the new last price with the
 * previous one, and an unchanged price keeps the previous direction (the title keeps its colour between trades).
 */
export function applyTicker(prev: TickerStats | undefined, t: WireTicker): TickerStats {
  return {
    symbol: t.symbol,
    last: t.last,
    high24h: t.high24h,
    low24h: t.low24h,
    volume24h: t.volume24h,
    turnover24h: t.turnover24h,
    change24h: t.change24h,
    direction: tickDirection(prev?.symbol === t.symbol ? prev : undefined, t.last),
  };
}

/** Direction of `last` against the previous stats (see applyTicker). */
export function tickDirection(prev: TickerStats | undefined, last: number): TickDirection {
  if (prev === undefined) return 'flat';
  if (last > prev.last) return 'up';
  if (last < prev.last) return 'down';
  return prev.direction;
}

/** True when two stats would render the same (the hub skips the diff). */
export function isSameTicker(a: TickerStats | undefined, b: TickerStats): boolean {
  return (
    a !== undefined &&
    a.symbol === b.symbol &&
    a.last === b.last &&
    a.high24h === b.high24h &&
    a.low24h === b.low24h &&
    a.volume24h === b.volume24h &&
    a.turnover24h === b.turnover24h &&
    a.change24h === b.change24h &&
    a.direction === b.direction
  );
}
