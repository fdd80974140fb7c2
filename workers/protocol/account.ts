/**
 * Account shapes of the contract: fills, chart fill markers and average lines as tabs receive them, and the average
 * lines' day spans and legend (the chart UI offers and labels them). Declared here, not in the reducers, so
 * `workers/api.ts` and the UI depend on the protocol only.
 */
import type { BorrowInfo, UpgradeEvent, UtaFacts } from './margin';
import type { LtOrder } from './lt';
import type { StrategyRow } from './strategy';
import type { CombinationRow, PerpPositionRow } from './perp';
import type { OrderEvent } from './orderEvent';
import type { ConfirmFlag, Preferences, UserFacts } from './user';

/** Double-confirm flags of spec §3: the only entries the preference's comma list may hold. */
export const DOUBLE_CONFIRM_FLAGS = [
  'notifyClose',
  'tradeNotifyClose',
  'successAudio',
  'createOrderNotifyClose',
  'cancelOrderNotifyClose',
  'modifyOrderNotifyClose',
] as const;

/** One double-confirm flag. */
export type DoubleConfirmFlag = (typeof DOUBLE_CONFIRM_FLAGS)[number];

/** One fill of the account (spec §3 Fill). */
export interface Fill {
  /** execId (push) = tradeId (REST): the dedupe key. */
  readonly id: string;
  readonly orderId: string;
  readonly symbol: string;
  readonly side: 'Buy' | 'Sell';
  /** Execution time, ms. */
  readonly time: number;
  readonly price: string;
  readonly qty: string;
  /** Quote value (price × qty). */
  readonly value: string;
  readonly fee: string;
  readonly feeCurrency: string;
  readonly orderType: 'Limit' | 'Market';
}

/** One chart marker: every fill of one side within one candle. */
export interface FillMarker {
  /** Candle start, ms UTC. */
  readonly time: number;
  readonly side: 'Buy' | 'Sell';
  readonly count: number;
  /** Total base quantity. */
  readonly qty: string;
  /** Total quote value. */
  readonly value: string;
  /** Volume-weighted average price (value / qty), rounded half-up to the price precision. */
  readonly avgPrice: string;
  /** The fills behind the marker, oldest first: what the trade-info modal lists. */
  readonly fillIds: readonly string[];
}

/** Day spans the average lines offer (spec §9). */
export const AVERAGE_DAY_CHOICES = [7, 30, 60, 90, 180, 365, 730, 1095] as const;
/** One offered day span. */
export type AverageDays = (typeof AVERAGE_DAY_CHOICES)[number];

/** The i18n key and count of a line's legend (spec §9: 'last N days', or years at 365 and more). */
export type AverageLineLabel =
  { readonly key: 'lastNDays'; readonly n: number } | { readonly key: 'lastNYears'; readonly n: number };

/** Legend of an average line for a day span. */
export function averageLineLabel(days: number): AverageLineLabel {
  return days >= 365 ? { key: 'lastNYears', n: Math.floor(days / 365) } : { key: 'lastNDays', n: days };
}

/** One average line as views show it. */
export interface AverageLine {
  readonly symbol: string;
  readonly side: 'Buy' | 'Sell';
  /** The span the sums cover (after the classic cap): what the legend shows. */
  readonly days: number;
  /** value / qty, 8 decimals; "0" when nothing was traded. */
  readonly price: string;
  readonly valueSum: string;
  readonly qtySum: string;
  /** Spec §4: the line is drawn only when the average is above 0 (and its toggle is 'show'). */
  readonly positive: boolean;
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
  /**
   * Increments whenever order or trade history changes (an order reached a final state, a new fill, a reconnect's
   * reload): a history list refetches on it instead of on a timer after every diff.
   */
  readonly historyVersion: number;
  /** The logged-in user's details and roles; null while logged out. */
  readonly user: UserFacts | null;
  /** Server preferences (getPrefSetting); written through HubApi.setPreferences. */
  readonly preferences: Preferences;
  /** Double-confirm flags; written through HubApi.setConfirmFlags. */
  readonly confirmFlags: readonly ConfirmFlag[];
  /** Zone quota left by symbol (classic accounts, zone symbols in an account tab's interest); null = unlimited. */
  readonly quota: Readonly<Record<string, string | null>>;
  /** Latest risk and borrowed coins pushed on user.unify.usdc.borrowInfo (absent/null before the first push). */
  readonly borrow?: BorrowInfo | null;
  /** Latest user.uta.upgrade event, numbered so a tab acts on it once (absent/null before the first). */
  readonly upgradeEvent?: { readonly seq: number; readonly event: UpgradeEvent } | null;
  /** The user info's upgrade facts (gray flag, unified_account, upgrade state); absent/null while logged out. */
  readonly uta?: UtaFacts | null;
  /** The account's strategies (Tools: grid, iceberg, TWAP, scaled), newest first; absent from older hubs. */
  readonly strategies?: readonly StrategyRow[];
  /** Strategies that just finished with something executed (spec §4 strategyFinishMessage), newer than the cursor. */
  readonly strategyNotices?: readonly StrategyRow[];
  /** Order notifications to show once (toasts), oldest first. */
  readonly notices: readonly {
    readonly id: string;
    readonly kind: string;
    readonly sound: boolean;
    readonly order: OrderEvent;
  }[];
  /** LT subscription and redemption records, newest first (absent from hubs that predate them). */
  readonly ltOrders?: readonly LtOrder[];
  /** LT orders to announce once (spec §4: status 1 success, 3 failure notice), oldest first. */
  readonly ltNotices?: readonly LtOrder[];
  /** Perpetual positions from private.position pushes (size zero removed), by symbol order of arrival. */
  readonly positions?: readonly PerpPositionRow[];
  /** Increments on every position or P&L push: the Positions and P&L tabs refetch on it. */
  readonly positionsVersion?: number;
  /** Future-spread combinations that just filled (combination.trade.notify), newer than the cursor. */
  readonly combinationNotices?: readonly CombinationRow[];
}
