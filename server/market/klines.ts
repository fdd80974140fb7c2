/**
 * Candles of one symbol for every interval: a procedural, seeded history for all time before the simulator started
 * (any depth, no storage, consistent across intervals), and candles built from real trades since.
 */
import { hash01 } from './rng';
import {
  INTERVALS,
  type Interval,
  nextPeriod,
  periodStart,
  periodsBack,
  prevPeriod,
} from '../../workers/protocol/intervals';

/** One candle, numbers in quote/base units. */
export interface Candle {
  start: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  turnover: number;
}

const DAY = 86_400_000;
// Value-noise octaves: period (ms) and amplitude in log-price; amplitudes grow like a random walk's sqrt(time)
// but the sum is bounded, so centuries of history stay within a sane band around the seed price.
const OCTAVES: readonly (readonly [number, number])[] = [
  [10_000, 0.0004],
  [60_000, 0.001],
  [600_000, 0.0025],
  [3_600_000, 0.006],
  [6 * 3_600_000, 0.014],
  [DAY, 0.03],
  [7 * DAY, 0.07],
  [30 * DAY, 0.15],
  [365 * DAY, 0.45],
];

/** Most live candles kept per interval before the oldest fall back to history. */
const LIVE_CAP = 20_000;

function smooth(x: number): number {
  return x * x * (3 - 2 * x);
}

/** Live candles of one interval: sorted starts plus the candles, append-mostly. */
class LiveSeries {
  readonly starts: number[] = [];
  readonly candles: Candle[] = [];

  last(): Candle | undefined {
    return this.candles[this.candles.length - 1];
  }

  /** Index of the last candle with start <= t, or -1. */
  floorIndex(t: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    let ans = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if ((this.starts[mid] ?? Infinity) <= t) {
        ans = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return ans;
  }

  push(c: Candle): void {
    this.starts.push(c.start);
    this.candles.push(c);
    if (this.starts.length > LIVE_CAP) {
      this.starts.splice(0, this.starts.length - LIVE_CAP);
      this.candles.splice(0, this.candles.length - LIVE_CAP);
    }
  }
}

/** All candles of one symbol. */
export class SymbolKlines {
  private readonly anchor: number;
  private readonly live = new Map<Interval, LiveSeries>();
  private readonly baseVolumePerMs: number;

  constructor(
    private readonly seedPrice: number,
    private readonly seed: number,
    /** Simulator start: history before, trades after. */
    readonly liveFrom: number,
    /** Quote turnover per ms the live market trades (the history matches its scale). */
    turnoverPerMs: number,
  ) {
    this.anchor = this.logNoise(liveFrom);
    this.baseVolumePerMs = turnoverPerMs / seedPrice;
    for (const iv of INTERVALS) this.live.set(iv, new LiveSeries());
  }

  /** The procedural price at time t (equal to the seed price at liveFrom). */
  priceAt(t: number): number {
    return this.seedPrice * Math.exp(this.logNoise(t) - this.anchor);
  }

  /** Folds a trade into the live candle of every interval. */
  onTrade(price: number, qty: number, time: number): void {
    for (const iv of INTERVALS) {
      const c = this.liveCandle(iv, time);
      if (price > c.high) c.high = price;
      if (price < c.low) c.low = price;
      c.close = price;
      c.volume += qty;
      c.turnover += qty * price;
    }
  }

  /** The candle of the period containing t (live periods are created on demand). */
  candleAt(iv: Interval, t: number): Candle {
    const start = periodStart(iv, t);
    if (nextPeriod(iv, start) <= this.liveFrom) return this.historic(iv, start, nextPeriod(iv, start));
    return this.liveCandle(iv, t);
  }

  /**
   * Candles newest first, ending with the period containing `end`, at most `limit`, none starting before `start`.
   * Read-only: periods after start without trades show flat candles at the previous close.
   */
  range(iv: Interval, end: number, limit: number, start = -Infinity): Candle[] {
    const out: Candle[] = [];
    let p = periodStart(iv, end);
    const series = this.live.get(iv);
    if (series === undefined) return out;
    while (out.length < limit && p >= start) {
      const next = nextPeriod(iv, p);
      if (next <= this.liveFrom) out.push(this.historic(iv, p, next));
      else {
        const i = series.floorIndex(p);
        const c = series.candles[i];
        if (c !== undefined && c.start === p) out.push({ ...c });
        else if (p < this.liveFrom) out.push(this.historic(iv, p, this.liveFrom));
        else {
          const prevClose = c !== undefined ? c.close : this.priceAt(this.liveFrom);
          out.push({
            start: p,
            open: prevClose,
            high: prevClose,
            low: prevClose,
            close: prevClose,
            volume: 0,
            turnover: 0,
          });
        }
      }
      p = prevPeriod(iv, p);
    }
    return out;
  }

  /** Earliest period start served for an interval (history goes this far back). */
  earliest(iv: Interval): number {
    return periodsBack(iv, periodStart(iv, this.liveFrom), 5000);
  }

  private liveCandle(iv: Interval, t: number): Candle {
    const series = this.live.get(iv);
    if (series === undefined) throw new Error(`no series ${iv}`);
    const start = periodStart(iv, t);
    const last = series.last();
    if (last !== undefined && last.start === start) return last;
    if (last !== undefined && last.start > start) {
      // A late trade for an older period: fold it into that period if kept, else into the newest.
      const i = series.floorIndex(start);
      const c = series.candles[i];
      return c !== undefined && c.start === start ? c : last;
    }
    let c: Candle;
    if (start < this.liveFrom) {
      // The period that straddles the simulator's start: history up to the start, trades after.
      c = this.historic(iv, start, this.liveFrom);
    } else {
      const prevClose = last !== undefined ? last.close : this.priceAt(this.liveFrom);
      c = {
        start,
        open: prevClose,
        high: prevClose,
        low: prevClose,
        close: prevClose,
        volume: 0,
        turnover: 0,
      };
    }
    c.start = start;
    series.push(c);
    return c;
  }

  private historic(iv: Interval, t0: number, t1: number): Candle {
    const open = this.priceAt(t0);
    const close = this.priceAt(t1);
    let high = Math.max(open, close);
    let low = Math.min(open, close);
    const len = t1 - t0;
    for (let k = 1; k < 8; k++) {
      const p = this.priceAt(t0 + (len * k) / 8);
      if (p > high) high = p;
      if (p < low) low = p;
    }
    const key = Math.floor(t0 / 1000) + iv.length * 7919;
    const wick = (high - low) * 0.15 + open * 0.0002 * Math.sqrt(len / 60_000);
    high += wick * hash01(this.seed + 11, key);
    low -= wick * hash01(this.seed + 13, key);
    const volume = this.baseVolumePerMs * len * (0.4 + 1.2 * hash01(this.seed + 17, key));
    return { start: t0, open, high, low, close, volume, turnover: volume * (open + close) * 0.5 };
  }

  private logNoise(t: number): number {
    let sum = 0;
    for (let i = 0; i < OCTAVES.length; i++) {
      const oct = OCTAVES[i];
      if (oct === undefined) continue;
      const [period, amp] = oct;
      const x = t / period;
      const k = Math.floor(x);
      const f = smooth(x - k);
      const a = hash01(this.seed + i * 101, k) * 2 - 1;
      const b = hash01(this.seed + i * 101, k + 1) * 2 - 1;
      sum += amp * (a + (b - a) * f);
    }
    return sum;
  }
}
