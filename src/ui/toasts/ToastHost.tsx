import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { orderNoticesAtom, symbolsAtom } from '../../hub/state';
import { confirmFlagsAtom } from '../../session/account';
import { playFillSound } from './sound';
import { dismissToastAtom, pushToastAtom, toastsAtom, TOAST_MS, type Toast } from './state';
import './toasts.css';

function ToastItem({ toast }: { readonly toast: Toast }): React.JSX.Element {
  const dismiss = useSetAtom(dismissToastAtom);
  useEffect(() => {
    const t = setTimeout(() => {
      dismiss(toast.id);
    }, TOAST_MS);
    return () => {
      clearTimeout(t);
    };
  }, [dismiss, toast.id]);
  return (
    <div
      className={`toast toast-${toast.tone}`}
      role={toast.tone === 'error' ? 'alert' : 'status'}
      data-testid="toast"
      data-tone={toast.tone}
    >
      <span className="toast-icon" aria-hidden="true">
        {toast.tone === 'success' ? '✓' : toast.tone === 'error' ? '!' : 'i'}
      </span>
      <div className="toast-text">
        <strong className="toast-title">{toast.title}</strong>
        {toast.body !== '' && <span className="toast-body">{toast.body}</span>}
      </div>
    </div>
  );
}

/**
 * The page's toast stack: toasts pushed by features, and the hub's order notices (spec §4 "Notifications on order
 * push events"), each shown once for 2.5 s; the fill sound plays when the notice asks for it and the trader enabled
 * success audio.
 */
export function ToastHost(): React.JSX.Element {
  const { t } = useTranslation('orders');
  const toasts = useAtomValue(toastsAtom);
  const [notices, setNotices] = useAtom(orderNoticesAtom);
  const push = useSetAtom(pushToastAtom);
  const flags = useAtomValue(confirmFlagsAtom);
  const symbols = useAtomValue(symbolsAtom);

  useEffect(() => {
    if (notices.length === 0) return;
    for (const n of notices) {
      const o = n.order;
      const info = symbols.find((s) => s.symbol === o.symbol);
      const pair = info === undefined ? o.symbol : `${info.base}/${info.quote}`;
      const title =
        n.kind === 'filled'
          ? t('notice.filled')
          : n.kind === 'partialFilledCanceled'
            ? t('notice.partialFilledCanceled')
            : t('notice.canceled');
      const byValue = o.orderType === 'Market' && o.marketUnit === 'quoteCoin';
      const coin = info === undefined ? '' : byValue ? info.quote : info.base;
      const body = t('notice.body', {
        side: o.side === 'Buy' ? t('side.buy') : t('side.sell'),
        qty: `${o.orderQtyForView} ${coin}`.trim(),
        pair,
      });
      push({ tone: n.kind === 'canceled' ? 'info' : 'success', title, body });
      if (n.sound && flags.has('successAudio')) playFillSound();
    }
    setNotices([]);
  }, [notices, setNotices, push, flags, symbols, t]);

  return (
    <div className="toast-host" aria-live="polite">
      {toasts.map((x) => (
        <ToastItem key={x.id} toast={x} />
      ))}
    </div>
  );
}
