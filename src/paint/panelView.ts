/**
 * The one interface every market panel's view implements (as lightweight-charts' pane views): it holds the newest hub
 * data it draws and the panel's human-speed input, and draws them on its surface when asked. The painter
 * (panelPainter.ts) decides when; the view decides what. Views live beside their feature (`bookPanelView.ts`,
 * `tradesPanelView.ts`, `depthPanelView.ts`); this layer only knows the interface. Shared by the tab and the paint
 * worker: no DOM.
 */
import type { BookFrame, TradeRow } from '../../workers/api';
import type { Surface } from '../canvas/surface';
import type { Theme } from '../canvas/tokens';

/** What every panel's input holds; each view's input adds its own fields under its own `kind` (plain data). */
export interface PanelInputBase {
  /** Which view draws it ('book', 'trades', 'depth'): the tag of the features' input union. */
  readonly kind: string;
  readonly width: number;
  readonly height: number;
  readonly dpr: number;
  readonly theme: Theme;
  readonly locale: string;
  readonly rtl: boolean;
  readonly symbol: string;
  readonly pricePrecision: number;
  readonly quantityPrecision: number;
}

/** What every report holds: the kind of view that made it. */
export interface PanelReportBase {
  readonly kind: string;
}

/** A book row the tab asks about: its side and position from the spread (0 = best). */
export interface PanelRowRef {
  readonly side: 'ask' | 'bid';
  readonly index: number;
}

/** A book row's price and cumulative quantity, for a click. */
export interface RowAnswer {
  readonly price: number;
  readonly cumQty: number;
}

/** Best bid and ask, for the spoken summary. */
export interface BestPrices {
  readonly bid: number;
  readonly ask: number;
}

/** What one draw produced. */
export interface ViewDraw<R extends PanelReportBase = PanelReportBase> {
  readonly report: R;
  /**
   * The report as compared with the last one sent: only what the tab must hear about (a value that moves every frame
   * but the tab reads at human speed is left out, since each report costs the tab a message and a render).
   */
  readonly key: string;
  /** True while an animation runs: draw again next frame. */
  readonly animating: boolean;
}

/** One panel's view. */
export interface PanelView<
  I extends PanelInputBase = PanelInputBase,
  R extends PanelReportBase = PanelReportBase,
> {
  /** A new book frame from the hub; true when the view draws books (the panel then wants a frame). */
  setBook(book: BookFrame): boolean;
  /** New latest trades from the hub; true when the view draws them. */
  setTrades(trades: readonly TradeRow[]): boolean;
  /** The symbol's last price and direction from the hub's ticker; true when that changes what the view draws. */
  setLast(symbol: string, price: number, direction: 'up' | 'down' | 'flat'): boolean;
  /** New human-speed input. */
  setInput(input: I): void;
  /** Draws what it holds at `now` (ms, for animations). */
  draw(now: number): ViewDraw<R>;
  /** The book row at a position (book views), for a click. */
  rowAt?(row: PanelRowRef): RowAnswer | null;
  /** The trade at a list row (trades views), for a click. */
  tradeAt?(row: number): TradeRow | null;
  /** The best prices shown (book views). */
  best?(): BestPrices | null;
  destroy(): void;
}

/** Makes a panel's view on a surface. */
export type PanelViewFactory<
  I extends PanelInputBase = PanelInputBase,
  R extends PanelReportBase = PanelReportBase,
> = (surface: Surface) => PanelView<I, R>;
