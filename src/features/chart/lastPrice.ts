/** The chart's forming candle at the page's last price. */
import type { CandleRow } from '../../../workers/api';
import { nextPeriod, type Interval } from '../../../workers/protocol/intervals';

/**
 * The forming candle as of the ticker's last price: closed there, its high and low stretched to take it in. The kline
 * topic and the ticker topic are pushed apart (100 ms each), so under a storm the kline's close trailed the header's
 * last price by a push. A closed candle, or a last price outside the candle's time (`now` past its end: the next
 * candle has not come yet), leaves the candle as it is.
 */
export function atLastPrice(c: CandleRow, last: number | undefined, iv: Interval, now: number): CandleRow {
  if (last === undefined || !Number.isFinite(last) || last <= 0 || c.confirm) return c;
  if (now >= nextPeriod(iv, c.time) || last === c.close) return c;
  return { ...c, close: last, high: Math.max(c.high, last), low: Math.min(c.low, last) };
}
