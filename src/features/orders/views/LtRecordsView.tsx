/** The LT-records tab: subscription and redemption records of leveraged tokens. */
import { useAtom, useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { LT_ORDER_TYPE, type LtOrder } from '../../../../workers/protocol/lt';
import { ltMessageKey } from '../../../../workers/protocol/ltChecks';
import { accountFieldAtom } from '../../../hub/state';
import { formatUtcDateTime } from '../../../lib/format';
import { routeAtom } from '../../../session/state';
import { Tabs } from '../../../ui/Tabs';
import { VirtualTable, type Column } from '../../../ui/VirtualTable';
import { ltSubTabAtom } from '../state';

const LT_TABS = ['subscription', 'redemption'] as const;

/** A number with its coin, read left to right in every locale. */
function amount(value: string, coin: string): React.JSX.Element {
  return <bdi dir="ltr">{`${value} ${coin}`}</bdi>;
}

/**
 * LT subscription and redemption records (spec §3 LT order), newest first, from the hub (REST on load, `lt_order`
 * pushes after): what was asked, what was received at which NAV, and the status (1 success, 3 failure).
 */
export function LtRecordsView(): React.JSX.Element {
  const { t } = useTranslation('orders');
  const { t: tl } = useTranslation('lt');
  const [lt, setLt] = useAtom(ltSubTabAtom);
  const locale = useAtomValue(routeAtom).locale;
  const all = useAtomValue(accountFieldAtom('ltOrders'));
  const type = lt === 'subscription' ? LT_ORDER_TYPE.subscription : LT_ORDER_TYPE.redemption;
  const rows = (all ?? []).filter((o) => o.orderType === type);
  const sub = type === LT_ORDER_TYPE.subscription;
  const columns: Column<LtOrder>[] = [
    {
      key: 'time',
      header: t('col.time'),
      width: '1.4fr',
      render: (o) => formatUtcDateTime(o.createdTime, locale),
    },
    { key: 'token', header: t('col.token'), width: '0.8fr', render: (o) => o.token },
    {
      key: 'qty',
      header: tl('records.paid'),
      width: '1fr',
      align: 'end',
      render: (o) => amount(o.orderQuantity, sub ? o.quote : o.token),
    },
    {
      key: 'received',
      header: tl('records.received'),
      width: '1fr',
      align: 'end',
      render: (o) => (o.status === 1 ? amount(o.dealQuantity, sub ? o.token : o.quote) : null),
    },
    {
      key: 'nav',
      header: tl('records.nav'),
      width: '0.8fr',
      align: 'end',
      render: (o) => (o.status === 1 ? <bdi dir="ltr">{o.nav}</bdi> : null),
    },
    {
      key: 'fee',
      header: t('col.fee'),
      width: '0.8fr',
      align: 'end',
      render: (o) => (o.status === 1 ? amount(o.fee, o.quote) : null),
    },
    {
      key: 'status',
      header: t('col.status'),
      width: '0.8fr',
      render: (o) => {
        const why = o.status === 1 ? null : ltMessageKey(o.orderType, o.failReason);
        return (
          <span
            className={o.status === 1 ? 'up' : 'down'}
            data-status={o.status}
            title={
              why === null
                ? undefined
                : tl(why, { currency: o.failValues.currency ?? '', value: o.failValues.value ?? '' })
            }
          >
            {o.status === 1 ? tl('records.success') : tl('records.failure')}
          </span>
        );
      },
    },
  ];
  return (
    <div className="orders-view">
      <div className="orders-toolbar">
        <Tabs
          className="tabs tabs-small orders-subtabs"
          keys={LT_TABS}
          current={lt}
          onSelect={setLt}
          testId={(k) => `orders-lt-${k}`}
          text={(k) => t(`lt.${k}`)}
        />
      </div>
      <VirtualTable
        rows={rows}
        columns={columns}
        rowKey={(o) => o.orderId}
        empty={t('empty.lt')}
        testId="lt-records"
      />
    </div>
  );
}
