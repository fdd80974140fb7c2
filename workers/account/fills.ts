/**
 * The account's own fills per symbol (chart markers, the trade-info modal, average lines): from the REST fill calls
 * (classic `buys`/`sells`, unified `list`) and from `execution` pushes, deduplicated by fill id and kept for the
 * 90-day window of spec §9. `bucketMarkers` turns them into one chart marker per side per candle.
 *
 * Ids. The REST rows' `tradeId` is the product's per-fill id, which is the v5 `execId` of the push (the push's own
 * `tradeId` is the public trade's id, shared by both sides of a self-trade, so it cannot be the key).
 */
import Decimal from 'decimal.js';
import { intervalMs, periodStart, toInterval } from '../protocol/intervals';
import type { Fill, FillMarker } from '../protocol/account';
import {
  isRecord,
  toDecimal,
  toDecimalOrZero,
  toId,
  toOrderType,
  toSide,
  toText,
  toTime,
} from '../protocol/fields';
import { compareIds } from './wire';

/** Fill history window (spec §9), days. */
export const FILL_WINDOW_DAYS = 90;
/** One day in ms. */
export const DAY_MS = 86_400_000;
/** Fills kept per symbol at most, oldest dropped first: bounds hub memory for very active accounts. */
export const FILLS_PER_SYMBOL_CAP = 10_000;

// Sums of many fills at up to 18 decimals need more than decimal.js's default 20 significant digits; a clone keeps
// the global Decimal settings of other modules untouched.
const Dec = Decimal.clone({ precision: 40 });

/** Validates one `execution` push row (v5 shape); undefined when unusable. */
export function fromExecutionRow(row: unknown): Fill | undefined {
  if (!isRecord(row)) return undefined;
  return build({
    id: toId(row.execId),
    orderId: toText(row.orderId),
    symbol: toId(row.symbol),
    side: toSide(row.side),
    time: toTime(row.execTime),
    price: toDecimal(row.execPrice),
    qty: toDecimal(row.execQty),
    value: toDecimal(row.execValue),
    fee: toDecimalOrZero(row.execFee),
    feeCurrency: toText(row.feeCurrency),
    orderType: toOrderType(row.orderType),
  });
}

/** Validates one unified REST fill row (getTradeInfoForKLine `list`); the call is per symbol, so the caller names it. */
export function fromUnifiedFillRow(symbol: string, row: unknown): Fill | undefined {
  if (!isRecord(row)) return undefined;
  return build({
    id: toId(row.tradeId),
    orderId: toText(row.orderId),
    symbol,
    side: toSide(row.side),
    time: toTime(row.tradeTime),
    price: toDecimal(row.execPrice),
    qty: toDecimal(row.execQty),
    value: toDecimal(row.execValue),
    fee: toDecimalOrZero(row.execFee),
    feeCurrency: toText(row.feeCurrency),
    orderType: toOrderType(row.orderType),
  });
}

/** Validates one classic REST fill row (getTradeInfo `buys` or `sells`: the list gives the side). */
export function fromClassicFillRow(symbol: string, side: 'Buy' | 'Sell', row: unknown): Fill | undefined {
  if (!isRecord(row)) return undefined;
  return build({
    id: toId(row.tradeId),
    orderId: toText(row.orderId),
    symbol,
    side,
    time: toTime(row.matchTime),
    price: toDecimal(row.price),
    qty: toDecimal(row.quantity),
    value: toDecimal(row.amount),
    fee: toDecimalOrZero(row.tokenFee),
    feeCurrency: toText(row.feeTokenId),
    orderType: toOrderType(row.orderType),
  });
}

/** Every field possibly missing: what the row readers hand to build(). */
type Maybe<T> = { readonly [K in keyof T]: T[K] | undefined };

function build(p: Maybe<Fill>): Fill | undefined {
  const { id, symbol, side, time, price, qty, value, fee, orderType } = p;
  if (
    id === undefined ||
    symbol === undefined ||
    side === undefined ||
    time === undefined ||
    price === undefined ||
    qty === undefined ||
    value === undefined ||
    fee === undefined ||
    orderType === undefined
  ) {
    return undefined;
  }
  return {
    id,
    orderId: p.orderId ?? '',
    symbol,
    side,
    time,
    price,
    qty,
    value,
    fee,
    feeCurrency: p.feeCurrency ?? '',
    orderType,
  };
}

/** A REST fill answer, read: the fills, the server's version (newest fill id it counted) and unreadable rows. */
export interface RestFills {
  readonly fills: readonly Fill[];
  /** classic lastTradeId / unified maxMarginVersion; "0" when the window held no fill. */
  readonly version: string;
  readonly bad: number;
}

/** Reads a classic getTradeInfo result ({lastTradeId, buys, sells}); undefined when it is not one. */
export function parseClassicFills(symbol: string, result: unknown): RestFills | undefined {
  if (!isRecord(result) || !Array.isArray(result.buys) || !Array.isArray(result.sells)) return undefined;
  const fills: Fill[] = [];
  let bad = 0;
  const sides: ['Buy' | 'Sell', readonly unknown[]][] = [
    ['Buy', result.buys as readonly unknown[]],
    ['Sell', result.sells as readonly unknown[]],
  ];
  for (const [side, rows] of sides) {
    for (const row of rows) {
      const f = fromClassicFillRow(symbol, side, row);
      if (f === undefined) bad++;
      else fills.push(f);
    }
  }
  return { fills, version: toId(result.lastTradeId) ?? '0', bad };
}

/** Reads a unified getTradeInfoForKLine result ({maxMarginVersion, list}); undefined when it is not one. */
export function parseUnifiedFills(symbol: string, result: unknown): RestFills | undefined {
  if (!isRecord(result) || !Array.isArray(result.list)) return undefined;
  const fills: Fill[] = [];
  let bad = 0;
  for (const row of result.list as readonly unknown[]) {
    const f = fromUnifiedFillRow(symbol, row);
    if (f === undefined) bad++;
    else fills.push(f);
  }
  return { fills, version: toId(result.maxMarginVersion) ?? '0', bad };
}

/** Ascending (time, id) order of fills. */
function byTime(a: Fill, b: Fill): number {
  return a.time - b.time || compareIds(a.id, b.id);
}

interface SymbolFills {
  /** Ascending (time, id). */
  readonly rows: Fill[];
  readonly ids: Set<string>;
  version: number;
  /** Immutable copy handed out, rebuilt once per version. */
  view: readonly Fill[] | null;
}

/** Fills per symbol within the 90-day window (one per logged-in account; drop it when the account changes). */
export class FillHistory {
  private readonly bySymbol = new Map<string, SymbolFills>();
  private changes = 0;

  /** Increments whenever any symbol's fills change. */
  get version(): number {
    return this.changes;
  }

  /** Version of one symbol's fills (0 when none were ever held). */
  symbolVersion(symbol: string): number {
    return this.bySymbol.get(symbol)?.version ?? 0;
  }

  /**
   * Adds fills (REST pages or pushes, in any order); duplicates and fills older than the window at `now` are
   * skipped. Returns the fills actually added, so the caller can feed the same ones to the average lines.
   */
  add(fills: readonly Fill[], now: number): Fill[] {
    const since = now - FILL_WINDOW_DAYS * DAY_MS;
    const added: Fill[] = [];
    const touched = new Set<SymbolFills>();
    for (const f of fills) {
      if (f.time < since) continue;
      const s = this.symbol(f.symbol);
      if (s.ids.has(f.id)) continue;
      s.ids.add(f.id);
      insertSorted(s.rows, f);
      added.push(f);
      touched.add(s);
    }
    for (const s of touched) {
      if (s.rows.length > FILLS_PER_SYMBOL_CAP) {
        for (const old of s.rows.splice(0, s.rows.length - FILLS_PER_SYMBOL_CAP)) s.ids.delete(old.id);
      }
      this.touch(s);
    }
    return added;
  }

  /** Drops fills that left the 90-day window at `now`; returns how many. */
  prune(now: number): number {
    const since = now - FILL_WINDOW_DAYS * DAY_MS;
    let dropped = 0;
    for (const s of this.bySymbol.values()) {
      let n = 0;
      while (n < s.rows.length && (s.rows[n]?.time ?? since) < since) n++;
      if (n === 0) continue;
      for (const old of s.rows.splice(0, n)) s.ids.delete(old.id);
      dropped += n;
      this.touch(s);
    }
    return dropped;
  }

  /** A symbol's fills, oldest first; immutable and reused until they change. */
  list(symbol: string): readonly Fill[] {
    const s = this.bySymbol.get(symbol);
    if (s === undefined) return [];
    s.view ??= s.rows.slice();
    return s.view;
  }

  /** Fills by id (the trade-info modal asks for a marker's fills). */
  byIds(symbol: string, ids: readonly string[]): Fill[] {
    const s = this.bySymbol.get(symbol);
    if (s === undefined) return [];
    const want = new Set(ids);
    return s.rows.filter((f) => want.has(f.id));
  }

  /** Forgets everything (logout or account switch). */
  clear(): void {
    for (const s of this.bySymbol.values()) {
      if (s.rows.length === 0) continue;
      s.rows.length = 0;
      s.ids.clear();
      this.touch(s);
    }
  }

  private symbol(symbol: string): SymbolFills {
    let s = this.bySymbol.get(symbol);
    if (s === undefined) {
      s = { rows: [], ids: new Set(), version: 0, view: null };
      this.bySymbol.set(symbol, s);
    }
    return s;
  }

  private touch(s: SymbolFills): void {
    s.version++;
    s.view = null;
    this.changes++;
  }
}

/** Inserts keeping ascending order; pushes are the newest, so the common case is an append found in one step. */
function insertSorted(rows: Fill[], f: Fill): void {
  const last = rows[rows.length - 1];
  if (last === undefined || byTime(last, f) <= 0) {
    rows.push(f);
    return;
  }
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const row = rows[mid];
    if (row !== undefined && byTime(row, f) <= 0) lo = mid + 1;
    else hi = mid;
  }
  rows.splice(lo, 0, f);
}

// ───────────────────────────── chart markers ─────────────────────────────

/** A candle interval: a fixed length in ms, or the calendar week ('W', Monday 00:00 UTC) or month ('M'). */
export type CandleInterval = number | 'W' | 'M';

const WEEK_MS = 7 * DAY_MS;

/** The candle interval of a wire code ("1", "60", "D", "W", "M", "1s") or spec alias ("1m", "1h", "1D", "1M"). */
export function toCandleInterval(code: string): CandleInterval | undefined {
  const iv = toInterval(code);
  if (iv === undefined) return undefined;
  return iv === 'W' || iv === 'M' ? iv : intervalMs(iv);
}

/** Start (ms, UTC) of the candle holding `t`. A 7-day ms length is the calendar week. */
export function candleStart(interval: CandleInterval, t: number): number {
  if (interval === 'M') return periodStart('M', t);
  if (interval === 'W' || interval === WEEK_MS) return periodStart('W', t);
  return Math.floor(t / interval) * interval;
}

/** Options of bucketMarkers. */
export interface MarkerOptions {
  /** Only fills with from ≤ time < to (the chart's loaded range); default: all. */
  readonly from?: number;
  readonly to?: number;
  /** Decimals of avgPrice; default 8. */
  readonly pricePrecision?: number;
}

interface Bucket {
  count: number;
  qty: Decimal;
  value: Decimal;
  readonly ids: string[];
}

/**
 * Chart markers of fills bucketed per candle: ascending time, within one candle the buy marker before the sell one
 * (lightweight-charts wants markers sorted by time). O(n) over the fills (sorted first if the input is not).
 */
export function bucketMarkers(
  fills: readonly Fill[],
  interval: CandleInterval,
  opts: MarkerOptions = {},
): FillMarker[] {
  const from = opts.from ?? -Infinity;
  const to = opts.to ?? Infinity;
  const dp = opts.pricePrecision ?? 8;
  const rows = isSorted(fills) ? fills : fills.slice().sort(byTime);
  const out: FillMarker[] = [];
  let start = NaN;
  let buy: Bucket | null = null;
  let sell: Bucket | null = null;
  const flush = (): void => {
    if (buy !== null) out.push(toMarker(start, 'Buy', buy, dp));
    if (sell !== null) out.push(toMarker(start, 'Sell', sell, dp));
    buy = null;
    sell = null;
  };
  for (const f of rows) {
    if (f.time < from || f.time >= to) continue;
    const s = candleStart(interval, f.time);
    if (s !== start) {
      flush();
      start = s;
    }
    let b: Bucket;
    if (f.side === 'Buy') b = buy ??= newBucket();
    else b = sell ??= newBucket();
    b.count++;
    b.qty = b.qty.plus(f.qty);
    b.value = b.value.plus(f.value);
    b.ids.push(f.id);
  }
  flush();
  return out;
}

function newBucket(): Bucket {
  return { count: 0, qty: new Dec(0), value: new Dec(0), ids: [] };
}

function toMarker(time: number, side: 'Buy' | 'Sell', b: Bucket, dp: number): FillMarker {
  const avg = b.qty.isZero() ? new Dec(0) : b.value.div(b.qty);
  return {
    time,
    side,
    count: b.count,
    qty: b.qty.toFixed(),
    value: b.value.toFixed(),
    avgPrice: avg.toDecimalPlaces(dp, Decimal.ROUND_HALF_UP).toFixed(),
    fillIds: b.ids,
  };
}

function isSorted(fills: readonly Fill[]): boolean {
  for (let i = 1; i < fills.length; i++) {
    const a = fills[i - 1];
    const b = fills[i];
    if (a !== undefined && b !== undefined && byTime(a, b) > 0) return false;
  }
  return true;
}
