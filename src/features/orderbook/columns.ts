/**
 * Layout 4's column fit (spec §4, §5): how price, amount and total share each half of a side-by-side book, measured in
 * the surface's fonts, and the text helpers the fit and the captions use. Pure: no DOM.
 */
import type { BookFrame } from '../../../workers/api';
import { FONTS, type FontRole } from '../../canvas/scene';
import type { FormatCache } from '../../lib/format';
import { cell, type TotalUnit } from './layout';

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

/**
 * Layout 4's spacing, tighter than the full-width layouts' so six columns fit a default-width panel (~280 px) with
 * three decimals: between two columns, at the outer edges (the own-order mark sits in the first 4 px), and on each
 * side of the centre line (the two best prices face each other across twice this).
 */
export const COLUMN_GAP = 5;
export const HALF_EDGE_PAD = 6;
export const CENTRE_PAD = 3;

/** What the column fit reads of a scene's input. */
export interface ColumnFitInput {
  readonly width: number;
  readonly total: TotalUnit;
  readonly format: BookFormat;
  /** Text widths in the surface's fonts. */
  readonly measure: MeasureText;
}

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
export function fitHalfColumns(book: BookFrame | undefined, rows: number, d: ColumnFitInput): HalfColumns {
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
