/**
 * One strategy in a list (the tool's running / history list and the bot orders panel): status, progress, the kind's
 * own figures (grid profit, P&L and yield; TWAP skipped slices; scaled and grid refused children) and, while it
 * runs, the stop action. Figures are the simulator's, shown as text.
 */
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StrategyRow } from '../../../workers/protocol/strategy';
import { toStrategyRow } from '../../../workers/protocol/strategy';
import { formatPercent, formatUtcDateTime } from '../../lib/format';
import { postCall } from '../../session/api';
import { pushToastAtom } from '../../ui/toasts/state';

/** Stops a strategy (the grid optionally sells its base); the outcome is a toast. */
export function useStopStrategy(): (row: StrategyRow, sellBase: boolean) => Promise<void> {
  const { t } = useTranslation(['tools', 'trade']);
  const push = useSetAtom(pushToastAtom);
  return async (row, sellBase) => {
    try {
      const reply = (await postCall('strategyStop', { strategyId: row.strategyId, sellBase })) as {
        code?: unknown;
        message?: unknown;
        result?: unknown;
      } | null;
      if (reply?.code === 0 && toStrategyRow(reply.result) !== undefined)
        push({ tone: 'success', title: t('toast.stopped'), body: '' });
      else
        push({
          tone: 'error',
          title: t('toast.stopFailed'),
          body: typeof reply?.message === 'string' ? reply.message : '',
        });
    } catch {
      push({ tone: 'error', title: t('toast.stopFailed'), body: t('trade:toast.networkError') });
    }
  };
}

/** One strategy's card. */
export function StrategyCard({
  row,
  locale,
  base,
}: {
  readonly row: StrategyRow;
  readonly locale: string;
  /** Base coin of the row's pair (quantities). */
  readonly base: string;
}): React.JSX.Element {
  const { t } = useTranslation(['tools', 'trade']);
  const stop = useStopStrategy();
  const [busy, setBusy] = useState(false);
  const active = row.status === 2;
  const g = row.grid;
  const item = (label: string, value: string, testId?: string, text = false): React.JSX.Element => (
    <div className="strategy-item">
      <dt>{label}</dt>
      <dd {...(testId === undefined ? {} : { 'data-testid': testId })}>
        {/* Figures read left to right in every locale: a minus sign stays in front in Arabic too. */}
        {text ? value : <bdi dir="ltr">{value}</bdi>}
      </dd>
    </div>
  );
  const onStop = (sellBase: boolean): void => {
    setBusy(true);
    void stop(row, sellBase).finally(() => {
      setBusy(false);
    });
  };
  return (
    <li
      className="strategy-card"
      data-testid="strategy-card"
      data-strategy-id={row.strategyId}
      data-kind={row.strategyType}
      data-status={row.strategyStatus}
    >
      <div className="strategy-head">
        <span className="strategy-title">
          {t(`tool.${row.strategyType}`)} · {row.symbol}
          {row.strategyType !== 'grid' && (
            <span className={row.side === 'Buy' ? 'up' : 'down'}>
              {' '}
              {t(row.side === 'Buy' ? 'trade:side.buy' : 'trade:side.sell')}
            </span>
          )}
        </span>
        <span className="tag" data-testid="strategy-status">
          {t(`status.${row.strategyStatus}`)}
        </span>
      </div>
      <dl className="strategy-figures">
        {item(t('list.executed'), `${row.executedSize} / ${row.size} ${base}`, 'strategy-executed')}
        {item(t('list.avgPrice'), row.avgPrice === '0' ? '--' : row.avgPrice)}
        {row.strategyType === 'iceberg' &&
          item(t('list.slices'), `${row.childCount} / ${row.plannedChildren}`, 'strategy-slices')}
        {row.strategyType === 'twap' &&
          item(t('list.slices'), `${row.childCount} / ${row.plannedChildren}`, 'strategy-slices')}
        {row.strategyType === 'twap' &&
          active &&
          row.nextAt > 0 &&
          item(t('list.nextSlice'), formatUtcDateTime(row.nextAt, locale), undefined, true)}
        {row.strategyType === 'scaled' &&
          item(t('list.orders'), `${row.openChildren} / ${row.plannedChildren}`, 'strategy-orders')}
        {g !== null && item(t('list.range'), `${g.minPrice} – ${g.maxPrice} · ${g.gridNumber}`)}
        {g !== null && item(t('list.gridProfit'), g.gridProfit, 'grid-profit')}
        {g !== null && item(t('list.totalPnl'), g.totalPnl, 'grid-pnl')}
        {g !== null && item(t('list.yield'), formatPercent(Number(g.annualizedYield), locale))}
        {g !== null && item(t('list.pairs'), String(g.completedPairs), 'grid-pairs')}
        {!active &&
          row.closeReason !== '' &&
          item(t('list.closeReason'), t(`closeReason.${row.closeReason}`), undefined, true)}
        {item(t('list.created'), formatUtcDateTime(row.createdTime, locale), undefined, true)}
      </dl>
      {row.skipped.length > 0 && (
        <p className="muted small" data-testid="strategy-skipped">
          {t('list.skipped', { count: row.skipped.length })}
        </p>
      )}
      {row.rejected.length > 0 && (
        <details className="strategy-rejected" data-testid="strategy-rejected">
          <summary>{t('list.rejected', { count: row.rejected.length })}</summary>
          <ul>
            {row.rejected.map((r, i) => (
              <li key={i}>
                {r.price === '0' ? '' : `${r.price} · `}
                {r.qty} {base} — {r.message}
              </li>
            ))}
          </ul>
        </details>
      )}
      {active && (
        <div className="strategy-actions">
          <button
            type="button"
            className="btn btn-small"
            disabled={busy}
            data-testid="strategy-stop"
            onClick={() => {
              onStop(false);
            }}
          >
            {t('list.stop')}
          </button>
          {row.strategyType === 'grid' && (
            <button
              type="button"
              className="btn btn-small"
              disabled={busy}
              data-testid="strategy-stop-sell"
              onClick={() => {
                onStop(true);
              }}
            >
              {t('list.stopAndSell')}
            </button>
          )}
        </div>
      )}
    </li>
  );
}
