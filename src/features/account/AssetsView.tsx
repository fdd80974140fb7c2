/**
 * The assets tab of unified accounts: the live coin balances the hub keeps, the amount owed per coin (liability list,
 * refetched when the account changes) and the account's risk (borrowInfo push, else the form's unified asset).
 */
import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountDiff } from '../../../workers/api';
import { decodeLiabilityRow } from '../../../workers/protocol/margin';
import { accountAtom } from '../../hub/state';
import { accountInfoAtom } from '../../session/account';
import { usePagedList } from '../../session/usePagedList';
import { VirtualTable, type Column } from '../../ui/VirtualTable';
import { decodeAll } from './rows';
import { useAccountVersion } from './useAccountVersion';
import './account.css';

/** One coin's balance as the hub sends it, with what is owed in it. */
type CoinRow = AccountDiff['balances'][number] & { readonly borrowed: string };

const NO_BALANCES: AccountDiff['balances'] = [];

/** Coin balances (available, locked, total, borrowed) under the account's risk line. */
export function AssetsView(): React.JSX.Element {
  const { t } = useTranslation('orders');
  const { t: tm } = useTranslation('margin');
  const account = useAtomValue(accountAtom);
  const info = useAtomValue(accountInfoAtom);
  const refresh = useAccountVersion();
  const liabilities = usePagedList(
    'liabilityList',
    { settleCoin: 'all', ignoreZeroBorrowSize: 'true' },
    { pageSize: 100, refresh },
  );
  const owed = useMemo(
    () => new Map(decodeAll(liabilities.rows, decodeLiabilityRow).map((r) => [r.currency, r.borrowSize])),
    [liabilities.rows],
  );
  const balances = account?.balances ?? NO_BALANCES;
  const rows = useMemo(
    () => balances.map((b): CoinRow => ({ ...b, borrowed: owed.get(b.coin) ?? '0' })),
    [balances, owed],
  );
  const push = account?.borrow ?? null;
  const status = push?.status ?? info?.status ?? 1;
  const ratio = push?.riskRatio ?? info?.riskRatio ?? '0';
  const leverage = push?.actualLeverageRatio ?? info?.actualLeverageRatio ?? '1';
  const columns: Column<CoinRow>[] = [
    { key: 'coin', header: t('col.coin'), width: '1fr', render: (b) => b.coin },
    { key: 'free', header: t('col.available'), width: '1fr', align: 'end', render: (b) => b.free },
    { key: 'locked', header: t('col.locked'), width: '1fr', align: 'end', render: (b) => b.locked },
    { key: 'total', header: t('col.total'), width: '1fr', align: 'end', render: (b) => b.total },
    { key: 'borrowed', header: tm('risk.borrowed'), width: '1fr', align: 'end', render: (b) => b.borrowed },
  ];
  return (
    <div className="orders-view">
      <div className="orders-toolbar account-risk" data-testid="account-risk" data-status={status}>
        <span>
          {tm('risk.status')}:{' '}
          <strong className={status === 1 ? '' : 'risk-alert'}>
            {tm(status === 4 ? 'risk.status4' : status === 5 ? 'risk.status5' : 'risk.status1')}
          </strong>
        </span>
        <span>
          {tm('risk.ratio')}: <span data-testid="risk-ratio">{(Number(ratio) * 100).toFixed(2)}%</span>
        </span>
        <span>
          {tm('risk.leverage')}: <span data-testid="risk-leverage">{leverage}×</span>
        </span>
      </div>
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
