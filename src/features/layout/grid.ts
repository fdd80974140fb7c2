/**
 * The panel grid's geometry (spec §9 Grid, §5 layout minimums, §4 Layout). Pure: page size in, layout items out.
 * Units are grid columns (120 across the layout width) and rows (44 px each, 4 px gaps).
 */

/** The three grid panels (spec §3 Layout item). */
export type GridPanelId = 'chart' | 'orderbook' | 'position';

/** Every grid panel, in reading order. */
export const GRID_PANELS: readonly GridPanelId[] = ['chart', 'orderbook', 'position'];

/** One placed panel (spec §3 Layout item: i, x, y, w, h, minW, maxW, minH, maxH). */
export interface PanelLayoutItem {
  readonly i: GridPanelId;
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  readonly minW?: number;
  readonly maxW?: number;
  readonly minH?: number;
  readonly maxH?: number;
}

/** Grid constants (spec §9). */
export const GRID = {
  cols: 120,
  rowHeight: 44,
  margin: [4, 4] as const,
  /** The page never lays out narrower than this. */
  minPageWidth: 1080,
  /** The right column (order panel) takes this much of the page width. */
  rightColumnWidth: 300,
  /** Position panel default height in rows. */
  positionRows: 8,
  /** Chart height in px, from the viewport, clamped to this range. */
  chartMinPx: 800,
  chartMaxPx: 1600,
  /** Page-width measurements are taken at most this often. */
  resizeThrottleMs: 100,
} as const;

/** Minimum and maximum sizes per panel (spec §5 "Layout minimums"). */
export const PANEL_LIMITS: Readonly<
  Record<GridPanelId, { readonly minW: number; readonly minH: number; readonly maxH?: number }>
> = {
  chart: { minW: 60, minH: 6 },
  orderbook: { minW: 30, minH: 4, maxH: 23 },
  position: { minW: 60, minH: 5 },
};

/** Chart and order-book widths in columns for a page width (spec §9 width table). */
export function widthsForPage(pageWidth: number): { readonly chart: number; readonly orderbook: number } {
  if (pageWidth <= 1420) return { chart: 80, orderbook: 40 };
  if (pageWidth <= 1699) return { chart: 90, orderbook: 30 };
  if (pageWidth <= 1979) return { chart: 96, orderbook: 24 };
  if (pageWidth <= 2539) return { chart: 100, orderbook: 20 };
  if (pageWidth <= 3659) return { chart: 105, orderbook: 15 };
  return { chart: 110, orderbook: 10 };
}

/** Width in px the grid gets: the page (at least 1080) minus the right column. */
export function layoutWidth(pageWidth: number): number {
  return Math.max(pageWidth, GRID.minPageWidth) - GRID.rightColumnWidth;
}

/** Rows that fit `px` pixels of panel height (n rows take n·44 + (n−1)·4 px). */
export function rowsForPx(px: number): number {
  const [, my] = GRID.margin;
  return Math.max(1, Math.floor((px + my) / (GRID.rowHeight + my)));
}

/** Chart height in rows for a viewport height: the viewport clamped to 800–1600 px (spec §9). */
export function chartRows(viewportHeight: number): number {
  return rowsForPx(Math.min(GRID.chartMaxPx, Math.max(GRID.chartMinPx, viewportHeight)));
}

function withLimits(item: PanelLayoutItem): PanelLayoutItem {
  const lim = PANEL_LIMITS[item.i];
  return {
    ...item,
    minW: lim.minW,
    minH: lim.minH,
    ...(lim.maxH === undefined ? {} : { maxH: lim.maxH }),
  };
}

/**
 * The default layout for a page: chart and order book side by side (widths from the table), the position panel
 * under them across the full width. With the order book hidden the chart takes the position panel's width.
 */
export function defaultLayout(
  pageWidth: number,
  viewportHeight: number,
  orderBookVisible: boolean,
): readonly PanelLayoutItem[] {
  const { chart, orderbook } = widthsForPage(pageWidth);
  const h = chartRows(viewportHeight);
  const obMax = PANEL_LIMITS.orderbook.maxH ?? h;
  const items: PanelLayoutItem[] = orderBookVisible
    ? [
        { i: 'chart', x: 0, y: 0, w: chart, h },
        { i: 'orderbook', x: chart, y: 0, w: orderbook, h: Math.min(h, obMax) },
      ]
    : [{ i: 'chart', x: 0, y: 0, w: GRID.cols, h }];
  items.push({ i: 'position', x: 0, y: h, w: GRID.cols, h: GRID.positionRows });
  return items.map(withLimits);
}

function isInt(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v);
}

function isPanelId(v: unknown): v is GridPanelId {
  return v === 'chart' || v === 'orderbook' || v === 'position';
}

/**
 * A stored layout checked and repaired: unknown entries dropped, sizes clamped to the panel limits and the grid,
 * the limits re-attached. Returns undefined when nothing usable is left (the caller falls back to the default).
 */
export function sanitiseLayout(
  raw: unknown,
  orderBookVisible: boolean,
): readonly PanelLayoutItem[] | undefined {
  if (!Array.isArray(raw)) return undefined;
  const seen = new Set<GridPanelId>();
  const out: PanelLayoutItem[] = [];
  for (const entry of raw as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { i, x, y, w, h } = entry as Record<string, unknown>;
    if (!isPanelId(i) || seen.has(i) || !isInt(x) || !isInt(y) || !isInt(w) || !isInt(h)) continue;
    if (i === 'orderbook' && !orderBookVisible) continue;
    const lim = PANEL_LIMITS[i];
    const width = Math.min(GRID.cols, Math.max(lim.minW, w));
    const height = Math.min(lim.maxH ?? Number.POSITIVE_INFINITY, Math.max(lim.minH, h));
    seen.add(i);
    out.push(
      withLimits({
        i,
        x: Math.min(Math.max(0, x), GRID.cols - width),
        y: Math.max(0, y),
        w: width,
        h: height,
      }),
    );
  }
  const needed = GRID_PANELS.filter((p) => p !== 'orderbook' || orderBookVisible);
  return needed.every((p) => seen.has(p)) ? out : undefined;
}

/** The layout mirrored for right-to-left pages (x counted from the right edge). */
export function mirrorLayout(items: readonly PanelLayoutItem[]): readonly PanelLayoutItem[] {
  return items.map((it) => ({ ...it, x: GRID.cols - it.x - it.w }));
}

/** Only the fields a user changes, for storage (limits come from {@link PANEL_LIMITS} on load). */
export function toStoredLayout(
  items: readonly {
    readonly i: string;
    readonly x: number;
    readonly y: number;
    readonly w: number;
    readonly h: number;
  }[],
): { i: string; x: number; y: number; w: number; h: number }[] {
  return items.map(({ i, x, y, w, h }) => ({ i, x, y, w, h }));
}

/** The layout to show: the user's saved one when customised and still valid, else the page-width default. */
export function resolveLayout(opts: {
  readonly pageWidth: number;
  readonly viewportHeight: number;
  readonly orderBookVisible: boolean;
  readonly customised: boolean;
  readonly saved: unknown;
}): readonly PanelLayoutItem[] {
  const saved = opts.customised ? sanitiseLayout(opts.saved, opts.orderBookVisible) : undefined;
  return saved ?? defaultLayout(opts.pageWidth, opts.viewportHeight, opts.orderBookVisible);
}

/**
 * A layout with the order book taken out: the chart takes the position panel's place and width (spec §4).
 * Returns undefined if the layout has no chart or no position panel.
 */
export function withoutOrderBook(items: readonly PanelLayoutItem[]): readonly PanelLayoutItem[] | undefined {
  const position = items.find((it) => it.i === 'position');
  if (position === undefined || !items.some((it) => it.i === 'chart')) return undefined;
  return items
    .filter((it) => it.i !== 'orderbook')
    .map((it) => (it.i === 'chart' ? { ...it, x: position.x, w: position.w } : it));
}
