/**
 * Columns of the tools tab (spec §3 Strategy order: type, symbol, status, size, executed size; plus created time,
 * average price and, for grids, the P&L the row carries). Figures are the simulator's, at the pair's precisions.
 */
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { StrategyRow } from '../../../../workers/protocol/strategy';
import { formatPercent, formatShare, formatUtcDateTime, NO_VALUE } from '../../../lib/format';
import type { Column } from '../../../ui/VirtualTable';
import { SideCell, STATUS_GLYPH, type RowFormat } from '../columns';
import { chaseFraction, strategyProgress, strategyStatusIcon } from '../strategyRows';

/** The strategy's kind label (grid, iceberg, TWAP, scaled, chase, webhook), a chase order with its distance. */
function KindCell({
  row,
  locale,
}: {
  readonly row: StrategyRow;
  readonly locale: string;
}): React.JSX.Element {
  const { t } = useTranslation('tools');
  const chase = chaseFraction(row);
  return (
    <span data-testid="tools-kind" data-kind={row.strategyType}>
      {t(`tool.${row.strategyType}`)}
      {chase !== null && <bdi dir="ltr"> {formatPercent(chase, locale)}</bdi>}
    </span>
  );
}

/** A strategy status of spec §3 with its icon; finished rows add why they closed. */
function StrategyStatusCell({ row }: { readonly row: StrategyRow }): React.JSX.Element {
  const { t } = useTranslation('tools');
  const icon = strategyStatusIcon(row);
  return (
    <span
      className={`order-status status-${icon}`}
      data-testid="tools-status"
      data-status={row.strategyStatus}
      title={row.closeReason === '' ? undefined : t(`closeReason.${row.closeReason}`)}
    >
      <span aria-hidden="true">{STATUS_GLYPH[icon]}</span> {t(`status.${row.strategyStatus}`)}
      {row.status === 3 && row.closeReason !== '' && (
        <span className="muted"> · {t(`closeReason.${row.closeReason}`)}</span>
      )}
    </span>
  );
}

/** Executed size with a bar and the share of the size. */
function ExecutedCell({
  row,
  fmt,
  locale,
}: {
  readonly row: StrategyRow;
  readonly fmt: RowFormat;
  readonly locale: string;
}): React.JSX.Element {
  const p = strategyProgress(row);
  return (
    <span className="tools-executed" data-testid="tools-executed" data-progress={p ?? ''}>
      <bdi dir="ltr">{fmt.qty(row.symbol, row.executedSize)}</bdi>
      {p !== null && (
        <>
          <span
            className="tools-progress"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(p * 100)}
          >
            <span className="tools-progress-fill" style={{ inlineSize: `${(p * 100).toFixed(1)}%` }} />
          </span>
          <bdi dir="ltr" className="muted" data-testid="tools-progress">
            {formatShare(p, locale)}
          </bdi>
        </>
      )}
    </span>
  );
}

/** A grid's total P&L in its sign's colour; other kinds have none. */
function PnlCell({ row, fmt }: { readonly row: StrategyRow; readonly fmt: RowFormat }): React.JSX.Element {
  const pnl = row.grid?.totalPnl;
  if (pnl === undefined) return <span className="muted">{NO_VALUE}</span>;
  const n = Number(pnl);
  return (
    <bdi dir="ltr" className={n > 0 ? 'up' : n < 0 ? 'down' : undefined} data-testid="tools-pnl">
      {fmt.amount(row.symbol, pnl)}
    </bdi>
  );
}

/** The tools tab's columns; `actions` renders the last cell (the stop button on active rows), absent in history. */
export function toolColumns(
  t: TFunction<'orders'>,
  tTools: TFunction<'tools'>,
  locale: string,
  fmt: RowFormat,
  actions?: (row: StrategyRow) => React.ReactNode,
): Column<StrategyRow>[] {
  // Each flex factor is its minimum ÷ 100 px: a grid row sized to max-content takes (largest minimum ÷ its flex) × the
  // flex sum, so equal ratios keep the table within a 1,300 px panel instead of scrolling sideways.
  const cols: Column<StrategyRow>[] = [
    {
      key: 'time',
      header: t('col.time'),
      width: 'minmax(150px, 1.5fr)',
      render: (r) => formatUtcDateTime(r.createdTime, locale),
    },
    { key: 'pair', header: t('col.pair'), width: 'minmax(78px, 0.8fr)', render: (r) => fmt.pairOf(r.symbol) },
    {
      key: 'type',
      header: t('col.type'),
      width: 'minmax(88px, 0.9fr)',
      render: (r) => <KindCell row={r} locale={locale} />,
    },
    {
      key: 'side',
      header: t('col.side'),
      width: 'minmax(72px, 0.72fr)',
      // A grid trades both sides.
      render: (r) => (r.strategyType === 'grid' ? NO_VALUE : <SideCell side={r.side} />),
    },
    {
      key: 'size',
      header: t('col.qty'),
      width: 'minmax(80px, 0.8fr)',
      align: 'end',
      render: (r) => <bdi dir="ltr">{fmt.qty(r.symbol, r.size)}</bdi>,
    },
    {
      key: 'executed',
      header: tTools('list.executed'),
      width: 'minmax(170px, 1.7fr)',
      align: 'end',
      render: (r) => <ExecutedCell row={r} fmt={fmt} locale={locale} />,
    },
    {
      key: 'avg',
      header: t('col.avgPrice'),
      width: 'minmax(80px, 0.8fr)',
      align: 'end',
      render: (r) => <bdi dir="ltr">{fmt.price(r.symbol, r.avgPrice)}</bdi>,
    },
    {
      key: 'pnl',
      header: tTools('list.totalPnl'),
      width: 'minmax(100px, 1fr)',
      align: 'end',
      render: (r) => <PnlCell row={r} fmt={fmt} />,
    },
    {
      key: 'status',
      header: t('col.status'),
      // Finished rows add the close reason ("Completed · Stopped manually").
      width: 'minmax(190px, 1.9fr)',
      render: (r) => <StrategyStatusCell row={r} />,
    },
  ];
  if (actions !== undefined) {
    cols.push({ key: 'actions', header: '', width: 'minmax(60px, 0.6fr)', align: 'end', render: actions });
  }
  return cols;
}
