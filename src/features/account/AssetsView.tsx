/** The assets tab of unified accounts: the live coin balances the hub keeps (no REST). */
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { AccountDiff } from '../../../workers/api';
import { accountAtom } from '../../hub/state';
import { VirtualTable, type Column } from '../../ui/VirtualTable';

/** One coin's balance as the hub sends it. */
type CoinBalance = AccountDiff['balances'][number];

const NO_BALANCES: readonly CoinBalance[] = [];

/** Coin balances: available, locked by open orders, total. */
export function AssetsView(): React.JSX.Element {
  const { t } = useTranslation('orders');
  const account = useAtomValue(accountAtom);
  const rows = account?.balances ?? NO_BALANCES;
  const columns: Column<CoinBalance>[] = [
    { key: 'coin', header: t('col.coin'), width: '1fr', render: (b) => b.coin },
    { key: 'free', header: t('col.available'), width: '1fr', align: 'end', render: (b) => b.free },
    { key: 'locked', header: t('col.locked'), width: '1fr', align: 'end', render: (b) => b.locked },
    { key: 'total', header: t('col.total'), width: '1fr', align: 'end', render: (b) => b.total },
  ];
  return (
    <div className="orders-view">
      <VirtualTable
        rows={rows}
        columns={columns}
        rowKey={(b) => b.coin}
        empty={t('empty.assets')}
        testId="assets"
      />
    </div>
  );
}
