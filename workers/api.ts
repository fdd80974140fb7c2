/**
 * The one contract between the hub (SharedWorker, or a dedicated Worker where SharedWorker is missing) and a tab.
 * Tabs only ever see this interface: `src/hub/client.ts` wraps it with Comlink, `workers/hub.ts` exposes it.
 *
 * Data flow is a long-poll pull: a visible tab calls `pull(cursor)` at most once per animation frame; the hub answers
 * as soon as anything in the tab's interest changed since `cursor` (or at once if something already did). A hidden tab
 * does not pull, so nothing accumulates for it; its next pull after a long pause returns one fresh snapshot.
 */
import type { AverageLine } from './account/averages';
import type { Fill, FillMarker } from './account/fills';
import type { OrderEvent } from './account/orders';

export type { AverageLine, Fill, FillMarker, OrderEvent };

/** What one tab wants from the hub; replaced wholesale by `setInterest`. */
export interface TabInterest {
  /** Symbol of the page, e.g. "BTCUSDT"; null for none. */
  readonly symbol: string | null;
  /** Depth step (a digitMerge entry) for the merged book; null = the default step rule. */
  readonly step: string | null;
  /** Book rows per side to send (0 = no book). At most 40. */
  readonly bookRows: number;
  /** Latest trades wanted. */
  readonly trades: boolean;
  /** Live candles of this wire interval ("1s", "1", "5", …, "D", "W", "M"), or null. */
  readonly klineInterval: string | null;
  /** Tickers of every listed symbol (symbol list, header) — at most a few updates a second. */
  readonly allTickers: boolean;
  /** Private account data (orders, balances) for a logged-in tab. */
  readonly account: boolean;
}

/** An interest in nothing: a tab before it says what it shows. */
export const NO_INTEREST: TabInterest = {
  symbol: null,
  step: null,
  bookRows: 0,
  trades: false,
  klineInterval: null,
  allTickers: false,
  account: false,
};

/** A tab's first message. */
export interface TabHello {
  readonly tabId: string;
  /** The build the tab's code comes from. */
  readonly buildId: string;
  /** Name of the Web Lock the tab holds for its lifetime (the hub learns of a dead tab by taking it). */
  readonly lockName: string;
}

/** The hub's answer to hello. */
export interface HubHello {
  /** Changes when the browser restarts the hub: the tab must drop its cursor (it gets full snapshots anyway). */
  readonly instanceId: string;
  readonly buildId: string;
  /** true: the tab is of another build than the hub: it must reload. */
  readonly reload: boolean;
  /** 'shared' or 'dedicated' (the fallback). */
  readonly mode: 'shared' | 'dedicated';
}

/** Socket state (spec §8 codes). */
export interface ConnectionState {
  readonly state: 'connecting' | 'open' | 'reconnecting' | 'offline';
  /** 4998 open error, 4997 open timeout, 4996 heartbeat timeout, 4995 heartbeat recovered, 4999 error, 4005/4006 abnormal close. */
  readonly code: number | null;
  readonly lastMessageAt: number;
  /** Reconnects so far. */
  readonly reconnects: number;
}

/** Merged book rows of one symbol at one step: typed arrays of 4 numbers a row (price, amount, cum base, cum quote). */
export interface BookFrame {
  readonly symbol: string;
  readonly step: string;
  /** Steps offered by the symbol's digitMerge (spec §5). */
  readonly steps: readonly string[];
  readonly bids: Float64Array;
  readonly asks: Float64Array;
  readonly bidCount: number;
  readonly askCount: number;
  readonly buyOnePrice: number;
  readonly sellOnePrice: number;
  /** Bid share of shown depth, 0..1. */
  readonly ratio: number;
  /** Book update id of the last applied message. */
  readonly u: number;
  /** performance.timeOrigin-relative ms when the newest frame reached the hub (for feed-to-pixel timing). */
  readonly receivedAt: number;
  /** True while the book waits for a fresh snapshot after a gap. */
  readonly resyncing: boolean;
}

/** One latest trade. */
export interface TradeRow {
  readonly id: string;
  readonly price: number;
  readonly qty: number;
  readonly time: number;
  /** Taker side. */
  readonly side: 'Buy' | 'Sell';
}

/** One candle, ascending time. */
export interface CandleRow {
  readonly time: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  readonly volume: number;
  readonly turnover: number;
  readonly confirm: boolean;
}

/** 24h ticker of one symbol. */
export interface TickerRow {
  readonly symbol: string;
  readonly last: number;
  readonly high24h: number;
  readonly low24h: number;
  readonly volume24h: number;
  readonly turnover24h: number;
  readonly change24h: number;
  readonly direction: 'up' | 'down' | 'flat';
}

/** Counters of input the hub dropped (bad frames, gaps…), for the bench page and debugging. */
export type HubCounters = Readonly<Record<string, number>>;

/** What changed for one tab since its cursor; absent fields did not change. */
export interface HubDiff {
  /** Pass back on the next pull. */
  readonly cursor: number;
  readonly instanceId: string;
  /** Set when the tab must reload (a newer build is deployed). */
  readonly reload?: true;
  readonly connection?: ConnectionState;
  readonly book?: BookFrame;
  /** Newest first, at most 40. */
  readonly trades?: readonly TradeRow[];
  /** The forming candle (and the one it closed, if any), for klineInterval. */
  readonly candles?: readonly CandleRow[];
  readonly tickers?: readonly TickerRow[];
  /** Private data; shapes owned by workers/account. */
  readonly account?: AccountDiff;
}

/** Account data as tabs receive it. */
export interface AccountDiff {
  readonly loggedIn: boolean;
  /** Open orders (spot, plan, trailing), newest first. */
  readonly openOrders: readonly OrderEvent[];
  /** Balances per coin. */
  readonly balances: readonly {
    readonly coin: string;
    readonly free: string;
    readonly locked: string;
    readonly total: string;
  }[];
  /** Increments whenever the account's fills change (a push or a refetch): the chart re-asks `fillMarkers`. */
  readonly fillsVersion: number;
  /** Increments whenever an average line changes: the chart re-asks `averages`. */
  readonly averagesVersion: number;
  /** Order notifications to show once (toasts), oldest first. */
  readonly notices: readonly {
    readonly id: string;
    readonly kind: string;
    readonly sound: boolean;
    readonly order: OrderEvent;
  }[];
}

/** One listed symbol (instruments-info row: the product's Symbol fields of spec §3). */
export interface SymbolInfo {
  readonly symbol: string;
  readonly symbolId: number;
  readonly base: string;
  readonly quote: string;
  readonly pricePrecision: number;
  readonly quantityPrecision: number;
  readonly amountPrecision: number;
  readonly minTradeQuantity: string;
  readonly maxTradeQuantity: string;
  readonly minTradeAmount: string;
  readonly maxTradeAmount: string;
  readonly digitMerge: string;
  /** '' | 'innovation' | 'adventure' */
  readonly mark: string;
  readonly tradeStatus: number;
  readonly isBanBuy: boolean;
  readonly isBanSell: boolean;
  /** '' | 'long' | 'short' (leveraged token). */
  readonly ltDirection: string;
  /** '' | 'disclaimer' | 'terms' */
  readonly noticeType: string;
  /** Opening time in ms; 0 when open. */
  readonly openTime: number;
}

/** The hub API. Every method is safe to call with any input: bad input is answered, never thrown into the tab. */
export interface HubApi {
  /** Registers a tab. */
  hello(tab: TabHello): Promise<HubHello>;
  /** Replaces the tab's interest (subscriptions are refcounted across tabs). */
  setInterest(tabId: string, interest: TabInterest): Promise<void>;
  /**
   * Long-poll: resolves with what changed since `cursor` (0 = everything), or an empty diff after `waitMs`.
   * `lookAt` delays the look until that time, on the clock the hub and its tabs share (`performance.timeOrigin +
   * performance.now()`; at most 100 ms ahead, none when past or absent): a paint worker asks for the state as of just
   * before its next animation frame, so it draws data that fresh with one pull per frame (src/hub/framePuller.ts).
   */
  pull(tabId: string, cursor: number, waitMs: number, lookAt?: number): Promise<HubDiff>;
  /** The listed symbols (fetched once by the hub, refetched after a reconnect); [] while unavailable. */
  symbols(): Promise<readonly SymbolInfo[]>;
  /** Initial candles for the chart (REST page of 500 + up to 3 more pages back); [] on failure (spec §8). */
  klines(symbol: string, interval: string, endMs?: number, startMs?: number): Promise<readonly CandleRow[]>;
  /**
   * The logged-in account's fills of a symbol (last 90 days; REST first, then pushes) bucketed per candle of the wire
   * interval ("1", "30", "D", …), ascending; [] when logged out or on failure. Re-ask when `fillsVersion` changes.
   */
  fillMarkers(
    symbol: string,
    interval: string,
    fromMs?: number,
    toMs?: number,
  ): Promise<readonly FillMarker[]>;
  /** Fills by id (the trade-info modal behind a marker); unknown ids are skipped. */
  fillsByIds(symbol: string, ids: readonly string[]): Promise<readonly Fill[]>;
  /**
   * Average buy and sell prices of a symbol over `days` (7, 30, 60, 90, 180, 365, 730, 1095; classic accounts
   * capped at 90): server sums plus newer fills. null for a side not loaded or logged out. Re-ask when
   * `averagesVersion` changes.
   */
  averages(
    symbol: string,
    days: number,
  ): Promise<{ readonly buy: AverageLine | null; readonly sell: AverageLine | null }>;
  /**
   * Serves this API on another port as well: a tab's paint worker (which owns an OffscreenCanvas) pulls its own
   * frames straight from the hub, so tick-rate data never crosses the tab's main thread. Pass with Comlink.transfer.
   */
  connect(port: MessagePort): Promise<void>;
  /** The tab is going away (pagehide); the Web Lock covers crashes. */
  bye(tabId: string): Promise<void>;
  /** Counters of dropped/bad input and other health figures. */
  counters(): Promise<HubCounters>;
  /** Recent hub log lines (Playwright cannot read a SharedWorker's console). */
  logs(): Promise<readonly string[]>;
}
