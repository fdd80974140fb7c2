/**
 * The orders panel's tabs (spec §2 "Orders panel", §4 "Order status tabs", §6): which tabs and sub-tabs a user sees,
 * which open orders belong to a sub-tab, which plan types a history sub-tab asks for, and the links out. Pure.
 */
import type { OrderEvent, WebConfig } from '../../../workers/api';
import { DEFAULT_WEB_CONFIG } from '../../../workers/protocol/webConfig';
import { demoAccess } from '../../session/demoRules';

/** Top tabs. Classic: current, history, trades, LT records; unified adds positions, P&L, tools, borrowing, assets. */
export type OrdersTab =
  'current' | 'history' | 'trades' | 'lt' | 'positions' | 'pnl' | 'tools' | 'borrowing' | 'assets';

/** Sub-tabs of current and historical orders. */
export type OrdersSubTab = 'ordinary' | 'stopLimit' | 'conditional' | 'oco';

/** LT record sub-tabs. */
export type LtSubTab = 'subscription' | 'redemption';

/** Compliance switches of the orders panel (spec §6). */
export interface OrdersCompliance {
  readonly spotCurrentOrderOco: boolean;
  readonly spotOrderHistoryOco: boolean;
  readonly spotSubRedemRecord: boolean;
  readonly spotOrderHeader: boolean;
  readonly IntegratedOrderRequest: boolean;
  /** The compliance-restricted view replaces the panel (insurance note and a my-orders link). */
  readonly restricted: boolean;
}

/** The orders panel's switches out of the web config (the hub publishes it; `complianceAtom` reads it live). */
export function ordersComplianceOf(c: WebConfig): OrdersCompliance {
  return {
    spotCurrentOrderOco: c.spotCurrentOrderOco,
    spotOrderHistoryOco: c.spotOrderHistoryOco,
    spotSubRedemRecord: c.spotSubRedemRecord,
    spotOrderHeader: c.spotOrderHeader,
    IntegratedOrderRequest: c.IntegratedOrderRequest,
    restricted: c.restrictedView,
  };
}

/** The switches before the hub's config arrives (the web config's defaults). */
export const ORDERS_COMPLIANCE: OrdersCompliance = ordersComplianceOf(DEFAULT_WEB_CONFIG);

/** Who is looking. */
export interface OrdersViewer {
  readonly unified: boolean;
  readonly isDemo: boolean;
  /** Sub-accounts have no tools (spec §6); absent: not a sub-account. */
  readonly isSub?: boolean;
}

/** Top tabs in display order. */
export function ordersTabs(v: OrdersViewer, c: OrdersCompliance): readonly OrdersTab[] {
  const lt: OrdersTab[] = c.spotSubRedemRecord ? ['lt'] : [];
  if (v.unified && c.IntegratedOrderRequest) {
    // The unified bottom integrated list (spec §2). P&L links to performance, which demo accounts do not have: per
    // the demo rules the tab stays and says so (`demoAccess('performanceLink')` is 'tip'), unless a rule hides it.
    return [
      'current',
      'positions',
      'history',
      'trades',
      ...(demoAccess('performanceLink', v) === 'hidden' ? [] : (['pnl'] as const)),
      // Strategy orders; hidden for sub-accounts by the Tools tab's own rule (`hasTools`: tools not available, §6).
      ...(v.isSub === true ? [] : (['tools'] as const)),
      'borrowing',
      'assets',
      ...lt,
    ];
  }
  return ['current', 'history', 'trades', ...lt];
}

/** Sub-tabs of the current (`history` false) or historical orders; OCO hidden for demo and per compliance. */
export function ordersSubTabs(
  v: OrdersViewer,
  c: OrdersCompliance,
  history: boolean,
): readonly OrdersSubTab[] {
  const oco =
    demoAccess('ocoOrderTab', v) === 'available' && (history ? c.spotOrderHistoryOco : c.spotCurrentOrderOco);
  return ['ordinary', 'stopLimit', 'conditional', ...(oco ? (['oco'] as const) : [])];
}

/** The sub-tab an open order shows under: untriggered plans by plan type, everything working on the book ordinary. */
export function subTabOf(o: Pick<OrderEvent, 'status' | 'planType'>): OrdersSubTab {
  if (o.status !== 'ORDER_NEW') return o.planType === 4 || o.planType === 5 ? 'conditional' : 'ordinary';
  switch (o.planType) {
    case 8:
      return 'stopLimit';
    case 10:
      return 'oco';
    default:
      return 'conditional';
  }
}

/** Plan types cancelled by the cancel-all of a sub-tab (ordinary → the ordinary cancel-all). */
export function cancelAllPlanTypes(sub: OrdersSubTab): readonly number[] {
  switch (sub) {
    case 'ordinary':
      return [];
    case 'stopLimit':
      return [8];
    case 'conditional':
      return [1, 4, 5, 11];
    case 'oco':
      return [10];
  }
}

/** The plan_type a history sub-tab asks orderHistory for. */
export function historyPlanType(sub: OrdersSubTab): number {
  switch (sub) {
    case 'ordinary':
      return -1;
    case 'stopLimit':
      return 8;
    case 'conditional':
      return 1;
    case 'oco':
      return 10;
  }
}

/** Open orders of a sub-tab, for one symbol or all pairs (null); keeps the newest-first order. */
export function filterOpenOrders(
  orders: readonly OrderEvent[],
  sub: OrdersSubTab,
  symbol: string | null,
): readonly OrderEvent[] {
  return orders.filter((o) => (symbol === null || o.symbol === symbol) && subTabOf(o) === sub);
}

/** Time ranges of the history tabs (spec §9), in days. */
export const HISTORY_RANGES = [7, 30, 180] as const;
/** One time range. */
export type HistoryRange = (typeof HISTORY_RANGES)[number];
/** Page sizes (spec §9 "page size 80 or 20"): current lists 80, history pages 20. */
export const CURRENT_PAGE_SIZE = 80;
export const HISTORY_PAGE_SIZE = 20;

const SEGMENT: Readonly<Record<OrdersSubTab, string>> = {
  ordinary: 'active',
  stopLimit: 'stop-limit',
  conditional: 'conditional',
  oco: 'oco',
};

/** The "view more" link of a tab (spec §2 "Navigation links out"); null where none applies. */
export function viewMoreHref(tab: OrdersTab, sub: OrdersSubTab, lt: LtSubTab): string | null {
  switch (tab) {
    case 'current':
      return `/user/assets/order/fed/spot-current-orders/${SEGMENT[sub]}`;
    case 'history':
      // The history pages have no OCO view: OCO history is under conditional.
      return `/user/assets/order/fed/spot-orders/${sub === 'oco' ? 'conditional' : SEGMENT[sub]}`;
    case 'trades':
      return '/user/assets/order/fed/spot-history/active';
    case 'lt':
      return `/user/assets/order/fed/spot-lt-order/${lt}`;
    case 'pnl':
      return '/user/assets/home/performance?tab=spot';
    case 'positions':
    case 'tools':
    case 'borrowing':
    case 'assets':
      return null;
  }
}

/** Status icons of spec §3. */
export type StatusIcon = 'pending' | 'filled' | 'canceled' | 'failure';

/** The icon of a status label. */
export function statusIconOf(status: OrderEvent['status']): StatusIcon {
  switch (status) {
    case 'FILLED':
    case 'ORDER_FILLED':
      return 'filled';
    case 'CANCELED':
    case 'ORDER_CANCELED':
    case 'PARTIALLY_FILLED_CANCELED':
      return 'canceled';
    case 'REJECTED':
    case 'ORDER_REJECTED':
      return 'failure';
    case 'UNKNOWN':
    case 'NEW':
    case 'PENDING_NEW':
    case 'PENDING_CANCEL':
    case 'ORDER_NEW':
    case 'PARTIALLY_FILLED':
      return 'pending';
  }
}

/** Order-type label keys (spec §3 "Order type labels"), under `orders:type.`; limit types have an IOC variant. */
export type OrderTypeKey =
  | 'limit'
  | 'market'
  | 'conditionalLimit'
  | 'conditionalMarket'
  | 'stopLimitLimit'
  | 'stopLimitMarket'
  | 'oco'
  | 'trailingStop'
  | 'trailingProfit'
  | 'tpsl'
  | 'limitIoc'
  | 'conditionalLimitIoc'
  | 'stopLimitLimitIoc';

/** The order-type label key of an order. */
export function orderTypeKey(o: Pick<OrderEvent, 'planType' | 'orderType' | 'timeInForce'>): OrderTypeKey {
  const market = o.orderType === 'Market';
  const ioc = o.timeInForce === 'IOC';
  switch (o.planType) {
    case 1:
      return market ? 'conditionalMarket' : ioc ? 'conditionalLimitIoc' : 'conditionalLimit';
    case 8:
      return market ? 'stopLimitMarket' : ioc ? 'stopLimitLimitIoc' : 'stopLimitLimit';
    case 10:
      return 'oco';
    case 4:
      return 'trailingStop';
    case 5:
      return 'trailingProfit';
    case 11:
      return 'tpsl';
    default:
      return market ? 'market' : ioc ? 'limitIoc' : 'limit';
  }
}
