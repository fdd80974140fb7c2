import type { ReactNode } from 'react';
import { BlockBoundary } from './BlockBoundary';

/**
 * A titled panel frame. `id` becomes `data-panel` (the slot other features fill); the body is wrapped so a failing
 * panel shows its own "data failed to load" state instead of blanking the page. `overlay` covers the body.
 */
export function Panel({
  id,
  title,
  actions,
  overlay,
  children,
}: {
  readonly id: string;
  readonly title: string;
  readonly actions?: ReactNode;
  readonly overlay?: ReactNode;
  readonly children?: ReactNode;
}): React.JSX.Element {
  return (
    <section className="panel" data-panel={id} aria-label={title}>
      <header className="panel-head panel-drag">
        <h2 className="panel-title">{title}</h2>
        {actions !== undefined && <div className="panel-actions">{actions}</div>}
      </header>
      <div className="panel-body">
        <BlockBoundary name={id}>{children}</BlockBoundary>
        {overlay}
      </div>
    </section>
  );
}
