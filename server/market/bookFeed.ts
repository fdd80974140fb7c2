/**
 * Turns the engine's level changes into `orderbook.{depth}.{symbol}` messages: a mirror of the aggregated book, and
 * per depth the last published top-N with its consecutive update id `u`. A flush diffs only the changed levels plus
 * the few ranks around the depth boundary they can have shifted, so it costs O(changes), not O(depth).
 */
import type { Side } from '../engine/types';

/** Depths served, as bybit spot serves them (bybit-wire.md §2.1). */
export const BOOK_DEPTHS = [1, 50, 200] as const;
/** One served depth. */
export type BookDepth = (typeof BOOK_DEPTHS)[number];

/** One side of the mirror: levels sorted best first by a numeric key (bids negated so both sort ascending). */
class MirrorSide {
  readonly keys: number[] = [];
  readonly prices: string[] = [];
  readonly sizes = new Map<string, string>();

  constructor(private readonly sign: 1 | -1) {}

  set(price: string, size: string): void {
    const key = this.sign * Number(price);
    const i = this.lowerBound(key);
    const exists = this.keys[i] === key;
    if (size === '0' || Number(size) === 0) {
      if (exists) {
        this.keys.splice(i, 1);
        this.prices.splice(i, 1);
        this.sizes.delete(price);
      }
      return;
    }
    if (!exists) {
      this.keys.splice(i, 0, key);
      this.prices.splice(i, 0, price);
    }
    this.sizes.set(price, size);
  }

  /** Rank of a price (0 = best) if present, else the rank it would take. */
  rankOf(price: string): number {
    return this.lowerBound(this.sign * Number(price));
  }

  private lowerBound(key: number): number {
    let lo = 0;
    let hi = this.keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.keys[mid] ?? Infinity) < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** A wire book message body (bybit-wire.md §2.1 `data`). */
export interface BookMessage {
  readonly type: 'snapshot' | 'delta';
  readonly b: [string, string][];
  readonly a: [string, string][];
  readonly u: number;
  readonly seq: number;
}

/** Published top-N of one depth topic. */
class DepthTopic {
  readonly published: [Map<string, string>, Map<string, string>] = [
    new Map<string, string>(),
    new Map<string, string>(),
  ];
  u = 0;
  active = false;

  constructor(readonly depth: BookDepth) {}
}

/** The book feed of one symbol. */
export class BookFeed {
  private readonly sides: [MirrorSide, MirrorSide] = [new MirrorSide(-1), new MirrorSide(1)];
  private readonly dirty: [Set<string>, Set<string>] = [new Set(), new Set()];
  private readonly topics = new Map<BookDepth, DepthTopic>(BOOK_DEPTHS.map((d) => [d, new DepthTopic(d)]));
  private seq = 0;

  constructor(readonly symbol: string) {}

  /** Applies one engine level change. */
  onLevel(side: Side, price: string, size: string): void {
    const i = side === 'Buy' ? 0 : 1;
    this.sides[i].set(price, size);
    this.dirty[i].add(price);
  }

  /** True when changes are waiting to be flushed. */
  hasChanges(): boolean {
    return this.dirty[0].size > 0 || this.dirty[1].size > 0;
  }

  /** Starts publishing a depth (first subscriber): its published view starts at the current book. */
  activate(depth: BookDepth): void {
    const t = this.topic(depth);
    if (t.active) return;
    t.active = true;
    for (let s = 0; s < 2; s++) {
      const side = this.sides[s as 0 | 1];
      const pub = t.published[s as 0 | 1];
      pub.clear();
      const n = Math.min(depth, side.prices.length);
      for (let r = 0; r < n; r++) {
        const p = side.prices[r];
        if (p !== undefined) pub.set(p, side.sizes.get(p) ?? '0');
      }
    }
    t.u += 1;
  }

  /** Stops publishing a depth (last subscriber left). */
  deactivate(depth: BookDepth): void {
    this.topic(depth).active = false;
  }

  /** True when a depth has subscribers. */
  isActive(depth: BookDepth): boolean {
    return this.topic(depth).active;
  }

  /** The snapshot a new subscriber gets: the published view at the current `u`. */
  snapshot(depth: BookDepth): BookMessage {
    const t = this.topic(depth);
    return {
      type: 'snapshot',
      b: sorted(t.published[0], -1),
      a: sorted(t.published[1], 1),
      u: t.u,
      seq: this.seq,
    };
  }

  /**
   * Diffs pending changes into one message per active depth (depth 1 is always a snapshot, as on the exchange) and
   * clears them. `emit` gets nothing for a depth whose top-N did not change.
   */
  flush(emit: (depth: BookDepth, msg: BookMessage) => void): void {
    if (!this.hasChanges()) return;
    this.seq += 1;
    for (const t of this.topics.values()) {
      if (!t.active) continue;
      const b = this.diffSide(t, 0);
      const a = this.diffSide(t, 1);
      if (b.length === 0 && a.length === 0) continue;
      t.u += 1;
      if (t.depth === 1) emit(1, this.snapshot(1));
      else emit(t.depth, { type: 'delta', b, a, u: t.u, seq: this.seq });
    }
    this.dirty[0].clear();
    this.dirty[1].clear();
  }

  private diffSide(t: DepthTopic, s: 0 | 1): [string, string][] {
    const side = this.sides[s];
    const pub = t.published[s];
    const dirty = this.dirty[s];
    const out: [string, string][] = [];
    const depth = t.depth;
    const check = (price: string): void => {
      const rank = side.rankOf(price);
      const size = side.sizes.get(price);
      const inTop = size !== undefined && rank < depth;
      const was = pub.get(price);
      if (inTop) {
        if (was !== size) {
          pub.set(price, size);
          out.push([price, size]);
        }
      } else if (was !== undefined) {
        pub.delete(price);
        out.push([price, '0']);
      }
    };
    for (const price of dirty) check(price);
    // Ranks near the boundary may have shifted in or out without changing themselves.
    const k = dirty.size;
    const from = Math.max(0, depth - k);
    const to = Math.min(side.prices.length, depth + k);
    for (let r = from; r < to; r++) {
      const p = side.prices[r];
      if (p !== undefined && !dirty.has(p)) check(p);
    }
    // Anything published that left the book entirely was dirty and handled above; a pushed-out level beyond `to`
    // cannot exist because ranks move by at most k.
    return out;
  }

  private topic(depth: BookDepth): DepthTopic {
    const t = this.topics.get(depth);
    if (t === undefined) throw new Error(`depth ${depth} not served`);
    return t;
  }
}

function sorted(m: Map<string, string>, sign: 1 | -1): [string, string][] {
  const rows = [...m.entries()];
  rows.sort((x, y) => sign * (Number(x[0]) - Number(y[0])));
  return rows;
}
