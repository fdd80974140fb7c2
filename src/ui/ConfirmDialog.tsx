import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

/**
 * A modal confirmation (double-confirm of create, cancel, modify; gate dialogs; blocking result states). Escape or
 * the backdrop cancels; the confirm button has focus. `dontAskLabel` adds the "do not ask again" tick.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  dontAskLabel,
  testId,
  tone = 'primary',
}: {
  readonly title: string;
  readonly children?: ReactNode;
  readonly confirmLabel: string;
  /** Absent: a single-button notice. */
  readonly cancelLabel?: string;
  readonly onConfirm: (dontAskAgain: boolean) => void;
  readonly onCancel: () => void;
  readonly dontAskLabel?: string;
  readonly testId: string;
  readonly tone?: 'primary' | 'buy' | 'sell';
}): React.JSX.Element {
  const titleId = useId();
  const [dontAsk, setDontAsk] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    confirmRef.current?.focus();
    const onKey = (e: KeyboardEvent): void => {
      if (e.key === 'Escape') onCancel();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
    };
  }, [onCancel]);
  return (
    <div
      className="modal-backdrop"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onCancel();
      }}
    >
      <div
        className="modal confirm-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid={testId}
      >
        <h3 id={titleId}>{title}</h3>
        <div className="confirm-body">{children}</div>
        {dontAskLabel !== undefined && (
          <label className="check confirm-dont-ask">
            <input
              type="checkbox"
              checked={dontAsk}
              onChange={(e) => {
                setDontAsk(e.currentTarget.checked);
              }}
            />
            {dontAskLabel}
          </label>
        )}
        <div className="modal-foot">
          {cancelLabel !== undefined && (
            <button type="button" className="btn" onClick={onCancel} data-testid={`${testId}-cancel`}>
              {cancelLabel}
            </button>
          )}
          <button
            ref={confirmRef}
            type="button"
            className={`btn btn-primary confirm-${tone}`}
            onClick={() => {
              onConfirm(dontAsk);
            }}
            data-testid={`${testId}-confirm`}
          >
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
