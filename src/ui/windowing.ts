/**
 * Windowing maths of the virtual tables (VirtualTable.tsx): fixed-height rows, so the visible slice is arithmetic on
 * the scroll offset. Only the rows in view (plus a few either side) are rendered, so 1,000 rows cost what 15 do.
 */

/** The rows to render and where they sit. */
export interface RowWindow {
  /** First row index rendered (inclusive). */
  readonly start: number;
  /** One past the last row index rendered. */
  readonly end: number;
  /** Pixels above the first rendered row (the top spacer). */
  readonly offsetTop: number;
  /** Height of all rows together (the scroll height of the body). */
  readonly totalHeight: number;
}

/**
 * The rows a viewport of `viewportHeight` px scrolled to `scrollTop` shows, with `overscan` extra rows each side,
 * for `count` rows of `rowHeight` px. Out-of-range scroll offsets (overscroll, a list that just shrank) are clamped.
 */
export function windowRange(
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
  count: number,
  overscan = 4,
): RowWindow {
  const totalHeight = Math.max(0, count) * rowHeight;
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0, offsetTop: 0, totalHeight: 0 };
  const maxTop = Math.max(0, totalHeight - viewportHeight);
  const top = Math.min(Math.max(0, scrollTop), maxTop);
  const first = Math.floor(top / rowHeight);
  const visible = Math.ceil(Math.max(0, viewportHeight) / rowHeight) + 1;
  const start = Math.max(0, first - overscan);
  const end = Math.min(count, first + visible + overscan);
  return { start, end, offsetTop: start * rowHeight, totalHeight };
}
