/**
 * The order book's panel view (src/paint/panelView.ts): holds the newest book and last price, draws them with the
 * book renderer for the panel's input, and reports what the tab needs back (row slots, counts, steps, the hover's
 * sums, own-order rows, layout 4's total column). No DOM: runs in the paint worker or in the tab.
 */
import type { BookFrame, TradeRow } from '../../../workers/api';
import type { Surface } from '../../canvas/surface';
import { TOKENS } from '../../canvas/tokens';
import { formatFixed } from '../../lib/format';
import { formatsFor, type PanelFormats } from '../../paint/panelFormats';
import type {
  BestPrices,
  PanelInputBase,
  PanelRowRef,
  PanelView,
  RowAnswer,
  ViewDraw,
} from '../../paint/panelView';
import { HALF_EDGE_PAD } from './columns';
import { cell, type BookLayout, type RowSlot, type TotalUnit } from './layout';
import { BookRenderer } from './renderer';
import { TextMeasure } from './textMeasure';
import { isOwnRow, toOwnMarks, toRowSums, type OwnMarks, type RowSums } from './view';

/** The order book panel's input (plain data: it crosses to the paint worker). */
export interface BookInput extends PanelInputBase {
  readonly kind: 'book';
  /** Decimals of book prices at the current step. */
  readonly priceDp: number;
  /** Translated strings. */
  readonly text: {
    readonly price: string;
    readonly amount: string;
    readonly total: string;
    /** Captions without coin names, for layout 4's narrow halves (absent: the full captions, cut to fit). */
    readonly short?: { readonly price: string; readonly amount: string; readonly total: string };
    readonly ratioBuy: string;
    readonly ratioSell: string;
  };
  readonly layout: BookLayout;
  readonly total: TotalUnit;
  /**
   * The tab hovers (or keyboard-focuses) a row: report the drawn rows' sums for its tooltip. The highlight itself is
   * the tab's overlay, so which row is hovered never crosses to the painter.
   */
  readonly sums: boolean;
  readonly ownOrders: readonly { readonly side: string; readonly price: string }[];
  /** Numeric step the book is merged at. */
  readonly step: number;
}

/** What the tab learns after a book draw. */
export interface BookReport {
  readonly kind: 'book';
  readonly slots: readonly RowSlot[];
  readonly rows: number;
  readonly asks: number;
  readonly bids: number;
  readonly steps: readonly string[];
  readonly step: string;
  /** The drawn rows' sums while the tab hovers the book (input `sums`), else null. */
  readonly sums: RowSums | null;
  /** Drawn rows marked as holding the user's open orders (side and the row's price), best first. */
  readonly own: readonly { readonly side: 'ask' | 'bid'; readonly price: number }[];
  /** Layout 4: CSS px from a half's outer edge where its total column ends (a click there is cumulative); else 0. */
  readonly totalCut: number;
}

/** The drawn rows that carry an own-order mark, bids then asks, each from the spread outwards. */
function ownRows(
  book: BookFrame,
  slots: readonly RowSlot[],
  marks: OwnMarks,
  step: number,
): { readonly side: 'ask' | 'bid'; readonly price: number }[] {
  const out: { side: 'ask' | 'bid'; price: number }[] = [];
  for (const s of slots) {
    const price = cell(book, s.side, s.index, 0);
    if (Number.isFinite(price) && isOwnRow(marks, s.side, price, step)) out.push({ side: s.side, price });
  }
  return out.sort((a, b) => (a.side === b.side ? 0 : a.side === 'bid' ? -1 : 1));
}

/** Draws the order book panel. */
export class BookPanelView implements PanelView<BookInput, BookReport> {
  private book: BookFrame | undefined;
  private input: BookInput | null = null;
  private lastSymbol = '';
  private lastPrice = Number.NaN;
  private lastDirection: 'up' | 'down' | 'flat' = 'flat';
  private formats: PanelFormats | null = null;
  private readonly renderer: BookRenderer;
  private readonly text = new TextMeasure();

  constructor(surface: Surface) {
    this.renderer = new BookRenderer(surface);
  }

  setBook(book: BookFrame): boolean {
    this.book = book;
    return true;
  }

  setTrades(_trades: readonly TradeRow[]): boolean {
    return false;
  }

  setLast(symbol: string, price: number, direction: 'up' | 'down' | 'flat'): boolean {
    if (symbol === this.lastSymbol && Object.is(price, this.lastPrice) && direction === this.lastDirection)
      return false;
    this.lastSymbol = symbol;
    this.lastPrice = price;
    this.lastDirection = direction;
    return true;
  }

  setInput(input: BookInput): void {
    this.input = input;
  }

  draw(now: number): ViewDraw<BookReport> {
    const i = this.input;
    const book = this.usableBook();
    if (i === null) return { report: this.empty(book), key: '', animating: false };
    const f = (this.formats = formatsFor(this.formats, i));
    const own = toOwnMarks(i.ownOrders, i.step);
    const full = { price: i.text.price, amount: i.text.amount, total: i.text.total };
    const r = this.renderer.draw(
      book,
      {
        width: i.width,
        height: i.height,
        layout: i.layout,
        total: i.total,
        rtl: i.rtl,
        colours: TOKENS[i.theme],
        captions: full,
        shortCaptions: i.text.short ?? full,
        measure: this.text.measure,
        ratioLabels: { buy: i.text.ratioBuy, sell: i.text.ratioSell },
        format: {
          price: f.price,
          amount: f.qty,
          totalBase: f.qty,
          totalQuote: f.quote,
          percent: (x) => `${formatFixed(x * 100, 2, i.locale)}%`,
          dp: { amount: i.quantityPrecision, totalBase: i.quantityPrecision, totalQuote: i.pricePrecision },
          fixed: f.fixed,
        },
        // The hover highlight is the tab's overlay: the data bands never repaint for a pointer move.
        hover: null,
        own,
        step: i.step,
        last:
          this.lastSymbol === i.symbol && Number.isFinite(this.lastPrice)
            ? { text: f.price.get(this.lastPrice), direction: this.lastDirection }
            : null,
      },
      i.dpr,
      now,
    );
    let asks = 0;
    for (const s of r.slots) if (s.side === 'ask') asks++;
    const report: BookReport = {
      ...this.empty(book),
      slots: r.slots,
      rows: r.slots.length,
      asks,
      bids: r.slots.length - asks,
      sums: !i.sums || book === undefined ? null : toRowSums(book, r.slots),
      own: book === undefined ? [] : ownRows(book, r.slots, own, i.step),
      totalCut: r.columns === null ? 0 : HALF_EDGE_PAD + r.columns.cuts[0],
    };
    return { report, key: JSON.stringify(report), animating: r.animating };
  }

  rowAt(row: PanelRowRef): RowAnswer | null {
    const b = this.usableBook();
    if (b === undefined) return null;
    const price = cell(b, row.side, row.index, 0);
    return Number.isFinite(price) ? { price, cumQty: cell(b, row.side, row.index, 2) } : null;
  }

  best(): BestPrices | null {
    // Best prices move on every frame and the tab reads them every 2 s at most: asked for, never reported.
    const b = this.usableBook();
    return b === undefined ? null : { bid: cell(b, 'bid', 0, 0), ask: cell(b, 'ask', 0, 0) };
  }

  destroy(): void {
    this.renderer.destroy();
  }

  private usableBook(): BookFrame | undefined {
    const b = this.book;
    return b !== undefined && this.input !== null && b.symbol === this.input.symbol ? b : undefined;
  }

  private empty(book: BookFrame | undefined): BookReport {
    return {
      kind: 'book',
      slots: [],
      rows: 0,
      asks: 0,
      bids: 0,
      steps: book?.steps ?? [],
      step: book?.step ?? '',
      sums: null,
      own: [],
      totalCut: 0,
    };
  }
}

/** Makes the order book's view on a surface (the painter's factory). */
export function createBookPanelView(surface: Surface): BookPanelView {
  return new BookPanelView(surface);
}
