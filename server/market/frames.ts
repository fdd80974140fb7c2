/** Wire encodings of the public market frames (bybit-wire.md §2): book, ticker and kline. */
import type { TickerStats } from '../context';
import { type Interval, nextPeriod } from '../../workers/protocol/intervals';
import type { BookMessage } from './bookFeed';
import type { Candle } from './klines';
import type { SymbolSpec } from './symbols';

/** Formats a number to fixed decimals without exponent. */
export function fixed(x: number, dp: number): string {
  return x.toFixed(Math.min(20, Math.max(0, dp)));
}

/** Change key of a candle: a kline frame is only sent when it differs. */
export function candleKey(c: Candle): string {
  return `${c.start}|${c.close}|${c.high}|${c.low}|${c.volume}`;
}

/** Encodes a book message as the wire frame (bybit-wire.md §2.1). */
export function bookFrame(topic: string, symbol: string, m: BookMessage, now: number): string {
  return JSON.stringify({
    topic,
    ts: now,
    type: m.type,
    data: { s: symbol, b: m.b, a: m.a, u: m.u, seq: m.seq },
    cts: now,
  });
}

/** Encodes a 24h ticker as the wire frame (`tickers.<symbol>` topic). */
export function tickerFrame(topic: string, t: TickerStats, now: number): string {
  return JSON.stringify({
    topic,
    ts: now,
    type: 'snapshot',
    cs: now,
    data: { ...t, usdIndexPrice: t.lastPrice },
  });
}

/** Wire row of a candle (bybit-wire.md §2.4). */
export function klineRow(
  iv: Interval,
  spec: SymbolSpec,
  c: Candle,
  confirm: boolean,
  now: number,
): Record<string, unknown> {
  const dp = spec.pricePrecision;
  return {
    start: c.start,
    end: nextPeriod(iv, c.start) - 1,
    interval: iv,
    open: fixed(c.open, dp),
    close: fixed(c.close, dp),
    high: fixed(c.high, dp),
    low: fixed(c.low, dp),
    volume: fixed(c.volume, spec.quantityPrecision),
    turnover: fixed(c.turnover, 4),
    confirm,
    timestamp: now,
  };
}

/** Encodes one candle as the wire frame. */
export function klineFrame(
  topic: string,
  iv: Interval,
  spec: SymbolSpec,
  c: Candle,
  confirm: boolean,
  now: number,
): string {
  return JSON.stringify({ topic, data: [klineRow(iv, spec, c, confirm, now)], ts: now, type: 'snapshot' });
}
