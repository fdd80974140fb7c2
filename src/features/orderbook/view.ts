/**
 * The order book's view (spec §4, §9): the scene a surface paints for a book and a panel (captions, rows, mid strip,
 * ratio strip), what a hover sums up, which rows hold the user's own orders, and the step helpers. Geometry lives in
 * layout.ts, layout 4's column fit in columns.ts, the band builders in bands.ts. Pure: no DOM, unit-tested in Node.
 */
import type { BookFrame } from '../../../workers/api';
import type { Band, Scene } from '../../canvas/scene';
import {
  BAND_MID,
  BAND_RATIO,
  captionBand,
  midBand,
  ratioBand,
  rowBand,
  rowBandId,
  type BandInput,
} from './bands';
import { fitHalfColumns, type HalfColumns } from './columns';
import { cell, midTop, ROW_PITCH, rowsThatFit, rowSlots, type RowRef, type RowSlot } from './layout';

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

/**
 * The drawn rows' cumulative amount and value per side, from the spread outwards (`[base0, quote0, base1, …]`): what the
 * tab computes a hovered row's tooltip from, without asking the painter for each row.
 */
export interface RowSums {
  readonly ask: readonly number[];
  readonly bid: readonly number[];
}

/** The cumulative columns of the rows drawn in `slots`. */
export function toRowSums(book: BookFrame, slots: readonly RowSlot[]): RowSums {
  const ask: number[] = [];
  const bid: number[] = [];
  for (const s of slots) {
    const out = s.side === 'ask' ? ask : bid;
    out[s.index * 2] = cell(book, s.side, s.index, 2);
    out[s.index * 2 + 1] = cell(book, s.side, s.index, 3);
  }
  // Drawn rows run from index 0 without gaps, so neither list has holes.
  return { ask, bid };
}

/** What hovering row `index` of `side` sums up, from the reported sums (as `hoverSummary` from the book); null past them. */
export function hoverSummaryOf(sums: RowSums, side: 'ask' | 'bid', index: number): HoverSummary | null {
  const s = side === 'ask' ? sums.ask : sums.bid;
  if (index < 0 || index * 2 + 1 >= s.length) return null;
  const sumQty = s[index * 2] ?? Number.NaN;
  const sumValue = s[index * 2 + 1] ?? Number.NaN;
  if (!(sumQty > 0)) return null;
  return { avgPrice: sumValue / sumQty, sumQty, sumValue };
}

/**
 * The box the hover highlight covers: every drawn row from the hovered one to the spread (the rows `inHoverRange`
 * names), in CSS px of the canvas; null when the hovered row is not drawn.
 */
export function hoverBox(
  slots: readonly RowSlot[],
  hover: RowRef,
): { readonly x: number; readonly y: number; readonly w: number; readonly h: number } | null {
  let top = Infinity;
  let bottom = -Infinity;
  let at: RowSlot | null = null;
  for (const s of slots) {
    if (!inHoverRange(hover, s.side, s.index)) continue;
    if (s.index === hover.index) at = s;
    top = Math.min(top, s.y);
    bottom = Math.max(bottom, s.y + ROW_PITCH);
  }
  return at === null ? null : { x: at.x, y: top, w: at.w, h: bottom - top };
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

/** Everything one scene needs besides the book. */
export interface BookSceneInput extends BandInput {
  readonly hover: RowRef | null;
  readonly own: OwnMarks;
  /** Numeric step the rows are merged at (for own-order marks). */
  readonly step: number;
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
      const price = cell(book, s.side, s.index, 0);
      const own = Number.isFinite(price) && isOwnRow(d.own, s.side, price, d.step);
      const band = rowBand(book, s, rows, d, cols4, own, inHoverRange(d.hover, s.side, s.index));
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
