/**
 * The hub's tab registry and long-poll scheduling: one Tab per registered tab (its interest, last sign of life, its
 * one pending pull, its slow-lane state), held pulls (a paint worker's look just before its next frame) and the
 * timers that answer them. What a tab is answered with is not decided here: `look` (the hub's diff) says that.
 */
import type { HubDiff } from './protocol/diff';
import { NO_INTEREST, type TabInterest } from './protocol/interest';
import { NO_SLOW_LANE, type SlowLane } from './diff';

/** The longest a pull may ask the hub to wait before looking (HubApi.pull `lookAt`); a paint worker asks under a frame. */
export const MAX_HOLD_MS = 100;
/** The longest long poll: a tab asking for more waits this long. */
const MAX_WAIT_MS = 30_000;

/** State kept per tab: what it wants, when it was last heard of, and its pending long-poll. */
export interface Tab {
  interest: TabInterest;
  lastSeen: number;
  waiter: { resolve: (d: HubDiff) => void; timer: number; cursor: number } | null;
  /**
   * Where the slow lane (tickers and the live candle) stands for this tab: the slot it last went in and the hub
   * version it went up to (see SlowLane in diff.ts).
   */
  slow: SlowLane;
  /** Wakes the tab's long poll when the held-back slow lane may go. */
  slowTimer: number | null;
  /** The interest changed: the next diff is a full one for the new interest. */
  full: boolean;
}

/** A pull held until `due` on the high-resolution clock (HubApi.pull `lookAt`); `answer` looks once, at most once. */
interface HeldPull {
  readonly due: number;
  timer: number;
  readonly answer: () => void;
}

/** What the registry needs from the hub. */
export interface TabsEnv {
  /** Wall clock (ms since epoch): last-seen stamps. */
  readonly now: () => number;
  /** High-resolution clock on the page's time base: held pulls' due times. */
  readonly clock: () => number;
  readonly setTimer: (fn: () => void, ms: number) => number;
  readonly clearTimer: (id: number) => void;
  readonly instanceId: string;
  /** The hub's current version: the highest cursor a tab may hold. */
  readonly version: () => number;
  /**
   * Everything in the tab's interest newer than `since`, or null when nothing is. `held`: the look of a held pull
   * (a paint worker's, just before its frame), which opens the slow lane's slots (slowClock.ts).
   */
  readonly look: (tab: Tab, since: number, held: boolean) => HubDiff | null;
}

/** Every registered tab and its pending pull. */
export class TabRegistry {
  private readonly tabs = new Map<string, Tab>();
  /**
   * Held pulls, by when they are due on `env.clock`. Their timers answer them when the hub is idle; while it works
   * through a burst of feed frames (the exchange publishes in bursts), a timer's task would queue behind the whole
   * burst, so each frame also answers those already due (answerDue).
   */
  private readonly held = new Set<HeldPull>();

  constructor(private readonly env: TabsEnv) {}

  /** Number of registered tabs. */
  get size(): number {
    return this.tabs.size;
  }

  /** A registered tab, or undefined. */
  get(tabId: string): Tab | undefined {
    return this.tabs.get(tabId);
  }

  /** Registers a tab with no interest yet; false when it was already registered. */
  add(tabId: string): boolean {
    if (this.tabs.has(tabId)) return false;
    this.tabs.set(tabId, {
      interest: NO_INTEREST,
      lastSeen: this.env.now(),
      waiter: null,
      slow: NO_SLOW_LANE,
      slowTimer: null,
      full: true,
    });
    return true;
  }

  /** Forgets a tab: its pending pull is answered empty (cursor 0) and its slow-lane timer stopped. */
  remove(tabId: string): boolean {
    const tab = this.tabs.get(tabId);
    if (tab === undefined) return false;
    if (tab.waiter !== null) {
      this.env.clearTimer(tab.waiter.timer);
      tab.waiter.resolve({ cursor: 0, instanceId: this.env.instanceId });
    }
    if (tab.slowTimer !== null) this.env.clearTimer(tab.slowTimer);
    this.tabs.delete(tabId);
    return true;
  }

  /** Every tab, by id. */
  entries(): IterableIterator<[string, Tab]> {
    return this.tabs.entries();
  }

  /** Every tab's interest (subscriptions and caches follow their union). */
  interests(): TabInterest[] {
    return [...this.tabs.values()].map((t) => t.interest);
  }

  /** True when a tab that wants account data pulled or beat within `ms` (a hidden page does not pull). */
  anyAccountTabSeen(ms: number): boolean {
    const now = this.env.now();
    return [...this.tabs.values()].some((t) => t.interest.account && now - t.lastSeen < ms);
  }

  /** Ids of tabs silent (no pull, no heartbeat) for more than `timeoutMs`. */
  silent(timeoutMs: number): string[] {
    const now = this.env.now();
    return [...this.tabs].filter(([, tab]) => now - tab.lastSeen > timeoutMs).map(([id]) => id);
  }

  /** True while some pull is held (the feed handler then answers those due after each frame). */
  hasHeld(): boolean {
    return this.held.size > 0;
  }

  /** Long-poll for the tab's diff since `cursor`, looked at `lookAt` (see HubApi.pull). */
  pull(tabId: string, cursor: number, waitMs: number, lookAt?: unknown): Promise<HubDiff> {
    const now = this.env.clock();
    const hold =
      typeof lookAt === 'number' && Number.isFinite(lookAt) ? Math.min(MAX_HOLD_MS, lookAt - now) : 0;
    if (hold > 0) {
      const tab = this.tabs.get(tabId);
      if (tab !== undefined) tab.lastSeen = this.env.now();
      return new Promise<HubDiff>((resolve) => {
        const h: HeldPull = {
          due: now + hold,
          timer: 0,
          answer: () => {
            if (!this.held.delete(h)) return;
            this.env.clearTimer(h.timer);
            resolve(this.answer(tabId, cursor, waitMs, true));
          },
        };
        this.held.add(h);
        h.timer = this.env.setTimer(h.answer, hold);
      });
    }
    return this.answer(tabId, cursor, waitMs, false);
  }

  /** Answers a pull now, or parks it as the tab's long poll; `held`: a held pull whose hold ended. */
  private answer(tabId: string, cursor: number, waitMs: number, held: boolean): Promise<HubDiff> {
    const tab = this.tabs.get(tabId);
    if (tab === undefined) return Promise.resolve({ cursor: 0, instanceId: '' });
    tab.lastSeen = this.env.now();
    const c = Number.isSafeInteger(cursor) && cursor >= 0 && cursor <= this.env.version() ? cursor : 0;
    const diff = this.env.look(tab, c, held);
    if (diff !== null) return Promise.resolve(diff);
    const instanceId = this.env.instanceId;
    if (tab.waiter !== null) {
      // A second pull replaces the first: only one diff per tab is ever pending.
      this.env.clearTimer(tab.waiter.timer);
      tab.waiter.resolve({ cursor: c, instanceId });
      tab.waiter = null;
    }
    const wait = Math.max(0, Math.min(MAX_WAIT_MS, Number.isFinite(waitMs) ? waitMs : 0));
    // A quick look (a paint worker's held pull when its hold ends) is answered at once, even with nothing new.
    if (wait === 0) return Promise.resolve({ cursor: c, instanceId });
    return new Promise<HubDiff>((resolve) => {
      const timer = this.env.setTimer(() => {
        if (tab.waiter?.timer !== timer) return;
        tab.waiter = null;
        resolve({ cursor: c, instanceId });
      }, wait);
      tab.waiter = { resolve, timer, cursor: c };
    });
  }

  /** Answers the held pulls that are due (see `held`). */
  answerDue(): void {
    const now = this.env.clock();
    for (const h of this.held) if (h.due <= now) h.answer();
  }

  /** Answers every waiting tab that has something new. */
  flushAll(): void {
    for (const tab of this.tabs.values()) this.flush(tab, false);
  }

  /**
   * Answers the tab's pending pull if something in its interest is newer than its cursor; `force` answers it anyway
   * (with a full diff when nothing is newer: its interest just changed).
   */
  flush(tab: Tab, force: boolean): void {
    const w = tab.waiter;
    if (w === null) return;
    const diff = this.env.look(tab, w.cursor, false);
    if (diff === null && !force) return;
    this.env.clearTimer(w.timer);
    tab.waiter = null;
    w.resolve(
      diff ?? this.env.look(tab, 0, false) ?? { cursor: this.env.version(), instanceId: this.env.instanceId },
    );
  }

  /** Answers the tab's long poll once its held-back slow lane may go (a quiet market sends nothing else to wake it). */
  wakeForSlowLane(tab: Tab, wait: number): void {
    if (tab.slowTimer !== null) return;
    tab.slowTimer = this.env.setTimer(() => {
      tab.slowTimer = null;
      this.flush(tab, false);
    }, wait);
  }
}
