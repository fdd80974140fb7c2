/**
 * Always mounted beside the orders panel: keeps the chart's tool lines (scaled pre-orders while that form is edited;
 * the grid being set up, else the running grid of the routed pair) and shows the finish message of spec §4
 * ('strategyFinishMessage', once per strategy) when a finished iceberg or TWAP executed something.
 */
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { accountFieldAtom } from '../../hub/state';
import { pairLookupAtom } from '../../session/state';
import { NO_TOOL_LINES, toolPreviewLinesAtom, type ToolPreviewLines } from '../../session/toolLines';
import { pushToastAtom } from '../../ui/toasts/state';
import { gridSpecOf, scaledPlan } from './draft';
import { useSpreadNotices } from './spread/useSpreadNotices';
import { toolDraftsAtom, toolViewAtom, tradeTabAtom } from './state';

/** Keeps the tool lines and the finish toasts; renders nothing. */
export function ToolsHost(): null {
  const { t } = useTranslation('tools');
  const tab = useAtomValue(tradeTabAtom);
  const view = useAtomValue(toolViewAtom);
  const drafts = useAtomValue(toolDraftsAtom);
  const lookup = useAtomValue(pairLookupAtom);
  const strategies = useAtomValue(accountFieldAtom('strategies'));
  const notices = useAtomValue(accountFieldAtom('strategyNotices'));
  const setLines = useSetAtom(toolPreviewLinesAtom);
  const push = useSetAtom(pushToastAtom);
  const shown = useRef(new Set<string>());
  useSpreadNotices();

  const symbol = lookup.kind === 'found' ? lookup.symbol : null;
  useEffect(() => {
    if (symbol === null) {
      setLines(NO_TOOL_LINES);
      return;
    }
    const open = tab === 'tools';
    const scaled =
      open && view === 'scaled'
        ? scaledPlan(drafts.scaled, symbol).map((o) => ({ price: Number(o.price), side: drafts.scaled.side }))
        : [];
    const running = strategies?.find(
      (r) => r.strategyType === 'grid' && r.status === 2 && r.symbol === symbol.symbol,
    )?.grid;
    const preview = open && view === 'grid' ? gridSpecOf(drafts.grid) : null;
    const lines: ToolPreviewLines = {
      scaled,
      grid:
        preview ??
        (running === undefined || running === null
          ? null
          : {
              minPrice: Number(running.minPrice),
              maxPrice: Number(running.maxPrice),
              gridNumber: running.gridNumber,
              type: running.type,
            }),
    };
    setLines(lines);
  }, [symbol, tab, view, drafts, strategies, setLines]);

  useEffect(() => {
    for (const row of notices ?? []) {
      if (shown.current.has(row.strategyId)) continue;
      shown.current.add(row.strategyId);
      push({
        tone: 'success',
        title: t('strategyFinishMessage', { tool: t(`tool.${row.strategyType}`), symbol: row.symbol }),
        body: t('finishDetail', { qty: row.executedSize, price: row.avgPrice }),
      });
    }
  }, [notices, push, t]);
  return null;
}
