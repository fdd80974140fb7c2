import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SymbolInfo } from '../../../workers/api';
import { LT_ORDER_STATUS } from '../../../workers/protocol/lt';
import { checkRedemption, checkSubscription, type LtCheckState } from '../../../workers/protocol/ltChecks';
import { accountFieldAtom } from '../../hub/state';
import { useHubWant } from '../../hub/useHubWant';
import { formatFixed, NO_VALUE } from '../../lib/format';
import { sessionUserAtom } from '../../session/state';
import { NumericField } from '../../ui/NumericField';
import { Tabs } from '../../ui/Tabs';
import { VisitorPrompt } from '../../ui/VisitorPrompt';
import { estimateLt } from './estimate';
import { failureMessageKey, type LtMessageKey } from './messages';
import { useLtSubmit } from './useLtSubmit';
import './lt-trade.css';

const KINDS = ['subscription', 'redemption'] as const;
type Kind = (typeof KINDS)[number];

/** What is left of the trader's daily limits ('' when unknown): quote to subscribe, tokens to redeem. */
export interface LtDailyRemaining {
  readonly subscription: string;
  readonly redemption: string;
}

/** What the form shows under the button: a translated failure with its values, or a server text. */
type Problem =
  | { readonly key: LtMessageKey; readonly values: Readonly<Record<string, string>> }
  | { readonly text: string };

interface LtFormProps {
  readonly symbol: SymbolInfo;
  readonly check: LtCheckState | null;
  readonly feeRate: string;
  readonly daily: LtDailyRemaining | null;
  readonly locale: string;
  readonly onPlaced: () => void;
}

/**
 * The LT subscription and redemption form (spec §5): the amount (quote) or quantity (token) field, the available
 * balance, the estimate at the current NAV, and the submit button. The checks run in the spec's order before sending;
 * the first failure shows under the button, risk state 5 shows a warning only. `check` is null while the token's
 * info loads. `daily` is what is left of the trader's daily limits (from the same info; the simulator enforces it).
 * `onPlaced` runs after the simulator answered (the info reloads; the hub's push brings the notice).
 */
export function LtTradePanel(props: LtFormProps): React.JSX.Element | null {
  const user = useAtomValue(sessionUserAtom);
  if (user === null) return null;
  if (!user.loggedIn) return <VisitorPrompt />;
  return <LtForm {...props} />;
}

function LtForm({ symbol, check, feeRate, daily, locale, onPlaced }: LtFormProps): React.JSX.Element {
  const { t } = useTranslation('lt');
  useHubWant({ account: true });
  const balances = useAtomValue(accountFieldAtom('balances'));
  const [kind, setKind] = useState<Kind>('subscription');
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const { sending, submit } = useLtSubmit();

  const sub = kind === 'subscription';
  const coin = sub ? symbol.quote : symbol.base;
  const available = balances?.find((b) => b.coin === coin)?.free ?? '0';
  const precision = sub ? symbol.amountPrecision : symbol.quantityPrecision;
  const estimate = check === null ? null : estimateLt(kind, value, check.nav, feeRate, symbol);
  const warn = sub && check !== null && check.riskState === 5;
  const remaining = daily === null ? '' : sub ? daily.subscription : daily.redemption;

  const onSubmit = async (): Promise<void> => {
    if (check === null) return;
    if (sub) {
      const r = checkSubscription(value, available, check);
      if (!r.ok) {
        setProblem({ key: `subscribe.${r.key}`, values: r.values });
        return;
      }
    } else {
      const r = checkRedemption(value, available, check);
      if (!r.ok) {
        setProblem({ key: `redeem.${r.key}`, values: r.values });
        return;
      }
    }
    setProblem(null);
    const answer = await submit(kind, symbol.symbolId, value);
    if (answer.ok && answer.order.status === LT_ORDER_STATUS.success) setValue('');
    else if (answer.ok) {
      const key = failureMessageKey(answer.order.orderType, answer.order.failReason);
      setProblem(key === null ? { text: t('notice.failed') } : { key, values: answer.order.failValues });
    } else setProblem({ text: answer.message === '' ? t('notice.failed') : answer.message });
    onPlaced();
  };

  return (
    <form
      className="lt-trade"
      data-testid="lt-trade"
      data-kind={kind}
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
    >
      <Tabs
        kind="radio"
        className="segmented lt-trade-kinds"
        label={t('trade.title')}
        keys={KINDS}
        current={kind}
        onSelect={(k) => {
          setKind(k);
          setValue('');
          setProblem(null);
        }}
        testId={(k) => `lt-trade-${k}`}
        itemClassName={(k) => `lt-kind lt-kind-${k}`}
        text={(k) => (k === 'subscription' ? t('trade.subscription') : t('trade.redemption'))}
      />
      <NumericField
        label={sub ? t('trade.amount') : t('trade.quantity')}
        value={value}
        onChange={(v) => {
          setValue(v);
          setProblem(null);
        }}
        precision={precision}
        locale={locale}
        unit={coin}
        testId="lt-trade-input"
        invalid={problem !== null}
      />
      <dl className="lt-trade-facts">
        <div>
          <dt>{t('trade.available')}</dt>
          <dd className="num" data-testid="lt-trade-available">
            <bdi dir="ltr">{`${formatFixed(Number(available), precision, locale)} ${coin}`}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t('trade.dailyRemaining')}</dt>
          <dd className="num" data-testid="lt-trade-daily">
            <bdi dir="ltr">
              {remaining === '' ? NO_VALUE : `${formatFixed(Number(remaining), precision, locale)} ${coin}`}
            </bdi>
          </dd>
        </div>
        <div>
          <dt>{t('trade.nav')}</dt>
          <dd className="num" data-testid="lt-trade-nav">
            <bdi dir="ltr">
              {check === null || check.nav === ''
                ? NO_VALUE
                : `${formatFixed(Number(check.nav), symbol.pricePrecision, locale)} ${symbol.quote}`}
            </bdi>
          </dd>
        </div>
        <div>
          <dt>{t('trade.fee')}</dt>
          <dd className="num">
            <bdi dir="ltr">{estimate === null ? NO_VALUE : `${estimate.fee} ${symbol.quote}`}</bdi>
          </dd>
        </div>
        <div>
          <dt>{t('trade.receive')}</dt>
          <dd className="num" data-testid="lt-trade-receive">
            <bdi dir="ltr">
              {estimate === null ? NO_VALUE : `${estimate.receive} ${sub ? symbol.base : symbol.quote}`}
            </bdi>
          </dd>
        </div>
      </dl>
      {warn && (
        <p className="lt-trade-warning" role="note" data-testid="lt-trade-warning">
          {t('subscribe.wearPosition')}
        </p>
      )}
      {check === null && <p className="muted small">{t('trade.loading')}</p>}
      <button
        type="submit"
        className={`btn lt-trade-submit ${sub ? 'lt-trade-sub' : 'lt-trade-red'}`}
        disabled={check === null || sending}
        data-testid="lt-trade-submit"
      >
        {sending
          ? t('trade.sending')
          : sub
            ? t('trade.submitSubscription', { token: symbol.base })
            : t('trade.submitRedemption', { token: symbol.base })}
      </button>
      {problem !== null && (
        <p className="lt-trade-error" role="alert" data-testid="lt-trade-error">
          {'key' in problem
            ? t(problem.key, { currency: problem.values.currency ?? '', value: problem.values.value ?? '' })
            : problem.text}
        </p>
      )}
    </form>
  );
}
