/**
 * One side of an order book: price levels in integer ticks, kept sorted in typed arrays.
 *
 * Storage is worst-first, best-last (keys ascending, key = +ticks for bids, −ticks for asks): nearly all traffic
 * touches the top of the book, and at the array's end an insert or delete moves only the few levels above it.
 * Callers address levels by rank (0 = best) and never see the storage order.
 */

/** 1 for bids (best = highest price), −1 for asks (best = lowest). */
export type SideSign = 1 | -1;

/** What `set` did to the side. */
export type LevelChange = 'inserted' | 'updated' | 'deleted' | 'absent' | 'overflow';

const INITIAL_CAPACITY = 64;
// Below this many levels to move, a plain loop beats three copyWithin calls (their fixed cost dominates).
const SHORT_MOVE = 24;

/** One side of a book, sorted, with sizes and the write stamp of each level. */
export class BookSide {
  private keys = new Float64Array(INITIAL_CAPACITY);
  // Sizes are floats in base units: display-only (amounts and cumulative sums), never compared for equality
  // except with zero, so a float's ~1e-16 relative error is far below any quantity precision shown.
  private sizes = new Float64Array(INITIAL_CAPACITY);
  // Which book write last set each level: lets the book tell fresh from stale levels when a delta crosses it.
  private stamps = new Float64Array(INITIAL_CAPACITY);
  private n = 0;
  /** Levels dropped because the side was full (see `maxLevels`). */
  overflowDropped = 0;

  constructor(
    readonly sign: SideSign,
    /** Levels kept at most; beyond it the worst levels are dropped (a bounded book, whatever the feed does). */
    readonly maxLevels: number,
  ) {}

  /** Number of levels. */
  get length(): number {
    return this.n;
  }

  /**
   * Raw keys (sign × ticks) in storage order, worst first: entries [0, length) are live. For allocation-free hot
   * readers (the depth merge) only; never written through.
   */
  get rawKeys(): Float64Array {
    return this.keys;
  }

  /** Raw sizes in storage order (see rawKeys). */
  get rawSizes(): Float64Array {
    return this.sizes;
  }

  /** Price in ticks of the level at `rank` (0 = best); NaN past the end. */
  ticksAt(rank: number): number {
    return rank < this.n ? this.sign * (this.keys[this.n - 1 - rank] ?? NaN) : NaN;
  }

  /** Size of the level at `rank` (0 = best); NaN past the end. */
  sizeAt(rank: number): number {
    return rank < this.n ? (this.sizes[this.n - 1 - rank] ?? NaN) : NaN;
  }

  /** Write stamp of the level at `rank`; NaN past the end. */
  stampAt(rank: number): number {
    return rank < this.n ? (this.stamps[this.n - 1 - rank] ?? NaN) : NaN;
  }

  /** Best price in ticks, NaN when the side is empty. */
  bestTicks(): number {
    return this.n === 0 ? NaN : this.sign * (this.keys[this.n - 1] ?? NaN);
  }

  /** Sum of all sizes. */
  totalSize(): number {
    let t = 0;
    for (let i = 0; i < this.n; i++) t += this.sizes[i] ?? 0;
    return t;
  }

  /** Removes every level. */
  clear(): void {
    this.n = 0;
  }

  /** Sets a level's size (0 deletes it). */
  set(ticks: number, size: number, stamp: number): LevelChange {
    const key = this.sign * ticks;
    let i = this.lowerBound(key);
    const found = i < this.n && this.keys[i] === key;
    if (size === 0) {
      if (!found) return 'absent';
      this.removeAt(i);
      return 'deleted';
    }
    if (found) {
      this.sizes[i] = size;
      this.stamps[i] = stamp;
      return 'updated';
    }
    if (this.n >= this.maxLevels) {
      // Full: the new level must beat the worst (index 0) to stay; the worst then goes.
      this.overflowDropped++;
      if (i === 0) return 'overflow';
      this.removeAt(0);
      i--;
      this.insertAt(i, key, size, stamp);
      return 'overflow';
    }
    this.insertAt(i, key, size, stamp);
    return 'inserted';
  }

  /** Drops the best level (used to uncross the book). */
  removeBest(): void {
    if (this.n > 0) this.n--;
  }

  /**
   * Replaces the side with levels given best first as flat [price, size] pairs, scaled by `scale` to ticks.
   * Wire snapshots arrive sorted, so they are copied in one pass; an unsorted or duplicated input falls back to
   * sorted inserts. Zero sizes are skipped. Returns how many prices were off the tick grid (rounded).
   */
  load(pairs: readonly number[], scale: number, stamp: number): number {
    this.clear();
    const count = pairs.length >> 1;
    this.ensure(Math.min(count, this.maxLevels));
    const overflowBefore = this.overflowDropped;
    let offTick = 0;
    let sorted = true;
    let prev = Infinity;
    // Fill best-first from index 0, then reverse into worst-first storage.
    for (let k = 0; k < count; k++) {
      const size = pairs[2 * k + 1] ?? 0;
      if (size === 0) continue;
      if (this.n >= this.maxLevels) {
        // Sorted input: everything left is worse than what is kept.
        this.overflowDropped++;
        continue;
      }
      const raw = (pairs[2 * k] ?? 0) * scale;
      const ticks = Math.round(raw);
      if (Math.abs(raw - ticks) > 1e-6) offTick++;
      const key = this.sign * ticks;
      if (!(key < prev)) {
        sorted = false;
        break;
      }
      prev = key;
      this.keys[this.n] = key;
      this.sizes[this.n] = size;
      this.stamps[this.n] = stamp;
      this.n++;
    }
    if (sorted) {
      this.keys.subarray(0, this.n).reverse();
      this.sizes.subarray(0, this.n).reverse();
      this.stamps.subarray(0, this.n).reverse();
      return offTick;
    }
    this.clear();
    this.overflowDropped = overflowBefore;
    offTick = 0;
    for (let k = 0; k < count; k++) {
      const raw = (pairs[2 * k] ?? 0) * scale;
      const ticks = Math.round(raw);
      if (Math.abs(raw - ticks) > 1e-6) offTick++;
      this.set(ticks, pairs[2 * k + 1] ?? 0, stamp);
    }
    return offTick;
  }

  /** Index of the first key >= `key` in the ascending storage. */
  private lowerBound(key: number): number {
    const keys = this.keys;
    // The top of the book lives at the end: check it first, most changes land there.
    const n = this.n;
    if (n === 0 || (keys[n - 1] ?? 0) < key) return n;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((keys[mid] ?? 0) < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private removeAt(i: number): void {
    const n = this.n;
    if (n - i - 1 > SHORT_MOVE) {
      this.keys.copyWithin(i, i + 1, n);
      this.sizes.copyWithin(i, i + 1, n);
      this.stamps.copyWithin(i, i + 1, n);
    } else {
      const keys = this.keys;
      const sizes = this.sizes;
      const stamps = this.stamps;
      for (let j = i + 1; j < n; j++) {
        keys[j - 1] = keys[j] ?? 0;
        sizes[j - 1] = sizes[j] ?? 0;
        stamps[j - 1] = stamps[j] ?? 0;
      }
    }
    this.n = n - 1;
  }

  private insertAt(i: number, key: number, size: number, stamp: number): void {
    this.ensure(this.n + 1);
    const n = this.n;
    const keys = this.keys;
    const sizes = this.sizes;
    const stamps = this.stamps;
    if (n - i > SHORT_MOVE) {
      keys.copyWithin(i + 1, i, n);
      sizes.copyWithin(i + 1, i, n);
      stamps.copyWithin(i + 1, i, n);
    } else {
      for (let j = n; j > i; j--) {
        keys[j] = keys[j - 1] ?? 0;
        sizes[j] = sizes[j - 1] ?? 0;
        stamps[j] = stamps[j - 1] ?? 0;
      }
    }
    keys[i] = key;
    sizes[i] = size;
    stamps[i] = stamp;
    this.n = n + 1;
  }

  private ensure(capacity: number): void {
    if (capacity <= this.keys.length) return;
    let cap = this.keys.length;
    while (cap < capacity) cap *= 2;
    this.keys = grow(this.keys, cap, this.n);
    this.sizes = grow(this.sizes, cap, this.n);
    this.stamps = grow(this.stamps, cap, this.n);
  }
}

function grow(a: Float64Array, cap: number, used: number): Float64Array<ArrayBuffer> {
  const b = new Float64Array(cap);
  b.set(a.subarray(0, used));
  return b;
}
