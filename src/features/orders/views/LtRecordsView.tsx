/** The LT-records tab: subscription and redemption records of leveraged tokens. */
import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Tabs } from '../../../ui/Tabs';
import { VirtualTable, type Column } from '../../../ui/VirtualTable';
import { ltSubTabAtom } from '../state';

const LT_TABS = ['subscription', 'redemption'] as const;

/** LT subscription and redemption records: the simulator keeps no LT orders, so the list is empty until it does. */
export function LtRecordsView(): React.JSX.Element {
  const { t } = useTranslation('orders');
  const [lt, setLt] = useAtom(ltSubTabAtom);
  const columns: Column<never>[] = [
    { key: 'time', header: t('col.time'), width: '1.2fr', render: () => null },
    { key: 'token', header: t('col.token'), width: '1fr', render: () => null },
    { key: 'qty', header: t('col.qty'), width: '1fr', align: 'end', render: () => null },
    { key: 'status', header: t('col.status'), width: '1fr', render: () => null },
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
      <VirtualTable rows={[]} columns={columns} rowKey={() => ''} empty={t('empty.lt')} testId="lt-records" />
    </div>
  );
}
