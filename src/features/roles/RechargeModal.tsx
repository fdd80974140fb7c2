import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getCall, postCall } from '../../session/api';
import { toDemoBalance, toRechargeOutcome, type RechargeOutcome } from './recharge';

/** Coins a demo account may top up. */
const COINS = ['USDT', 'USDC', 'BTC', 'ETH'] as const;

/**
 * The demo recharge modal (spec §2 "Demo accounts get a recharge modal", §8 "Recharge"): the demo wallet balance,
 * a coin and amount, and the recharge (bizScene SPOT_TRADE) with its errors as text.
 */
export function RechargeModal({ onClose }: { readonly onClose: () => void }): React.JSX.Element {
  const { t } = useTranslation('notices');
  const [balance, setBalance] = useState<string | null>(null);
  const [coin, setCoin] = useState<(typeof COINS)[number]>('USDT');
  const [amount, setAmount] = useState('10000');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<RechargeOutcome | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const ctl = new AbortController();
    getCall('demoWalletBalance', {}, ctl.signal).then(
      (r) => {
        setBalance(toDemoBalance(r));
      },
      () => {
        setBalance(null);
      },
    );
    return () => {
      ctl.abort();
    };
  }, [version]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
    };
  }, [onClose]);

  const submit = (): void => {
    setBusy(true);
    setOutcome(null);
    postCall('demoRecharge', { bizScene: 'SPOT_TRADE', coin, amount }).then(
      (r) => {
        setOutcome(toRechargeOutcome(r, coin));
        setBusy(false);
        setVersion((v) => v + 1);
      },
      () => {
        setOutcome({ type: 'generic' });
        setBusy(false);
      },
    );
  };

  const message =
    outcome === null || outcome.type === 'ok'
      ? null
      : outcome.type === 'limit'
        ? t('roles.recharge.limit', { token: outcome.token })
        : outcome.type === 'message'
          ? outcome.message
          : t('roles.recharge.failed');

  return (
    <div className="recharge-backdrop" role="presentation">
      <div
        className="recharge-modal"
        role="dialog"
        aria-modal="true"
        aria-label={t('roles.recharge.title')}
        data-testid="recharge-modal"
      >
        <h2>{t('roles.recharge.title')}</h2>
        <div>
          <div className="setting-label">{t('roles.recharge.balance')}</div>
          <div className="recharge-balance" data-testid="recharge-balance">
            {balance === null ? t('roles.recharge.loading') : `${balance} USDT`}
          </div>
        </div>
        <label className="setting">
          <span className="setting-label">{t('roles.recharge.coin')}</span>
          <select
            className="select"
            value={coin}
            data-testid="recharge-coin"
            onChange={(e) => {
              const c = COINS.find((x) => x === e.currentTarget.value);
              if (c !== undefined) setCoin(c);
            }}
          >
            {COINS.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
        <label className="setting">
          <span className="setting-label">{t('roles.recharge.amount')}</span>
          <input
            className="input"
            inputMode="decimal"
            value={amount}
            data-testid="recharge-amount"
            onChange={(e) => {
              setAmount(e.currentTarget.value.replace(/[^0-9.]/g, ''));
            }}
          />
        </label>
        {outcome?.type === 'ok' && (
          <p className="recharge-ok" role="status" data-testid="recharge-ok">
            {t('roles.recharge.success')}
          </p>
        )}
        {message !== null && (
          <p className="recharge-error" role="alert" data-testid="recharge-error">
            {message}
          </p>
        )}
        <div className="recharge-actions">
          <button type="button" className="btn" data-testid="recharge-cancel" onClick={onClose}>
            {t('roles.recharge.cancel')}
          </button>
          <button
            type="button"
            className="btn btn-primary"
            data-testid="recharge-submit"
            disabled={busy || amount === ''}
            onClick={submit}
          >
            {t('roles.recharge.submit')}
          </button>
        </div>
      </div>
    </div>
  );
}
