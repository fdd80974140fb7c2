/**
 * Geometry of the order book (spec §4 Order book layouts, §9 Order book): the layouts, row sizes, which rows show
 * where for a layout and a panel size, and what lies under a point. Pure: no DOM, shared by the tab (hit-testing) and
 * the painter.
 */
import type { BookFrame } from '../../../workers/api';

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

/** The row under the pointer (or keyboard focus), without its position. */
export interface RowRef {
  readonly side: 'ask' | 'bid';
  readonly index: number;
}

/** A book frame's row field: 0 price, 1 amount, 2 cumulative base, 3 cumulative quote. */
export function cell(book: BookFrame, side: 'ask' | 'bid', index: number, field: 0 | 1 | 2 | 3): number {
  return (side === 'ask' ? book.asks : book.bids)[index * 4 + field] ?? Number.NaN;
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
