import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

/**
 * A button with a popover below it, the page's one popover (chart toolbar menus, the trade-preference popover):
 * closes on a press outside, on Escape, or when `children` calls `close`; `onClosed` runs whenever it closes, so an
 * editor inside can drop unconfirmed changes.
 */
export function Popover({
  trigger,
  triggerClassName,
  title,
  ariaLabel,
  testId,
  rootClassName,
  panelClassName,
  panelRole,
  panelLabel,
  panelTestId,
  children,
  onClosed,
}: {
  /** What the button shows. */
  readonly trigger: ReactNode;
  /** Class of the button; receives whether the popover is open. */
  readonly triggerClassName: (open: boolean) => string;
  readonly title: string;
  readonly ariaLabel?: string;
  readonly testId: string;
  readonly rootClassName: string;
  readonly panelClassName: string;
  readonly panelRole?: 'dialog' | 'menu';
  readonly panelLabel?: string;
  readonly panelTestId?: string;
  readonly children: (close: () => void) => ReactNode;
  readonly onClosed?: () => void;
}): React.JSX.Element {
  const [open, setOpen] = useState(false);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !open) onClosed?.();
    wasOpen.current = open;
  }, [open, onClosed]);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent): void => {
      if (e.target instanceof Node && root.current?.contains(e.target) !== true) setOpen(false);
    };
    const onKey = (e: KeyboardEvent): void => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return (
    <div className={rootClassName} ref={root}>
      <button
        type="button"
        className={triggerClassName(open)}
        aria-haspopup={panelRole ?? 'true'}
        aria-expanded={open}
        aria-controls={id}
        title={title}
        {...(ariaLabel === undefined ? {} : { 'aria-label': ariaLabel })}
        data-testid={testId}
        onClick={() => {
          setOpen((o) => !o);
        }}
      >
        {trigger}
      </button>
      {open && (
        <div
          id={id}
          className={panelClassName}
          {...(panelRole === undefined ? {} : { role: panelRole })}
          {...(panelLabel === undefined ? {} : { 'aria-label': panelLabel })}
          {...(panelTestId === undefined ? {} : { 'data-testid': panelTestId })}
        >
          {children(() => {
            setOpen(false);
          })}
        </div>
      )}
    </div>
  );
}
