import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { LT_ORDER_TYPE } from '../../../workers/protocol/lt';
import { accountFieldAtom } from '../../hub/state';
import { formatUtcDateTime } from '../../lib/format';
import { sessionUserAtom } from '../../session/state';
import { dealTexts, failureMessageKey } from './messages';

/** Records shown on the LT page (the orders panel lists them all). */
const SHOWN = 10;

/**
 * The trader's latest subscriptions and redemptions of one token (spec §3 LT order), from the hub's records (REST on
 * load, `lt_order` pushes after): time, type, paid, received, NAV, status and why a failed one was refused (the
 * orders panel's LT tab has the fees).
 */
export function LtRecords({
  symbolId,
  locale,
}: {
  readonly symbolId: number;
  readonly locale: string;
}): React.JSX.Element | null {
  const { t } = useTranslation('lt');
  const user = useAtomValue(sessionUserAtom);
  const all = useAtomValue(accountFieldAtom('ltOrders'));
  if (user === null || !user.loggedIn) return null;
  const rows = (all ?? []).filter((o) => o.symbolId === symbolId).slice(0, SHOWN);
  return (
    <section className="lt-records lt-section" aria-labelledby="lt-records-title" data-testid="lt-records">
      <h2 id="lt-records-title" className="lt-records-title">
        {t('records.title')}
      </h2>
      {rows.length === 0 ? (
        <p className="muted">{t('records.empty')}</p>
      ) : (
        <table className="lt-records-table">
          <thead>
            <tr>
              <th scope="col">{t('records.type')}</th>
              <th scope="col">{t('records.paid')}</th>
              <th scope="col">{t('records.received')}</th>
              <th scope="col">{t('records.nav')}</th>
              <th scope="col">{t('records.status')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((o) => {
              const deal = dealTexts(o);
              const reason = o.status === 1 ? null : failureMessageKey(o.orderType, o.failReason);
              return (
                <tr key={o.orderId} data-testid="lt-record" data-status={o.status}>
                  <td>
                    {o.orderType === LT_ORDER_TYPE.subscription
                      ? t('trade.subscription')
                      : t('trade.redemption')}
                    <div className="muted small">{formatUtcDateTime(o.createdTime, locale)}</div>
                  </td>
                  <td className="num">
                    <bdi dir="ltr">{deal.paid}</bdi>
                  </td>
                  <td className="num">
                    <bdi dir="ltr">{deal.received}</bdi>
                  </td>
                  <td className="num">
                    <bdi dir="ltr">{o.status === 1 ? o.nav : ''}</bdi>
                  </td>
                  <td className="lt-record-status">
                    <span className={o.status === 1 ? 'up' : 'down'}>
                      {o.status === 1 ? t('records.success') : t('records.failure')}
                    </span>
                    {reason !== null && (
                      <div className="muted small" data-testid="lt-record-reason">
                        {t(reason, {
                          currency: o.failValues.currency ?? '',
                          value: o.failValues.value ?? '',
                        })}
                      </div>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
