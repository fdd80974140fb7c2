/**
 * The margin row's leverage switch (issue 24): the account's leverage setting on the server, not the showLeverage
 * display preference that only hides this row. Off, the server lends nothing and refuses margin orders, and the
 * form's leverage-off check (spec §5 'leverage_off_trade_tip') reads the same setting from the unified asset call,
 * which every tab of the account refetches when the change's borrowInfo push reaches the hub.
 */
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { postCall, resultOf } from '../../session/api';
import { accountInfoAtom } from '../../session/account';
import { pushToastAtom } from '../../ui/toasts/state';

/** The account leverage switch and the leverage the account runs at. */
export function LeverageRow({ symbol }: { readonly symbol: string }): React.JSX.Element {
  const { t } = useTranslation('margin');
  const store = useStore();
  const info = useAtomValue(accountInfoAtom);
  const push = useSetAtom(pushToastAtom);
  const [busy, setBusy] = useState(false);
  // Until the unified asset answer for this pair arrives the setting is unknown: the switch waits for it.
  const known = info !== null && info.symbol === symbol;
  const on = known && info.leverageEnabled !== false;
  const fail = (body: string): void => {
    push({ tone: 'error', title: t('leverage.failed'), body });
  };
  const flip = (): void => {
    setBusy(true);
    postCall('setLeverage', { leverage: !on })
      .then((reply) => {
        const r = resultOf(reply);
        if (r === null || typeof r.leverage !== 'boolean') {
          const message = (reply as { message?: unknown } | null)?.message;
          fail(typeof message === 'string' ? message : '');
          return;
        }
        // The server's answer is the setting now; the push that follows refetches the full figures.
        const leverage = r.leverage;
        store.set(accountInfoAtom, (ai) => (ai === null ? ai : { ...ai, leverageEnabled: leverage }));
      })
      .catch((e: unknown) => {
        fail(String(e));
      })
      .finally(() => {
        setBusy(false);
      });
  };
  return (
    <div className="leverage-row" data-testid="leverage-row">
      <span className="muted">{t('leverage.label')}</span>
      <span className="leverage-ratio" data-testid="leverage-ratio" dir="ltr">
        {known ? `${info.actualLeverageRatio ?? '1'}×` : '--'}
      </span>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-label={t('leverage.switch')}
        title={t('leverage.switch')}
        className={`leverage-switch${on ? ' is-on' : ''}`}
        data-testid="leverage-switch"
        data-state={known ? (on ? 'on' : 'off') : 'unknown'}
        disabled={!known || busy}
        onClick={flip}
      >
        <span className="leverage-knob" aria-hidden="true" />
        <span>{on ? t('leverage.on') : t('leverage.off')}</span>
      </button>
    </div>
  );
}
