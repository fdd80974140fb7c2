/**
 * Keeps the account's balances fresh (spec §4 "Wallet balance polling", §9): every STALE_CHECK_MS it asks the pure
 * `decideWalletSource` whether to poll (logged in, user state 1, a page shown, unified, the account unchanged, and a
 * configured interval above 3000 ms) or to use the pushed wallet feed, whose staleness `checkFeed` judges (silent for
 * 3× its reported interval: refetch, and again every 3× while it stays silent). The decisions live in
 * workers/account/wallet.ts; this is the timer bookkeeping around them.
 */
import {
  checkFeed,
  decideWalletSource,
  noteFeedMessage,
  STALE_CHECK_MS,
  watchFeed,
  type FeedWatch,
  type WalletSourceDecision,
} from './account/wallet';

/** What the account looks like to the wallet decision right now. */
export interface WalletFacts {
  readonly loggedIn: boolean;
  readonly userState: number;
  readonly pageShown: boolean;
  readonly unified: boolean;
  /** The account id: a change stops the old account's poller before the new one may start. */
  readonly accountId: string;
}

/** What the freshness keeper needs from the hub. */
export interface WalletFreshnessHooks {
  readonly now: () => number;
  readonly setTimer: (fn: () => void, ms: number) => number;
  readonly clearTimer: (id: number) => void;
  readonly facts: () => WalletFacts;
  /** Configured intervals (web config): polling, and the pushed feed's reported interval. */
  readonly intervals: () => { readonly pollMs: number; readonly feedMs: number };
  /** Refetch the balances over REST. */
  readonly refresh: (why: 'poll' | 'stale') => void;
  readonly log: (line: string) => void;
}

/** The timer side of wallet polling and stale-feed refresh. */
export class WalletFreshness {
  private pollTimer: number | null = null;
  private pollAccount = '';
  private watch: FeedWatch | null = null;
  private tickTimer: number | null = null;
  /** Last decision, for counters and tests. */
  last: WalletSourceDecision | null = null;

  constructor(private readonly hooks: WalletFreshnessHooks) {}

  /** Starts the 5 s check (idempotent). */
  start(): void {
    if (this.tickTimer !== null) return;
    const loop = (): void => {
      this.tick();
      this.tickTimer = this.hooks.setTimer(loop, STALE_CHECK_MS);
    };
    this.tickTimer = this.hooks.setTimer(loop, STALE_CHECK_MS);
  }

  /** A wallet push arrived: the feed is alive. */
  onPush(): void {
    const now = this.hooks.now();
    const feedMs = this.hooks.intervals().feedMs;
    this.watch = noteFeedMessage(this.watch ?? watchFeed(feedMs, now), now, feedMs);
  }

  /** Balances were just loaded over REST (login, reconnect): the feed's silence counts from now. */
  onSnapshot(): void {
    this.watch = watchFeed(this.hooks.intervals().feedMs, this.hooks.now());
  }

  /** One decision round (the 5 s timer calls it; tests call it directly). */
  tick(): void {
    const f = this.hooks.facts();
    const { pollMs, feedMs } = this.hooks.intervals();
    const d = decideWalletSource({
      loggedIn: f.loggedIn,
      userState: f.userState,
      pageShown: f.pageShown,
      unified: f.unified,
      accountChanged: this.pollTimer !== null && this.pollAccount !== f.accountId,
      pollIntervalMs: pollMs,
      polling: this.pollTimer !== null,
    });
    this.last = d;
    switch (d.type) {
      case 'startPolling':
        this.startPolling(d.intervalMs, f.accountId);
        return;
      case 'keepPolling':
        return;
      case 'usePush':
        if (d.stopPolling) this.stopPolling();
        if (!f.loggedIn) {
          this.watch = null;
          return;
        }
        this.checkStale(feedMs);
        return;
    }
  }

  /** Stops everything (logout). */
  stop(): void {
    this.stopPolling();
    this.watch = null;
  }

  private checkStale(feedMs: number): void {
    const now = this.hooks.now();
    const w = this.watch ?? watchFeed(feedMs, now);
    const r = checkFeed(w.intervalMs === feedMs ? w : { ...w, intervalMs: feedMs }, now);
    this.watch = r.watch;
    if (r.refresh) {
      this.hooks.log(`wallet feed silent for ${now - r.watch.lastMessageAt} ms: refetching balances`);
      this.hooks.refresh('stale');
    }
  }

  private startPolling(intervalMs: number, accountId: string): void {
    this.pollAccount = accountId;
    const loop = (): void => {
      this.hooks.refresh('poll');
      this.pollTimer = this.hooks.setTimer(loop, intervalMs);
    };
    this.pollTimer = this.hooks.setTimer(loop, intervalMs);
    this.hooks.log(`wallet polling every ${intervalMs} ms`);
  }

  private stopPolling(): void {
    if (this.pollTimer === null) return;
    this.hooks.clearTimer(this.pollTimer);
    this.pollTimer = null;
    this.hooks.log('wallet polling stopped');
  }
}
