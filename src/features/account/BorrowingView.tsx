/**
 * The borrowing tab of unified accounts (spec §2 sub-tabs unpaid, paid off, repayments): the account's loans and
 * repayments from REST, refetched when the account changes, and a repay action per unpaid loan's coin.
 */
import { useAtomValue, useSetAtom } from 'jotai';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  decodeLoanRow,
  decodeRepaymentRow,
  type LoanRow,
  type RepaymentRow,
} from '../../../workers/protocol/margin';
import { formatUtcDateTime } from '../../lib/format';
import { postCall, resultOf } from '../../session/api';
import { routeAtom } from '../../session/state';
import { usePagedList } from '../../session/usePagedList';
import { Tabs } from '../../ui/Tabs';
import { pushToastAtom } from '../../ui/toasts/state';
import { useErrorToast } from '../../ui/useErrorToast';
import { VirtualTable, type Column } from '../../ui/VirtualTable';
import { decodeAll } from './rows';
import { useAccountVersion } from './useAccountVersion';

/** The borrowing sub-tabs. */
export const BORROW_SUBS = ['unpaid', 'paid', 'repayments'] as const;
type BorrowSub = (typeof BORROW_SUBS)[number];

/** Unpaid and paid-off loans, repayments, and repay. */
export function BorrowingView(): React.JSX.Element {
  const { t } = useTranslation('margin');
  const [sub, setSub] = useState<BorrowSub>('unpaid');
  const [nonce, setNonce] = useState(0);
  const refresh = useAccountVersion() + nonce;
  return (
    <div className="orders-view">
      <div className="orders-toolbar">
        <Tabs
          className="tabs tabs-small orders-subtabs"
          label={t('borrow.label')}
          keys={BORROW_SUBS}
          current={sub}
          onSelect={setSub}
          testId={(k) => `borrow-sub-${k}`}
          text={(k) => t(`borrow.sub.${k}`)}
        />
      </div>
      {sub === 'repayments' ? (
        <Repayments refresh={refresh} />
      ) : (
        <Loans
          status={sub}
          refresh={refresh}
          onRepaid={() => {
            setNonce((n) => n + 1);
          }}
        />
      )}
    </div>
  );
}

function Loans({
  status,
  refresh,
  onRepaid,
}: {
  readonly status: 'unpaid' | 'paid';
  readonly refresh: number;
  readonly onRepaid: () => void;
}): React.JSX.Element {
  const { t } = useTranslation('margin');
  const locale = useAtomValue(routeAtom).locale;
  const push = useSetAtom(pushToastAtom);
  const [busy, setBusy] = useState(false);
  const list = usePagedList('loanList', { status }, { pageSize: 100, refresh });
  useErrorToast(list.error);
  const rows = useMemo(() => decodeAll(list.rows, decodeLoanRow), [list.rows]);
  const repay = (coin: string): void => {
    setBusy(true);
    postCall('repay', { coin })
      .then((body) => {
        const r = resultOf(body);
        if (r === null) {
          const message = (body as { message?: unknown } | null)?.message;
          push({
            tone: 'error',
            title: t('borrow.repayFailed'),
            body: typeof message === 'string' ? message : '',
          });
        } else {
          push({ tone: 'success', title: t('borrow.repaid', { amount: String(r.repaid), coin }), body: '' });
        }
      })
      .catch((e: unknown) => {
        push({ tone: 'error', title: t('borrow.repayFailed'), body: String(e) });
      })
      .finally(() => {
        setBusy(false);
        onRepaid();
      });
  };
  const columns: Column<LoanRow>[] = [
    { key: 'coin', header: t('borrow.col.coin'), width: '0.7fr', render: (r) => r.currency },
    {
      key: 'principal',
      header: t('borrow.col.principal'),
      width: '1fr',
      align: 'end',
      render: (r) => r.principal,
    },
    {
      key: 'interest',
      header: t('borrow.col.interest'),
      width: '1fr',
      align: 'end',
      render: (r) => r.interest,
    },
    status === 'unpaid'
      ? { key: 'owed', header: t('borrow.col.owed'), width: '1fr', align: 'end', render: (r) => r.owed }
      : {
          key: 'paidOff',
          header: t('borrow.col.paidOff'),
          width: '1.3fr',
          render: (r) => formatUtcDateTime(r.paidOffTime, locale),
        },
    {
      key: 'rate',
      header: t('borrow.col.rate'),
      width: '0.7fr',
      align: 'end',
      render: (r) => `${(Number(r.yearlyRate) * 100).toFixed(2)}%`,
    },
    {
      key: 'time',
      header: t('borrow.col.time'),
      width: '1.3fr',
      render: (r) => formatUtcDateTime(r.createdTime, locale),
    },
  ];
  if (status === 'unpaid') {
    columns.push({
      key: 'action',
      header: t('borrow.col.action'),
      width: '0.7fr',
      align: 'end',
      render: (r) => (
        <button
          type="button"
          className="link-btn row-action"
          data-testid={`repay-${r.currency}`}
          disabled={busy}
          onClick={() => {
            repay(r.currency);
          }}
        >
          {t('borrow.repay')}
        </button>
      ),
    });
  }
  return (
    <VirtualTable
      rows={rows}
      columns={columns}
      rowKey={(r) => r.loanId}
      empty={t(`borrow.empty.${status}`)}
      testId={`borrow-${status}`}
    />
  );
}

function Repayments({ refresh }: { readonly refresh: number }): React.JSX.Element {
  const { t } = useTranslation('margin');
  const locale = useAtomValue(routeAtom).locale;
  const list = usePagedList('repaymentList', {}, { pageSize: 100, refresh });
  useErrorToast(list.error);
  const rows = useMemo(() => decodeAll(list.rows, decodeRepaymentRow), [list.rows]);
  const columns: Column<RepaymentRow>[] = [
    { key: 'coin', header: t('borrow.col.coin'), width: '0.7fr', render: (r) => r.currency },
    { key: 'amount', header: t('borrow.col.amount'), width: '1fr', align: 'end', render: (r) => r.amount },
    {
      key: 'interest',
      header: t('borrow.col.interest'),
      width: '1fr',
      align: 'end',
      render: (r) => r.interest,
    },
    {
      key: 'kind',
      header: t('borrow.col.kind'),
      width: '0.7fr',
      render: (r) => (r.auto ? t('borrow.auto') : t('borrow.manual')),
    },
    {
      key: 'time',
      header: t('borrow.col.repayTime'),
      width: '1.3fr',
      render: (r) => formatUtcDateTime(r.time, locale),
    },
  ];
  return (
    <VirtualTable
      rows={rows}
      columns={columns}
      rowKey={(r) => r.repayId}
      empty={t('borrow.empty.repayments')}
      testId="borrow-repayments"
    />
  );
}
