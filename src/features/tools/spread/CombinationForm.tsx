/**
 * The combination form: direction (long basis buys spot and sells the perpetual, short basis the reverse), quantity
 * in base, leverage 1–10; the quantity is checked on input with the simulator's own check, the submit goes to the
 * combination call with a fresh client id (a retried submit cannot trade twice) and its answer is a toast.
 */
import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  checkCombinationQty,
  COMBINATION_DIRECTIONS,
  decodeCombination,
  type CombinationDirection,
  type PerpTickerRow,
} from '../../../../workers/protocol/perp';
import { postCall } from '../../../session/api';
import { NumericField } from '../../../ui/NumericField';
import { Tabs } from '../../../ui/Tabs';
import { pushToastAtom } from '../../../ui/toasts/state';
import type { SpreadSymbol } from './SpreadView';

/** Lot and largest position per contract (server/perp/contracts.ts lists the same). */
export const SPREAD_LOTS: Readonly<Record<SpreadSymbol, { lot: string; max: string; base: string }>> = {
  BTCUSDT: { lot: '0.001', max: '100', base: 'BTC' },
  ETHUSDT: { lot: '0.01', max: '1500', base: 'ETH' },
};
const LEVERAGES = ['1', '2', '3', '5', '10'] as const;

let clientSeq = 0;
function newClientId(): string {
  clientSeq += 1;
  return `spread-${Date.now().toString(36)}-${clientSeq}`;
}

/** The form of one contract. */
export function CombinationForm({
  symbol,
  ticker,
  locale,
}: {
  readonly symbol: SpreadSymbol;
  readonly ticker: PerpTickerRow | undefined;
  readonly locale: string;
}): React.JSX.Element {
  const { t } = useTranslation(['spread', 'trade']);
  const push = useSetAtom(pushToastAtom);
  const [direction, setDirection] = useState<CombinationDirection>('longBasis');
  const [qty, setQty] = useState('');
  const [leverage, setLeverage] = useState<(typeof LEVERAGES)[number]>('5');
  const [busy, setBusy] = useState(false);
  const spec = SPREAD_LOTS[symbol];
  const failure = qty === '' ? undefined : checkCombinationQty(qty, spec.lot, spec.max);
  const message =
    failure === undefined ? '' : t(`validation.${failure.key}`, { ...failure.values, base: spec.base });

  const submit = async (): Promise<void> => {
    const bad = checkCombinationQty(qty, spec.lot, spec.max);
    if (bad !== undefined) {
      push({
        tone: 'error',
        title: t(`validation.${bad.key}`, { ...bad.values, base: spec.base }),
        body: '',
      });
      return;
    }
    setBusy(true);
    try {
      const reply = (await postCall('combinationOrder', {
        symbol,
        direction,
        qty,
        leverage: Number(leverage),
        client_order_id: newClientId(),
      })) as { code?: unknown; message?: unknown; result?: unknown } | null;
      const row = reply?.code === 0 ? decodeCombination(reply.result) : undefined;
      if (row === undefined) {
        push({
          tone: 'error',
          title: t('toast.failed'),
          body: typeof reply?.message === 'string' ? reply.message : '',
        });
        return;
      }
      setQty('');
    } catch {
      push({ tone: 'error', title: t('toast.failed'), body: t('trade:toast.networkError') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="tool-form spread-form"
      data-testid="spread-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <span className="muted small">{t('direction')}</span>
      <Tabs
        kind="radio"
        className="segmented"
        label={t('direction')}
        keys={COMBINATION_DIRECTIONS}
        current={direction}
        onSelect={setDirection}
        testId={(d) => `spread-dir-${d}`}
        text={(d) => t(`dir.${d}`)}
      />
      <p className="muted small spread-legs">{t(`legs.${direction}`, { base: spec.base, symbol })}</p>
      <NumericField
        label={t('qty')}
        value={qty}
        onChange={setQty}
        precision={spec.lot.split('.')[1]?.length ?? 0}
        locale={locale}
        unit={spec.base}
        invalid={failure !== undefined}
        testId="spread-qty"
      />
      {message !== '' && (
        <p className="spread-error" role="alert" data-testid="spread-qty-error">
          {message}
        </p>
      )}
      <span className="muted small">{t('leverage')}</span>
      <Tabs
        kind="radio"
        className="segmented"
        label={t('leverage')}
        keys={LEVERAGES}
        current={leverage}
        onSelect={setLeverage}
        testId={(l) => `spread-lev-${l}`}
        text={(l) => t('leverageX', { n: l })}
      />
      {ticker !== undefined && qty !== '' && failure === undefined && (
        <p className="muted small" data-testid="spread-margin">
          {t('marginEstimate', {
            value: ((Number(qty) * Number(ticker.markPrice)) / Number(leverage)).toFixed(2),
          })}
        </p>
      )}
      <button
        type="submit"
        className="btn btn-primary"
        disabled={busy || failure !== undefined}
        data-testid="spread-submit"
      >
        {t('submit')}
      </button>
    </form>
  );
}
