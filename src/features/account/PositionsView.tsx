/** The positions tab of unified accounts: open positions with size and unrealised P&L, from REST. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePagedList } from '../../session/usePagedList';
import { useErrorToast } from '../../ui/useErrorToast';
import { VirtualTable, type Column } from '../../ui/VirtualTable';
import { toOpenPositions, type PositionRow } from './rows';

/** Open positions (spec §2 unified list); size-zero positions are hidden. */
export function PositionsView(): React.JSX.Element {
  const { t } = useTranslation('orders');
  const list = usePagedList('queryPositions', { needSort: 'true' }, { pageSize: 100, post: true });
  useErrorToast(list.error);
  const columns: Column<PositionRow>[] = [
    { key: 'symbol', header: t('col.pair'), width: '1fr', render: (r) => r.symbol },
    { key: 'size', header: t('col.qty'), width: '1fr', align: 'end', render: (r) => r.size },
    { key: 'pnl', header: t('col.pnl'), width: '1fr', align: 'end', render: (r) => r.unrealisedPnl },
  ];
  const rows = useMemo(() => toOpenPositions(list.rows), [list.rows]);
  return (
    <div className="orders-view">
      <VirtualTable
        rows={rows}
        columns={columns}
        rowKey={(r) => r.symbol}
        empty={t('empty.positions')}
        testId="positions"
      />
    </div>
  );
}
