/**
 * Average buy and sell price lines of the chart (spec §4 "Average-price lines", §7 averages calls, §9 day choices).
 *
 * Each line starts from the server's sums for a day span and is then kept current by the account's new fills for the
 * symbol: a fill counts only if its id is newer than the server's version (lastTradeId / maxMarginVersion, the
 * newest fill id the server summed) and was not counted already, so a fill seen both in the sums and as a push, or
 * pushed twice, is never counted twice. Fills pushed while the request was in flight are remembered and added when
 * the answer lands if the server had not counted them yet.
 *
 * Fills leaving the window as days pass are not subtracted: the hub refetches on symbol, day-span or account change
 * and on reconnect, which is also when the spec's product refetches.
 */
import Decimal from 'decimal.js';
import { AVERAGE_DAY_CHOICES, type AverageDays, type AverageLine, type Fill } from '../protocol/account';
import { isRecord, toDecimal, toId } from '../protocol/fields';
import { compareIds } from './wire';

/** Account families: different calls, and classic averages are capped at 90 days. */
export type AccountKind = 'classic' | 'unified';

/** Default day span (spec §9). */
export const DEFAULT_AVERAGE_DAYS: AverageDays = 7;
/** Classic accounts' averages never span more than this many days (spec §7, §9). */
export const CLASSIC_AVERAGE_MAX_DAYS = 90;
/** Pushed fills remembered per symbol for answers still in flight. */
export const RECENT_FILLS_CAP = 2000;

const Dec = Decimal.clone({ precision: 40 });
const CHOICES: ReadonlySet<number> = new Set(AVERAGE_DAY_CHOICES);

/** A stored or requested day span, or the default when it is not one of the choices. */
export function toAverageDays(x: unknown): AverageDays {
  const n = typeof x === 'string' ? Number(x) : x;
  return typeof n === 'number' && CHOICES.has(n) ? (n as AverageDays) : DEFAULT_AVERAGE_DAYS;
}

/** The day span actually requested: classic accounts are capped at 90. */
export function effectiveAverageDays(days: AverageDays, account: AccountKind): number {
  return account === 'classic' ? Math.min(days, CLASSIC_AVERAGE_MAX_DAYS) : days;
}

/** The server's sums for one side and span. */
export interface AverageSnapshot {
  /** Newest fill id included in the sums; "0" when none. */
  readonly version: string;
  /** Quote value summed (priceTotal / sumExecValue). */
  readonly valueSum: string;
  /** Base quantity summed (quantitySum / sumExecQty). */
  readonly qtySum: string;
}

/** Reads an averages answer: classic {lastTradeId, priceTotal, quantitySum}, unified {maxMarginVersion, sumExecValue, sumExecQty}. */
export function parseAverageResult(account: AccountKind, result: unknown): AverageSnapshot | undefined {
  if (!isRecord(result)) return undefined;
  const version = toId(account === 'classic' ? result.lastTradeId : result.maxMarginVersion) ?? '0';
  const valueSum = toDecimal(account === 'classic' ? result.priceTotal : result.sumExecValue);
  const qtySum = toDecimal(account === 'classic' ? result.quantitySum : result.sumExecQty);
  if (valueSum === undefined || qtySum === undefined) return undefined;
  return { version, valueSum, qtySum };
}

/** What the hub needs to ask for one line. */
export interface AverageQuery {
  readonly symbol: string;
  readonly symbolId: number;
  readonly side: 'Buy' | 'Sell';
  readonly days: AverageDays;
}

/**
 * Query parameters of the averages call (spec §7): unified getTradeAvgPriceForKLine {contractType 6, symbol, side
 * 1 buy / 2 sell, daySpan}; classic getTradeAvgInfo {symbol_id, side 0 / 1, start_time, end_time, limit 1000,
 * daySpan capped at 90}.
 */
export function averageRequestParams(
  account: AccountKind,
  q: AverageQuery,
  now: number,
): Readonly<Record<string, string | number>> {
  const daySpan = effectiveAverageDays(q.days, account);
  const side = q.side === 'Buy' ? 0 : 1;
  if (account === 'unified') return { contractType: 6, symbol: q.symbol, side: side + 1, daySpan };
  return {
    symbol_id: q.symbolId,
    side,
    start_time: now - daySpan * 86_400_000,
    end_time: now,
    limit: 1000,
    daySpan,
  };
}

interface LineState {
  readonly symbol: string;
  readonly side: 'Buy' | 'Sell';
  readonly days: number;
  readonly serverVersion: string;
  value: Decimal;
  qty: Decimal;
  /** Fills added on top of the server's sums. */
  readonly counted: Set<string>;
  view: AverageLine | null;
}

function key(symbol: string, side: 'Buy' | 'Sell'): string {
  return `${symbol}|${side}`;
}

/** Average lines per (symbol, side), one per logged-in account. */
export class AveragePrices {
  private readonly lines = new Map<string, LineState>();
  private readonly recent = new Map<string, Fill[]>();
  private changes = 0;

  /** Increments whenever a line changes. */
  get version(): number {
    return this.changes;
  }

  /**
   * Installs the server's sums for a line (the answer for the currently selected span only: the hub drops answers
   * for a span the user already left), then adds remembered fills the server had not counted yet.
   */
  setServer(symbol: string, side: 'Buy' | 'Sell', days: number, snap: AverageSnapshot): AverageLine {
    const line: LineState = {
      symbol,
      side,
      days,
      serverVersion: snap.version,
      value: new Dec(snap.valueSum),
      qty: new Dec(snap.qtySum),
      counted: new Set(),
      view: null,
    };
    for (const f of this.recent.get(symbol) ?? []) if (f.side === side) count(line, f);
    this.lines.set(key(symbol, side), line);
    this.changes++;
    return viewOf(line);
  }

  /** Adds the account's new fills (pushes, or any fill list: old and duplicate fills are no-ops). */
  applyFills(fills: readonly Fill[]): boolean {
    let changed = false;
    for (const f of fills) {
      this.remember(f);
      const line = this.lines.get(key(f.symbol, f.side));
      if (line !== undefined && count(line, f)) changed = true;
    }
    if (changed) this.changes++;
    return changed;
  }

  /** The line of a symbol and side, or undefined before the server answered. */
  line(symbol: string, side: 'Buy' | 'Sell'): AverageLine | undefined {
    const l = this.lines.get(key(symbol, side));
    return l === undefined ? undefined : viewOf(l);
  }

  /** Drops a line (its toggle was hidden or its span changed: a new answer is awaited). */
  drop(symbol: string, side: 'Buy' | 'Sell'): void {
    if (this.lines.delete(key(symbol, side))) this.changes++;
  }

  /** Forgets everything (logout or account switch). */
  clear(): void {
    if (this.lines.size > 0) this.changes++;
    this.lines.clear();
    this.recent.clear();
  }

  private remember(f: Fill): void {
    let list = this.recent.get(f.symbol);
    if (list === undefined) {
      list = [];
      this.recent.set(f.symbol, list);
    }
    list.push(f);
    if (list.length > RECENT_FILLS_CAP * 2) list.splice(0, list.length - RECENT_FILLS_CAP);
  }
}

/** Adds a fill to a line if the server's sums do not hold it and it was not added before. */
function count(line: LineState, f: Fill): boolean {
  if (compareIds(f.id, line.serverVersion) <= 0 || line.counted.has(f.id)) return false;
  line.counted.add(f.id);
  line.value = line.value.plus(f.value);
  line.qty = line.qty.plus(f.qty);
  line.view = null;
  return true;
}

function viewOf(line: LineState): AverageLine {
  if (line.view !== null) return line.view;
  const price = line.qty.isZero() ? new Dec(0) : line.value.div(line.qty);
  line.view = {
    symbol: line.symbol,
    side: line.side,
    days: line.days,
    price: price.toDecimalPlaces(8, Decimal.ROUND_HALF_UP).toFixed(),
    valueSum: line.value.toFixed(),
    qtySum: line.qty.toFixed(),
    positive: price.isPositive() && !price.isZero(),
  };
  return line.view;
}

/** Spec §4: an average line is drawn when its toggle is 'show' and its average is above 0. */
export function isAverageLineShown(toggle: 'show' | 'hide', line: AverageLine | undefined): boolean {
  return toggle === 'show' && line !== undefined && line.positive;
}
