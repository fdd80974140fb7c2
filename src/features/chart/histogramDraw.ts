/**
 * lightweight-charts 5.2's histogram column geometry (PaneRendererHistogram), for the live layer's forming VOL bar.
 * A column's edges depend on its neighbours (columns are shifted to keep one spacing pixel between them) and, when
 * columns are narrow, on the narrowest visible column, so the layer computes every visible column as the library
 * does and takes the ones it draws. All results are bitmap pixels.
 */
import type { FillRect, PixelRatio } from './liveBarDraw';

/** The library's showSpacingMinimalBarWidth and alignToMinimalWidthLimit. */
const MIN_SPACED_WIDTH = 1;
const ALIGN_LIMIT = 4;

/** A column's horizontal extent (both edges inclusive). */
export interface Column {
  readonly left: number;
  readonly right: number;
}

/**
 * The columns of the visible items, as `_fillPrecalculatedCache` places them. `xs[k]` is the media x of logical
 * index `first + k` (the items are consecutive: VOL has a point for every candle).
 */
export function histogramColumns(xs: readonly number[], barSpacing: number, hpr: number): Column[] {
  const spacing = Math.ceil(barSpacing * hpr) <= MIN_SPACED_WIDTH ? 0 : Math.max(1, Math.floor(hpr));
  const columnWidth = Math.round(barSpacing * hpr) - spacing;
  const cols = xs.map((mx) => {
    const x = Math.round(mx * hpr);
    const half = columnWidth % 2 ? (columnWidth - 1) / 2 : columnWidth / 2;
    return {
      left: x - half,
      right: columnWidth % 2 ? x + half : x + half - 1,
      rounded: x,
      centre: mx * hpr,
    };
  });
  for (let k = 1; k < cols.length; k++) {
    const cur = cols[k];
    const prev = cols[k - 1];
    if (cur === undefined || prev === undefined || cur.left - prev.right === spacing + 1) continue;
    if (prev.rounded > prev.centre) prev.right = cur.left - spacing - 1;
    else cur.left = prev.right + spacing + 1;
  }
  let minWidth = Math.ceil(barSpacing * hpr);
  for (const c of cols) {
    if (c.right < c.left) c.right = c.left;
    minWidth = Math.min(minWidth, c.right - c.left + 1);
  }
  if (spacing > 0 && minWidth < ALIGN_LIMIT)
    for (const c of cols)
      if (c.right - c.left + 1 > minWidth) {
        if (c.rounded > c.centre) c.right -= 1;
        else c.left += 1;
      }
  return cols.map(({ left, right }) => ({ left, right }));
}

/** One column from the base line to `y` (media px), as `_drawImpl` fills it. */
export function histogramFill(
  col: Column,
  y: number,
  baseY: number,
  colour: string,
  pr: PixelRatio,
): FillRect {
  const tick = Math.max(1, Math.floor(pr.v));
  const topBase = Math.round(baseY * pr.v) - Math.floor(tick / 2);
  const bottomBase = topBase + tick;
  const yy = Math.round(y * pr.v);
  const top = yy <= topBase ? yy : topBase;
  const bottom = yy <= topBase ? bottomBase : yy - Math.floor(tick / 2) + tick;
  return { x: col.left, y: top, w: col.right - col.left + 1, h: bottom - top, colour };
}

/**
 * The logical indices the library draws columns for: its strict visible range (floor and ceil of the logical
 * range) clipped to the items, extended by one item on each side when there is one.
 */
export function visibleItems(
  from: number,
  to: number,
  count: number,
): { first: number; last: number } | null {
  const lo = Math.max(0, Math.floor(from));
  const hi = Math.min(count - 1, Math.ceil(to));
  if (lo > hi) return null;
  return { first: Math.max(0, lo - 1), last: Math.min(count - 1, hi + 1) };
}
