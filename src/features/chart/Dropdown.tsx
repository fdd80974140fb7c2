import type { ReactNode } from 'react';
import { Popover } from '../../ui/Popover';

/**
 * A chart toolbar button with a menu below it (the page's one `Popover`, dressed as a toolbar tool): closes on a click
 * outside, Escape, or when `children` calls `close`.
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
  return (
    <Popover
      trigger={label}
      triggerClassName={(open) => `chart-tool${open || active ? ' is-on' : ''}`}
      title={title}
      testId={testId}
      rootClassName="chart-dropdown"
      panelClassName={`popover chart-popover align-${align}`}
      panelTestId={`${testId}-menu`}
      {...(onClosed === undefined ? {} : { onClosed })}
    >
      {children}
    </Popover>
  );
}
