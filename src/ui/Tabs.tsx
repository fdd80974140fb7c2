import type { KeyboardEvent, ReactNode } from 'react';

/**
 * What a strip of choices means to assistive tech: `tabs` switches a panel (tablist / tab / aria-selected), `radio`
 * picks one setting (radiogroup / radio / aria-checked), `toggle` is a row of pressed-or-not buttons (group /
 * aria-pressed) such as the chart's pinned intervals.
 */
export type TabsKind = 'tabs' | 'radio' | 'toggle';

const ROLES: Record<TabsKind, { readonly group: string; readonly item: string | undefined }> = {
  tabs: { group: 'tablist', item: 'tab' },
  radio: { group: 'radiogroup', item: 'radio' },
  toggle: { group: 'group', item: undefined },
};

const DEFAULT_ITEM_CLASS: Record<TabsKind, string> = { tabs: 'tab', radio: 'segment', toggle: 'tab' };

/** The ARIA attribute that marks the chosen item of a strip of this kind. */
function chosenAttr(kind: TabsKind, on: boolean): Record<string, boolean> {
  switch (kind) {
    case 'tabs':
      return { 'aria-selected': on };
    case 'radio':
      return { 'aria-checked': on };
    case 'toggle':
      return { 'aria-pressed': on };
  }
}

/** Arrow keys (mirrored in right-to-left pages), Home and End move focus along the strip, as WAI-ARIA tabs do. */
function moveFocus(e: KeyboardEvent<HTMLDivElement>): void {
  const keys = ['ArrowLeft', 'ArrowRight', 'Home', 'End'];
  if (!keys.includes(e.key)) return;
  const items = Array.from(
    e.currentTarget.querySelectorAll<HTMLButtonElement>(':scope > button:not(:disabled)'),
  );
  const at = items.findIndex((b) => b === document.activeElement);
  if (at < 0 || items.length === 0) return;
  const rtl = getComputedStyle(e.currentTarget).direction === 'rtl';
  const forward = e.key === 'ArrowRight' ? !rtl : e.key === 'ArrowLeft' ? rtl : false;
  const next =
    e.key === 'Home'
      ? 0
      : e.key === 'End'
        ? items.length - 1
        : (at + (forward ? 1 : -1) + items.length) % items.length;
  items[next]?.focus();
  e.preventDefault();
}

/**
 * The one strip of choices of the page (panel tabs, sub-tabs, segmented settings, pinned intervals): one button per
 * key, the chosen one marked with the ARIA state its `kind` calls for. Markup and class names stay those the
 * stylesheets already know (`tabs` / `tab`, `segmented` / `segment`), so a strip looks as before wherever it moves.
 */
export function Tabs<K extends string | number>({
  kind = 'tabs',
  className,
  label,
  keys,
  current,
  onSelect,
  text,
  testId,
  groupTestId,
  itemClassName,
  children,
}: {
  readonly kind?: TabsKind;
  readonly className: string;
  /** Accessible name of the strip. */
  readonly label?: string;
  readonly keys: readonly K[];
  /** The chosen key; null when none is (e.g. a search replaces the tab's list). */
  readonly current: K | null;
  readonly onSelect: (k: K) => void;
  readonly text: (k: K) => ReactNode;
  readonly testId?: (k: K) => string;
  readonly groupTestId?: string;
  /** Class of one item; defaults to `tab` (or `segment` for a radio strip). */
  readonly itemClassName?: (k: K, chosen: boolean) => string;
  /** Extra controls after the items (a "more" select or dropdown). */
  readonly children?: ReactNode;
}): React.JSX.Element {
  const roles = ROLES[kind];
  const items = keys.map((k) => {
    const on = current === k;
    return (
      <button
        key={k}
        type="button"
        role={roles.item}
        className={itemClassName === undefined ? DEFAULT_ITEM_CLASS[kind] : itemClassName(k, on)}
        {...chosenAttr(kind, on)}
        {...(testId === undefined ? {} : { 'data-testid': testId(k) })}
        onClick={() => {
          onSelect(k);
        }}
      >
        {text(k)}
      </button>
    );
  });
  const group = {
    role: roles.group,
    onKeyDown: moveFocus,
    ...(label === undefined ? {} : { 'aria-label': label }),
  };
  const tid = groupTestId === undefined ? {} : { 'data-testid': groupTestId };
  if (children === undefined || children === null || children === false)
    return (
      <div className={className} {...group} {...tid}>
        {items}
      </div>
    );
  // The test id names the group of items (as without extra controls).
  // A tablist may own only tabs (ARIA): the extra controls sit beside the group, which lays out as if absent.
  return (
    <div className={className}>
      <div className="tabs-group" {...group} {...tid}>
        {items}
      </div>
      {children}
    </div>
  );
}
