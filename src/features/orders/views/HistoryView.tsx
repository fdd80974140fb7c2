/** The order-history tab: closed orders of the chosen sub-tab and range, paged from REST. */
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderEvent, SymbolInfo } from '../../../../workers/api';
import { routeAtom } from '../../../session/state';
import type { Column } from '../../../ui/VirtualTable';
import { filledText, leadColumns, priceColumn, StatusCell, useRowFormat, useUnits } from '../columns';
import { SubTabs } from '../controls';
import { toHistoryOrder } from '../rows';
import { ordersSubTabAtom } from '../state';
import { historyPlanType, type OrdersSubTab } from '../tabs';
import { HistoryListView } from './HistoryListView';

const orderKey = (o: OrderEvent): string => o.orderId;

/** Order history (spec §4): average price, price, filled of total, status. */
export function HistoryView({
  symbol,
  subs,
}: {
  readonly symbol: SymbolInfo;
  readonly subs: readonly OrdersSubTab[];
}): React.JSX.Element {
  const { t } = useTranslation('orders');
  const locale = useAtomValue(routeAtom).locale;
  const sub = useAtomValue(ordersSubTabAtom);
  const fmt = useRowFormat(locale);
  const unitsOf = useUnits();
  const params = useMemo(() => ({ plan_type: historyPlanType(sub) }), [sub]);
  const columns = useMemo<Column<OrderEvent>[]>(
    () => [
      ...leadColumns(t, locale, fmt, (o) => o.updatedTime),
      {
        key: 'avg',
        header: t('col.avgPrice'),
        width: 'minmax(80px, 1fr)',
        align: 'end',
        render: (o) => fmt.price(o.symbol, o.avgPrice),
      },
      priceColumn(t, fmt),
      {
        key: 'filled',
        header: t('col.filledQty'),
        width: 'minmax(230px, 2.2fr)',
        align: 'end',
        render: (o) => filledText(o, unitsOf(o.symbol), fmt),
      },
      {
        key: 'status',
        header: t('col.status'),
        width: 'minmax(110px, 1fr)',
        render: (o) => <StatusCell status={o.status} />,
      },
    ],
    [t, locale, fmt, unitsOf],
  );
  return (
    <HistoryListView
      call="orderHistory"
      params={params}
      symbolId={symbol.symbolId}
      cursorParam="from_order_id"
      cursorField="orderId"
      parse={toHistoryOrder}
      columns={columns}
      rowKey={orderKey}
      empty={t('empty.history')}
      testId="order-history"
      lead={<SubTabs subs={subs} />}
    />
  );
}
