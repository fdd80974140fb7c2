/**
 * Strategy orders in the integrated list (spec §2 "plus strategy orders (iceberg, twap, chase, webhook)", §3 Strategy
 * order and statuses): the tools tab's sub-tabs and rows, a row's progress and status icon, and the strategy a
 * child order came from (its createType, spec §3 Order). Pure.
 */
import type { OrderEvent } from '../../../workers/api';
import type { RowStrategyType, StrategyRow } from '../../../workers/protocol/strategy';
import { CURRENT_PAGE_SIZE, type StatusIcon } from './tabs';

/** The tools tab's sub-tabs: active (list status 2) and history (status 3). */
export type ToolsSubTab = 'active' | 'history';

/** The sub-tabs in display order. */
export const TOOLS_SUB_TABS: readonly ToolsSubTab[] = ['active', 'history'];

/** The strategy list call's status of a sub-tab (spec §7: 2 active, 3 history). */
export function toolsListStatus(sub: ToolsSubTab): 2 | 3 {
  return sub === 'active' ? 2 : 3;
}

/**
 * createType (lower-cased) → the strategy that placed the order. The simulator's own (CreateByGrid, CreateByIceBerg,
 * CreateByTWAP, CreateByScaledOrder) and the exchange's other spellings (CreateByFGridBot, CreateByTwap), chase
 * (CreateByChaseOrder) and webhook (CreateByTVSignal: TradingView signals), which no simulator strategy produces.
 */
const ORIGIN: ReadonlyMap<string, RowStrategyType> = new Map([
  ['createbygrid', 'grid'],
  ['createbyfgridbot', 'grid'],
  ['createbyiceberg', 'iceberg'],
  ['createbytwap', 'twap'],
  ['createbyscaledorder', 'scaled'],
  ['createbychaseorder', 'chaseOrder'],
  ['createbytvsignal', 'webhook'],
]);

/** The strategy a child order came from, by its createType; null for the user's own and other orders. */
export function strategyOriginOf(o: Pick<OrderEvent, 'createType'>): RowStrategyType | null {
  return ORIGIN.get(o.createType.toLowerCase()) ?? null;
}

/**
 * The active sub-tab's rows: the hub's strategies (list call and `strategy` push) still running, for one symbol or
 * all pairs (null), newest first as the hub keeps them, at most one list page (spec §9: 80).
 */
export function activeToolRows(rows: readonly StrategyRow[], symbol: string | null): readonly StrategyRow[] {
  return rows
    .filter((r) => r.status === 2 && (symbol === null || r.symbol === symbol))
    .slice(0, CURRENT_PAGE_SIZE);
}

/**
 * A version that moves when a strategy reaches history in the hub (a push finished it, or a list load brought one):
 * the newest history update time plus the history count. The paged history list refetches in place on a change.
 */
export function historyStamp(rows: readonly StrategyRow[]): number {
  let n = 0;
  let latest = 0;
  for (const r of rows) {
    if (r.status !== 3) continue;
    n++;
    latest = Math.max(latest, r.updatedTime);
  }
  return latest + n;
}

/** Executed share of the size, 0 to 1; null when the size is zero (nothing to measure against). */
export function strategyProgress(r: Pick<StrategyRow, 'size' | 'executedSize'>): number | null {
  const size = Number(r.size);
  const done = Number(r.executedSize);
  if (!(size > 0) || !Number.isFinite(done)) return null;
  return Math.min(1, Math.max(0, done / size));
}

/** The status icon of a strategy: rejected fails, a completion without a close reason fills, one with one cancels. */
export function strategyStatusIcon(r: Pick<StrategyRow, 'strategyStatus' | 'closeReason'>): StatusIcon {
  switch (r.strategyStatus) {
    case 'REJECTED':
      return 'failure';
    case 'COMPLETED':
      return r.closeReason === '' ? 'filled' : 'canceled';
    case 'RAW':
    case 'NEW':
    case 'INITIALIZING':
    case 'RUNNING':
    case 'CANCELLING':
    case 'AWAIT_ACTIVATION':
      return 'pending';
  }
}

/** A chase order's distance as a fraction of the price (chasePercentE4 ÷ 10⁴, as price24hPcntE6 is ÷ 10⁶); else null. */
export function chaseFraction(r: Pick<StrategyRow, 'strategyType' | 'chasePercentE4'>): number | null {
  if (r.strategyType !== 'chaseOrder' || r.chasePercentE4 === undefined) return null;
  return r.chasePercentE4 / 10_000;
}
