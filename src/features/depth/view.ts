/**
 * Pure draw data of the depth chart (issue 5 §4): cumulative bids and asks against price as stepped areas, a mid
 * price marker, price and quantity axis labels, and the hover crosshair's read-out. Prices run left to right in
 * every locale (a chart axis, not text). No DOM.
 */
import type { BookFrame } from '../../../workers/api';
import type { Band, Scene, Shape } from '../../canvas/scene';
import { mixOver, type ColourTokens } from '../../canvas/tokens';

/** The areas' tint over the plot background. */
const AREA_ALPHA = 0.18;
const areaColours = new WeakMap<ColourTokens, { readonly up: string; readonly down: string }>();

/** The opaque colours of the areas' tint over a palette's plot (computed once per palette, not per frame). */
function areaColoursOf(c: ColourTokens): { readonly up: string; readonly down: string } {
  let a = areaColours.get(c);
  if (a === undefined) {
    a = { up: mixOver(c.up, AREA_ALPHA, c.surface), down: mixOver(c.down, AREA_ALPHA, c.surface) };
    areaColours.set(c, a);
  }
  return a;
}

/** Height of the price axis under the plot. */
export const AXIS_HEIGHT = 22;
/** Space above the plot (the mid label). */
export const TOP_PAD = 22;
/** Space at each side of the plot. */
export const SIDE_PAD = 8;

/** Price ↔ x and quantity ↔ y of one chart. */
export interface DepthGeometry {
  readonly mid: number;
  /** Price distance from mid to either edge of the plot. */
  readonly half: number;
  readonly maxCum: number;
  readonly width: number;
  readonly plotTop: number;
  readonly plotBottom: number;
}

/** The geometry for a book and a size, or null without both sides. */
export function toDepthGeometry(book: BookFrame, width: number, height: number): DepthGeometry | null {
  if (book.bidCount === 0 || book.askCount === 0) return null;
  const bestBid = book.bids[0] ?? Number.NaN;
  const bestAsk = book.asks[0] ?? Number.NaN;
  const lowBid = book.bids[(book.bidCount - 1) * 4] ?? Number.NaN;
  const highAsk = book.asks[(book.askCount - 1) * 4] ?? Number.NaN;
  const mid = (bestBid + bestAsk) / 2;
  const half = Math.max(mid - lowBid, highAsk - mid);
  const maxCum = Math.max(
    book.bids[(book.bidCount - 1) * 4 + 2] ?? 0,
    book.asks[(book.askCount - 1) * 4 + 2] ?? 0,
  );
  if (!(half > 0) || !(maxCum > 0) || !Number.isFinite(mid)) return null;
  return { mid, half, maxCum, width, plotTop: TOP_PAD, plotBottom: height - AXIS_HEIGHT };
}

/** x (CSS px) of a price. */
export function priceToX(g: DepthGeometry, price: number): number {
  const inner = g.width / 2 - SIDE_PAD;
  return g.width / 2 + ((price - g.mid) / g.half) * inner;
}

/** Price at an x (CSS px). */
export function xToPrice(g: DepthGeometry, x: number): number {
  const inner = g.width / 2 - SIDE_PAD;
  return g.mid + ((x - g.width / 2) / inner) * g.half;
}

/** y (CSS px) of a cumulative quantity. */
export function cumToY(g: DepthGeometry, cum: number): number {
  return g.plotBottom - (cum / g.maxCum) * (g.plotBottom - g.plotTop);
}

/** The stepped outline of one side from the spread outwards, closed down to the axis. */
export function sidePoints(book: BookFrame, side: 'bid' | 'ask', g: DepthGeometry): number[] {
  const rows = side === 'bid' ? book.bids : book.asks;
  const count = side === 'bid' ? book.bidCount : book.askCount;
  const pts: number[] = [];
  const first = priceToX(g, rows[0] ?? g.mid);
  pts.push(first, g.plotBottom);
  let y = g.plotBottom;
  for (let i = 0; i < count; i++) {
    const x = priceToX(g, rows[i * 4] ?? 0);
    pts.push(x, y);
    y = cumToY(g, rows[i * 4 + 2] ?? 0);
    pts.push(x, y);
  }
  const edge = side === 'bid' ? SIDE_PAD : g.width - SIDE_PAD;
  pts.push(edge, y, edge, g.plotBottom);
  return pts;
}

/** What the crosshair reads at a price: the side, cumulative quantity and value up to that price. */
export interface DepthReadout {
  readonly side: 'bid' | 'ask';
  readonly price: number;
  readonly cumQty: number;
  readonly value: number;
}

/** Cumulative quantity and value from the spread to `price` (0 inside the spread); null outside the shown book. */
export function readDepth(book: BookFrame, price: number, g: DepthGeometry): DepthReadout | null {
  if (Math.abs(price - g.mid) > g.half) return null;
  const side = price < g.mid ? 'bid' : 'ask';
  const rows = side === 'bid' ? book.bids : book.asks;
  const count = side === 'bid' ? book.bidCount : book.askCount;
  let cumQty = 0;
  let value = 0;
  for (let i = 0; i < count; i++) {
    const p = rows[i * 4] ?? 0;
    if (side === 'bid' ? p < price : p > price) break;
    cumQty = rows[i * 4 + 2] ?? 0;
    value = rows[i * 4 + 3] ?? 0;
  }
  return { side, price, cumQty, value };
}

/** What the chart scene needs besides the book. */
export interface DepthSceneInput {
  readonly width: number;
  readonly height: number;
  readonly colours: ColourTokens;
  readonly price: (n: number) => string;
  readonly qty: (n: number) => string;
  readonly midLabel: string;
}

/** The chart (one band: plot, mid marker, axes). Empty plot without a two-sided book. */
export function toDepthScene(book: BookFrame | undefined, d: DepthSceneInput): Scene {
  const c = d.colours;
  const g = book === undefined ? null : toDepthGeometry(book, d.width, d.height);
  const shapes: Shape[] = [];
  if (book !== undefined && g !== null) {
    const area = areaColoursOf(c);
    const bids = sidePoints(book, 'bid', g);
    const asks = sidePoints(book, 'ask', g);
    shapes.push(
      // The areas are opaque fills of the colour an 18 % tint over the plot shows: the same pixels, painted without
      // blending over half the chart each frame.
      { kind: 'poly', points: bids, colour: area.up, alpha: 1 },
      { kind: 'line', points: bids.slice(2, -2), colour: c.up, width: 1.5 },
      { kind: 'poly', points: asks, colour: area.down, alpha: 1 },
      { kind: 'line', points: asks.slice(2, -2), colour: c.down, width: 1.5 },
    );
    const mx = Math.round(priceToX(g, g.mid)) + 0.5;
    shapes.push(
      {
        kind: 'line',
        points: [mx, g.plotTop - 4, mx, g.plotBottom],
        colour: c.textMuted,
        width: 1,
        dashed: true,
      },
      {
        kind: 'text',
        text: `${d.midLabel} ${d.price(g.mid)}`,
        x: Math.round(mx),
        y: TOP_PAD / 2,
        colour: c.text,
        align: 'center',
        font: 'small',
        digits: false,
      },
    );
    // Price axis: both ends and halfway to each, plus quantity at the top of the plot.
    shapes.push({ kind: 'rect', x: 0, y: g.plotBottom, w: d.width, h: 1, colour: c.border });
    const ticks = [-1, -0.5, 0.5, 1];
    for (const f of ticks) {
      const p = g.mid + f * g.half * 0.92;
      const x = Math.round(priceToX(g, p));
      shapes.push({
        kind: 'text',
        text: d.price(p),
        x,
        y: g.plotBottom + AXIS_HEIGHT / 2,
        colour: c.textMuted,
        align: f < 0 ? 'left' : 'right',
        font: 'small',
        digits: true,
      });
    }
    shapes.push({
      kind: 'text',
      text: d.qty(g.maxCum),
      x: d.width - SIDE_PAD,
      y: g.plotTop + 6,
      colour: c.textMuted,
      align: 'right',
      font: 'small',
      digits: true,
    });
  }
  const band: Band = { x: 0, y: 0, w: d.width, h: d.height, background: c.surface, shapes };
  return { width: d.width, height: d.height, background: c.surface, bands: [band] };
}

/** The crosshair at a pointer x: its lines and marker (drawn over the plot), what it reads, and its y. */
export function crosshair(
  book: BookFrame | undefined,
  hoverX: number | null,
  d: Pick<DepthSceneInput, 'width' | 'height' | 'colours'>,
): { shapes: readonly Shape[]; readout: DepthReadout | null; y: number } {
  const none = { shapes: [], readout: null, y: 0 };
  const g = book === undefined ? null : toDepthGeometry(book, d.width, d.height);
  if (book === undefined || g === null || hoverX === null) return none;
  const r = readDepth(book, xToPrice(g, hoverX), g);
  if (r === null) return none;
  const x = Math.round(hoverX) + 0.5;
  const y = Math.round(cumToY(g, r.cumQty)) + 0.5;
  const colour = r.side === 'bid' ? d.colours.up : d.colours.down;
  const shapes: Shape[] = [
    {
      kind: 'line',
      points: [x, g.plotTop, x, g.plotBottom],
      colour: d.colours.textMuted,
      width: 1,
      dashed: true,
    },
    {
      kind: 'line',
      points: [SIDE_PAD, y, d.width - SIDE_PAD, y],
      colour: d.colours.textMuted,
      width: 1,
      dashed: true,
    },
    { kind: 'rect', x: x - 3.5, y: y - 3.5, w: 7, h: 7, colour },
  ];
  return { shapes, readout: r, y };
}
