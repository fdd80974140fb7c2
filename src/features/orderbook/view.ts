/**
 * Pure draw data of the order book (spec §4 Order book layouts, §9 Order book): which rows show where for a layout and
 * a panel height, what each row's bar covers, and what a hover over a row sums up. No DOM: unit-tested in Node.
 */
import type { BookFrame } from '../../../workers/api';

/** 1: sells above, buys below, last price between; 2: buys only; 3: sells only. */
export type BookLayout = 1 | 2 | 3;

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
/** At most 40 rows a side (spec §9). */
export const MAX_ROWS = 40;

/** Rows per side that fit `height` CSS pixels for a layout. */
export function rowsThatFit(layout: BookLayout, height: number): number {
  const body = Math.max(0, height - HEAD_HEIGHT - (layout === 1 ? MID_HEIGHT : 0));
  const rows = Math.floor((layout === 1 ? body / 2 : body) / ROW_PITCH);
  return Math.max(0, Math.min(MAX_ROWS, rows));
}

/** One drawn row. `index` counts from the spread (0 = best). */
export interface RowSlot {
  readonly side: 'ask' | 'bid';
  readonly index: number;
  /** Top of the row, CSS px. */
  readonly y: number;
}

/**
 * Where each row of each side goes. Asks in layout 1 stack upwards from the spread (best ask just above the mid
 * strip), so the panel reads high prices at the top, low at the bottom, as every exchange shows it.
 */
export function rowSlots(layout: BookLayout, rows: number, askCount: number, bidCount: number): RowSlot[] {
  const out: RowSlot[] = [];
  const asks = Math.min(rows, askCount);
  const bids = Math.min(rows, bidCount);
  if (layout === 1) {
    const askBottom = HEAD_HEIGHT + rows * ROW_PITCH;
    for (let i = 0; i < asks; i++) out.push({ side: 'ask', index: i, y: askBottom - (i + 1) * ROW_PITCH });
    const bidTop = askBottom + MID_HEIGHT;
    for (let i = 0; i < bids; i++) out.push({ side: 'bid', index: i, y: bidTop + i * ROW_PITCH });
  } else if (layout === 2) {
    for (let i = 0; i < bids; i++) out.push({ side: 'bid', index: i, y: HEAD_HEIGHT + i * ROW_PITCH });
  } else {
    for (let i = 0; i < asks; i++) out.push({ side: 'ask', index: i, y: HEAD_HEIGHT + i * ROW_PITCH });
  }
  return out;
}

/** Top of the mid strip in layout 1, or -1 where there is none. */
export function midTop(layout: BookLayout, rows: number): number {
  return layout === 1 ? HEAD_HEIGHT + rows * ROW_PITCH : -1;
}

/** The row under a point, or null. */
export function slotAt(slots: readonly RowSlot[], y: number): RowSlot | null {
  for (const s of slots) if (y >= s.y && y < s.y + ROW_HEIGHT) return s;
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

export function hoverSummary(book: BookFrame, side: 'ask' | 'bid', index: number): HoverSummary | null {
  const count = side === 'ask' ? book.askCount : book.bidCount;
  if (index < 0 || index >= count) return null;
  const sumQty = cell(book, side, index, 2);
  const sumValue = cell(book, side, index, 3);
  if (!(sumQty > 0)) return null;
  return { avgPrice: sumValue / sumQty, sumQty, sumValue };
}

/** True when a row lies between the hovered row and the spread (drawn highlighted with it). */
export function inHoverRange(hover: RowSlot | null, side: 'ask' | 'bid', index: number): boolean {
  return hover !== null && hover.side === side && index <= hover.index;
}
