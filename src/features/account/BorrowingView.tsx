/** The borrowing tab of unified accounts: borrowed coins and their limits, from REST. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePagedList } from '../../session/usePagedList';
import { useErrorToast } from '../../ui/useErrorToast';
import { VirtualTable, type Column } from '../../ui/VirtualTable';
import { toBorrowRow, type BorrowRow } from './rows';

/** Borrowed coins (spec §2 unified list); coins with nothing borrowed are left out by the query. */
export function BorrowingView(): React.JSX.Element {
  const { t } = useTranslation('orders');
  const list = usePagedList(
    'liabilityList',
    { settleCoin: 'all', ignoreZeroBorrowSize: 'true' },
    { pageSize: 100 },
  );
  useErrorToast(list.error);
  const columns: Column<BorrowRow>[] = [
    { key: 'coin', header: t('col.coin'), width: '1fr', render: (r) => r.coin },
    { key: 'borrowed', header: t('col.borrowed'), width: '1fr', align: 'end', render: (r) => r.borrowed },
    { key: 'max', header: t('col.borrowMax'), width: '1fr', align: 'end', render: (r) => r.borrowMax },
  ];
  const rows = useMemo(() => list.rows.map(toBorrowRow), [list.rows]);
  return (
    <div className="orders-view">
      <VirtualTable
        rows={rows}
        columns={columns}
        rowKey={(r) => r.coin}
        empty={t('empty.borrowing')}
        testId="borrowing"
      />
    </div>
  );
}
