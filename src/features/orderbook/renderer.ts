/**
 * Canvas2D renderer of the order book. It draws the view's rows into a 2D context sized by devicePixelRatio (crisp
 * text at 1, 1.5, 2, 3), formats numbers through caches (a row whose value did not change costs no formatting), and
 * mirrors its columns for right-to-left. The panel calls `draw` only on an animation frame with something new.
 */
import type { BookFrame } from '../../../workers/api';
import type { ColourTokens } from '../../canvas/tokens';
import {
  barFraction,
  cell,
  HEAD_HEIGHT,
  inHoverRange,
  MID_HEIGHT,
  midTop,
  ROW_HEIGHT,
  type BookLayout,
  type RowSlot,
  type TotalUnit,
} from './view';

/** Any 2D context (a page canvas, or an OffscreenCanvas in a worker, or a recording one in tests). */
export type Ctx2D = Pick<
  CanvasRenderingContext2D,
  'fillRect' | 'fillText' | 'setTransform' | 'clearRect' | 'fillStyle' | 'font' | 'textAlign' | 'textBaseline'
>;

/** Number → string, remembered (book prices repeat frame after frame). */
export class FormatCache {
  private readonly map = new Map<number, string>();
  constructor(private readonly format: (n: number) => string) {}
  get(n: number): string {
    let s = this.map.get(n);
    if (s === undefined) {
      if (this.map.size > 2000) this.map.clear();
      s = this.format(n);
      this.map.set(n, s);
    }
    return s;
  }
}

/** What one draw needs besides the book. */
export interface DrawInput {
  readonly width: number;
  readonly height: number;
  readonly layout: BookLayout;
  readonly rows: number;
  readonly slots: readonly RowSlot[];
  readonly total: TotalUnit;
  readonly rtl: boolean;
  readonly colours: ColourTokens;
  readonly captions: readonly [string, string, string];
  readonly price: FormatCache;
  readonly amount: FormatCache;
  readonly totalBase: FormatCache;
  readonly totalQuote: FormatCache;
  readonly hover: RowSlot | null;
  /** Prices of the user's own open orders (marked with a dot). */
  readonly ownPrices: ReadonlySet<number>;
  /** Last trade price and its direction, for the mid strip. */
  readonly last: { readonly text: string; readonly direction: 'up' | 'down' | 'flat' } | null;
}

const FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
const MID_FONT = '600 15px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
const PAD = 8;

/** Column x positions and alignments (price at the start edge, amount centre-right, total at the end edge). */
function columns(width: number, rtl: boolean): { x: number; align: CanvasTextAlign }[] {
  const inner = width - 2 * PAD;
  const cols: { x: number; align: CanvasTextAlign }[] = [
    { x: PAD, align: 'left' },
    { x: PAD + inner * 0.66, align: 'right' },
    { x: width - PAD, align: 'right' },
  ];
  if (!rtl) return cols;
  return cols.map((c) => ({ x: width - c.x, align: c.align === 'left' ? 'right' : 'left' }));
}

/** Draws one frame. `dpr` scales the backing store; all coordinates are CSS pixels. */
export function drawBook(ctx: Ctx2D, dpr: number, book: BookFrame | undefined, d: DrawInput): void {
  const c = d.colours;
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  ctx.fillStyle = c.surface;
  ctx.fillRect(0, 0, d.width, d.height);
  ctx.font = FONT;
  ctx.textBaseline = 'middle';
  const cols = columns(d.width, d.rtl);
  ctx.fillStyle = c.textMuted;
  for (let i = 0; i < 3; i++) {
    const col = cols[i];
    if (col === undefined) continue;
    ctx.textAlign = col.align;
    ctx.fillText(d.captions[i] ?? '', col.x, HEAD_HEIGHT / 2);
  }
  if (book === undefined) return;
  for (const s of d.slots) {
    const price = cell(book, s.side, s.index, 0);
    if (!Number.isFinite(price)) continue;
    const amount = cell(book, s.side, s.index, 1);
    const total = cell(book, s.side, s.index, d.total === 'base' ? 2 : 3);
    const frac = barFraction(book, s.side, s.index, d.rows);
    const w = frac * d.width;
    if (inHoverRange(d.hover, s.side, s.index)) {
      ctx.fillStyle = c.surfaceRaised;
      ctx.fillRect(0, s.y, d.width, ROW_HEIGHT);
    }
    // Depth bar grows from the end edge (right in LTR, left in RTL).
    ctx.fillStyle = s.side === 'bid' ? c.upSoft : c.downSoft;
    ctx.fillRect(d.rtl ? 0 : d.width - w, s.y, w, ROW_HEIGHT);
    const mid = s.y + ROW_HEIGHT / 2;
    const [cp, ca, ct] = cols;
    if (cp === undefined || ca === undefined || ct === undefined) continue;
    ctx.fillStyle = s.side === 'bid' ? c.up : c.down;
    ctx.textAlign = cp.align;
    ctx.fillText(d.price.get(price), cp.x, mid);
    if (d.ownPrices.has(price)) {
      ctx.fillRect(d.rtl ? d.width - 4 : 1, mid - 2, 3, 4);
    }
    ctx.fillStyle = c.text;
    ctx.textAlign = ca.align;
    ctx.fillText(d.amount.get(amount), ca.x, mid);
    ctx.textAlign = ct.align;
    ctx.fillText((d.total === 'base' ? d.totalBase : d.totalQuote).get(total), ct.x, mid);
  }
  const top = midTop(d.layout, d.rows);
  if (top >= 0 && d.last !== null) {
    ctx.font = MID_FONT;
    ctx.fillStyle = d.last.direction === 'up' ? c.up : d.last.direction === 'down' ? c.down : c.text;
    ctx.textAlign = d.rtl ? 'right' : 'left';
    const arrow = d.last.direction === 'up' ? ' ↑' : d.last.direction === 'down' ? ' ↓' : '';
    ctx.fillText(d.last.text + arrow, d.rtl ? d.width - PAD : PAD, top + MID_HEIGHT / 2);
  }
}
