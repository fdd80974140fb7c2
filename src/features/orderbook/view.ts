/**
 * Pure draw data of the order book (spec §4 Order book layouts, §9 Order book): which rows show where for a layout and
 * a panel size, what each row's bar covers, what a hover sums up, and the scene (bands of shapes) a surface paints.
 * No DOM: unit-tested in Node.
 */
import type { BookFrame } from '../../../workers/api';
import { FONTS, type Band, type FontRole, type Scene, type Shape, type TextShape } from '../../canvas/scene';
import type { ColourTokens } from '../../canvas/tokens';

/** 1: sells above, buys below, last price between; 2: buys only; 3: sells only; 4: buys and sells side by side. */
export type BookLayout = 1 | 2 | 3 | 4;

/** Every layout, in toolbar order. */
export const BOOK_LAYOUTS: readonly BookLayout[] = [1, 2, 3, 4];

/** Total column in base (cumulative amount) or quote (cumulative value). */
export type TotalUnit = 'base' | 'quote';

/** Row height and the gap under it (spec §9). */
export const ROW_HEIGHT = 22;
export const ROW_GAP = 2;
export const ROW_PITCH = ROW_HEIGHT + ROW_GAP;
/** Height of the last-price strip between the sides in layout 1. */
export const MID_HEIGHT = 32;
/** Height of the column captions. */
export const HEAD_HEIGHT = 24;
/** Height of the buy/sell ratio strip at the bottom. */
export const RATIO_HEIGHT = 24;
/** At most 40 rows a side (spec §9). */
export const MAX_ROWS = 40;
/** Inner padding at both edges. */
export const PAD = 8;
/** The buy/sell ratio bar eases to a new value over this long (spec §4). */
export const RATIO_ANIMATION_MS = 300;

/** Rows per side that fit `height` CSS pixels for a layout. */
export function rowsThatFit(layout: BookLayout, height: number): number {
  const body = Math.max(0, height - HEAD_HEIGHT - RATIO_HEIGHT - (layout === 1 ? MID_HEIGHT : 0));
  const rows = Math.floor((layout === 1 ? body / 2 : body) / ROW_PITCH);
  return Math.max(0, Math.min(MAX_ROWS, rows));
}

/** One drawn row. `index` counts from the spread (0 = best). */
export interface RowSlot {
  readonly side: 'ask' | 'bid';
  readonly index: number;
  /** Top of the row, CSS px. */
  readonly y: number;
  /** Horizontal extent: the whole width, or one half in layout 4. */
  readonly x: number;
  readonly w: number;
}

/**
 * Where each row of each side goes. Asks in layout 1 stack upwards from the spread (best ask just above the mid
 * strip), so the panel reads high prices at the top, low at the bottom, as every exchange shows it. Layout 4 puts
 * bids in the start half and asks in the end half, best prices at the top.
 */
export function rowSlots(
  layout: BookLayout,
  rows: number,
  askCount: number,
  bidCount: number,
  width = 0,
  rtl = false,
): RowSlot[] {
  const out: RowSlot[] = [];
  const asks = Math.min(rows, askCount);
  const bids = Math.min(rows, bidCount);
  if (layout === 1) {
    const askBottom = HEAD_HEIGHT + rows * ROW_PITCH;
    for (let i = 0; i < asks; i++)
      out.push({ side: 'ask', index: i, y: askBottom - (i + 1) * ROW_PITCH, x: 0, w: width });
    const bidTop = askBottom + MID_HEIGHT;
    for (let i = 0; i < bids; i++)
      out.push({ side: 'bid', index: i, y: bidTop + i * ROW_PITCH, x: 0, w: width });
  } else if (layout === 2) {
    for (let i = 0; i < bids; i++)
      out.push({ side: 'bid', index: i, y: HEAD_HEIGHT + i * ROW_PITCH, x: 0, w: width });
  } else if (layout === 3) {
    for (let i = 0; i < asks; i++)
      out.push({ side: 'ask', index: i, y: HEAD_HEIGHT + i * ROW_PITCH, x: 0, w: width });
  } else {
    const half = Math.floor(width / 2);
    const bidX = rtl ? width - half : 0;
    const askX = rtl ? 0 : half;
    for (let i = 0; i < bids; i++)
      out.push({ side: 'bid', index: i, y: HEAD_HEIGHT + i * ROW_PITCH, x: bidX, w: half });
    for (let i = 0; i < asks; i++)
      out.push({ side: 'ask', index: i, y: HEAD_HEIGHT + i * ROW_PITCH, x: askX, w: width - half });
  }
  return out;
}

/** Top of the mid strip in layout 1, or -1 where there is none. */
export function midTop(layout: BookLayout, rows: number): number {
  return layout === 1 ? HEAD_HEIGHT + rows * ROW_PITCH : -1;
}

/** The row under a point, or null. `x` < 0 ignores the horizontal position. */
export function slotAt(slots: readonly RowSlot[], y: number, x = -1): RowSlot | null {
  for (const s of slots)
    if (y >= s.y && y < s.y + ROW_HEIGHT && (x < 0 || s.w === 0 || (x >= s.x && x < s.x + s.w))) return s;
  return null;
}

/** A book frame's row field: 0 price, 1 amount, 2 cumulative base, 3 cumulative quote. */
export function cell(book: BookFrame, side: 'ask' | 'bid', index: number, field: 0 | 1 | 2 | 3): number {
  return (side === 'ask' ? book.asks : book.bids)[index * 4 + field] ?? Number.NaN;
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

/** What hovering a row sums up (spec §2): from the best price to the hovered row, inclusive. */
export interface HoverSummary {
  readonly avgPrice: number;
  readonly sumQty: number;
  readonly sumValue: number;
}

/** Average price, summed quantity and value from the spread to row `index` of `side`; null past the last row. */
export function hoverSummary(book: BookFrame, side: 'ask' | 'bid', index: number): HoverSummary | null {
  const count = side === 'ask' ? book.askCount : book.bidCount;
  if (index < 0 || index >= count) return null;
  const sumQty = cell(book, side, index, 2);
  const sumValue = cell(book, side, index, 3);
  if (!(sumQty > 0)) return null;
  return { avgPrice: sumValue / sumQty, sumQty, sumValue };
}

/** The row under the pointer (or keyboard focus), without its position. */
export interface RowRef {
  readonly side: 'ask' | 'bid';
  readonly index: number;
}

/** True when a row lies between the hovered row and the spread (drawn highlighted with it). */
export function inHoverRange(hover: RowRef | null, side: 'ask' | 'bid', index: number): boolean {
  return hover !== null && hover.side === side && index <= hover.index;
}

/** Numeric value of a depth step ("0.01" → 0.01; "0" and unknown steps → 1 price tick of `pricePrecision`). */
export function stepValue(step: string, pricePrecision: number): number {
  const v = Number(step);
  if (step === '' || !Number.isFinite(v)) return 10 ** -pricePrecision;
  return v > 0 ? v : 1;
}

/** Decimals a step prints with ("0.01" → 2, "10" → 0, "0" → 0); `fallback` for an unknown step. */
export function stepDecimals(step: string, fallback: number): number {
  if (step === '') return fallback;
  const dot = step.indexOf('.');
  return dot < 0 ? 0 : step.length - dot - 1;
}

/** Rows holding the user's open orders, as bucket numbers (price / step) per side. */
export interface OwnMarks {
  readonly bid: ReadonlySet<number>;
  readonly ask: ReadonlySet<number>;
}

/**
 * Which merged rows hold one of the user's open orders: a buy falls in the bid bucket at or below its price, a sell
 * in the ask bucket at or above (the hub merges bids down and asks up).
 */
export function toOwnMarks(
  orders: readonly { readonly side: string; readonly price: string }[],
  step: number,
): OwnMarks {
  const bid = new Set<number>();
  const ask = new Set<number>();
  for (const o of orders) {
    const p = Number(o.price);
    if (!(p > 0)) continue;
    const q = p / step;
    if (o.side === 'Buy') bid.add(Math.floor(q + 1e-9));
    else ask.add(Math.ceil(q - 1e-9));
  }
  return { bid, ask };
}

/** True when the row at `price` holds an own order. */
export function isOwnRow(marks: OwnMarks, side: 'ask' | 'bid', price: number, step: number): boolean {
  return (side === 'bid' ? marks.bid : marks.ask).has(Math.round(price / step));
}

/** Number → string, remembered (book prices repeat frame after frame). */
export class FormatCache {
  private readonly map = new Map<number, string>();
  constructor(private readonly format: (n: number) => string) {}
  /** The formatted number. */
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

/** The formatters of the book's columns. */
export interface BookFormat {
  readonly price: FormatCache;
  readonly amount: FormatCache;
  readonly totalBase: FormatCache;
  readonly totalQuote: FormatCache;
  /** Ratio percentages ("52.31%"). */
  readonly percent: (fraction: number) => string;
  /** Full decimals of the amount and total columns (what `amount`, `totalBase`, `totalQuote` print). */
  readonly dp: { readonly amount: number; readonly totalBase: number; readonly totalQuote: number };
  /**
   * A number at `dp` decimals; `compact` abbreviates 1000 and above with K, M, B, T (spec §5). Layout 4 uses it when
   * its six columns do not fit the panel at full precision.
   */
  readonly fixed: (n: number, dp: number, compact: boolean) => string;
}

/** Width of a text in CSS px in a font role (the surface's font). */
export type MeasureText = (text: string, font: FontRole) => number;

/**
 * A conservative width estimate for when no canvas can measure (Node tests): digits 0.64 em, separators and spaces
 * 0.33 em, ideographs 1 em, anything else 0.7 em (wide fonts such as DejaVu Sans stay inside it).
 */
export function estimateTextWidth(text: string, font: FontRole): number {
  const em = FONTS[font].size;
  let w = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 0;
    if (c >= 48 && c <= 57) w += 0.64 * em;
    else if (ch === '.' || ch === ',' || ch === ' ' || ch === '\u00a0' || ch === '\u202f') w += 0.33 * em;
    else if (c >= 0x2e80) w += em;
    else w += 0.7 * em;
  }
  return w;
}

/** `text` cut to `max` px with a trailing ellipsis, or '' when not even the ellipsis fits. */
export function fitText(text: string, max: number, font: FontRole, measure: MeasureText): string {
  if (measure(text, font) <= max) return text;
  // Cut between graphemes, so a combining mark (Thai, Arabic) never loses its base.
  const chars = Array.from(new Intl.Segmenter().segment(text), (g) => g.segment);
  for (let n = chars.length - 1; n > 0; n--) {
    const cut = `${chars.slice(0, n).join('').trimEnd()}…`;
    if (measure(cut, font) <= max) return cut;
  }
  return measure('…', font) <= max ? '…' : '';
}

/** Everything one scene needs besides the book. */
export interface BookSceneInput {
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
  readonly hover: RowRef | null;
  readonly own: OwnMarks;
  /** Numeric step the rows are merged at (for own-order marks). */
  readonly step: number;
  /** Last trade price and its direction, for the mid strip. */
  readonly last: { readonly text: string; readonly direction: 'up' | 'down' | 'flat' } | null;
  /** Bid share shown by the ratio bar (animated towards the book's ratio by the caller). */
  readonly ratio: number;
}

/**
 * True when a click `x` CSS px from the canvas's left edge on row `slot` lands on the total column, which also takes
 * the summed quantity (spec: a cumulative click). Layouts 1–3: the end third (the start third right to left);
 * layout 4: the outer `totalCut` px of the row's half.
 */
export function isTotalColumnClick(
  slot: RowSlot,
  x: number,
  layout: BookLayout,
  rtl: boolean,
  totalCut: number,
): boolean {
  const local = x - slot.x;
  if (layout === 4) {
    const fromOuter = slot.x === 0 ? local : slot.w - local;
    return fromOuter >= 0 && fromOuter < totalCut;
  }
  return rtl ? local < slot.w / 3 : local > (slot.w * 2) / 3;
}

/** Band ids: captions, mid strip, ratio strip, then one per row position. */
export const BAND_CAPTION = 0;
export const BAND_MID = 1;
export const BAND_RATIO = 2;
const BAND_ROWS = 3;

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

/**
 * Layout 4's spacing, tighter than the full-width layouts' so six columns fit a default-width panel (~280 px) with
 * three decimals: between two columns, at the outer edges (the own-order mark sits in the first 4 px), and on each
 * side of the centre line (the two best prices face each other across twice this).
 */
export const COLUMN_GAP = 5;
export const HALF_EDGE_PAD = 6;
export const CENTRE_PAD = 3;

/** How layout 4 prints its amount and total columns: decimals, and whether 1000 and above abbreviate. */
export interface NumberStyle {
  readonly dp: number;
  readonly compact: boolean;
}

/**
 * The columns of one layout-4 half, as distances from the half's outer padding edge (0) towards the centre line
 * (`inner`): total from 0, price ending at `inner`, amount ending at `amountEnd`. Both halves share one fit, so the
 * sides read alike.
 */
export interface HalfColumns {
  /** The rows' font: 'row' when everything fits in full, else 'small'. */
  readonly font: FontRole;
  readonly amount: NumberStyle;
  readonly total: NumberStyle;
  readonly inner: number;
  readonly totalW: number;
  readonly amountW: number;
  readonly amountEnd: number;
  readonly priceW: number;
  /** Boundaries between the total and amount columns, and the amount and price columns (for captions and clicks). */
  readonly cuts: readonly [number, number];
}

/** Styles from the most to the least precise: every decimal count down to 0, then abbreviated with 2, 1, 0. */
export function numberStyles(dp: number): NumberStyle[] {
  const out: NumberStyle[] = [];
  for (let d = dp; d >= 0; d--) out.push({ dp: d, compact: false });
  for (let d = Math.min(2, dp); d >= 0; d--) out.push({ dp: d, compact: true });
  return out;
}

/** Significant digits `v` shows in a style (0.35 at 3 decimals: 3; 218,612 abbreviated with 1 decimal: 4). */
export function significantDigits(v: number, style: NumberStyle): number {
  if (!(v > 0)) return style.dp;
  let x = v;
  if (style.compact)
    for (const size of [1e12, 1e9, 1e6, 1e3])
      if (x >= size) {
        x /= size;
        break;
      }
  return Math.floor(Math.log10(x)) + 1 + style.dp;
}

/** Lexicographic comparison of two scores, higher first. */
function isBetter(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    if (x !== y) return x > y;
  }
  return false;
}

/**
 * Fits price, amount and total into each half of layout 4. Prices always print in full (they name the row); amount
 * and total drop decimals (then abbreviate K, M, B, T) until the widest shown value of each column fits beside the
 * widest price. A half as wide as a full book column prints everything in full.
 */
export function fitHalfColumns(book: BookFrame | undefined, rows: number, d: BookSceneInput): HalfColumns {
  const inner = Math.floor(d.width / 2) - HALF_EDGE_PAD - CENTRE_PAD;
  const totalField = d.total === 'base' ? 2 : 3;
  const totalDp = d.total === 'base' ? d.format.dp.totalBase : d.format.dp.totalQuote;
  const amountStyles = numberStyles(d.format.dp.amount);
  const totalStyles = numberStyles(totalDp);
  const prices: number[] = [];
  const amounts: number[] = [];
  const totals: number[] = [];
  for (const side of ['bid', 'ask'] as const) {
    if (book === undefined) break;
    const n = Math.min(rows, side === 'bid' ? book.bidCount : book.askCount);
    for (let i = 0; i < n; i++) {
      prices.push(cell(book, side, i, 0));
      amounts.push(cell(book, side, i, 1));
      totals.push(cell(book, side, i, totalField));
    }
  }
  const widest = (values: readonly number[], text: (n: number) => string, font: FontRole): number => {
    let w = 0;
    for (const v of values) if (Number.isFinite(v)) w = Math.max(w, d.measure(text(v), font));
    return Math.ceil(w);
  };
  const style = (styles: readonly NumberStyle[], k: number): NumberStyle =>
    styles[k] ?? { dp: 0, compact: true };
  const columnWidths = (values: readonly number[], styles: readonly NumberStyle[], font: FontRole) => {
    const memo: number[] = [];
    return (k: number): number => {
      const st = style(styles, k);
      memo[k] ??= widest(values, (n) => d.format.fixed(n, st.dp, st.compact), font);
      return memo[k];
    };
  };
  const fitAt = (font: FontRole) => ({
    font,
    priceW: widest(prices, (n) => d.format.price.get(n), font),
    amountW: columnWidths(amounts, amountStyles, font),
    totalW: columnWidths(totals, totalStyles, font),
  });
  const row = fitAt('row');
  let c = {
    font: row.font,
    priceW: row.priceW,
    amount: style(amountStyles, 0),
    total: style(totalStyles, 0),
    amountW: row.amountW(0),
    totalW: row.totalW(0),
  };
  // In full at the row font when it fits. Otherwise the small font (a decimal more than the row font could keep at the
  // default width) and, of the styles that fit, the pair whose poorer column shows the most significant digits of its
  // largest value; then the most in all, then the amount's. So totals in the tens of thousands abbreviate (219K)
  // before amounts below 1 lose a decimal, and a total below 10 never drops to whole numbers to spare an amount digit.
  if (row.priceW + c.amountW + c.totalW + 2 * COLUMN_GAP > inner) {
    const small = fitAt('small');
    const maxAmount = Math.max(0, ...amounts.filter(Number.isFinite).map(Math.abs));
    const maxTotal = Math.max(0, ...totals.filter(Number.isFinite).map(Math.abs));
    let best: { a: number; t: number; score: readonly number[] } | null = null;
    for (let a = 0; a < amountStyles.length; a++)
      for (let t = 0; t < totalStyles.length; t++) {
        if (small.priceW + small.amountW(a) + small.totalW(t) + 2 * COLUMN_GAP > inner) continue;
        const sa = significantDigits(maxAmount, style(amountStyles, a));
        const st = significantDigits(maxTotal, style(totalStyles, t));
        const score = [Math.min(sa, st), sa + st, sa];
        if (best === null || isBetter(score, best.score)) best = { a, t, score };
      }
    const a = best?.a ?? amountStyles.length - 1;
    const t = best?.t ?? totalStyles.length - 1;
    c = {
      font: small.font,
      priceW: small.priceW,
      amount: style(amountStyles, a),
      total: style(totalStyles, t),
      amountW: small.amountW(a),
      totalW: small.totalW(t),
    };
  }
  // Spare room goes to both gaps equally, so the amount column sits midway between its neighbours.
  const slack = Math.max(0, inner - c.priceW - c.amountW - c.totalW - 2 * COLUMN_GAP);
  const amountEnd = Math.round(inner - c.priceW - COLUMN_GAP - slack / 2);
  const amountStart = amountEnd - c.amountW;
  return {
    font: c.font,
    amount: c.amount,
    total: c.total,
    inner,
    totalW: c.totalW,
    amountW: c.amountW,
    amountEnd,
    priceW: c.priceW,
    cuts: [Math.round((c.totalW + amountStart) / 2), Math.round((amountEnd + inner - c.priceW) / 2)],
  };
}

/** x of a distance `u` from the outer padding edge of a half that starts at `x`, `w` wide (the left half's outer edge is its left). */
function halfX(x: number, w: number, leftHalf: boolean, u: number): number {
  return leftHalf ? x + HALF_EDGE_PAD + u : x + w - HALF_EDGE_PAD - u;
}

function captionBand(d: BookSceneInput, cols4: HalfColumns | null): Band {
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

function rowBand(
  book: BookFrame,
  s: RowSlot,
  rows: number,
  d: BookSceneInput,
  cols4: HalfColumns | null,
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
  const own = isOwnRow(d.own, s.side, price, d.step);
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
    background: inHoverRange(d.hover, s.side, s.index) ? c.surfaceRaised : c.surface,
    shapes,
  };
}

function midBand(top: number, d: BookSceneInput): Band {
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

function ratioBand(d: BookSceneInput): Band {
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
function rowBandId(layout: BookLayout, rows: number, s: RowSlot): number {
  if (layout === 4) return BAND_ROWS + (s.side === 'bid' ? s.index : rows + s.index);
  return BAND_ROWS + (s.side === 'ask' ? s.index : rows + s.index);
}

/** The book's scene for a panel size: captions, rows, mid strip (layout 1) and the ratio strip. */
export function toBookScene(
  book: BookFrame | undefined,
  d: BookSceneInput,
): { scene: Scene; slots: RowSlot[]; columns: HalfColumns | null } {
  const rows = rowsThatFit(d.layout, d.height);
  const slots = rowSlots(d.layout, rows, book?.askCount ?? 0, book?.bidCount ?? 0, d.width, d.rtl);
  const cols4 = d.layout === 4 ? fitHalfColumns(book, rows, d) : null;
  const bands: (Band | null)[] = [captionBand(d, cols4), null, null];
  const top = midTop(d.layout, rows);
  if (top >= 0) bands[BAND_MID] = midBand(top, d);
  if (book !== undefined) {
    bands[BAND_RATIO] = ratioBand(d);
    const drawn: RowSlot[] = [];
    for (const s of slots) {
      const band = rowBand(book, s, rows, d, cols4);
      if (band === null) continue;
      bands[rowBandId(d.layout, rows, s)] = band;
      drawn.push(s);
    }
    for (let i = 0; i < bands.length; i++) bands[i] ??= null;
    return {
      scene: { width: d.width, height: d.height, background: d.colours.surface, bands },
      slots: drawn,
      columns: cols4,
    };
  }
  return {
    scene: { width: d.width, height: d.height, background: d.colours.surface, bands },
    slots: [],
    columns: null,
  };
}

/** Eases the shown ratio towards its target: linear over RATIO_ANIMATION_MS from where it was when the target moved. */
export class RatioTween {
  private from = 0.5;
  private to = 0.5;
  private start = -Infinity;

  /** The value to show at `now`, retargeting when `target` moved. */
  at(target: number, now: number): number {
    if (target !== this.to) {
      this.from = this.value(now);
      this.to = target;
      this.start = now;
    }
    return this.value(now);
  }

  /** True while the bar is still moving at `now`. */
  moving(now: number): boolean {
    return now - this.start < RATIO_ANIMATION_MS;
  }

  private value(now: number): number {
    const t = Math.min(1, Math.max(0, (now - this.start) / RATIO_ANIMATION_MS));
    return this.from + (this.to - this.from) * t;
  }
}
