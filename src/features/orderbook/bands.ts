/**
 * The order book's band builders: the caption row, one band per row position, the mid strip and the ratio strip,
 * as plain shapes a surface paints (`src/canvas/scene.ts`). They draw what they are told: which rows hold own orders
 * and which are hovered is decided by the view (view.ts). Pure: no DOM.
 */
import type { BookFrame } from '../../../workers/api';
import type { Band, Shape, TextShape } from '../../canvas/scene';
import type { ColourTokens } from '../../canvas/tokens';
import {
  COLUMN_GAP,
  HALF_EDGE_PAD,
  fitText,
  type BookFormat,
  type HalfColumns,
  type MeasureText,
} from './columns';
import {
  cell,
  HEAD_HEIGHT,
  MID_HEIGHT,
  PAD,
  RATIO_HEIGHT,
  ROW_HEIGHT,
  ROW_PITCH,
  type BookLayout,
  type RowSlot,
  type TotalUnit,
} from './layout';

/** What the band builders read besides the book (the view adds hover and own marks). */
export interface BandInput {
  readonly width: number;
  readonly height: number;
  readonly layout: BookLayout;
  readonly total: TotalUnit;
  readonly rtl: boolean;
  readonly colours: ColourTokens;
  /** Column captions (already translated, with coin names). */
  readonly captions: { readonly price: string; readonly amount: string; readonly total: string };
  /** Captions without coin names, for the narrow halves of layout 4. */
  readonly shortCaptions: { readonly price: string; readonly amount: string; readonly total: string };
  /** Text widths in the surface's fonts (layout 4 fits its columns with them). */
  readonly measure: MeasureText;
  /** Short buy / sell labels of the ratio strip. */
  readonly ratioLabels: { readonly buy: string; readonly sell: string };
  readonly format: BookFormat;
  /** Last trade price and its direction, for the mid strip. */
  readonly last: { readonly text: string; readonly direction: 'up' | 'down' | 'flat' } | null;
  /** Bid share shown by the ratio bar (animated towards the book's ratio by the caller). */
  readonly ratio: number;
}

/** Width fraction (0..1) of a row's depth bar: its cumulative amount over the deepest shown cumulative amount. */
export function barFraction(book: BookFrame, side: 'ask' | 'bid', index: number, rows: number): number {
  const deepest = Math.max(
    cell(book, 'ask', Math.min(rows, book.askCount) - 1, 2) || 0,
    cell(book, 'bid', Math.min(rows, book.bidCount) - 1, 2) || 0,
  );
  const cum = cell(book, side, index, 2);
  return deepest > 0 && Number.isFinite(cum) ? Math.min(1, cum / deepest) : 0;
}

/** Band ids: captions, mid strip, ratio strip, then one per row position. */
export const BAND_CAPTION = 0;
export const BAND_MID = 1;
export const BAND_RATIO = 2;
export const BAND_ROWS = 3;

/** Mirrors an x for right-to-left. */
function mx(x: number, width: number, rtl: boolean): number {
  return rtl ? width - x : x;
}

function flip(align: 'left' | 'right', rtl: boolean): 'left' | 'right' {
  return rtl ? (align === 'left' ? 'right' : 'left') : align;
}

function text(
  s: string,
  x: number,
  y: number,
  colour: string,
  align: TextShape['align'],
  digits: boolean,
  font: TextShape['font'] = 'row',
): TextShape {
  return { kind: 'text', text: s, x, y, colour, align, font, digits };
}

/** The columns of a full-width row: price at the start edge, amount at 2/3, total at the end edge. */
function fullColumns(width: number, rtl: boolean): readonly { x: number; align: 'left' | 'right' }[] {
  const inner = width - 2 * PAD;
  return [
    { x: mx(PAD, width, rtl), align: flip('left', rtl) },
    { x: mx(PAD + Math.round(inner * 0.66), width, rtl), align: flip('right', rtl) },
    { x: mx(width - PAD, width, rtl), align: flip('right', rtl) },
  ];
}

/** x of a distance `u` from the outer padding edge of a half that starts at `x`, `w` wide (the left half's outer edge is its left). */
function halfX(x: number, w: number, leftHalf: boolean, u: number): number {
  return leftHalf ? x + HALF_EDGE_PAD + u : x + w - HALF_EDGE_PAD - u;
}

/** The column captions (layout 4: short captions per half, cut to their columns). */
export function captionBand(d: BandInput, cols4: HalfColumns | null): Band {
  const c = d.colours;
  const y = HEAD_HEIGHT / 2;
  const shapes: Shape[] = [];
  if (d.layout === 4 && cols4 !== null) {
    // Per half, from the outer edge: total, amount, price (at the centre line); short captions, cut to their column.
    // Captions may be wider than their columns: the price caption keeps its place at the centre line; total and
    // amount share what is left, the amount caption moving towards the centre when the total caption needs room.
    const half = Math.floor(d.width / 2);
    const [cutA, cutB] = cols4.cuts;
    const fit = (s: string, max: number): string => fitText(s, max - 2, 'caption', d.measure);
    const price = fit(d.shortCaptions.price, cols4.inner - cutB);
    const span = Math.floor(cols4.inner - d.measure(price, 'caption') - COLUMN_GAP);
    const totalWant = Math.ceil(d.measure(d.shortCaptions.total, 'caption')) + 2;
    const amountWant = Math.ceil(d.measure(d.shortCaptions.amount, 'caption')) + 2;
    const totalRoom = Math.min(totalWant, Math.max(cutA, span - COLUMN_GAP - amountWant));
    const total = fit(d.shortCaptions.total, totalRoom);
    const amount = fit(d.shortCaptions.amount, span - totalRoom - COLUMN_GAP);
    const amountAt = Math.min(
      span,
      Math.max(cols4.amountEnd, Math.ceil(totalRoom + COLUMN_GAP + d.measure(amount, 'caption'))),
    );
    for (const leftHalf of [true, false]) {
      const x = leftHalf ? 0 : half;
      const w = leftHalf ? half : d.width - half;
      const outer = leftHalf ? 'left' : 'right';
      const inner = leftHalf ? 'right' : 'left';
      shapes.push(
        text(total, halfX(x, w, leftHalf, 0), y, c.textMuted, outer, false, 'caption'),
        text(amount, halfX(x, w, leftHalf, amountAt), y, c.textMuted, inner, false, 'caption'),
        text(price, halfX(x, w, leftHalf, cols4.inner), y, c.textMuted, inner, false, 'caption'),
      );
    }
  } else {
    const cols = fullColumns(d.width, d.rtl);
    const labels = [d.captions.price, d.captions.amount, d.captions.total];
    cols.forEach((col, i) => {
      shapes.push(text(labels[i] ?? '', col.x, y, c.textMuted, col.align, false, 'caption'));
    });
  }
  return { x: 0, y: 0, w: d.width, h: HEAD_HEIGHT, background: c.surface, shapes };
}

/**
 * One row position's band: its depth bar, its numbers and, when `own`, the own-order mark; `hovered` raises its
 * background (the row lies between the hovered row and the spread). Null when the book has no row there.
 */
export function rowBand(
  book: BookFrame,
  s: RowSlot,
  rows: number,
  d: BandInput,
  cols4: HalfColumns | null,
  own: boolean,
  hovered: boolean,
): Band | null {
  const c = d.colours;
  const price = cell(book, s.side, s.index, 0);
  if (!Number.isFinite(price)) return null;
  const amount = cell(book, s.side, s.index, 1);
  const bid = s.side === 'bid';
  const sideColour = bid ? c.up : c.down;
  const mid = s.y + ROW_HEIGHT / 2;
  const shapes: Shape[] = [];
  const barW = Math.round(barFraction(book, s.side, s.index, rows) * s.w);
  if (d.layout === 4 && cols4 !== null) {
    // Bars grow from the centre line outwards; the bid half is the start half.
    const leftHalf = bid !== d.rtl;
    const centreEdge = leftHalf ? s.x + s.w : s.x;
    shapes.push({
      kind: 'rect',
      x: leftHalf ? centreEdge - barW : centreEdge,
      y: s.y,
      w: barW,
      h: ROW_HEIGHT,
      colour: bid ? c.upSoft : c.downSoft,
    });
    const outer = leftHalf ? 'left' : 'right';
    const inner = leftHalf ? 'right' : 'left';
    const total = cell(book, s.side, s.index, d.total === 'base' ? 2 : 3);
    shapes.push(
      text(
        d.format.fixed(total, cols4.total.dp, cols4.total.compact),
        halfX(s.x, s.w, leftHalf, 0),
        mid,
        c.text,
        outer,
        true,
        cols4.font,
      ),
      text(
        d.format.fixed(amount, cols4.amount.dp, cols4.amount.compact),
        halfX(s.x, s.w, leftHalf, cols4.amountEnd),
        mid,
        c.text,
        inner,
        true,
        cols4.font,
      ),
      text(
        d.format.price.get(price),
        halfX(s.x, s.w, leftHalf, cols4.inner),
        mid,
        sideColour,
        inner,
        true,
        cols4.font,
      ),
    );
    if (own)
      shapes.push({
        kind: 'rect',
        x: leftHalf ? s.x + 1 : s.x + s.w - 4,
        y: mid - 3,
        w: 3,
        h: 6,
        colour: sideColour,
      });
  } else {
    const total = cell(book, s.side, s.index, d.total === 'base' ? 2 : 3);
    shapes.push({
      kind: 'rect',
      x: d.rtl ? 0 : d.width - barW,
      y: s.y,
      w: barW,
      h: ROW_HEIGHT,
      colour: bid ? c.upSoft : c.downSoft,
    });
    const [cp, ca, ct] = fullColumns(d.width, d.rtl);
    if (cp !== undefined && ca !== undefined && ct !== undefined)
      shapes.push(
        text(d.format.price.get(price), cp.x, mid, sideColour, cp.align, true),
        text(d.format.amount.get(amount), ca.x, mid, c.text, ca.align, true),
        text(
          (d.total === 'base' ? d.format.totalBase : d.format.totalQuote).get(total),
          ct.x,
          mid,
          c.text,
          ct.align,
          true,
        ),
      );
    if (own)
      shapes.push({ kind: 'rect', x: d.rtl ? d.width - 4 : 1, y: mid - 3, w: 3, h: 6, colour: sideColour });
  }
  return {
    x: s.x,
    y: s.y,
    w: s.w,
    h: ROW_PITCH,
    background: hovered ? c.surfaceRaised : c.surface,
    shapes,
  };
}

/** Layout 1's strip between the sides: the last price and its direction. */
export function midBand(top: number, d: BandInput): Band {
  const c = d.colours;
  const shapes: Shape[] = [];
  if (d.last !== null) {
    const colour = d.last.direction === 'up' ? c.up : d.last.direction === 'down' ? c.down : c.text;
    const arrow = d.last.direction === 'up' ? ' ↑' : d.last.direction === 'down' ? ' ↓' : '';
    shapes.push(
      text(
        d.last.text + arrow,
        mx(PAD, d.width, d.rtl),
        top + MID_HEIGHT / 2,
        colour,
        flip('left', d.rtl),
        true,
        'mid',
      ),
    );
  }
  return { x: 0, y: top, w: d.width, h: MID_HEIGHT, background: c.surface, shapes };
}

/** Width reserved for each ratio label ("B 100.00%"). */
const RATIO_LABEL_W = 64;

/** The buy/sell ratio strip at the bottom. */
export function ratioBand(d: BandInput): Band {
  const c = d.colours;
  const top = d.height - RATIO_HEIGHT;
  const y = top + RATIO_HEIGHT / 2;
  const r = Math.min(1, Math.max(0, d.ratio));
  const barX = PAD + RATIO_LABEL_W;
  const barW = Math.max(0, d.width - 2 * (PAD + RATIO_LABEL_W));
  const buyW = Math.round(barW * r);
  const shapes: Shape[] = [
    text(
      `${d.ratioLabels.buy} ${d.format.percent(r)}`,
      mx(PAD, d.width, d.rtl),
      y,
      c.up,
      flip('left', d.rtl),
      false,
      'small',
    ),
    text(
      `${d.format.percent(1 - r)} ${d.ratioLabels.sell}`,
      mx(d.width - PAD, d.width, d.rtl),
      y,
      c.down,
      flip('right', d.rtl),
      false,
      'small',
    ),
    { kind: 'rect', x: d.rtl ? d.width - barX - buyW : barX, y: y - 2, w: buyW, h: 4, colour: c.up },
    {
      kind: 'rect',
      x: d.rtl ? d.width - barX - barW : barX + buyW,
      y: y - 2,
      w: barW - buyW,
      h: 4,
      colour: c.down,
    },
  ];
  return { x: 0, y: top, w: d.width, h: RATIO_HEIGHT, background: c.surface, shapes };
}

/** The band id of a row position (stable per position, so an unchanged position is not repainted). */
export function rowBandId(layout: BookLayout, rows: number, s: RowSlot): number {
  if (layout === 4) return BAND_ROWS + (s.side === 'bid' ? s.index : rows + s.index);
  return BAND_ROWS + (s.side === 'ask' ? s.index : rows + s.index);
}
