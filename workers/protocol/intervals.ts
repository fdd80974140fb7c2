/**
 * Kline intervals (spec §9 plus the wire's codes) and their period arithmetic in UTC: the one table the simulator,
 * the hub's reducers and the chart share.
 */

/** Wire interval codes (bybit-wire.md §2.4) plus the product's 1-second interval. */
export const INTERVALS = [
  '1s',
  '1',
  '3',
  '5',
  '15',
  '30',
  '60',
  '120',
  '240',
  '360',
  '720',
  'D',
  'W',
  'M',
] as const;
/** One wire interval code. */
export type Interval = (typeof INTERVALS)[number];

const ALIASES: Readonly<Record<string, Interval>> = {
  '1m': '1',
  '3m': '3',
  '5m': '5',
  '15m': '15',
  '30m': '30',
  '1h': '60',
  '2h': '120',
  '4h': '240',
  '6h': '360',
  '12h': '720',
  '1d': 'D',
  '1D': 'D',
  '1w': 'W',
  '1W': 'W',
  '1M': 'M',
};

/** Canonical interval of a code or spec alias (spec §9 names "1m", "1h", "1M"...), or undefined. */
export function toInterval(code: string): Interval | undefined {
  if ((INTERVALS as readonly string[]).includes(code)) return code as Interval;
  // Own keys only: "toString" and friends are not intervals.
  return Object.hasOwn(ALIASES, code) ? ALIASES[code] : undefined;
}

const MINUTE = 60_000;

/** Fixed length of an interval in ms; months are variable (use periodStart/periodEnd). */
export function intervalMs(iv: Interval): number {
  switch (iv) {
    case '1s':
      return 1000;
    case 'D':
      return 1440 * MINUTE;
    case 'W':
      return 7 * 1440 * MINUTE;
    case 'M':
      return 30 * 1440 * MINUTE;
    case '1':
    case '3':
    case '5':
    case '15':
    case '30':
    case '60':
    case '120':
    case '240':
    case '360':
    case '720':
      return Number(iv) * MINUTE;
  }
}

// 1970-01-05 was a Monday: weeks start on Monday 00:00 UTC as on the exchange.
const WEEK_ORIGIN = 4 * 1440 * MINUTE;

/** Start (ms) of the period containing t. */
export function periodStart(iv: Interval, t: number): number {
  if (iv === 'M') {
    const d = new Date(t);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  }
  const len = intervalMs(iv);
  const origin = iv === 'W' ? WEEK_ORIGIN : 0;
  return Math.floor((t - origin) / len) * len + origin;
}

/** Start of the period after the one starting at `start`. */
export function nextPeriod(iv: Interval, start: number): number {
  if (iv === 'M') {
    const d = new Date(start);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  }
  return start + intervalMs(iv);
}

/** Start of the period before the one starting at `start`. */
export function prevPeriod(iv: Interval, start: number): number {
  if (iv === 'M') {
    const d = new Date(start);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1);
  }
  return start - intervalMs(iv);
}

/** Start of the period `n` periods before the one starting at `start`. */
export function periodsBack(iv: Interval, start: number, n: number): number {
  if (iv === 'M') {
    const d = new Date(start);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - n, 1);
  }
  return start - n * intervalMs(iv);
}
