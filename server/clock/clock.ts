/**
 * The simulator's clock: wall time plus an offset a test can move forward, and timers that fire on that clock.
 * Everything that runs over time (strategies, interest, upgrades, rebalances) schedules here, so a unit test
 * runs an hour of TWAP in milliseconds with a manual clock and an e2e test moves the live simulator forward
 * with `POST /sim/test/clock`.
 */

/** A pending timer: runs once at `at` (clock time, ms). */
interface Timer {
  readonly id: number;
  readonly at: number;
  readonly fn: () => void;
}

/** Options of a clock. */
export interface ClockOptions {
  /** Base time source (default `Date.now`); a manual clock passes a constant. */
  readonly base?: () => number;
  /** Arm real timeouts for due timers (default true); a manual clock fires only on `advance`. */
  readonly auto?: boolean;
}

/** The engine's clock: `now()`, one-shot and repeating timers, and `advance` for tests. */
export class SimClock {
  private offset = 0;
  private timers: Timer[] = [];
  private nextId = 1;
  private armed: ReturnType<typeof setTimeout> | null = null;
  private armedAt = Infinity;
  private readonly base: () => number;
  private readonly auto: boolean;
  /** Called after each batch of fired timers (the simulator commits the store here). */
  afterFire: () => void = () => undefined;

  constructor(opts: ClockOptions = {}) {
    this.base = opts.base ?? Date.now;
    this.auto = opts.auto ?? true;
  }

  /** A clock that only moves with `advance` (unit tests), starting at `start`. */
  static manual(start = 1_700_000_000_000): SimClock {
    return new SimClock({ base: () => start, auto: false });
  }

  /** Current clock time in ms. */
  readonly now = (): number => this.base() + this.offset;

  /** Runs `fn` once at clock time `at` (at once on the next fire when already due); returns a cancel id. */
  at(at: number, fn: () => void): number {
    const t: Timer = { id: this.nextId++, at, fn };
    // Sorted by time, then by creation, so timers due at the same instant run in the order they were made.
    let i = this.timers.length;
    while (i > 0 && (this.timers[i - 1]?.at ?? 0) > at) i--;
    this.timers.splice(i, 0, t);
    this.arm();
    return t.id;
  }

  /** Runs `fn` once after `ms` of clock time. */
  after(ms: number, fn: () => void): number {
    return this.at(this.now() + ms, fn);
  }

  /** Runs `fn` every `ms` of clock time until the returned stop function is called. */
  every(ms: number, fn: () => void): () => void {
    let id = 0;
    let stopped = false;
    const tick = (): void => {
      if (stopped) return;
      id = this.after(ms, tick);
      fn();
    };
    id = this.after(ms, tick);
    return () => {
      stopped = true;
      this.cancel(id);
    };
  }

  /** Cancels a timer (unknown ids are ignored). */
  cancel(id: number): void {
    this.timers = this.timers.filter((t) => t.id !== id);
  }

  /** Moves the clock forward by `ms` and fires every timer that fell due, in time order. */
  advance(ms: number): void {
    if (!(ms >= 0)) throw new RangeError('advance needs a non-negative duration');
    const target = this.now() + ms;
    // Step through the due timers so each one sees the clock at its own time (a TWAP slice placed at 10:05
    // is stamped 10:05, not at the end of the jump).
    for (;;) {
      const next = this.timers[0];
      if (next === undefined || next.at > target) break;
      if (next.at > this.now()) this.offset += next.at - this.now();
      this.fireDue();
    }
    if (target > this.now()) this.offset += target - this.now();
    this.arm();
  }

  /** Pending timers (tests and the README's inspection). */
  pending(): number {
    return this.timers.length;
  }

  /** Stops the real timeout (timers stay pending; `advance` still fires them). */
  stop(): void {
    if (this.armed !== null) clearTimeout(this.armed);
    this.armed = null;
    this.armedAt = Infinity;
  }

  private fireDue(): void {
    const now = this.now();
    let fired = 0;
    while ((this.timers[0]?.at ?? Infinity) <= now) {
      const t = this.timers.shift();
      if (t === undefined) break;
      fired++;
      try {
        t.fn();
      } catch (e) {
        // A failing timer must not stop the others nor escape into Node's timer loop.
        console.error('[sim] clock: timer failed:', e);
      }
    }
    if (fired > 0) this.afterFire();
  }

  private arm(): void {
    if (!this.auto) return;
    const next = this.timers[0];
    if (next === undefined) {
      this.stop();
      return;
    }
    if (this.armed !== null && this.armedAt <= next.at) return;
    this.stop();
    const delay = Math.min(Math.max(0, next.at - this.now()), 2 ** 31 - 1);
    this.armedAt = next.at;
    this.armed = setTimeout(() => {
      this.armed = null;
      this.armedAt = Infinity;
      this.fireDue();
      this.arm();
    }, delay);
    this.armed.unref();
  }
}
