/**
 * Balances of the account (spec §3 Balance / UTA coin, §4 "Wallet balance polling"): from REST (classic balance
 * list, unified asset coinList) and from `wallet` pushes; plus the pure decisions around them: poll or use the
 * pushed feed, and when a feed has gone stale.
 *
 * Newer wins. Pushes on one socket arrive in order; `creationTime` (server clock) drops a replayed or older push.
 * A REST answer is ordered against pushes by arrival marks, not clocks (the client's clock is not the server's):
 * take mark() before sending the request, and coins a push updated after the mark keep the pushed value.
 */
import Decimal from 'decimal.js';
import { isRecord, toDecimal, toDecimalOrZero, toId, toSignedDecimal } from '../protocol/fields';
import type { PrivateFrame } from './wire';

/** Polling must be slower than this to be used at all (spec §9: "must exceed 3000 ms"). */
export const MIN_WALLET_POLL_MS = 3000;
/** A feed silent for this many of its reported intervals is stale (spec §9). */
export const STALE_FACTOR = 3;
/** Staleness is checked at most this often (spec §9). */
export const STALE_CHECK_MS = 5000;

/** One coin balance as views show it. */
export interface CoinBalance {
  readonly coin: string;
  /** Available to trade. */
  readonly free: string;
  /** Held by open orders. */
  readonly locked: string;
  /** free + locked (walletBalance on unified accounts). */
  readonly total: string;
  /** Wallet total − debt, interest included (negative when more is owed than held); unified only ('' on classic). */
  readonly equity: string;
  /** USD(T) value ('' when the source did not say). */
  readonly usdValue: string;
  readonly borrowAmount: string;
}

/** Which wallet pushes belong to this account's feed. */
export interface WalletFeedMatch {
  /** Topics this account subscribed for balances (the frame's topic must be one). */
  readonly topics: readonly string[];
  /** Accepted `accountType` values of the push rows; null accepts any (the simulator tags every push 'UNIFIED'). */
  readonly accountTypes: readonly string[] | null;
}

/** Result of feeding the wallet. */
export type WalletApplyResult =
  | { readonly type: 'changed'; readonly coins: readonly string[] }
  | { readonly type: 'unchanged' }
  | { readonly type: 'ignored'; readonly reason: 'notOurs' | 'older' | 'bad' };

interface CoinState {
  balance: CoinBalance;
  /** Arrival sequence of the last write. */
  touched: number;
}

const Dec = Decimal.clone({ precision: 40 });

/** Balances of one logged-in account (drop it, or clear(), when the account changes). */
export class WalletBalances {
  private readonly coins = new Map<string, CoinState>();
  private seq = 0;
  private lastPushAt = -1;
  private changes = 0;
  private shownChanges = 0;
  private view: readonly CoinBalance[] | null = null;

  /** Increments whenever a balance changes. */
  get version(): number {
    return this.changes;
  }

  /**
   * Increments when what a tab shows changes: a coin comes or goes, or its free, locked or total moves. On a unified
   * account each poll writes the pair's coins twice (the classic list without equity, USD value and debt, then the
   * per-pair call with them), which moves `version` and not this.
   */
  get shownVersion(): number {
    return this.shownChanges;
  }

  /** Arrival mark to take just before sending a balance request (see the module comment). */
  mark(): number {
    return this.seq;
  }

  /** Server time of the newest push applied (-1 before any): the feed's last message, for staleness. */
  get lastPushTime(): number {
    return this.lastPushAt;
  }

  /** One coin's balance. */
  get(coin: string): CoinBalance | undefined {
    return this.coins.get(coin)?.balance;
  }

  /** Every coin, sorted by name; immutable and reused until a balance changes. */
  list(): readonly CoinBalance[] {
    this.view ??= [...this.coins.values()]
      .map((c) => c.balance)
      .sort((a, b) => (a.coin < b.coin ? -1 : a.coin > b.coin ? 1 : 0));
    return this.view;
  }

  /**
   * Applies a `wallet` push frame if it belongs to the feed and is not older than the last push applied. Takes the
   * envelope as workers/protocol's decodeFrame yields it ({topic, creationTime, data}) or as toPrivateFrame does.
   */
  applyPush(
    frame: Pick<PrivateFrame, 'topic' | 'creationTime' | 'data'>,
    match: WalletFeedMatch,
  ): WalletApplyResult {
    if (!match.topics.includes(frame.topic)) return { type: 'ignored', reason: 'notOurs' };
    if (frame.creationTime < this.lastPushAt) return { type: 'ignored', reason: 'older' };
    const rows: CoinBalance[] = [];
    let ours = false;
    for (const acct of frame.data) {
      if (!isRecord(acct) || !Array.isArray(acct.coin)) return { type: 'ignored', reason: 'bad' };
      const type = typeof acct.accountType === 'string' ? acct.accountType : '';
      if (match.accountTypes !== null && !match.accountTypes.includes(type)) continue;
      ours = true;
      for (const c of acct.coin as readonly unknown[]) {
        const b = fromPushCoin(c);
        if (b === undefined) return { type: 'ignored', reason: 'bad' };
        rows.push(b);
      }
    }
    if (!ours) return { type: 'ignored', reason: 'notOurs' };
    this.lastPushAt = frame.creationTime;
    const seq = ++this.seq;
    return this.write(rows, () => true, seq);
  }

  /**
   * Applies a classic balance list ({list: [{tokenId, free, locked, total}]}): the whole wallet, so coins it does not
   * list are dropped (unless a push touched them after `mark`).
   */
  applyClassicRest(result: unknown, mark: number): WalletApplyResult {
    if (!isRecord(result) || !Array.isArray(result.list)) return { type: 'ignored', reason: 'bad' };
    const rows: CoinBalance[] = [];
    for (const r of result.list as readonly unknown[]) {
      const b = fromClassicRow(r);
      if (b === undefined) return { type: 'ignored', reason: 'bad' };
      rows.push(b);
    }
    const seq = ++this.seq;
    const listed = new Set(rows.map((r) => r.coin));
    let removed = false;
    const gone: string[] = [];
    for (const [coin, st] of this.coins) {
      if (!listed.has(coin) && st.touched <= mark) gone.push(coin);
    }
    for (const coin of gone) {
      this.coins.delete(coin);
      removed = true;
    }
    const r = this.write(rows, (st) => st.touched <= mark, seq);
    if (!removed) return r;
    // A coin went: the tabs' list changed (`version` moved already if a balance did too).
    if (r.type === 'changed') this.shownChanges++;
    else this.bump(true);
    return { type: 'changed', coins: [...(r.type === 'changed' ? r.coins : []), ...gone] };
  }

  /**
   * Applies a unified asset answer ({coinList: [{tokenId, spotAvailableBalance, walletBalance, occAssetUSDTValue,
   * borrowSize}]}): only the symbol's two coins, merged into the rest.
   */
  applyUnifiedRest(result: unknown, mark: number): WalletApplyResult {
    if (!isRecord(result) || !Array.isArray(result.coinList)) return { type: 'ignored', reason: 'bad' };
    const rows: CoinBalance[] = [];
    for (const r of result.coinList as readonly unknown[]) {
      const b = fromUnifiedRow(r);
      if (b === undefined) return { type: 'ignored', reason: 'bad' };
      rows.push(b);
    }
    const seq = ++this.seq;
    return this.write(rows, (st) => st.touched <= mark, seq);
  }

  /** Forgets every balance (logout or account switch). */
  clear(): void {
    if (this.coins.size > 0) this.bump(true);
    this.coins.clear();
    this.lastPushAt = -1;
  }

  private write(
    rows: readonly CoinBalance[],
    mayReplace: (st: CoinState) => boolean,
    seq: number,
  ): WalletApplyResult {
    const changed: string[] = [];
    let shown = false;
    for (const b of rows) {
      const st = this.coins.get(b.coin);
      if (st === undefined) {
        this.coins.set(b.coin, { balance: b, touched: seq });
        changed.push(b.coin);
        shown = true;
        continue;
      }
      if (!mayReplace(st)) continue;
      st.touched = seq;
      if (sameBalance(st.balance, b)) continue;
      shown ||= !sameShown(st.balance, b);
      st.balance = b;
      changed.push(b.coin);
    }
    if (changed.length === 0) return { type: 'unchanged' };
    this.bump(shown);
    return { type: 'changed', coins: changed };
  }

  private bump(shown: boolean): void {
    this.changes++;
    if (shown) this.shownChanges++;
    this.view = null;
  }
}

/** Same free, locked and total: what the tabs get of a balance. */
function sameShown(a: CoinBalance, b: CoinBalance): boolean {
  return a.free === b.free && a.locked === b.locked && a.total === b.total;
}

function sameBalance(a: CoinBalance, b: CoinBalance): boolean {
  return (
    sameShown(a, b) && a.equity === b.equity && a.usdValue === b.usdValue && a.borrowAmount === b.borrowAmount
  );
}

function fromPushCoin(c: unknown): CoinBalance | undefined {
  if (!isRecord(c)) return undefined;
  const coin = toId(c.coin);
  const total = toDecimal(c.walletBalance);
  const locked = toDecimalOrZero(c.locked);
  if (coin === undefined || total === undefined || locked === undefined) return undefined;
  // v5 wallet rows have no `free`; the simulator adds it. Otherwise available = wallet balance − locked.
  const free = toDecimal(c.free) ?? nonNegative(new Dec(total).minus(locked));
  return {
    coin,
    free,
    locked,
    total,
    equity: toSignedDecimal(c.equity) ?? total,
    usdValue: toDecimal(c.usdValue) ?? '',
    borrowAmount: toDecimalOrZero(c.borrowAmount) ?? '0',
  };
}

function fromClassicRow(r: unknown): CoinBalance | undefined {
  if (!isRecord(r)) return undefined;
  const coin = toId(r.tokenId) ?? toId(r.tokenName);
  const free = toDecimal(r.free);
  const locked = toDecimalOrZero(r.locked);
  if (coin === undefined || free === undefined || locked === undefined) return undefined;
  return {
    coin,
    free,
    locked,
    total: toDecimal(r.total) ?? new Dec(free).plus(locked).toFixed(),
    equity: '',
    usdValue: '',
    borrowAmount: '0',
  };
}

function fromUnifiedRow(r: unknown): CoinBalance | undefined {
  if (!isRecord(r)) return undefined;
  const coin = toId(r.tokenId);
  const free = toDecimal(r.spotAvailableBalance);
  const total = toDecimal(r.walletBalance);
  if (coin === undefined || free === undefined || total === undefined) return undefined;
  return {
    coin,
    free,
    locked: nonNegative(new Dec(total).minus(free)),
    total,
    // Net of the coin's debt when the simulator says so (equity.ts); older replies carry only the wallet balance.
    equity: toSignedDecimal(r.equity) ?? total,
    usdValue: toDecimal(r.occAssetUSDTValue) ?? '',
    borrowAmount: toDecimalOrZero(r.borrowSize) ?? '0',
  };
}

function nonNegative(d: Decimal): string {
  return d.isNegative() ? '0' : d.toFixed();
}

// ───────────────────────────── poll or push ─────────────────────────────

/** What the wallet-source decision looks at (spec §4 "Wallet balance polling"). */
export interface WalletSourceInput {
  readonly loggedIn: boolean;
  /** Spec §6: only user state 1 gets balances. */
  readonly userState: number;
  /** The page is visible (a hidden page neither polls nor needs to). */
  readonly pageShown: boolean;
  readonly unified: boolean;
  /** The account switched (or is switching): a poller of the old one must not start. */
  readonly accountChanged: boolean;
  /** Configured polling interval, ms. */
  readonly pollIntervalMs: number;
  /** A poller is already running. */
  readonly polling: boolean;
}

/** Why the pushed feed is used instead of polling. */
export type PushReason =
  'loggedOut' | 'userState' | 'hidden' | 'notUnified' | 'accountChanged' | 'intervalTooShort';

/** Poll or push. */
export type WalletSourceDecision =
  /** Start the one poller now: refresh after intervalMs, then every intervalMs. */
  | { readonly type: 'startPolling'; readonly intervalMs: number }
  /** A poller already runs: start no second one. */
  | { readonly type: 'keepPolling' }
  /** Use the pushed wallet feed; stop a poller if one runs. */
  | { readonly type: 'usePush'; readonly reason: PushReason; readonly stopPolling: boolean };

/**
 * Spec §4: poll only when logged in, user state 1, page shown, account unified and not changed, and the configured
 * interval exceeds 3000 ms; start once only if not already polling. Otherwise use the pushed feed.
 */
export function decideWalletSource(input: WalletSourceInput): WalletSourceDecision {
  const reason = pushReason(input);
  if (reason !== null) return { type: 'usePush', reason, stopPolling: input.polling };
  return input.polling ? { type: 'keepPolling' } : { type: 'startPolling', intervalMs: input.pollIntervalMs };
}

function pushReason(i: WalletSourceInput): PushReason | null {
  if (!i.loggedIn) return 'loggedOut';
  if (i.userState !== 1) return 'userState';
  if (!i.pageShown) return 'hidden';
  if (!i.unified) return 'notUnified';
  if (i.accountChanged) return 'accountChanged';
  if (!(i.pollIntervalMs > MIN_WALLET_POLL_MS)) return 'intervalTooShort';
  return null;
}

// ───────────────────────────── staleness ─────────────────────────────

/** Staleness bookkeeping of one feed (wallet pushes, or any feed with a reported interval). */
export interface FeedWatch {
  /** The feed's reported push interval, ms. */
  readonly intervalMs: number;
  /** When the last message arrived (caller's clock), ms. */
  readonly lastMessageAt: number;
  /** When staleness was last evaluated. */
  readonly lastCheckAt: number;
  readonly stale: boolean;
  /** When the last refresh was asked for (-Infinity: never). */
  readonly lastRefreshAt: number;
}

/** A new watch: the feed counts as just heard from at `now`. */
export function watchFeed(intervalMs: number, now: number): FeedWatch {
  return { intervalMs, lastMessageAt: now, lastCheckAt: now, stale: false, lastRefreshAt: -Infinity };
}

/** Records a message of the feed (optionally with a newly reported interval); a stale feed becomes fresh. */
export function noteFeedMessage(w: FeedWatch, now: number, intervalMs = w.intervalMs): FeedWatch {
  return { ...w, intervalMs, lastMessageAt: now, stale: false };
}

/** True when the feed has been silent for 3× its interval at `now` (exactly 3× counts as stale). */
export function isFeedStale(w: Pick<FeedWatch, 'intervalMs' | 'lastMessageAt'>, now: number): boolean {
  return now - w.lastMessageAt >= STALE_FACTOR * w.intervalMs;
}

/** Outcome of a staleness check. */
export interface FeedCheck {
  readonly watch: FeedWatch;
  /** false when the last check was under 5 s ago (nothing evaluated). */
  readonly checked: boolean;
  readonly stale: boolean;
  /** The caller should refresh (refetch balances): on becoming stale, and again every 3× interval while it stays so. */
  readonly refresh: boolean;
}

/** Evaluates staleness at most every 5 s (spec §9); call it from any timer, as often as convenient. */
export function checkFeed(w: FeedWatch, now: number): FeedCheck {
  if (now - w.lastCheckAt < STALE_CHECK_MS)
    return { watch: w, checked: false, stale: w.stale, refresh: false };
  const stale = isFeedStale(w, now);
  const refresh = stale && (!w.stale || now - w.lastRefreshAt >= STALE_FACTOR * w.intervalMs);
  return {
    watch: { ...w, lastCheckAt: now, stale, lastRefreshAt: refresh ? now : w.lastRefreshAt },
    checked: true,
    stale,
    refresh,
  };
}
