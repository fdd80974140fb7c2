/**
 * The positions tab of unified accounts: open positions (the linear perpetuals of the future spread) with side,
 * size, entry, mark and unrealised P&L, from REST; refetched on every position push and every few seconds while
 * positions are open (their unrealised P&L moves with the mark).
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePagedList } from '../../session/usePagedList';
import { usePositionsRefresh } from '../../session/usePositionsRefresh';
import { useErrorToast } from '../../ui/useErrorToast';
import { VirtualTable, type Column } from '../../ui/VirtualTable';
import { toOpenPositions, type PositionRow } from './rows';

/** Open positions (spec §2 unified list); size-zero positions are hidden (spec §9). */
export function PositionsView(): React.JSX.Element {
  const { t } = useTranslation(['orders', 'spread']);
  // The timer runs while the last answer had open positions (the list's length is known only after a fetch).
  const [live, setLive] = useState(false);
  const refresh = usePositionsRefresh(live);
  const list = usePagedList('queryPositions', { needSort: 'true' }, { pageSize: 100, post: true, refresh });
  useErrorToast(list.error);
  const columns: Column<PositionRow>[] = [
    { key: 'symbol', header: t('col.pair'), width: '1fr', render: (r) => r.symbol },
    {
      key: 'side',
      header: t('col.side'),
      width: '1fr',
      render: (r) =>
        r.side === 'Buy' || r.side === 'Sell' ? (
          <span className={r.side === 'Buy' ? 'up' : 'down'}>
            {t(r.side === 'Buy' ? 'spread:long' : 'spread:short')}
          </span>
        ) : (
          ''
        ),
    },
    { key: 'size', header: t('col.qty'), width: '1fr', align: 'end', render: (r) => r.size },
    { key: 'entry', header: t('spread:entry'), width: '1fr', align: 'end', render: (r) => r.avgPrice ?? '' },
    {
      key: 'mark',
      header: t('spread:markPrice'),
      width: '1fr',
      align: 'end',
      render: (r) => r.markPrice ?? '',
    },
    {
      key: 'pnl',
      header: t('col.pnl'),
      width: '1fr',
      align: 'end',
      render: (r) => (
        <span className={Number(r.unrealisedPnl) >= 0 ? 'up' : 'down'} data-testid="position-upnl">
          <bdi dir="ltr">{r.unrealisedPnl}</bdi>
        </span>
      ),
    },
  ];
  const rows = useMemo(() => toOpenPositions(list.rows), [list.rows]);
  useEffect(() => {
    setLive(rows.length > 0);
  }, [rows.length]);
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
