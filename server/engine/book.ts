/**
 * One side of a price-time priority book. Prices are integer ticks, sizes integer lots.
 *
 * Levels sit in one array sorted worst → best, so the best level is the last element: consuming or cancelling at
 * the touch is a `pop`, and inserting is a binary search plus a short `splice`. Each level is a FIFO queue with lazy
 * deletion (a cancelled entry leaves a hole that the head skips), compacted when holes outnumber live entries.
 */

import type { Side } from './types';

/** What the book needs from a resting order; the engine's order record carries these fields. */
export interface BookEntry {
  /** Unfilled lots; the book keeps its level size equal to the sum over the queue. */
  leavesLots: number;
  /** The level the entry rests in, undefined when not resting. */
  level: PriceLevel<BookEntry> | undefined;
  /** Index of the entry in its level's queue (valid while resting). */
  slot: number;
}

/** One price level: aggregated size plus the FIFO queue of resting entries. */
export class PriceLevel<T extends BookEntry> {
  price = 0;
  /** Sum of leavesLots over live entries. */
  size = 0;
  /** Live entries. */
  count = 0;
  /** Index of the first possibly-live slot. */
  head = 0;
  queue: (T | undefined)[] = [];

  /** The oldest live entry, skipping holes left by cancels. */
  front(): T | undefined {
    const q = this.queue;
    while (this.head < q.length) {
      const e = q[this.head];
      if (e !== undefined) return e;
      this.head++;
    }
    return undefined;
  }

  /** Live entries in time priority (allocates; for queries and persistence, not the hot path). */
  entries(): T[] {
    const out: T[] = [];
    for (let i = this.head; i < this.queue.length; i++) {
      const e = this.queue[i];
      if (e !== undefined) out.push(e);
    }
    return out;
  }
}

const POOL_MAX = 64;

/** One side (bids or asks) of one symbol's book. */
export class BookSide<T extends BookEntry> {
  /** Sorted worst → best: ascending prices for bids, descending for asks. */
  private readonly levels: PriceLevel<T>[] = [];
  /** +1 for bids, -1 for asks: `price * dir` ascends along `levels`. */
  private readonly dir: number;
  /** price → level size before the first change since the last drain (so unchanged levels are not reported). */
  private readonly dirty = new Map<number, number>();
  /** Recycled empty levels: makers placing and cancelling at one price would otherwise allocate per call. */
  private readonly pool: PriceLevel<T>[] = [];

  constructor(readonly side: Side) {
    this.dir = side === 'Buy' ? 1 : -1;
  }

  /** The best (highest bid / lowest ask) level. */
  best(): PriceLevel<T> | undefined {
    return this.levels[this.levels.length - 1];
  }

  /** Number of price levels. */
  get depth(): number {
    return this.levels.length;
  }

  /** The n-th level from the best (0 = best). */
  levelAt(n: number): PriceLevel<T> | undefined {
    return this.levels[this.levels.length - 1 - n];
  }

  /** The level at this price, if any. */
  find(price: number): PriceLevel<T> | undefined {
    const i = this.search(price);
    const l = this.levels[i];
    return l !== undefined && l.price === price ? l : undefined;
  }

  /** Appends the entry to the FIFO queue at this price (lowest priority at that price). */
  add(entry: T, price: number): void {
    const i = this.search(price);
    let level = this.levels[i];
    if (level === undefined || level.price !== price) {
      this.markDirty(price, 0);
      level = this.pool.pop() ?? new PriceLevel<T>();
      level.price = price;
      if (i === this.levels.length) this.levels.push(level);
      else this.levels.splice(i, 0, level);
    } else {
      this.markDirty(price, level.size);
    }
    entry.slot = level.queue.length;
    entry.level = level;
    level.queue.push(entry);
    level.count++;
    level.size += entry.leavesLots;
  }

  /** Takes `lots` off a resting entry (fill or size decrease; keeps priority); removes it when nothing is left. */
  reduce(entry: T, lots: number): void {
    const level = this.levelOf(entry);
    this.markDirty(level.price, level.size);
    entry.leavesLots -= lots;
    level.size -= lots;
    if (entry.leavesLots <= 0) this.unlink(entry, level);
  }

  /** Removes a resting entry with whatever it has left. */
  remove(entry: T): void {
    const level = this.levelOf(entry);
    this.markDirty(level.price, level.size);
    level.size -= entry.leavesLots;
    this.unlink(entry, level);
  }

  /** Best-first [price, size] pairs of up to `limit` levels. */
  top(limit: number): [number, number][] {
    const out: [number, number][] = [];
    for (let i = this.levels.length - 1; i >= 0 && out.length < limit; i--) {
      const l = this.levels[i];
      if (l !== undefined) out.push([l.price, l.size]);
    }
    return out;
  }

  /** Reports every level whose size differs from before the last drain, then forgets the changes. */
  drain(emit: (price: number, size: number) => void): void {
    if (this.dirty.size === 0) return;
    for (const [price, before] of this.dirty) {
      const size = this.find(price)?.size ?? 0;
      if (size !== before) emit(price, size);
    }
    this.dirty.clear();
  }

  private markDirty(price: number, size: number): void {
    if (!this.dirty.has(price)) this.dirty.set(price, size);
  }

  private levelOf(entry: T): PriceLevel<T> {
    const level = entry.level;
    if (level === undefined) throw new Error('book: entry is not resting');
    // The entry's level was created by this side with this entry type.
    return level as PriceLevel<T>;
  }

  private unlink(entry: T, level: PriceLevel<T>): void {
    level.queue[entry.slot] = undefined;
    entry.level = undefined;
    level.count--;
    if (level.count === 0) {
      this.dropLevel(level);
      return;
    }
    const holes = level.queue.length - level.count;
    if (holes > 32 && holes > level.count) this.compact(level);
  }

  private compact(level: PriceLevel<T>): void {
    const live: T[] = [];
    for (let i = level.head; i < level.queue.length; i++) {
      const e = level.queue[i];
      if (e !== undefined) {
        e.slot = live.length;
        live.push(e);
      }
    }
    level.queue = live;
    level.head = 0;
  }

  private dropLevel(level: PriceLevel<T>): void {
    const last = this.levels.length - 1;
    if (this.levels[last] === level) this.levels.pop();
    else {
      const i = this.search(level.price);
      if (this.levels[i] === level) this.levels.splice(i, 1);
    }
    level.queue.length = 0;
    level.head = 0;
    level.size = 0;
    level.count = 0;
    if (this.pool.length < POOL_MAX) this.pool.push(level);
  }

  /** Index of the first level whose key is >= the price's key (insertion point). */
  private search(price: number): number {
    const key = price * this.dir;
    let lo = 0;
    let hi = this.levels.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const l = this.levels[mid];
      if (l !== undefined && l.price * this.dir < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
