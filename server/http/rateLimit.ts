/**
 * Sliding-window attempt limiter for login and register: at most `max` counted attempts per key in `windowMs`;
 * a blocked key learns how many seconds to wait (the `Retry-After` of its 429).
 */

/** Counts attempts per key (an address or an account) in a sliding window. */
export class RateLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly now: () => number,
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Seconds until the key may try again (0: allowed now). */
  retryAfter(key: string): number {
    const list = this.live(key);
    if (list.length < this.max) return 0;
    const oldest = list[0] ?? this.now();
    return Math.max(1, Math.ceil((oldest + this.windowMs - this.now()) / 1000));
  }

  /** Counts one attempt of the key. */
  hit(key: string): void {
    const list = this.live(key);
    list.push(this.now());
    this.hits.set(key, list);
    // Bound memory: forget keys whose window is over once the map grows.
    if (this.hits.size > 10_000)
      for (const k of [...this.hits.keys()]) if (this.live(k).length === 0) this.hits.delete(k);
  }

  /** Takes back the newest attempt of the key (an attempt reserved before it was known to fail, that succeeded). */
  undo(key: string): void {
    const list = this.live(key);
    list.pop();
    if (list.length === 0) this.hits.delete(key);
    else this.hits.set(key, list);
  }

  private live(key: string): number[] {
    const cutoff = this.now() - this.windowMs;
    const list = (this.hits.get(key) ?? []).filter((t) => t > cutoff);
    if (list.length === 0) this.hits.delete(key);
    return list;
  }
}
