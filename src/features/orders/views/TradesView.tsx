/** The trade-history tab: the account's fills in the chosen range, paged from REST. */
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SymbolInfo } from '../../../../workers/api';
import { routeAtom } from '../../../session/state';
import { formatUtcDateTime } from '../../../lib/format';
import type { Column } from '../../../ui/VirtualTable';
import { SideCell, useRowFormat } from '../columns';
import { toTradeRow, type TradeRow } from '../rows';
import { HistoryListView } from './HistoryListView';

const tradeKey = (r: TradeRow): string => r.id;

/** Trade history (spec §4): execution price, quantity, value and fee per fill. */
export function TradesView({ symbol }: { readonly symbol: SymbolInfo }): React.JSX.Element {
  const { t } = useTranslation('orders');
  const locale = useAtomValue(routeAtom).locale;
  const fmt = useRowFormat(locale);
  const columns = useMemo<Column<TradeRow>[]>(
    () => [
      {
        key: 'time',
        header: t('col.time'),
        width: 'minmax(150px, 1.3fr)',
        render: (r) => formatUtcDateTime(r.time, locale),
      },
      {
        key: 'pair',
        header: t('col.pair'),
        width: 'minmax(78px, 0.8fr)',
        render: (r) => fmt.pairOf(r.symbol),
      },
      {
        key: 'side',
        header: t('col.side'),
        width: 'minmax(44px, 0.5fr)',
        render: (r) => <SideCell side={r.side} />,
      },
      {
        key: 'price',
        header: t('col.execPrice'),
        width: 'minmax(80px, 1fr)',
        align: 'end',
        render: (r) => fmt.price(r.symbol, r.price),
      },
      {
        key: 'qty',
        header: t('col.qty'),
        width: 'minmax(80px, 1fr)',
        align: 'end',
        render: (r) => fmt.qty(r.symbol, r.qty),
      },
      {
        key: 'value',
        header: t('col.value'),
        width: 'minmax(90px, 1fr)',
        align: 'end',
        render: (r) => fmt.amount(r.symbol, r.value),
      },
      { key: 'fee', header: t('col.fee'), width: 'minmax(100px, 1fr)', align: 'end', render: (r) => r.fee },
    ],
    [t, locale, fmt],
  );
  return (
    <HistoryListView
      call="tradeHistory"
      symbolId={symbol.symbolId}
      cursorParam="from_trade_id"
      cursorField="execId"
      parse={toTradeRow}
      columns={columns}
      rowKey={tradeKey}
      empty={t('empty.trades')}
      testId="trade-history"
    />
  );
}
