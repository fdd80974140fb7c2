/**
 * Lines the Tools draw on the chart (spec §2 Chart area: pre-order lines for scaled orders, grid-strategy price
 * lines). The tools feature writes them while a form is edited or a grid runs; the chart feature draws them. They
 * live here because features do not import each other.
 */
import { atom } from 'jotai';

/** Grid strategy (spec §3 Grid): 'grade' is arithmetic spacing, anything else geometric. */
export interface GridSpec {
  readonly minPrice: number;
  readonly maxPrice: number;
  readonly gridNumber: number;
  readonly type: string;
}

/** Lines a tool previews on the chart: scaled-order pre-orders and a grid strategy's levels. */
export interface ToolPreviewLines {
  /** Scaled order: the prices of the orders it would place. */
  readonly scaled: readonly { readonly price: number; readonly side: 'Buy' | 'Sell' }[];
  /** Grid strategy being set up or running. */
  readonly grid: GridSpec | null;
}

/** No lines. */
export const NO_TOOL_LINES: ToolPreviewLines = { scaled: [], grid: null };

/** Written by the tools (scaled order, grid bot) while active; the chart draws them. */
export const toolPreviewLinesAtom = atom<ToolPreviewLines>(NO_TOOL_LINES);
toolPreviewLinesAtom.debugLabel = 'toolPreviewLinesAtom';
