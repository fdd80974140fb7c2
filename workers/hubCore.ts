/**
 * The hub: one socket for every tab, the reducers behind it, and per-tab long-poll diffs. Thin bookkeeping around the
 * pure modules of workers/market and workers/account; every environment dependency (socket, fetch, timers, locks)
 * comes in through HubEnv, so the same class runs in a SharedWorker, a dedicated Worker, or Node for tests.
 */
import type {
  AverageLine,
  CandleRow,
  ConnectionState,
  Fill,
  FillMarker,
  HubCounters,
  HubDiff,
  HubHello,
  SymbolInfo,
  TabHello,
  TabInterest,
} from './api';
import { isInterest, sameInterest } from './protocol/interest';
import { parseSymbols } from './protocol/symbols';
import { isPreferencePatch, toConfirmFlags, type WriteOutcome } from './protocol/user';
import { CALLS } from './protocol/paths';
import { Connection, type SocketLike } from './connection/socket';
import { chunkTopics, TopicRefs } from './connection/topics';
import { AccountState } from './accountState';
import { CONFIG_POLL_MS, WebConfigSource } from './webConfig';
import { WalletFreshness } from './walletFreshness';
import { getJson, postJson, probeHealth, servedBuildId } from './hubHttp';
import { composeDiff } from './diff';
import { SlowClock } from './slowClock';
import { MarketState } from './marketState';
import { TabRegistry, type Tab } from './tabs';

/** Everything the hub needs from its environment. */
export interface HubEnv {
  readonly buildId: string;
  readonly mode: 'shared' | 'dedicated';
  readonly socketUrl: string;
  readonly createSocket: (url: string) => SocketLike;
  readonly fetch: (input: string, init?: RequestInit) => Promise<Response>;
  /** Wall clock (ms since epoch). */
  readonly now: () => number;
  /** High-resolution clock on the page's time base (performance.timeOrigin + now), for feed-to-pixel timing. */
  readonly clock: () => number;
  readonly random: () => number;
  readonly setTimer: (fn: () => void, ms: number) => number;
  readonly clearTimer: (id: number) => void;
  /** Calls onFree once the named Web Lock can be taken (the tab holding it is gone). */
  readonly waitForLock?: (name: string, onFree: () => void) => void;
}

/** A tab silent this long (no pull, no heartbeat) is dropped even without its lock being freed. */
const TAB_TIMEOUT_MS = 3 * 60_000;
const LOG_LINES = 300;
/** Prefix of a public trades topic: its (re)subscription seeds the tape over REST. */
const TRADES_TOPIC = 'publicTrade.';

/** The hub. */
export class Hub {
  readonly instanceId: string;
  private readonly tabs: TabRegistry;
  private readonly topics = new TopicRefs();
  /** When the slow lane's slots open (slowClock.ts). */
  private readonly slowClock = new SlowClock();
  private readonly conn: Connection;
  private readonly market: MarketState;
  private readonly account: AccountState;
  private readonly logLines: string[] = [];
  private readonly counts = new Map<string, number>();
  private version = 1;
  private connectionVersion = 1;
  /** A microtask will answer waiting tabs (see bump). */
  private flushQueued = false;
  private reloadVersion = 0;
  /** Whether the socket was opened with a logged-in session (its cookie is read at the upgrade). */
  private socketLoggedIn = false;
  private symbolList: readonly SymbolInfo[] = [];
  private symbolsPromise: Promise<readonly SymbolInfo[]> | null = null;
  private readonly config: WebConfigSource;
  private readonly freshness: WalletFreshness;

  constructor(private readonly env: HubEnv) {
    this.instanceId = `${env.now().toString(36)}-${Math.floor(env.random() * 1e9).toString(36)}`;
    const changed = (): number => {
      this.bump();
      return this.version;
    };
    const log = (line: string): void => {
      this.log(line);
    };
    this.tabs = new TabRegistry({
      now: env.now,
      clock: env.clock,
      setTimer: env.setTimer,
      clearTimer: env.clearTimer,
      instanceId: this.instanceId,
      version: () => this.version,
      look: (tab, since, held) => this.diffFor(tab, since, held),
    });
    this.market = new MarketState({
      clock: env.clock,
      count: (k) => {
        this.count(k);
      },
      changed,
      resubscribe: (topic) => {
        this.resubscribe(topic);
      },
    });
    this.config = new WebConfigSource({ getJson: (path) => this.getJson(path), changed, log });
    this.freshness = new WalletFreshness({
      ...env,
      facts: () => ({ ...this.account.walletFacts(), pageShown: this.tabs.anyAccountTabSeen(30_000) }),
      intervals: () => {
        const c = this.config.current();
        return { pollMs: c.walletPollMs, feedMs: c.walletFeedMs };
      },
      refresh: () => {
        void this.account.refreshBalances();
      },
      log,
    });
    this.account = new AccountState({
      walletPushed: () => {
        this.freshness.onPush();
      },
      balancesLoaded: () => {
        this.freshness.onSnapshot();
      },
      now: env.now,
      getJson: (path) => this.getJson(path),
      postJson: (path, body) => this.postJson(path, body),
      count: (k) => {
        this.count(k);
      },
      changed,
      log,
      symbolInfo: (symbol) => this.symbolList.find((x) => x.symbol === symbol),
    });
    this.conn = new Connection(
      {
        url: env.socketUrl,
        create: env.createSocket,
        now: env.now,
        random: env.random,
        setTimer: env.setTimer,
        clearTimer: env.clearTimer,
        probe: () => probeHealth(env.fetch),
      },
      {
        message: (text) => {
          // The market half decodes every frame once; private (account) frames are routed here, not through it.
          const f = this.market.ingest(text);
          if (f.type === 'private') this.account.ingest(f.topic, f.data);
          if (this.tabs.hasHeld()) this.tabs.answerDue();
        },
        opened: () => {
          this.onOpened();
        },
        state: (s) => {
          this.onConnState(s);
        },
      },
    );
    const sweep = (): void => {
      this.sweepTabs();
      env.setTimer(sweep, 30_000);
    };
    env.setTimer(sweep, 30_000);
    const pollConfig = (): void => {
      if (this.tabs.size > 0) void this.config.refresh();
      env.setTimer(pollConfig, CONFIG_POLL_MS);
    };
    env.setTimer(pollConfig, CONFIG_POLL_MS);
    this.freshness.start();
    this.log(`hub ${this.instanceId} started (${env.mode}, build ${env.buildId})`);
  }

  // ---- API ----

  /** Registers a tab (or re-registers after the tab lost its hub). */
  hello(tab: TabHello): HubHello {
    const reload = tab.buildId !== this.env.buildId;
    if (this.tabs.add(tab.tabId)) {
      this.log(`tab ${tab.tabId.slice(0, 8)} joined (${this.tabs.size} tabs)`);
      this.env.waitForLock?.(tab.lockName, () => {
        this.bye(tab.tabId, 'lock freed');
      });
    }
    this.conn.start();
    void this.symbols();
    void this.refreshAccount();
    // A new tab reads the config anew: a switch flipped on the server shows on the next page load at the latest.
    void this.config.refresh();
    return { instanceId: this.instanceId, buildId: this.env.buildId, reload, mode: this.env.mode };
  }

  /** Replaces a tab's interest; subscriptions follow the union of every tab's. */
  setInterest(tabId: string, interest: TabInterest): void {
    const tab = this.tabs.get(tabId);
    if (tab === undefined || !isInterest(interest)) {
      this.count(tab === undefined ? 'api.unknownTab' : 'api.badInterest');
      return;
    }
    tab.lastSeen = this.env.now();
    const prev = tab.interest;
    tab.interest = interest;
    if (sameInterest(prev, interest)) return;
    tab.full = true;
    if (interest.account && !prev.account) void this.refreshAccount();
    const ops = this.topics.set(tabId, this.topicsFor(interest));
    this.sendOps(ops.subscribe, ops.unsubscribe);
    this.market.retain(this.tabs.interests());
    this.account.setQuotaSymbols(this.accountSymbols());
    // Wake the tab's pending pull so the new data reaches it without waiting for the next change.
    this.tabs.flush(tab, true);
  }

  /** Long-poll for the tab's diff since `cursor`, looked at `lookAt` (see HubApi.pull). */
  pull(tabId: string, cursor: number, waitMs: number, lookAt?: unknown): Promise<HubDiff> {
    return this.tabs.pull(tabId, cursor, waitMs, lookAt);
  }

  /** Initial candles for a chart. */
  klines(symbol: string, interval: string, endMs?: number, startMs?: number): Promise<readonly CandleRow[]> {
    const end = typeof endMs === 'number' && Number.isFinite(endMs) ? endMs : this.env.now();
    const start = typeof startMs === 'number' && Number.isFinite(startMs) ? startMs : undefined;
    return this.market.fetchKlines(symbol, interval, end, (path) => this.getJson(path), start);
  }

  /** Fill markers for the chart (see HubApi.fillMarkers); never throws. */
  async fillMarkers(
    symbol: unknown,
    interval: unknown,
    from?: unknown,
    to?: unknown,
  ): Promise<readonly FillMarker[]> {
    if (typeof symbol !== 'string' || typeof interval !== 'string') {
      this.count('api.badArgs');
      return [];
    }
    await this.symbols();
    return this.account.fillMarkers(
      symbol,
      interval,
      typeof from === 'number' ? from : undefined,
      typeof to === 'number' ? to : undefined,
    );
  }

  /** Fills behind a marker (see HubApi.fillsByIds). */
  fillsByIds(symbol: unknown, ids: unknown): readonly Fill[] {
    if (typeof symbol !== 'string' || !Array.isArray(ids)) {
      this.count('api.badArgs');
      return [];
    }
    return this.account.fillsByIds(symbol, ids as readonly string[]);
  }

  /** Average lines (see HubApi.averages); never throws. */
  async averages(
    symbol: unknown,
    days: unknown,
  ): Promise<{ readonly buy: AverageLine | null; readonly sell: AverageLine | null }> {
    if (typeof symbol !== 'string') {
      this.count('api.badArgs');
      return { buy: null, sell: null };
    }
    await this.symbols();
    return this.account.averages(symbol, typeof days === 'number' ? days : 0);
  }

  /** Upserts server preferences (see HubApi.setPreferences); never throws. */
  setPreferences(patch: unknown): Promise<WriteOutcome> {
    if (!isPreferencePatch(patch)) {
      this.count('api.badArgs');
      return Promise.resolve({ ok: false, message: 'bad preferences' });
    }
    return this.account.setPreferences(patch);
  }

  /** Replaces the double-confirm flags (see HubApi.setConfirmFlags); never throws. */
  setConfirmFlags(flags: unknown): Promise<WriteOutcome> {
    if (!Array.isArray(flags) || !flags.every((f) => typeof f === 'string')) {
      this.count('api.badArgs');
      return Promise.resolve({ ok: false, message: 'bad flags' });
    }
    return this.account.setConfirmFlags(toConfirmFlags(flags.join(',')));
  }

  /** The symbol list (fetched once). */
  symbols(): Promise<readonly SymbolInfo[]> {
    if (this.symbolList.length > 0) return Promise.resolve(this.symbolList);
    this.symbolsPromise ??= this.getJson(`${CALLS.instrumentsInfo.path}?category=spot`)
      .then((json) => {
        const list = parseSymbols(json);
        if (list.length > 0) {
          const first = !this.market.ready();
          this.symbolList = list;
          this.market.setSymbols(list);
          if (first) this.resubscribeAll();
          this.bump();
        }
        return list;
      })
      .catch((e: unknown) => {
        this.log(`symbols failed: ${String(e)}`);
        return [];
      })
      .finally(() => {
        this.symbolsPromise = null;
      });
    return this.symbolsPromise;
  }

  /** A tab left (pagehide) or died (its lock was freed, or it went silent). */
  bye(tabId: string, why = 'bye'): void {
    if (!this.tabs.remove(tabId)) return;
    const ops = this.topics.drop(tabId);
    this.sendOps(ops.subscribe, ops.unsubscribe);
    this.market.retain(this.tabs.interests());
    this.account.setQuotaSymbols(this.accountSymbols());
    this.log(`tab ${tabId.slice(0, 8)} left (${why}; ${this.tabs.size} tabs)`);
  }

  /**
   * Logs the session out (POST /logout) and rechecks it: every tab gets the logged-out account in its next diff and
   * the socket reconnects without the session, so the private topics are gone.
   */
  async logout(): Promise<WriteOutcome> {
    const out = await this.postJson(CALLS.logout.path, {}).then(
      (): WriteOutcome => ({ ok: true }),
      (e: unknown): WriteOutcome => ({ ok: false, message: String(e) }),
    );
    await this.refreshAccount();
    return out;
  }

  /** Counters of dropped input and health figures. */
  counters(): HubCounters {
    const out: Record<string, number> = Object.fromEntries(this.counts);
    out.tabs = this.tabs.size;
    out.topics = this.topics.all().length;
    out.reconnects = this.conn.snapshot().reconnects;
    Object.assign(out, this.market.counters());
    return out;
  }

  /** Recent log lines. */
  logs(): readonly string[] {
    return [...this.logLines];
  }

  // ---- internals ----

  /**
   * A piece of state changed: a new version, and waiting tabs are answered in a microtask. Answering synchronously
   * would race the caller, which stamps its piece with the returned version only after this returns (a tab answered
   * in between gets a cursor past a piece it never saw). Bursts of changes in one task coalesce into one answer.
   */
  private bump(): void {
    this.version++;
    this.flushSoon();
  }

  /** Answers the waiting tabs once this task's changes are in (a microtask; several calls make one flush). */
  private readonly flushSoon = (): void => {
    if (this.flushQueued) return;
    this.flushQueued = true;
    queueMicrotask(() => {
      this.flushQueued = false;
      this.tabs.flushAll();
    });
  };

  /** The tab's interest newer than `since` (all of it after an interest change), or null; `held`: SlowClock.at. */
  private diffFor(tab: Tab, since: number, held: boolean): HubDiff | null {
    const cursor = tab.full ? 0 : since;
    tab.full = false;
    const wall = this.env.now();
    const at = this.slowClock.at(wall, held, this.flushSoon);
    const r = composeDiff(tab.interest, cursor, tab.slow, {
      version: this.version,
      instanceId: this.instanceId,
      now: at,
      connectionVersion: this.connectionVersion,
      reloadVersion: this.reloadVersion,
      connection: () => this.conn.snapshot(),
      market: this.market,
      account: (c) => this.account.diff(c),
      config: (c) => this.config.since(c),
    });
    tab.slow = r.slow;
    if (r.wakeInMs !== null) this.tabs.wakeForSlowLane(tab, SlowClock.wakeIn(at, wall, r.wakeInMs));
    return r.diff;
  }

  private onOpened(): void {
    this.log(`socket open; resubscribing ${this.topics.all().length} topics`);
    this.market.onReconnect();
    this.resubscribeAll();
    void this.symbols();
    void this.checkBuild();
    // Server truth wins after any reconnect: open orders and balances are refetched, and the config.
    void this.refreshAccount();
    void this.config.refresh();
  }

  /** Symbols shown by tabs that want account data (their zone quota is kept). */
  private accountSymbols(): string[] {
    const out = new Set<string>();
    for (const i of this.tabs.interests()) if (i.account && i.symbol !== null) out.add(i.symbol);
    return [...out];
  }

  /** Topics for one interest: market topics, plus the account's private topics when logged in. */
  private topicsFor(i: TabInterest): string[] {
    const t = this.market.topicsFor(i);
    if (i.account && this.account.isLoggedIn()) t.push(...this.account.subscription());
    return t;
  }

  /** Rechecks the session; a login or logout changes the private topics and needs a socket with the new cookie. */
  private async refreshAccount(): Promise<void> {
    await this.account.refresh();
    const now = this.account.isLoggedIn();
    if (now !== this.socketLoggedIn) {
      this.socketLoggedIn = now;
      this.log(`session ${now ? 'logged in' : 'logged out'}: reconnecting`);
      if (!now) this.freshness.stop();
      // The config is per account: the new session may see other switches.
      void this.config.refresh();
      this.conn.restart();
    }
  }

  /** Recomputes every tab's topics (the symbol list may have changed what they map to) and subscribes them all. */
  private resubscribeAll(): void {
    for (const [id, tab] of this.tabs.entries()) this.topics.set(id, this.topicsFor(tab.interest));
    this.sendOps(this.topics.all(), []);
  }

  private onConnState(s: ConnectionState): void {
    this.connectionVersion = ++this.version;
    if (s.code !== null) this.log(`socket ${s.state} (${s.code})`);
    this.tabs.flushAll();
  }

  private sendOps(subscribe: readonly string[], unsubscribe: readonly string[]): void {
    // Books need each symbol's precision: nothing is subscribed before the symbol list is in (then all is).
    if (!this.market.ready()) return;
    for (const args of chunkTopics(unsubscribe)) this.conn.send({ op: 'unsubscribe', args });
    for (const args of chunkTopics(subscribe)) this.conn.send({ op: 'subscribe', args });
    for (const topic of subscribe)
      if (topic.startsWith(TRADES_TOPIC)) {
        void this.market.seedTrades(topic.slice(TRADES_TOPIC.length), (path) => this.getJson(path));
      }
  }

  /** A book gap: unsubscribe and subscribe again for a fresh snapshot. */
  private resubscribe(topic: string): void {
    if (!this.topics.has(topic)) return;
    this.count('book.resubscribe');
    this.conn.send({ op: 'unsubscribe', args: [topic] });
    this.conn.send({ op: 'subscribe', args: [topic] });
  }

  /** Asks the server which build it serves; a different one means our tabs are stale. */
  private async checkBuild(): Promise<void> {
    const id = await servedBuildId(this.env.fetch);
    if (id !== null && id !== this.env.buildId && this.env.buildId !== 'dev') {
      this.log(`server build ${id} differs from ours (${this.env.buildId}): tabs reload`);
      this.reloadVersion = ++this.version;
      this.bump();
    }
  }

  private postJson(path: string, body: unknown): Promise<unknown> {
    return postJson(this.env.fetch, path, body);
  }

  private getJson(path: string): Promise<unknown> {
    return getJson(this.env.fetch, path);
  }

  private sweepTabs(): void {
    for (const id of this.tabs.silent(TAB_TIMEOUT_MS)) this.bye(id, 'silent');
  }

  /** Counts an event (bad input, drops…) for `counters()`. */
  count(key: string): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  private log(line: string): void {
    this.logLines.push(`${new Date(this.env.now()).toISOString()} ${line}`);
    if (this.logLines.length > LOG_LINES) this.logLines.splice(0, this.logLines.length - LOG_LINES);
  }
}
