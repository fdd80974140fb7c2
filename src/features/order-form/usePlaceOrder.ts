/**
 * The submit flow of the order panel: validate in spec order (first failure toasted), open a gate dialog when a gate
 * check asks for one, confirm when the create confirmation is on, then create with one client order id per submit
 * (retries reuse it, so a lost answer never makes two orders) and show the result (spec §8).
 */
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFailureText } from '../../ui/useFailureText';
import type { SymbolInfo } from '../../../workers/api';
import { createOrder, newClientOrderId } from '../../session/orderActions';
import { pushToastAtom } from '../../ui/toasts/state';
import { playFillSound } from '../../ui/toasts/sound';
import { sizeFieldOf, toCreateParams, type OrderDraft } from '../../lib/orderDraft';
import { toCreateOutcome } from '../../session/orderOutcome';
import { confirmFlagsAtom, needsConfirm } from '../../session/account';
import { createBlockAtom, orderDraftAtom } from './state';
import { validateOrder, type GateDialog, type ValidationContext } from '../../lib/orderValidation';

/** What the panel shows while submitting. */
export type SubmitStage =
  | { readonly type: 'idle' }
  | { readonly type: 'gate'; readonly gate: GateDialog }
  | { readonly type: 'confirm'; readonly draft: OrderDraft }
  | { readonly type: 'placing' };

/** The submit flow for one symbol. */
export function usePlaceOrder(
  symbol: SymbolInfo,
  context: () => ValidationContext,
): {
  readonly stage: SubmitStage;
  readonly submit: () => void;
  readonly confirm: () => void;
  readonly dismiss: () => void;
  readonly gateAccepted: () => void;
} {
  const { t } = useTranslation('trade');
  const store = useStore();
  const flags = useAtomValue(confirmFlagsAtom);
  const push = useSetAtom(pushToastAtom);
  const setBlock = useSetAtom(createBlockAtom);
  const failureText = useFailureText();
  const [stage, setStage] = useState<SubmitStage>({ type: 'idle' });
  const busy = useRef(false);

  const place = useCallback(
    async (draft: OrderDraft): Promise<void> => {
      if (busy.current) return;
      busy.current = true;
      setStage({ type: 'placing' });
      const ctx = context();
      const params = toCreateParams(draft, symbol, { unified: ctx.unified, lastPrice: ctx.lastPrice });
      const result = await createOrder(params, newClientOrderId());
      busy.current = false;
      setStage({ type: 'idle' });
      const outcome = toCreateOutcome(result);
      switch (outcome.type) {
        case 'success': {
          const side = draft.side === 'Buy' ? t('side.buy') : t('side.sell');
          const byValue = sizeFieldOf(draft) === 'amount';
          const size = `${byValue ? draft.amount : draft.qty} ${byValue ? symbol.quote : symbol.base}`;
          push({
            tone: 'success',
            title: t('toast.orderSuccess'),
            body: t('toast.orderSuccessDetail', { side, qty: size, pair: `${symbol.base}/${symbol.quote}` }),
          });
          if (store.get(confirmFlagsAtom).has('successAudio')) playFillSound();
          // Sizes are per order; prices stay for the next one.
          store.set(orderDraftAtom, (d) => ({ ...d, qty: '', amount: '' }));
          break;
        }
        case 'block':
          setBlock(outcome.block);
          break;
        case 'toast':
          push({
            tone: 'error',
            title: t('toast.orderFailed'),
            body: outcome.network ? t('toast.networkError') : outcome.message,
          });
          break;
      }
    },
    [context, symbol, push, setBlock, store, t],
  );

  const submit = useCallback((): void => {
    if (busy.current) return;
    const draft = store.get(orderDraftAtom);
    const f = validateOrder(draft, context());
    if (f !== null) {
      if (f.type === 'gate') setStage({ type: 'gate', gate: f.gate });
      else push({ tone: 'error', title: failureText(f), body: '' });
      return;
    }
    if (needsConfirm(flags, 'create')) setStage({ type: 'confirm', draft });
    else void place(draft);
  }, [store, context, flags, place, push, failureText]);

  return {
    stage,
    submit,
    confirm: () => {
      if (stage.type === 'confirm') void place(stage.draft);
    },
    dismiss: () => {
      setStage({ type: 'idle' });
    },
    gateAccepted: () => {
      setStage({ type: 'idle' });
      // The acknowledgement is recorded; run the checks again (another gate may follow).
      queueMicrotask(submit);
    },
  };
}
