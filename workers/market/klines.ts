/**
 * Candles: the interval names (spec §9) and wire codes (bybit-wire.md §2.4), the REST paging plan of spec §7
 * "Kline data v5", the REST page parser (failure → empty list, spec §8) and the live candle merge.
 */
import { isObj, MAX_WIRE_NUMBER, wireNumber } from '../protocol/decode';
import { toInterval } from '../protocol/intervals';
import type { CandleRow } from '../protocol/market';
import { WIRE_INTERVALS, type WireInterval, type WireKline } from '../protocol/wire';

/** Spec §9 interval names, in the spec's order. */
export const KLINE_INTERVAL_NAMES = [
  '1s',
  '1m',
  '3m',
  '5m',
  '15m',
  '30m',
  '1h',
  '2h',
  '4h',
  '6h',
  '12h',
  '1d',
  '1w',
  '1M',
] as const;

/** One spec interval name. */
export type KlineIntervalName = (typeof KLINE_INTERVAL_NAMES)[number];

/** Default chart interval (spec §3 preferences: "default 30", §9 "Default interval 30 minutes"). */
export const DEFAULT_KLINE_INTERVAL: WireInterval = '30';

/** REST page size (spec §7, §9: 500). */
export const KLINE_PAGE_LIMIT = 500;

/** Pages fetched back after the first at most (spec §7, §9: 3). */
export const KLINE_EXTRA_PAGES = 3;

/**
 * Candles a live series keeps: the 2,000 the REST pages can bring plus 3,000 live ones (50 min of 1 s candles);
 * beyond it the oldest go, so a tab left open for days holds a bounded series.
 */
export const KLINE_KEEP = 5000;

// Names and codes pair up index by index: both lists follow the spec's order.
const CODE_TO_NAME = new Map<string, KlineIntervalName>(
  KLINE_INTERVAL_NAMES.map((name, i) => [WIRE_INTERVALS[i] ?? '1', name]),
);

/** Wire code of a spec name ("1h" → "60"), an alias ("1D" → "D") or a wire code itself; undefined if unknown. */
export const toWireInterval: (nameOrCode: string) => WireInterval | undefined = toInterval;

/** Spec name of a wire code ("60" → "1h"); undefined if unknown. */
export function toIntervalName(code: string): KlineIntervalName | undefined {
  return CODE_TO_NAME.get(code);
}

// ---- REST paging (spec §7) ----

/** State of one initial chart load: a first page ending `end`, then pages back toward `start`. */
export interface KlinePaging {
  /** Earliest time the chart asked for (ms); -Infinity to take all four pages when they are full. */
  readonly start: number;
  /** End of the first page (ms): now, or the chart's `to`. */
  readonly end: number;
  /** Pages answered so far. */
  readonly pages: number;
  /** Rows in the last answered page. */
  readonly lastCount: number;
  /** Candles so far, ascending. */
  readonly candles: readonly CandleRow[];
}

/** The next step of a load: fetch a page (`end`, `limit` are the query), or done with the candles. */
export type KlinePagePlan =
  | { readonly type: 'fetch'; readonly end: number; readonly limit: number }
  | { readonly type: 'done'; readonly candles: readonly CandleRow[] };

/** Starts a load for the range [start, end]. */
export function startKlinePaging(start: number, end: number): KlinePaging {
  return { start, end, pages: 0, lastCount: 0, candles: [] };
}

/**
 * What to do next (spec §7): first a page of 500 ending at `end`; then a page ending just before the oldest candle,
 * at most 3 times, while the oldest candle is later than `start` and the last page came back full (500 rows).
 */
export function planKlinePage(s: KlinePaging): KlinePagePlan {
  if (s.pages === 0) return { type: 'fetch', end: s.end, limit: KLINE_PAGE_LIMIT };
  const oldest = s.candles[0];
  if (
    oldest === undefined ||
    s.pages > KLINE_EXTRA_PAGES ||
    s.lastCount < KLINE_PAGE_LIMIT ||
    oldest.time <= s.start
  )
    return { type: 'done', candles: s.candles };
  return { type: 'fetch', end: oldest.time - 1, limit: KLINE_PAGE_LIMIT };
}

/**
 * Records an answered page (ascending, from `parseKlineRest`; [] for a failed fetch, which ends the load with what
 * came before: a failed first page leaves the chart empty, spec §8). Rows not older than the series are dropped,
 * so a server ignoring `end` cannot loop or duplicate.
 */
export function recordKlinePage(s: KlinePaging, page: readonly CandleRow[]): KlinePaging {
  const oldest = s.candles[0];
  const older = oldest === undefined ? page : page.filter((c) => c.time < oldest.time);
  const last = older[older.length - 1];
  // The page's newest candle is followed by the series' oldest: it is closed.
  const joined =
    oldest !== undefined && last !== undefined && !last.confirm
      ? [...older.slice(0, -1), { ...last, confirm: true }, ...s.candles]
      : [...older, ...s.candles];
  return {
    ...s,
    pages: s.pages + 1,
    // A page that brought nothing new counts as short: paging further would only repeat it.
    lastCount: older.length === 0 ? 0 : page.length,
    candles: joined,
  };
}

/** Query parameters of a planned page for GET /v5/market/kline (bybit-wire.md §3). */
export function klineQuery(
  symbol: string,
  interval: WireInterval,
  plan: { readonly end: number; readonly limit: number },
): Record<string, string> {
  return {
    category: 'spot',
    symbol,
    interval,
    end: String(Math.floor(plan.end)),
    limit: String(plan.limit),
  };
}

/**
 * Candles of a REST kline answer, ascending (`result.list` is newest first: [start, open, high, low, close,
 * volume, turnover] strings), or [] on any failure: a non-zero retCode, a missing list, any malformed row (spec §8).
 * Every candle but the newest is closed; the newest may still be forming.
 */
export function parseKlineRest(json: unknown): CandleRow[] {
  if (!isObj(json) || json.retCode !== 0) return [];
  const result = json.result;
  if (!isObj(result) || !Array.isArray(result.list)) return [];
  const list = result.list as readonly unknown[];
  const out: CandleRow[] = [];
  for (let i = list.length - 1; i >= 0; i--) {
    const row = list[i];
    if (!Array.isArray(row) || row.length < 6) return [];
    const r = row as readonly unknown[];
    const time = wireNumber(r[0]);
    const open = wireNumber(r[1]);
    const high = wireNumber(r[2]);
    const low = wireNumber(r[3]);
    const close = wireNumber(r[4]);
    const volume = wireNumber(r[5]);
    const turnover = r.length > 6 ? wireNumber(r[6]) : 0;
    if (!Number.isSafeInteger(time) || Math.abs(time) > 1e13) return [];
    if (!isPrice(open) || !isPrice(high) || !isPrice(low) || !isPrice(close)) return [];
    if (!isAmount(volume) || !isAmount(turnover)) return [];
    const prev = out[out.length - 1];
    if (prev !== undefined && prev.time >= time) return [];
    out.push({ time, open, high, low, close, volume, turnover, confirm: i !== 0 });
  }
  return out;
}

// ---- live candles ----

/** What a live row did to the series. */
export type CandleMerge = 'appended' | 'updated' | 'replaced' | 'ignored';

/**
 * Merges a live kline row into `candles` (ascending; mutated in place: the caller's series, bounded to `keep`).
 * A newer start appends (closing the previous last candle); the same start as the last updates it, and a
 * `confirm` row closes it; an older start replaces the candle with that start if there is one, else is ignored.
 * A closed candle is never reopened: an unconfirmed row for it is ignored.
 */
export function mergeLiveCandle(
  candles: CandleRow[],
  row: WireKline,
  keep: number = KLINE_KEEP,
): CandleMerge {
  const next: CandleRow = {
    time: row.start,
    open: row.open,
    high: row.high,
    low: row.low,
    close: row.close,
    volume: row.volume,
    turnover: row.turnover,
    confirm: row.confirm,
  };
  const n = candles.length;
  const last = candles[n - 1];
  if (last === undefined || row.start > last.time) {
    if (last !== undefined && !last.confirm) candles[n - 1] = { ...last, confirm: true };
    candles.push(next);
    if (candles.length > keep) candles.splice(0, candles.length - keep);
    return 'appended';
  }
  const i = row.start === last.time ? n - 1 : findStart(candles, row.start);
  const cur = candles[i];
  if (i < 0 || cur === undefined) return 'ignored';
  if (cur.confirm && !row.confirm) return 'ignored';
  candles[i] = i === n - 1 ? next : { ...next, confirm: true };
  return i === n - 1 ? 'updated' : 'replaced';
}

/** Index of the candle starting at `time`, or -1 (binary search: the series is ascending). */
function findStart(candles: readonly CandleRow[], time: number): number {
  let lo = 0;
  let hi = candles.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const t = candles[mid]?.time ?? 0;
    if (t === time) return mid;
    if (t < time) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

function isPrice(x: number): boolean {
  return x > 0 && x <= MAX_WIRE_NUMBER;
}

function isAmount(x: number): boolean {
  return x >= 0 && x <= MAX_WIRE_NUMBER;
}
