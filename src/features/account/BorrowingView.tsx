/** The borrowing tab of unified accounts: borrowed coins and their limits, from REST. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePagedList } from '../../session/usePagedList';
import { useErrorToast } from '../../ui/useErrorToast';
import { VirtualTable, type Column } from '../../ui/VirtualTable';
import { toBorrowRows, type BorrowingRow } from './rows';

/** Borrowed coins (spec §2 unified list); coins with nothing borrowed are left out by the query. */
export function BorrowingView(): React.JSX.Element {
  const { t } = useTranslation('orders');
  const list = usePagedList(
    'liabilityList',
    { settleCoin: 'all', ignoreZeroBorrowSize: 'true' },
    { pageSize: 100 },
  );
  useErrorToast(list.error);
  const columns: Column<BorrowingRow>[] = [
    { key: 'coin', header: t('col.coin'), width: '1fr', render: (r) => r.currency },
    { key: 'borrowed', header: t('col.borrowed'), width: '1fr', align: 'end', render: (r) => r.borrowSize },
    { key: 'max', header: t('col.borrowMax'), width: '1fr', align: 'end', render: (r) => r.borrowMaxSize },
  ];
  const rows = useMemo(() => toBorrowRows(list.rows), [list.rows]);
  return (
    <div className="orders-view">
      <VirtualTable
        rows={rows}
        columns={columns}
        rowKey={(r) => r.currency}
        empty={t('empty.borrowing')}
        testId="borrowing"
      />
    </div>
  );
}
