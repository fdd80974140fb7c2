import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

/**
 * A toolbar button with a popover below it: closes on a click outside, Escape, or when `children` calls `close`.
 */
export function Dropdown({
  label,
  title,
  testId,
  children,
  align = 'start',
  active = false,
  onClosed,
}: {
  readonly label: ReactNode;
  readonly title: string;
  readonly testId: string;
  readonly children: (close: () => void) => ReactNode;
  readonly align?: 'start' | 'end';
  readonly active?: boolean;
  /** Called whenever the popover closes (an editor inside can drop unconfirmed changes). */
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
    <div className="chart-dropdown" ref={root}>
      <button
        type="button"
        className={`chart-tool${open || active ? ' is-on' : ''}`}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={id}
        title={title}
        data-testid={testId}
        onClick={() => {
          setOpen((o) => !o);
        }}
      >
        {label}
      </button>
      {open && (
        <div id={id} className={`popover chart-popover align-${align}`} data-testid={`${testId}-menu`}>
          {children(() => {
            setOpen(false);
          })}
        </div>
      )}
    </div>
  );
}
