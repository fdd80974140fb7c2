import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderEvent, SymbolInfo } from '../../../workers/api';
import { tickerAtom } from '../../hub/state';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { NumericField } from '../../ui/NumericField';
import { useFailureText } from '../../ui/useFailureText';
import { confirmFlagsAtom, needsConfirm } from '../../session/account';
import { checkModify, type ModifyHint } from '../../lib/orderValidation';

/**
 * Edits an open order's price and quantity (and trigger of a plan order), checked per spec §5 "Edit": rejected with
 * a message, or confirmed once more when a hint applies or the modify confirmation is on.
 */
export function ModifyDialog({
  order,
  symbol,
  locale,
  unified,
  onSubmit,
  onClose,
  onReject,
}: {
  readonly order: OrderEvent;
  readonly symbol: SymbolInfo;
  readonly locale: string;
  readonly unified: boolean;
  readonly onSubmit: (change: {
    price?: string;
    quantity?: string;
    trigger_price?: string;
  }) => Promise<boolean>;
  readonly onClose: () => void;
  readonly onReject: (text: string) => void;
}): React.JSX.Element {
  const { t } = useTranslation('orders');
  const failureText = useFailureText();
  const flags = useAtomValue(confirmFlagsAtom);
  // Read here rather than passed in: the orders table then does not re-render on every ticker.
  const tick = useAtomValue(tickerAtom(symbol.symbol));
  const lastPrice = tick === undefined || !(tick.last > 0) ? null : tick.last.toFixed(symbol.pricePrecision);
  const plan = order.status === 'ORDER_NEW';
  const [price, setPrice] = useState(order.orderType === 'Limit' ? order.price : '');
  const [qty, setQty] = useState(order.qty);
  const [trigger, setTrigger] = useState(plan && order.triggerPrice !== '0' ? order.triggerPrice : '');
  const [pending, setPending] = useState<ModifyHint | 'confirm' | null>(null);
  const change = (): { price?: string; quantity?: string; trigger_price?: string } => ({
    ...(price !== '' && price !== order.price ? { price } : {}),
    ...(qty !== '' && qty !== order.qty ? { quantity: qty } : {}),
    ...(trigger !== '' && trigger !== order.triggerPrice ? { trigger_price: trigger } : {}),
  });
  const send = async (): Promise<void> => {
    if (await onSubmit(change())) onClose();
    else setPending(null);
  };
  return (
    <ConfirmDialog
      testId="modify-dialog"
      title={t('modify.title')}
      confirmLabel={pending === null ? t('modify.save') : t('modify.confirm')}
      cancelLabel={t('modify.cancel')}
      onCancel={onClose}
      onConfirm={() => {
        if (pending !== null) {
          void send();
          return;
        }
        const c = change();
        const check = checkModify(
          {
            ...(c.price === undefined ? {} : { price: c.price }),
            ...(c.quantity === undefined ? {} : { qty: c.quantity }),
            ...(c.trigger_price === undefined ? {} : { trigger: c.trigger_price }),
          },
          {
            executedQty: order.cumExecQty,
            isLeverage: order.isLeverage,
            unified,
            side: order.side,
            lastPrice,
            triggerDirection: !plan ? 0 : order.side === 'Buy' ? 1 : 2,
          },
        );
        if (check.type === 'reject') {
          onReject(failureText({ type: 'message', key: check.key, params: {} }));
          return;
        }
        if (check.type === 'hint') setPending(check.hint);
        else if (needsConfirm(flags, 'modify')) setPending('confirm');
        else void send();
      }}
    >
      <div className="modify-fields">
        {plan && (
          <NumericField
            label={t('col.trigger')}
            value={trigger}
            onChange={setTrigger}
            precision={symbol.pricePrecision}
            locale={locale}
            unit={symbol.quote}
            testId="modify-trigger"
          />
        )}
        {order.orderType === 'Limit' && (
          <NumericField
            label={t('col.price')}
            value={price}
            onChange={setPrice}
            precision={symbol.pricePrecision}
            locale={locale}
            unit={symbol.quote}
            testId="modify-price"
          />
        )}
        <NumericField
          label={t('col.qty')}
          value={qty}
          onChange={setQty}
          precision={symbol.quantityPrecision}
          locale={locale}
          unit={symbol.base}
          testId="modify-qty"
        />
        {pending !== null && (
          <p className="modify-hint" role="status" data-testid="modify-hint">
            {t(`modify.hint.${pending}`)}
          </p>
        )}
      </div>
    </ConfirmDialog>
  );
}
