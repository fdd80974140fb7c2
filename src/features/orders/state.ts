/**
 * Orders-panel state: the selected tab, sub-tab, all-pairs toggle and time range, and the open-order rows derived
 * from the hub's live account data (`accountAtom`, fed by hub diffs: every tab of the browser sees the same pushes).
 */
import { atom } from 'jotai';
import type { OrderEvent } from '../../../workers/api';
import type { StrategyRow } from '../../../workers/protocol/strategy';
import { routeSymbolAtom } from '../../session/state';
import { accountAtom } from '../../hub/state';
import { perfMeasure, perfNow } from '../../lib/perfMarks';
import { ORDERS_MARK } from './marks';
import { activeToolRows, historyStamp, type ToolsSubTab } from './strategyRows';
import {
  filterOpenOrders,
  subTabOf,
  type HistoryRange,
  type LtSubTab,
  type OrdersSubTab,
  type OrdersTab,
} from './tabs';

/** The selected top tab (falls back to current where the viewer lacks it). */
export const ordersTabAtom = atom<OrdersTab>('current');
ordersTabAtom.debugLabel = 'ordersTabAtom';

/** The selected order sub-tab, shared by current and historical orders. */
export const ordersSubTabAtom = atom<OrdersSubTab>('ordinary');
ordersSubTabAtom.debugLabel = 'ordersSubTabAtom';

/** The selected LT-records sub-tab. */
export const ltSubTabAtom = atom<LtSubTab>('subscription');
ltSubTabAtom.debugLabel = 'ltSubTabAtom';

/** Show every pair's orders instead of the routed pair's. */
export const allPairsAtom = atom(false);
allPairsAtom.debugLabel = 'allPairsAtom';

/** History time range in days. */
export const historyRangeAtom = atom<HistoryRange>(7);
historyRangeAtom.debugLabel = 'historyRangeAtom';

const NO_ORDERS: readonly OrderEvent[] = [];

/** Every open order of the account (newest first); empty when logged out or not loaded. */
export const openOrdersAtom = atom((get) => get(accountAtom)?.openOrders ?? NO_ORDERS);
openOrdersAtom.debugLabel = 'openOrdersAtom';

/** The open orders the current sub-tab shows, for the routed pair or all pairs. */
export const openRowsAtom = atom((get) => {
  const t0 = perfNow();
  const rows = filterOpenOrders(
    get(openOrdersAtom),
    get(ordersSubTabAtom),
    get(allPairsAtom) ? null : get(routeSymbolAtom),
  );
  perfMeasure(ORDERS_MARK.rows, t0);
  return rows;
});
openRowsAtom.debugLabel = 'openRowsAtom';

/** Open-order counts per sub-tab (the tab badges), for the routed pair or all pairs. */
export const openCountsAtom = atom((get) => {
  const symbol = get(allPairsAtom) ? null : get(routeSymbolAtom);
  const counts: Record<OrdersSubTab, number> = { ordinary: 0, stopLimit: 0, conditional: 0, oco: 0 };
  for (const o of get(openOrdersAtom)) if (symbol === null || o.symbol === symbol) counts[subTabOf(o)]++;
  return counts;
});
openCountsAtom.debugLabel = 'openCountsAtom';

/** The tools tab's sub-tab: active or history strategies. */
export const toolsSubTabAtom = atom<ToolsSubTab>('active');
toolsSubTabAtom.debugLabel = 'toolsSubTabAtom';

const NO_STRATEGIES: readonly StrategyRow[] = [];

/** The hub's strategies (list call and `strategy` push), newest first; the one source of the tools tab's rows. */
export const strategiesAtom = atom((get) => get(accountAtom)?.strategies ?? NO_STRATEGIES);
strategiesAtom.debugLabel = 'strategiesAtom';

/** Running strategies for the routed pair or all pairs. */
export const activeToolRowsAtom = atom((get) =>
  activeToolRows(get(strategiesAtom), get(allPairsAtom) ? null : get(routeSymbolAtom)),
);
activeToolRowsAtom.debugLabel = 'activeToolRowsAtom';

/** Moves when a strategy reaches history in the hub: the paged history list refetches. */
export const strategyHistoryStampAtom = atom((get) => historyStamp(get(strategiesAtom)));
strategyHistoryStampAtom.debugLabel = 'strategyHistoryStampAtom';
