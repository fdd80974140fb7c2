import { memo, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { windowRange } from './windowing';
import './VirtualTable.css';

/** One column: header text, grid track width, cell renderer. */
export interface Column<T> {
  readonly key: string;
  readonly header: string;
  /** CSS grid track, e.g. "minmax(90px, 1fr)". */
  readonly width: string;
  readonly align?: 'start' | 'end';
  readonly render: (row: T) => ReactNode;
}

interface RowProps<T> {
  readonly row: T;
  readonly columns: readonly Column<T>[];
  readonly template: string;
  readonly rowId: string;
  /** Equal versions render the same: a push re-renders only the rows whose order changed (absent: by identity). */
  readonly version: string | undefined;
}

function RowView<T>({ row, columns, template, rowId }: RowProps<T>): React.JSX.Element {
  return (
    <div
      role="row"
      className="vtable-row"
      data-row-key={rowId}
      style={{ gridTemplateColumns: template, height: ROW_HEIGHT }}
    >
      {columns.map((c) => (
        <div key={c.key} role="cell" className={c.align === 'end' ? 'cell cell-end' : 'cell'}>
          {c.render(row)}
        </div>
      ))}
    </div>
  );
}

const Row = memo(
  RowView,
  (a, b) =>
    (a.version === undefined ? a.row === b.row : a.version === b.version) &&
    a.columns === b.columns &&
    a.template === b.template,
) as typeof RowView;

/** Row height of every virtual table, px (fixed: the windowing maths relies on it). */
export const ROW_HEIGHT = 32;

/**
 * A table of fixed-height rows that renders only the rows in view (windowing.ts), so a push costs the same with 15
 * or 1,000 orders listed; the header stays while the body scrolls.
 */
export function VirtualTable<T>({
  rows,
  columns,
  rowKey,
  rowVersion,
  empty,
  testId,
  onCommit,
}: {
  readonly rows: readonly T[];
  readonly columns: readonly Column<T>[];
  readonly rowKey: (row: T) => string;
  /** Content version of a row (default: the row object itself changes every time). */
  readonly rowVersion?: (row: T) => string;
  readonly empty: ReactNode;
  readonly testId: string;
  /** Called after each commit of new rows (the orders view marks push-to-commit with it). */
  readonly onCommit?: () => void;
}): React.JSX.Element {
  const body = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(240);
  useEffect(() => {
    const el = body.current;
    if (el === null) return;
    const ro = new ResizeObserver(() => {
      setHeight(el.clientHeight);
    });
    ro.observe(el);
    setHeight(el.clientHeight);
    return () => {
      ro.disconnect();
    };
  }, []);
  useLayoutEffect(() => {
    onCommit?.();
  }, [rows, onCommit]);
  const w = windowRange(scrollTop, height, ROW_HEIGHT, rows.length);
  const template = columns.map((c) => c.width).join(' ');
  const visible = rows.slice(w.start, w.end);
  return (
    <div className="vtable" data-testid={testId} data-rows={rows.length} role="table">
      <div className="vtable-head" role="row" style={{ gridTemplateColumns: template }}>
        {columns.map((c) => (
          <div key={c.key} role="columnheader" className={c.align === 'end' ? 'cell cell-end' : 'cell'}>
            {c.header}
          </div>
        ))}
      </div>
      <div
        ref={body}
        className="vtable-body"
        onScroll={(e) => {
          setScrollTop(e.currentTarget.scrollTop);
        }}
      >
        {rows.length === 0 ? (
          <div className="vtable-empty">{empty}</div>
        ) : (
          <div className="vtable-spacer" style={{ height: w.totalHeight }}>
            <div className="vtable-window" style={{ transform: `translateY(${w.offsetTop}px)` }}>
              {visible.map((r) => {
                const id = rowKey(r);
                return (
                  <Row
                    key={id}
                    row={r}
                    rowId={id}
                    columns={columns}
                    template={template}
                    version={rowVersion?.(r)}
                  />
                );
              })}
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
