/**
 * The order book of one symbol, fed by `orderbook.{depth}.{symbol}` messages (bybit-wire.md §2.1).
 *
 * Prices are integer ticks (round(price × 10^pricePrecision)), converted once here; sizes stay floats (see BookSide).
 * Sequencing: a snapshot always replaces the book; a delta must carry u = local u + 1. An older or equal u is
 * stale and ignored; a jump means lost messages: the book turns invalid and ignores deltas until the caller has
 * resubscribed and a fresh snapshot arrived. u = 1 is the exchange restarting the book: it overwrites.
 */
import type { BookMessage } from '../protocol/wire';
import { BookSide } from './bookSide';

/** Outcome of applying one book message. */
export type BookStatus =
  /** Applied. */
  | 'ok'
  /** u <= local u: an old or repeated message, ignored. */
  | 'stale'
  /** u > local u + 1: messages were lost; the book is now invalid: resubscribe for a snapshot. */
  | 'gap'
  /** u == 1: the exchange restarted the book; the message replaced it. */
  | 'reset'
  /** A delta while the book is invalid (no snapshot yet, or after a gap): ignored until the snapshot. */
  | 'waiting';

/** Counters of what the book did with its input (health figures; never reset by the book). */
export interface BookCounters {
  snapshots: number;
  deltas: number;
  stale: number;
  gaps: number;
  resets: number;
  waiting: number;
  /** Levels removed because a delta left the book crossed. */
  crossedDropped: number;
  /** Wire prices off the tick grid (rounded to the nearest tick). */
  offTick: number;
  /** Levels dropped because a side was full. */
  overflowDropped: number;
}

/** Levels a side keeps at most: orderbook.1000 plus headroom, so a runaway feed cannot grow the hub's memory. */
export const BOOK_MAX_LEVELS = 2000;

/** An order book with integer-tick levels, update-id sequencing and crossed-book repair. */
export class OrderBook {
  /** Bids, best (highest) first by rank. */
  readonly bids: BookSide;
  /** Asks, best (lowest) first by rank. */
  readonly asks: BookSide;
  /** 10^pricePrecision: ticks per unit of price. */
  readonly scale: number;
  private localU = 0;
  private isValid = false;
  // One stamp per applied message, never reused: a level's stamp says which message last wrote it.
  private writes = 0;
  private changes = 0;
  private readonly tally: Omit<BookCounters, 'overflowDropped'> = {
    snapshots: 0,
    deltas: 0,
    stale: 0,
    gaps: 0,
    resets: 0,
    waiting: 0,
    crossedDropped: 0,
    offTick: 0,
  };

  constructor(
    readonly symbol: string,
    /** Price decimals of the symbol: the tick is 10^-pricePrecision. */
    readonly pricePrecision: number,
    maxLevels: number = BOOK_MAX_LEVELS,
  ) {
    this.scale = 10 ** pricePrecision;
    this.bids = new BookSide(1, maxLevels);
    this.asks = new BookSide(-1, maxLevels);
  }

  /** Update id of the last applied message (0 before the first snapshot). */
  get u(): number {
    return this.localU;
  }

  /** False before the first snapshot and after a gap, until the next snapshot. */
  get valid(): boolean {
    return this.isValid;
  }

  /** Bumped on every change of levels or validity: the hub rebuilds views only when it moved. */
  get version(): number {
    return this.changes;
  }

  /** A copy of the counters. */
  counters(): BookCounters {
    return {
      ...this.tally,
      overflowDropped: this.bids.overflowDropped + this.asks.overflowDropped,
    };
  }

  /** Best bid in ticks, NaN when empty. */
  bestBidTicks(): number {
    return this.bids.bestTicks();
  }

  /** Best ask in ticks, NaN when empty. */
  bestAskTicks(): number {
    return this.asks.bestTicks();
  }

  /** Price of a tick count, as the nearest float to the decimal (integer ÷ power of ten rounds correctly). */
  toPrice(ticks: number): number {
    return ticks / this.scale;
  }

  /** Replaces the book with a snapshot; always accepted, whatever its u (bybit: every snapshot resets). */
  applySnapshot(m: BookMessage): 'ok' {
    this.tally.snapshots++;
    this.overwrite(m);
    return 'ok';
  }

  /** Applies a delta; see BookStatus for the outcomes. */
  applyDelta(m: BookMessage): BookStatus {
    this.tally.deltas++;
    if (m.u === 1) {
      this.tally.resets++;
      this.overwrite(m);
      return 'reset';
    }
    if (!this.isValid) {
      this.tally.waiting++;
      return 'waiting';
    }
    if (m.u <= this.localU) {
      this.tally.stale++;
      return 'stale';
    }
    if (m.u > this.localU + 1) {
      this.tally.gaps++;
      this.invalidate();
      return 'gap';
    }
    const stamp = ++this.writes;
    this.applySide(this.bids, m.bids, stamp);
    this.applySide(this.asks, m.asks, stamp);
    this.localU = m.u;
    this.uncross();
    this.changes++;
    return 'ok';
  }

  /**
   * Marks the book invalid (levels stay readable, shown as resyncing) until the next snapshot: after a gap, a
   * reconnect or an unsubscribe.
   */
  invalidate(): void {
    if (!this.isValid) return;
    this.isValid = false;
    this.changes++;
  }

  /** Empties the book and marks it invalid. */
  clear(): void {
    this.bids.clear();
    this.asks.clear();
    this.localU = 0;
    this.isValid = false;
    this.changes++;
  }

  private overwrite(m: BookMessage): void {
    const stamp = ++this.writes;
    this.tally.offTick +=
      this.bids.load(m.bids, this.scale, stamp) + this.asks.load(m.asks, this.scale, stamp);
    this.localU = m.u;
    this.isValid = true;
    this.uncross();
    this.changes++;
  }

  private applySide(side: BookSide, pairs: readonly number[], stamp: number): void {
    const scale = this.scale;
    for (let k = 0; k + 1 < pairs.length; k += 2) {
      const raw = (pairs[k] ?? 0) * scale;
      const ticks = Math.round(raw);
      if (Math.abs(raw - ticks) > 1e-6) this.tally.offTick++;
      side.set(ticks, pairs[k + 1] ?? 0, stamp);
    }
  }

  /**
   * Restores best bid < best ask. A crossed book means some levels are stale (their delete was lost or is late);
   * the level written longer ago is the stale one, so it goes. In the usual case a delta touched one side only,
   * which drops the crossed levels of the side the delta did not touch. When both crossing levels come from the
   * same message (a self-contradictory feed) the ask goes: an arbitrary but fixed choice.
   */
  private uncross(): void {
    const bids = this.bids;
    const asks = this.asks;
    while (bids.length > 0 && asks.length > 0 && bids.bestTicks() >= asks.bestTicks()) {
      if (bids.stampAt(0) >= asks.stampAt(0)) asks.removeBest();
      else bids.removeBest();
      this.tally.crossedDropped++;
    }
  }
}
