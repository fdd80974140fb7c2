/**
 * The account half of the hub: private topics into the pure reducers of workers/account, and server truth over REST
 * on login and after every reconnect (spec DESIGN invariant 6). One instance serves every tab of the origin: they all
 * share the browser's session cookie, so they are one account.
 */
import type { AccountDiff } from './api';
import type { AccountKind } from './account/averages';
import type { AverageLine } from './protocol/account';
import { fromExecutionRow } from './account/fills';
import type { Fill, FillMarker } from './protocol/account';
import { TradeHistory } from './tradeHistory';
import { orderNoticesOf } from './account/orderNotices';
import { isTerminalStatus, OpenOrders, type OpenListKind } from './account/orders';
import { toOrderEvent, type OrderEvent } from './protocol/orderEvent';
import { WalletBalances } from './account/wallet';
import { MarginPushes } from './account/margin';
import { ACCOUNT_TOPICS, accountTopicKind } from './account/wire';
import { CALLS } from './protocol/paths';
import type { ConfirmFlag, Preferences, WriteOutcome } from './protocol/user';
import { AccountFacts } from './accountFacts';
import { LtOrders } from './account/ltOrders';
import type { LtOrder } from './protocol/lt';
import { StrategyBook } from './account/strategies';
import { listOf, loadBalances, openOrderRows, strategyLists } from './account/restLoads';
import type { StrategyRow } from './protocol/strategy';
import { PerpPushes, PERP_TOPICS } from './account/perp';

/** Product topics every account kind gets too (a classic account hears its own UTA upgrade). */
export const PRODUCT_TOPICS = [
  'user.unify.usdc.borrowInfo',
  'user.uta.upgrade',
  'lt_order',
  'strategy',
  ...PERP_TOPICS,
] as const;

/** Spec §6 "different endpoints and push topics": the classic account's names and the unified account's. */
export const ACCOUNT_TOPICS_BY_KIND: Readonly<Record<AccountKind, readonly string[]>> = {
  classic: ['order_new', 'match', 'asset.spot-walletbalance'],
  unified: ['user.uta.spot.order', 'user.uta.spot.trade', 'user.unify.uta.wallet'],
};

/** Notices kept for tabs to pick up (each tab takes those newer than its cursor). */
const NOTICE_RING = 50;
const LISTS: readonly OpenListKind[] = ['spot', 'plan', 'trailing'];

/** What the account state needs from the hub. */
export interface AccountHooks {
  readonly now: () => number;
  readonly getJson: (path: string) => Promise<unknown>;
  readonly postJson: (path: string, body: unknown) => Promise<unknown>;
  readonly count: (key: string) => void;
  readonly changed: () => number;
  readonly log: (line: string) => void;
  /** A wallet push was applied (the stale-feed watch hears of it). */
  readonly walletPushed?: () => void;
  /** Balances were loaded over REST. */
  readonly balancesLoaded?: () => void;
  /** Listed symbol's id, price precision and zone mark (averages, fill markers, quota); undefined when not listed. */
  readonly symbolInfo: (
    symbol: string,
  ) => { readonly symbolId: number; readonly pricePrecision: number; readonly mark: string } | undefined;
}

interface Notice {
  readonly id: string;
  readonly kind: string;
  readonly sound: boolean;
  readonly order: OrderEvent;
  readonly stamp: number;
}

/** The hub's account data. */
export class AccountState {
  private loggedIn = false;
  private userKnown = false;
  private readonly orders = new OpenOrders();
  private readonly wallet = new WalletBalances();
  private readonly margin = new MarginPushes();
  private kind: AccountKind = 'classic';
  private readonly history: TradeHistory;
  private notices: Notice[] = [];
  private readonly ltOrders = new LtOrders();
  private ltNotices: { readonly order: LtOrder; readonly stamp: number }[] = [];
  private readonly strategies = new StrategyBook();
  private readonly perp = new PerpPushes();
  private strategyNotices: { row: StrategyRow; stamp: number }[] = [];
  private stamp = 0;
  private refreshing: Promise<void> | null = null;
  private again = false;
  /** See AccountDiff.historyVersion. */
  private historyVersion = 0;
  private readonly facts: AccountFacts;
  /** Symbols account tabs show: a unified account's balances are asked per pair (getUnifiedAsset). */
  private shownSymbols: readonly string[] = [];

  constructor(private readonly hooks: AccountHooks) {
    this.history = new TradeHistory({
      now: hooks.now,
      getJson: hooks.getJson,
      count: hooks.count,
      log: hooks.log,
      symbolInfo: hooks.symbolInfo,
      kind: () => this.kind,
      loggedIn: () => this.loggedIn,
      changed: () => {
        this.stamp = this.hooks.changed();
      },
    });
    this.facts = new AccountFacts({
      getJson: hooks.getJson,
      postJson: hooks.postJson,
      changed: () => {
        this.stamp = this.hooks.changed();
      },
      log: hooks.log,
      symbolInfo: hooks.symbolInfo,
    });
  }

  /** Upserts server preferences (the one write path; every tab gets the result in its next diff). */
  setPreferences(patch: Preferences): Promise<WriteOutcome> {
    return this.facts.setPreferences(patch);
  }

  /** Replaces the double-confirm flags (the one write path; every tab gets them in its next diff). */
  setConfirmFlags(flags: readonly ConfirmFlag[]): Promise<WriteOutcome> {
    return this.facts.setConfirmFlags(flags);
  }

  /** The symbols account tabs show: the zone ones among them get their quota loaded. */
  setQuotaSymbols(symbols: readonly string[]): void {
    this.shownSymbols = symbols;
    this.facts.setQuotaSymbols(symbols);
  }

  /** The private topics of this account's kind (spec §6). */
  subscription(): readonly string[] {
    return [...ACCOUNT_TOPICS_BY_KIND[this.kind], ...PRODUCT_TOPICS];
  }

  /** What the wallet poll-or-push decision reads. */
  walletFacts(): { loggedIn: boolean; userState: number; unified: boolean; accountId: string } {
    const user = this.facts.current().user;
    return {
      loggedIn: this.loggedIn,
      // Spec §6: user state 1 means logged in; only state 1 gets balances.
      userState: this.loggedIn && user !== null ? 1 : 0,
      unified: this.kind === 'unified',
      accountId: user?.id ?? '',
    };
  }

  /** Refetches the balances (wallet polling, a stale feed); answers every tab if a balance it shows changed. */
  async refreshBalances(): Promise<void> {
    if (!this.loggedIn) return;
    const before = this.wallet.shownVersion;
    await loadBalances(this.hooks, this.wallet, this.kind, this.shownSymbols);
    if (this.wallet.shownVersion !== before) this.stamp = this.hooks.changed();
  }

  /** True when the session is logged in (private topics may be subscribed). */
  isLoggedIn(): boolean {
    return this.loggedIn;
  }

  /** Feeds a private frame. */
  ingest(topic: string, data: readonly unknown[]): void {
    const kind = accountTopicKind(topic);
    if (kind === undefined || !this.loggedIn) return;
    let changed = false;
    switch (kind) {
      case 'order':
        for (const row of data) {
          const ev = toOrderEvent(row);
          if (ev === undefined) {
            this.hooks.count('account.badOrder');
            continue;
          }
          const before = this.orders.get(ev.orderId);
          const r = this.orders.apply(ev);
          changed = true;
          if (isTerminalStatus(ev.status) && r.prevStatus !== ev.status) this.historyVersion++;
          for (const n of orderNoticesOf(before, r.prevStatus, ev))
            this.notice(`${ev.orderId}:${n.kind}:${ev.updatedTime}`, n.kind, n.sound, ev);
        }
        break;
      case 'wallet': {
        const r = this.wallet.applyPush(
          { topic, creationTime: this.hooks.now(), data },
          { topics: ACCOUNT_TOPICS.wallet, accountTypes: null },
        );
        changed = r.type !== 'ignored';
        if (changed) this.hooks.walletPushed?.();
        break;
      }
      case 'borrow':
      case 'upgrade': {
        const r = kind === 'borrow' ? this.margin.applyBorrowInfo(data) : this.margin.applyUpgrade(data);
        if (r.bad > 0) this.hooks.count(`account.bad.${kind}`);
        changed = r.changed;
        break;
      }
      case 'lt':
        for (const row of data) {
          const r = this.ltOrders.apply(row);
          if (r.type === 'bad') this.hooks.count('account.badLtOrder');
          if (r.type !== 'new') continue;
          changed = true;
          this.ltNotices.push({ order: r.order, stamp: this.hooks.changed() });
          if (this.ltNotices.length > NOTICE_RING) this.ltNotices = this.ltNotices.slice(-NOTICE_RING);
        }
        break;
      case 'strategy':
        changed = this.applyStrategies(data, true);
        break;
      case 'position':
      case 'pnl':
      case 'combination':
        changed = this.perp.apply(kind, data, () => this.hooks.changed()).changed;
        break;
      case 'execution': {
        // Fills feed the chart's markers and the average lines; balances come on `wallet`.
        const rows: Fill[] = [];
        for (const row of data) {
          const f = fromExecutionRow(row);
          if (f === undefined) this.hooks.count('account.badFill');
          else rows.push(f);
        }
        const added = this.history.addPushed(rows);
        if (added.length > 0) {
          this.historyVersion++;
          for (const symbol of new Set(added.map((f) => f.symbol))) this.facts.onFill(symbol);
          changed = true;
        }
        break;
      }
    }
    if (changed) this.stamp = this.hooks.changed();
  }

  /**
   * Learns whether the session is logged in, then converges to server truth. A call during a load schedules one more
   * load after it (the caller may know of a change the running load started too early to see).
   */
  refresh(): Promise<void> {
    if (this.refreshing !== null) {
      this.again = true;
      return this.refreshing;
    }
    this.refreshing = (async () => {
      // A refresh asked for while one runs sets `again`; loop until none arrived during the last load.
      for (let more = true; more; more = this.takeAgain()) {
        await this.load();
      }
    })().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  /** Reads and clears the "one more load" request. */
  private takeAgain(): boolean {
    const again = this.again;
    this.again = false;
    return again;
  }

  /** The account diff for a tab, or null when unchanged since `cursor`. */
  diff(cursor: number): AccountDiff | null {
    if (!this.userKnown || this.stamp <= cursor) return null;
    const openOrders = LISTS.flatMap((l) => this.orders.view(l)).sort(
      (a, b) => b.createdTime - a.createdTime,
    );
    return {
      loggedIn: this.loggedIn,
      fillsVersion: this.history.fillsVersion,
      averagesVersion: this.history.averagesVersion,
      historyVersion: this.historyVersion,
      ...this.facts.current(),
      openOrders,
      balances: this.wallet
        .list()
        .map((b) => ({ coin: b.coin, free: b.free, locked: b.locked, total: b.total })),
      borrow: this.margin.borrow(),
      upgradeEvent: this.margin.upgradeEvent(),
      uta: this.margin.utaFacts(),
      notices: this.notices
        .filter((n) => n.stamp > cursor)
        .map(({ id, kind, sound, order }) => ({ id, kind, sound, order })),
      ltOrders: this.ltOrders.list(),
      ltNotices: this.ltNotices.filter((n) => n.stamp > cursor).map((n) => n.order),
      strategies: this.strategies.list(),
      strategyNotices: this.strategyNotices.filter((n) => n.stamp > cursor).map((n) => n.row),
      ...this.perp.view(cursor),
    };
  }

  /** Strategy rows (push or list); true when something changed. Finished ones queue the finish message once. */
  private applyStrategies(rows: readonly unknown[], live = false): boolean {
    const r = this.strategies.apply(rows, live);
    if (r.bad > 0) this.hooks.count('account.badStrategy');
    for (const row of r.finished) {
      this.strategyNotices.push({ row, stamp: this.hooks.changed() });
      if (this.strategyNotices.length > NOTICE_RING)
        this.strategyNotices = this.strategyNotices.slice(-NOTICE_RING);
    }
    return r.changed;
  }

  /** Active and recent strategies (Tools), both lists of the strategy call; a failure keeps what the hub had. */
  private async fetchStrategies(): Promise<void> {
    for (const list of await strategyLists(this.hooks)) this.applyStrategies(list);
  }

  private notice(id: string, kind: string, sound: boolean, order: OrderEvent): void {
    const stamp = this.hooks.changed();
    this.notices.push({ id, kind, sound, order, stamp });
    if (this.notices.length > NOTICE_RING) this.notices = this.notices.slice(-NOTICE_RING);
  }

  private async load(): Promise<void> {
    let info: unknown;
    try {
      info = await this.hooks.getJson(CALLS.userInfo.path);
    } catch (e) {
      this.hooks.log(`user info failed: ${String(e)}`);
      return;
    }
    const result = (info as { result?: { isLogin?: unknown; isUTA?: unknown } } | null)?.result;
    this.kind = result?.isUTA === true ? 'unified' : 'classic';
    this.margin.applyUserInfo(result);
    const was = this.loggedIn;
    this.loggedIn = result?.isLogin === true;
    this.userKnown = true;
    if (!this.loggedIn) {
      if (was) {
        this.orders.clear();
        this.wallet.clear();
        this.margin.clear();
        this.history.clear();
        this.ltOrders.clear();
        this.strategies.clear();
        this.perp.clear();
      }
      this.facts.clear();
      this.stamp = this.hooks.changed();
      return;
    }
    // The user's facts load beside the orders and balances, not before them.
    const facts = this.facts.load(info);
    const om = this.orders.mark();
    const rows = await openOrderRows(this.hooks, this.kind);
    if (rows !== null) this.orders.replaceFromRest(rows, { lists: LISTS, symbol: null }, om);
    await loadBalances(this.hooks, this.wallet, this.kind, this.shownSymbols);
    // Fills and averages the tabs showed are reloaded too: a fill made while the socket was down is not lost.
    await Promise.all([facts, this.fetchLtOrders(), this.fetchStrategies(), this.history.reload()]);
    // Orders may have closed and fills landed while the socket was down: history lists reload.
    this.historyVersion++;
    this.stamp = this.hooks.changed();
  }

  /** Fill markers of a symbol per candle of a wire interval; [] when logged out, unknown symbol or interval. */
  fillMarkers(symbol: string, interval: string, from?: number, to?: number): Promise<FillMarker[]> {
    return this.history.fillMarkers(symbol, interval, from, to);
  }

  /** Fills by id (the trade-info modal). */
  fillsByIds(symbol: string, ids: readonly string[]): Fill[] {
    return this.history.fillsByIds(symbol, ids);
  }

  /** Average buy and sell lines over `days`; loads each side once per span. */
  averages(
    symbol: string,
    days: number,
  ): Promise<{ readonly buy: AverageLine | null; readonly sell: AverageLine | null }> {
    return this.history.averages(symbol, days);
  }

  /** The newest LT records (the records tab); pushes that arrived meanwhile are kept. */
  private async fetchLtOrders(): Promise<void> {
    const list = await listOf(this.hooks, `${CALLS.ltOrders.path}?limit=100`, 'LT orders');
    if (list !== null && this.ltOrders.replaceFromRest(list) > 0) this.hooks.count('account.badLtOrder');
  }
}
