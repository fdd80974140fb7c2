/**
 * 24 h ticker of one symbol from `tickers.{symbol}` (bybit-wire.md §2.3): the market header's stats and the rise/fall
 * direction the browser title shows.
 */
import type { TickDirection, TickerRow } from '../protocol/market';
import type { WireTicker } from '../protocol/wire';

/**
 * Next ticker stats. The change is the wire's price24hPcnt; the direction compares the new last price with the
 * previous one, and an unchanged price keeps the previous direction (the title keeps its colour between trades).
 */
export function applyTicker(prev: TickerRow | undefined, t: WireTicker): TickerRow {
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
export function tickDirection(prev: TickerRow | undefined, last: number): TickDirection {
  if (prev === undefined) return 'flat';
  if (last > prev.last) return 'up';
  if (last < prev.last) return 'down';
  return prev.direction;
}

/** True when two stats would render the same (the hub skips the diff). */
export function isSameTicker(a: TickerRow | undefined, b: TickerRow): boolean {
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
