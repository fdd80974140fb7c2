/**
 * The integrated list's tools tab (spec §2 "Bottom integrated order list tabs … tools", §7 strategy list): the
 * account's strategy orders. Active rows are the hub's (the strategy list call at login, 80 a page, kept live by
 * the `strategy` push), with a stop action; history pages the strategy list call (status 3, 20 a page) and refetches
 * in place when the hub sees a strategy finish. Current pair or all pairs, like the other tabs.
 */
import { useAtom, useAtomValue } from 'jotai';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SymbolInfo } from '../../../../workers/api';
import type { StrategyRow } from '../../../../workers/protocol/strategy';
import { routeAtom } from '../../../session/state';
import { usePagedList } from '../../../session/usePagedList';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { Tabs } from '../../../ui/Tabs';
import { useErrorToast } from '../../../ui/useErrorToast';
import { VirtualTable } from '../../../ui/VirtualTable';
import { useRowFormat } from '../columns';
import { AllPairsToggle, Pager } from '../controls';
import { parseRows, toStrategyListRow } from '../rows';
import { activeToolRowsAtom, allPairsAtom, strategyHistoryStampAtom, toolsSubTabAtom } from '../state';
import { TOOLS_SUB_TABS, toolsListStatus } from '../strategyRows';
import { HISTORY_PAGE_SIZE } from '../tabs';
import { useStrategyStop } from '../useStrategyStop';
import { toolColumns } from './toolColumns';

const strategyKey = (r: StrategyRow): string => r.strategyId;
/** What a row shows changes only with these fields. */
const strategyVersion = (r: StrategyRow): string =>
  `${r.strategyId}|${r.updatedTime}|${r.strategyStatus}|${r.executedSize}|${r.grid?.totalPnl ?? ''}`;

/** The tools tab: active or history strategy orders. */
export function ToolsTabView({ symbol }: { readonly symbol: SymbolInfo }): React.JSX.Element {
  const { t } = useTranslation('orders');
  const { t: tTools } = useTranslation('tools');
  const [sub, setSub] = useAtom(toolsSubTabAtom);
  const active = useAtomValue(activeToolRowsAtom);
  return (
    <div className="orders-view" data-testid="tools-tab" data-sub={sub}>
      <div className="orders-toolbar">
        <Tabs
          className="tabs tabs-small orders-subtabs"
          label={t('toolsTab.label')}
          keys={TOOLS_SUB_TABS}
          current={sub}
          onSelect={setSub}
          testId={(k) => `tools-sub-${k}`}
          text={(k) =>
            k === 'active' ? `${tTools('list.running')} (${active.length})` : tTools('list.history')
          }
        />
        <div className="orders-tools">
          <AllPairsToggle />
        </div>
      </div>
      {sub === 'active' ? <ActiveTools rows={active} /> : <HistoryTools symbol={symbol} />}
    </div>
  );
}

/** Running strategies with their stop action (confirm, then the stop call). */
function ActiveTools({ rows }: { readonly rows: readonly StrategyRow[] }): React.JSX.Element {
  const { t } = useTranslation('orders');
  const { t: tTools } = useTranslation('tools');
  const locale = useAtomValue(routeAtom).locale;
  const fmt = useRowFormat(locale);
  const stop = useStrategyStop();
  const [stopping, setStopping] = useState<StrategyRow | null>(null);
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const columns = useMemo(
    () =>
      toolColumns(t, tTools, locale, fmt, (r) => (
        <button
          type="button"
          className="link-btn row-action"
          data-testid="tools-stop"
          disabled={r.strategyStatus === 'CANCELLING' || busy.has(r.strategyId)}
          onClick={() => {
            setStopping(r);
          }}
        >
          {tTools('list.stop')}
        </button>
      )),
    [t, tTools, locale, fmt, busy],
  );
  return (
    <>
      <VirtualTable
        rows={rows}
        columns={columns}
        rowKey={strategyKey}
        rowVersion={strategyVersion}
        empty={t('toolsTab.empty.active')}
        testId="tools-active"
      />
      {stopping !== null && (
        <ConfirmDialog
          testId="confirm-stop-strategy"
          title={t('toolsTab.confirm.title')}
          confirmLabel={t('confirm.ok')}
          cancelLabel={t('confirm.back')}
          onCancel={() => {
            setStopping(null);
          }}
          onConfirm={() => {
            const row = stopping;
            setStopping(null);
            setBusy((b) => new Set(b).add(row.strategyId));
            void stop(row).finally(() => {
              setBusy((b) => {
                const next = new Set(b);
                next.delete(row.strategyId);
                return next;
              });
            });
          }}
        >
          <p>
            {t('toolsTab.confirm.text', {
              kind: tTools(`tool.${stopping.strategyType}`),
              pair: fmt.pairOf(stopping.symbol),
            })}
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}

/** Finished strategies, paged from the strategy list call. */
function HistoryTools({ symbol }: { readonly symbol: SymbolInfo }): React.JSX.Element {
  const { t } = useTranslation('orders');
  const { t: tTools } = useTranslation('tools');
  const locale = useAtomValue(routeAtom).locale;
  const fmt = useRowFormat(locale);
  const all = useAtomValue(allPairsAtom);
  const refresh = useAtomValue(strategyHistoryStampAtom);
  const params = useMemo(
    () => ({
      status: toolsListStatus('history'),
      pageSize: HISTORY_PAGE_SIZE,
      ...(all ? {} : { symbol: symbol.symbol }),
    }),
    [all, symbol.symbol],
  );
  const list = usePagedList('strategyList', params, {
    pageSize: HISTORY_PAGE_SIZE,
    cursorParam: 'cursor',
    cursorField: 'strategyId',
    refresh,
    post: true,
  });
  useErrorToast(list.error);
  const rows = useMemo(() => parseRows(list.rows, toStrategyListRow), [list.rows]);
  const columns = useMemo(() => toolColumns(t, tTools, locale, fmt), [t, tTools, locale, fmt]);
  return (
    <>
      <VirtualTable
        rows={rows}
        columns={columns}
        rowKey={strategyKey}
        rowVersion={strategyVersion}
        empty={list.loading ? t('loading') : t('toolsTab.empty.history')}
        testId="tools-history"
      />
      <Pager page={list.page} hasNext={list.hasNext} prev={list.prev} next={list.next} />
    </>
  );
}
