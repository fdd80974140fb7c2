/**
 * Cancel one, cancel all and modify from the orders panel, with the double-confirm rule and the result toasts of
 * spec §8 (success: 'operation success' + 'cancel success'; 81001: 'liquidation error info'; else the server's
 * message as text).
 */
import { useAtomValue, useSetAtom } from 'jotai';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderEvent } from '../../../workers/api';
import { cancelAllOrders, cancelOrder, modifyOrder } from '../../session/orderActions';
import { toCancelOutcome } from '../../session/orderOutcome';
import { confirmFlagsAtom, needsConfirm } from '../../session/account';
import { pushToastAtom } from '../../ui/toasts/state';
import { cancelAllPlanTypes, type OrdersSubTab } from './tabs';

/** The commands, each resolving when its toast is shown. */
export function useOrderCommands(): {
  readonly confirmCancel: boolean;
  readonly cancelOne: (o: OrderEvent) => Promise<void>;
  readonly cancelAll: (sub: OrdersSubTab, symbolId: number | null) => Promise<void>;
  readonly modify: (
    o: OrderEvent,
    change: { readonly price?: string; readonly quantity?: string; readonly trigger_price?: string },
    symbolId: number,
  ) => Promise<boolean>;
} {
  const { t } = useTranslation('orders');
  const flags = useAtomValue(confirmFlagsAtom);
  const push = useSetAtom(pushToastAtom);
  // One object per flags/locale change: the orders table's columns depend on it and must not rebuild per push.
  return useMemo(() => {
    const report = (r: { ok: boolean; code: number; message: string }): void => {
      const o = toCancelOutcome(r);
      switch (o.type) {
        case 'success':
          push({ tone: 'success', title: t('toast.operationSuccess'), body: t('toast.cancelSuccess') });
          break;
        case 'liquidation':
          push({ tone: 'error', title: t('toast.operationFail'), body: t('toast.liquidationErrorInfo') });
          break;
        case 'failure':
          push({ tone: 'error', title: t('toast.operationFail'), body: o.message });
          break;
      }
    };
    return {
      confirmCancel: needsConfirm(flags, 'cancel'),
      cancelOne: async (o) => {
        const r = await cancelOrder({ orderId: o.orderId, plan: o.status === 'ORDER_NEW' });
        report(r.ok ? { ok: true, code: 0, message: '' } : r);
      },
      cancelAll: async (sub, symbolId) => {
        const scope = symbolId === null ? {} : { symbol_id: symbolId };
        const types = cancelAllPlanTypes(sub);
        const results =
          types.length === 0
            ? [await cancelAllOrders({ plan: false, ...scope })]
            : await Promise.all(types.map((pt) => cancelAllOrders({ plan: true, plan_type: pt, ...scope })));
        report(results.find((r) => !r.ok) ?? { ok: true, code: 0, message: '' });
      },
      modify: async (o, change, symbolId) => {
        const r = await modifyOrder(
          { orderId: o.orderId, plan: o.status === 'ORDER_NEW' },
          { ...change, symbol_id: symbolId },
        );
        if (r.ok)
          push({ tone: 'success', title: t('toast.operationSuccess'), body: t('toast.modifySuccess') });
        else push({ tone: 'error', title: t('toast.operationFail'), body: r.message });
        return r.ok;
      },
    };
  }, [t, flags, push]);
}
