/**
 * Fair sharing on the realtime socket: how much one connection may ask of the server. Every connection gets the
 * same two token buckets (control frames, and snapshot bytes sent on subscribe); a client that keeps asking past
 * them is refused, then dropped, before its cost reaches the clients that behave.
 */

/** Limits per connection (README "Realtime limits" lists them). */
export const FAIRNESS = {
  /** Topics one connection may hold at once. */
  maxTopics: 200,
  /** Control frames (subscribe, unsubscribe, ping, bad frames): a burst, then a steady rate. */
  frameBurst: 200,
  framesPerSecond: 50,
  /** Snapshot bytes a connection may be sent on subscribe: a burst, then a steady rate. */
  snapshotBurstBytes: 512 * 1024,
  snapshotBytesPerSecond: 256 * 1024,
  /**
   * Milliseconds of snapshot building all connections of one address may cost the server: a burst, then a steady
   * share of one core (1.5 %). Time, not bytes, because time is what the other clients wait for, and it tracks the
   * machine's load. A client that reconnects to get a fresh connection budget still draws from this one; loopback
   * clients all share it, so a page's own first subscribes (a few ms) fit many times over.
   */
  addressSnapshotBurstMs: 60,
  addressSnapshotMsPerSecond: 15,
  /** Share of its own snapshot budget a connection must still hold to skip the address's budget (a calm client). */
  calmShare: 0.75,
  /**
   * Greedy drops an address may have before its new connections are refused (429) for a while: a client that
   * reconnects after every drop costs a handshake each time, so the churn itself is budgeted.
   */
  greedyDropBurst: 3,
  greedyDropsPerSecond: 0.2,
  /** Subscribes refused in a row for the snapshot budget before the client is dropped. */
  maxThrottledInARow: 50,
  /** A client with more unsent data than this gets no new snapshots (it is not reading them). */
  snapshotBufferedBytes: 1024 * 1024,
} as const;

/** Close codes the server uses (RFC 6455: 1008 policy violation; 4000 is the idle close). */
export const CLOSE = {
  /** Kept asking past its budget after being refused. */
  greedy: 1008,
  /** Silent past the idle limit. */
  idle: 4000,
} as const;

/**
 * A token bucket: `capacity` tokens, refilled continuously at `perSecond`. `take` may run the level below zero (a
 * debt the refill pays back first), so one large snapshot is charged in full rather than rounded away.
 */
export class TokenBucket {
  private tokens: number;
  private at: number;

  constructor(
    private readonly capacity: number,
    private readonly perSecond: number,
    private readonly now: () => number,
  ) {
    this.tokens = capacity;
    this.at = now();
  }

  /** The current level after refilling (negative while in debt). */
  level(): number {
    const t = this.now();
    if (t > this.at) {
      this.tokens = Math.min(this.capacity, this.tokens + ((t - this.at) / 1000) * this.perSecond);
      this.at = t;
    }
    return this.tokens;
  }

  /** Charges `n` tokens; returns the level after it. */
  take(n: number): number {
    this.tokens = this.level() - n;
    return this.tokens;
  }

  /** True when the bucket is full (a new one would be the same: the owner may forget it). */
  full(): boolean {
    return this.level() >= this.capacity;
  }

  /** Milliseconds until the level is positive again (0 when it is). */
  waitMs(): number {
    const l = this.level();
    return l > 0 ? 0 : Math.ceil(((1 - l) / this.perSecond) * 1000);
  }
}

/**
 * The budgets one peer address shares across all its connections: snapshot building time, and greedy drops (past
 * those, its new connections are refused for a while). Full buckets are forgotten, so the maps stay small.
 */
export class AddressBudgets {
  private readonly snapshotMs = new Map<string, TokenBucket>();
  private readonly drops = new Map<string, TokenBucket>();

  constructor(private readonly now: () => number) {}

  /** The snapshot time bucket of an address (created full). */
  snapshotTime(address: string): TokenBucket {
    let b = this.snapshotMs.get(address);
    if (b === undefined) {
      b = new TokenBucket(FAIRNESS.addressSnapshotBurstMs, FAIRNESS.addressSnapshotMsPerSecond, this.now);
      this.snapshotMs.set(address, b);
    }
    return b;
  }

  /** Counts a greedy drop of one of the address's connections. */
  dropped(address: string): void {
    let b = this.drops.get(address);
    if (b === undefined) {
      b = new TokenBucket(FAIRNESS.greedyDropBurst, FAIRNESS.greedyDropsPerSecond, this.now);
      this.drops.set(address, b);
    }
    b.take(1);
  }

  /** Milliseconds the address must wait before a new connection is accepted (0: accepted now). */
  barredMs(address: string): number {
    const b = this.drops.get(address);
    return b === undefined ? 0 : b.waitMs();
  }

  /** Forgets full buckets (a new one would be the same). */
  forgetIdle(): void {
    for (const m of [this.snapshotMs, this.drops]) for (const [a, b] of m) if (b.full()) m.delete(a);
  }
}
