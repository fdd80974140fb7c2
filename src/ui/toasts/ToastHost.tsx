import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { dismissToastAtom, toastsAtom, TOAST_MS, type Toast } from './state';
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

/** The page's toast stack: toasts pushed by features (order notices come through the notices feature). */
export function ToastHost(): React.JSX.Element {
  const toasts = useAtomValue(toastsAtom);
  return (
    <div className="toast-host" aria-live="polite">
      {toasts.map((x) => (
        <ToastItem key={x.id} toast={x} />
      ))}
    </div>
  );
}
