/**
 * Latest trades of one symbol (spec §9: 40 shown, 100 kept), fed by `publicTrade.{symbol}` (bybit-wire.md §2.2).
 * A ring of immutable rows, newest first; ids are deduplicated, and a trade older than the newest kept one is late
 * and dropped (a list that only grows at its head never reorders under the reader). Spot ids are increasing decimal
 * strings, so the usual trade is simply newer than the head and needs no lookup; only an id not newer than the head
 * (rare: replays, reordering, or feeds with non-numeric ids) is searched among the 100 kept.
 */
import { isObj, MAX_WIRE_NUMBER, wireNumber } from '../protocol/decode';
import type { WireTrade } from '../protocol/wire';

/** Trades kept per symbol (spec §9 "capped at 100 in the realtime list"). */
export const TRADES_KEPT = 100;

/** Trades shown (spec §9 "Recent trades: 40 rows"). */
export const TRADES_SHOWN = 40;

/** One trade row: the decoded wire trade itself, shared, never copied. */
export type TradeRow = WireTrade;

/** Counters of what the tape did with its input. */
export interface TradeCounters {
  added: number;
  /** An id already kept. */
  duplicate: number;
  /** An id older than the newest kept one and not kept (reordered, or evicted long ago). */
  late: number;
}

/** The latest-trades reducer: newest first, bounded, deduplicated by id. */
export class TradeTape {
  private readonly ring: (TradeRow | undefined)[];
  // Index of the newest row; rows run backwards (mod capacity) from it.
  private head = -1;
  private n = 0;
  private changes = 0;
  private readonly tally: TradeCounters = { added: 0, duplicate: 0, late: 0 };

  constructor(readonly capacity: number = TRADES_KEPT) {
    this.ring = new Array<TradeRow | undefined>(Math.max(1, capacity)).fill(undefined);
  }

  /** Rows kept. */
  get size(): number {
    return this.n;
  }

  /** Bumped whenever a trade is added. */
  get version(): number {
    return this.changes;
  }

  /** A copy of the counters. */
  counters(): TradeCounters {
    return { ...this.tally };
  }

  /** Adds trades given oldest first (wire order); returns how many were kept. */
  add(trades: readonly TradeRow[]): number {
    let added = 0;
    for (const t of trades) {
      const newest = this.at(0);
      if (newest !== undefined && !isNewerId(t.id, newest.id)) {
        if (this.indexOf(t.id) >= 0) {
          this.tally.duplicate++;
          continue;
        }
        if (isOlderId(t.id, newest.id)) {
          this.tally.late++;
          continue;
        }
      }
      this.push(t);
      added++;
    }
    if (added > 0) {
      this.tally.added += added;
      this.changes++;
    }
    return added;
  }

  /** The row at `i` (0 = newest), undefined past the end. */
  at(i: number): TradeRow | undefined {
    if (i < 0 || i >= this.n) return undefined;
    const cap = this.ring.length;
    return this.ring[(this.head - i + cap) % cap];
  }

  /** The newest `count` rows (default 40), newest first: a fresh array for a diff. */
  newest(count: number = TRADES_SHOWN): TradeRow[] {
    const k = Math.max(0, Math.min(count, this.n));
    const out: TradeRow[] = [];
    for (let i = 0; i < k; i++) {
      const t = this.at(i);
      if (t !== undefined) out.push(t);
    }
    return out;
  }

  /**
   * Merges a REST page of recent trades (oldest first) into the tape: rows newer than the head are added as live
   * ones would be, rows older than the oldest kept one fill the old end while there is room, and rows in between are
   * already covered by the live feed (or are duplicates). A page that answers after live trades began is therefore
   * not lost as "late", and one fetched after a reconnect fills the gap at the head. Returns how many rows it kept.
   */
  seed(trades: readonly TradeRow[]): number {
    let added = 0;
    const cap = this.ring.length;
    for (let i = trades.length - 1; i >= 0 && this.n > 0 && this.n < cap; i--) {
      const t = trades[i];
      const oldest = this.at(this.n - 1);
      if (t === undefined || oldest === undefined || !isOlderId(t.id, oldest.id)) continue;
      this.ring[(this.head - this.n + cap) % cap] = t;
      this.n++;
      added++;
    }
    if (added > 0) {
      this.tally.added += added;
      this.changes++;
    }
    const head = this.at(0);
    return added + this.add(head === undefined ? trades : trades.filter((t) => isNewerId(t.id, head.id)));
  }

  /** Forgets every row (symbol change or resubscribe); counters stay. */
  clear(): void {
    this.ring.fill(undefined);
    this.head = -1;
    this.n = 0;
    this.changes++;
  }

  private indexOf(id: string): number {
    for (let i = 0; i < this.n; i++) if (this.at(i)?.id === id) return i;
    return -1;
  }

  private push(t: TradeRow): void {
    const cap = this.ring.length;
    this.head = (this.head + 1) % cap;
    if (this.n < cap) this.n++;
    this.ring[this.head] = t;
  }
}

/** True when trade id `a` is newer than `b` (both decimal, see isOlderId); false when unknown. */
export function isNewerId(a: string, b: string): boolean {
  if (a.length !== b.length) return a.length > b.length && isDecimal(a) && isDecimal(b);
  return a > b && isDecimal(a) && isDecimal(b);
}

/**
 * True when trade id `a` is older than `b`. Spot ids are decimal strings that can exceed 2^53: compared by length,
 * then digit by digit. Ids that are not both decimal have no order we can trust: never "older".
 */
export function isOlderId(a: string, b: string): boolean {
  if (!isDecimal(a) || !isDecimal(b)) return false;
  if (a.length !== b.length) return a.length < b.length;
  return a < b;
}

function isDecimal(s: string): boolean {
  if (s.length === 0 || s.length > 40) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  // A leading zero would break the length order.
  return s.length === 1 || s.charCodeAt(0) !== 48;
}

/**
 * Rows of a GET /v5/market/recent-trade answer (bybit-wire.md §3: newest first) as tape rows, oldest first. A bad
 * envelope gives []; a bad row is skipped, as a bad live frame would be.
 */
export function parseRecentTradesRest(json: unknown, symbol: string): TradeRow[] {
  if (!isObj(json) || json.retCode !== 0 || !isObj(json.result) || !Array.isArray(json.result.list))
    return [];
  const list = json.result.list as readonly unknown[];
  const out: TradeRow[] = [];
  for (let i = list.length - 1; i >= 0; i--) {
    const r = list[i];
    if (!isObj(r) || (r.symbol !== undefined && r.symbol !== symbol)) continue;
    const id = r.execId;
    const side = r.side;
    const time = wireNumber(r.time);
    const price = wireNumber(r.price);
    const qty = wireNumber(r.size);
    if (typeof id !== 'string' || id.length === 0 || id.length > 64) continue;
    if (side !== 'Buy' && side !== 'Sell') continue;
    if (!(Number.isSafeInteger(time) && time > 0)) continue;
    if (!(price > 0 && price <= MAX_WIRE_NUMBER) || !(qty > 0 && qty <= MAX_WIRE_NUMBER)) continue;
    out.push({ id, price, qty, time, side });
  }
  return out;
}
