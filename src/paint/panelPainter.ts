/**
 * One market panel's painting, wherever it runs: in the tab (pixi.js WebGL, or Canvas2D without OffscreenCanvas) or
 * in the paint worker that owns the canvas (Canvas2D: then the tab's main thread does nothing per frame). It hands hub
 * data and human-speed input to the panel's view (panelView.ts), draws on an animation frame only when one of them
 * changed or an animation runs, and returns the view's report when it differs from the last one. No DOM, no React.
 */
import type { BookFrame, TradeRow } from '../../workers/api';
import type {
  BestPrices,
  PanelInputBase,
  PanelReportBase,
  PanelRowRef,
  PanelView,
  RowAnswer,
} from './panelView';

/** Paints one panel through its view. */
export class PanelPainter<
  I extends PanelInputBase = PanelInputBase,
  R extends PanelReportBase = PanelReportBase,
> {
  private hasInput = false;
  private dirty = true;
  /** setInput since the last draw (hover, size, theme, locale): human-speed news, drawn at once. */
  private inputNews = true;
  private animating = false;
  private lastReport = '';
  /** True when the last `frame` call drew (for timing). */
  drewLast = false;

  constructor(readonly view: PanelView<I, R>) {}

  /** A new book frame from the hub. */
  setBook(book: BookFrame): void {
    if (this.view.setBook(book)) this.dirty = true;
  }

  /**
   * The symbol's last price and its direction, from the hub's ticker. It comes with the book's own pulls rather than
   * through the tab's input, so a ticker moves neither the tab's main thread nor React.
   */
  setLast(symbol: string, price: number, direction: 'up' | 'down' | 'flat'): void {
    if (this.view.setLast(symbol, price, direction)) this.dirty = true;
  }

  /** New latest trades from the hub. */
  setTrades(trades: readonly TradeRow[]): void {
    if (this.view.setTrades(trades)) this.dirty = true;
  }

  /** New human-speed input. */
  setInput(input: I): void {
    this.view.setInput(input);
    this.hasInput = true;
    this.dirty = true;
    this.inputNews = true;
  }

  /** Whether the next `frame` call would draw. */
  wantsFrame(): boolean {
    return this.hasInput && (this.dirty || this.animating);
  }

  /** Whether its input changed since it last drew. */
  inputChanged(): boolean {
    return this.inputNews;
  }

  /** The book row at a slot (price and cumulative quantity), for a click. */
  rowAt(row: PanelRowRef): RowAnswer | null {
    return this.view.rowAt?.(row) ?? null;
  }

  /** The trade at a row of the list, for a click. */
  tradeAt(row: number): TradeRow | null {
    return this.view.tradeAt?.(row) ?? null;
  }

  /** The latest best prices (for the spoken summary, read at human speed). */
  best(): BestPrices | null {
    return this.view.best?.() ?? null;
  }

  /**
   * Draws if anything changed (or an animation runs) and returns the report when it differs from the last one;
   * null when nothing needs telling.
   */
  frame(now: number): R | null {
    this.drewLast = false;
    if (!this.wantsFrame()) return null;
    this.dirty = false;
    this.inputNews = false;
    this.drewLast = true;
    const { report, key, animating } = this.view.draw(now);
    this.animating = animating;
    if (key === this.lastReport) return null;
    this.lastReport = key;
    return report;
  }

  destroy(): void {
    this.view.destroy();
  }
}
