/**
 * Orders-panel state: the selected tab, sub-tab, all-pairs toggle and time range, and the open-order rows derived
 * from the hub's live account data (`accountAtom`, fed by hub diffs: every tab of the browser sees the same pushes).
 */
import { atom } from 'jotai';
import type { OrderEvent } from '../../../workers/api';
import { routeSymbolAtom } from '../../session/state';
import { accountAtom } from '../../hub/state';
import {
  filterOpenOrders,
  subTabOf,
  type HistoryRange,
  type LtSubTab,
  type OrdersSubTab,
  type OrdersTab,
} from './tabs';

export const ordersTabAtom = atom<OrdersTab>('current');
ordersTabAtom.debugLabel = 'ordersTabAtom';

export const ordersSubTabAtom = atom<OrdersSubTab>('ordinary');
ordersSubTabAtom.debugLabel = 'ordersSubTabAtom';

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

/** Bench probe (bench/orders.bench.ts): set on `window.__ordersBench` by the bench only. */
export interface OrdersBenchProbe {
  /** performance.now() when the account data last changed and the table has not committed since. */
  pending: number | null;
  /** When the table's render for that change started. */
  renderStart: number | null;
  /** Time spent deriving the table's rows for that change. */
  computeMs: number;
  /** Main-thread work per push: derive + render + commit. */
  samples: number[];
  /** Wall time per push from the store change to the commit (includes waiting for the render task). */
  totals: number[];
}

/** The bench probe, when the bench installed one. */
export function ordersBenchProbe(): OrdersBenchProbe | undefined {
  return (globalThis as { __ordersBench?: OrdersBenchProbe }).__ordersBench;
}

/** The open orders the current sub-tab shows, for the routed pair or all pairs. */
export const openRowsAtom = atom((get) => {
  const probe = ordersBenchProbe();
  const t0 = probe === undefined ? 0 : performance.now();
  const rows = filterOpenOrders(
    get(openOrdersAtom),
    get(ordersSubTabAtom),
    get(allPairsAtom) ? null : get(routeSymbolAtom),
  );
  if (probe !== undefined) probe.computeMs += performance.now() - t0;
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
