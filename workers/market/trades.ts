/**
 * Latest trades of one symbol (spec §9: 40 shown, 100 kept), fed by `publicTrade.{symbol}` (bybit-wire.md §2.2).
 * A ring of immutable rows, newest first; ids are deduplicated, and a trade older than the newest kept one is late
 * and dropped (a list that only grows at its head never reorders under the reader). Spot ids are increasing decimal
 * strings, so the usual trade is simply newer than the head and needs no lookup; only an id not newer than the head
 * (rare: replays, reordering, or feeds with non-numeric ids) is searched among the 100 kept.
 */
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
