/**
 * One market panel's painting, wherever it runs: in the tab (pixi.js WebGL, or Canvas2D without OffscreenCanvas) or
 * in a paint worker that owns the canvas (Canvas2D: then the tab's main thread does nothing per frame). It holds the
 * newest hub data and the panel's human-speed input, draws on an animation frame only when one of them changed or
 * an animation runs, and reports what the tab needs back (row positions, counts, steps, best prices, tooltips).
 * No DOM, no React: only surfaces.
 */
import type { BookFrame, TradeRow } from '../../../workers/api';
import type { Surface } from '../../canvas/surface';
import { TOKENS, type Theme } from '../../canvas/tokens';
import { FormatCache, formatFixed } from '../../lib/format';
import { DepthRenderer } from '../depth/renderer';
import type { DepthReadout } from '../depth/view';
import { TradesRenderer } from '../trades/renderer';
import { BookRenderer } from './renderer';
import { TextMeasure } from './textMeasure';
import { HALF_EDGE_PAD } from './columns';
import { cell, type BookLayout, type RowRef, type RowSlot, type TotalUnit } from './layout';
import { hoverSummary, isOwnRow, toOwnMarks, type HoverSummary, type OwnMarks } from './view';

/** Which panel. */
export type PanelKind = 'book' | 'trades' | 'depth';

/** Everything a panel draws from besides hub data; plain data (it crosses to a paint worker). */
export interface PanelInput {
  readonly width: number;
  readonly height: number;
  readonly dpr: number;
  readonly theme: Theme;
  readonly locale: string;
  readonly rtl: boolean;
  readonly symbol: string;
  readonly pricePrecision: number;
  readonly quantityPrecision: number;
  /** Decimals of book prices at the current step. */
  readonly priceDp: number;
  /** Translated strings. */
  readonly text: {
    readonly price: string;
    readonly amount: string;
    readonly total: string;
    /** Captions without coin names, for layout 4's narrow halves (absent: the full captions, cut to fit). */
    readonly short?: { readonly price: string; readonly amount: string; readonly total: string };
    readonly time: string;
    readonly ratioBuy: string;
    readonly ratioSell: string;
    readonly mid: string;
  };
  readonly layout: BookLayout;
  readonly total: TotalUnit;
  readonly hover: RowRef | null;
  readonly ownOrders: readonly { readonly side: string; readonly price: string }[];
  /** Numeric step the book is merged at. */
  readonly step: number;
  readonly flash: boolean;
  /** Depth chart pointer x (CSS px), or null. */
  readonly hoverX: number | null;
}

/**
 * The order book's own inputs at rest, for the panels that do not draw a book (latest trades, the depth chart): their
 * painter reads none of these, and each panel spreads this rather than listing them again.
 */
export const BOOK_INPUTS_AT_REST = {
  layout: 1,
  total: 'base',
  hover: null,
  ownOrders: [],
  step: 1,
} as const satisfies Partial<PanelInput>;

/** What the tab learns after a draw. */
export interface PanelReport {
  readonly slots: readonly RowSlot[];
  readonly rows: number;
  readonly asks: number;
  readonly bids: number;
  readonly steps: readonly string[];
  readonly step: string;
  /** Best shown bid and ask (first rows), for the spoken summary. */
  readonly best: { readonly bid: number; readonly ask: number } | null;
  /** 1 while any trade row flashes, else 0. */
  readonly flashing: number;
  /** Book levels drawn by the depth chart (a change of count alone, while above 0, sends no new report). */
  readonly levels: number;
  readonly tip: HoverSummary | null;
  /** Drawn rows marked as holding the user's open orders (side and the row's price), best first. */
  readonly own: readonly { readonly side: 'ask' | 'bid'; readonly price: number }[];
  /** Layout 4: CSS px from a half's outer edge where its total column ends (a click there is cumulative); else 0. */
  readonly totalCut: number;
  readonly depthTip: { readonly readout: DepthReadout; readonly y: number } | null;
}

const NO_TRADES: readonly TradeRow[] = [];

function timeFormatter(locale: string): (ms: number) => string {
  const f = new Intl.DateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    numberingSystem: 'latn',
  });
  const cache = new FormatCache((sec) => f.format(sec * 1000));
  return (ms) => cache.get(Math.floor(ms / 1000));
}

interface Formats {
  readonly key: string;
  readonly price: FormatCache;
  readonly fullPrice: FormatCache;
  readonly qty: FormatCache;
  readonly quote: FormatCache;
  readonly time: (ms: number) => string;
  /** Layout 4's reduced-precision numbers, per decimals and abbreviation. */
  readonly fixed: (n: number, dp: number, compact: boolean) => string;
}

/** Abbreviation steps (spec §5: K, M, B, T). */
const SUFFIXES: readonly (readonly [number, string])[] = [
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'K'],
];

/** `n` at `dp` decimals, abbreviated from 1000 up when `compact`. */
function toFixedText(n: number, dp: number, compact: boolean, locale: string): string {
  if (compact) {
    const abs = Math.abs(n);
    for (const [size, suffix] of SUFFIXES)
      if (abs >= size) return `${formatFixed(n / size, dp, locale)}${suffix}`;
  }
  return formatFixed(n, dp, locale);
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

/** Paints one panel on its surface. */
export class PanelPainter {
  private book: BookFrame | undefined;
  private trades: readonly TradeRow[] = NO_TRADES;
  private input: PanelInput | null = null;
  private lastSymbol = '';
  private lastPrice = Number.NaN;
  private lastDirection: 'up' | 'down' | 'flat' = 'flat';
  private dirty = true;
  /** setInput since the last draw (hover, size, theme, locale): human-speed news, drawn at once. */
  private inputNews = true;
  private animating = false;
  private formats: Formats | null = null;
  private readonly bookR: BookRenderer | null;
  private readonly tradesR: TradesRenderer | null;
  private readonly depthR: DepthRenderer | null;
  private lastReport = '';
  private readonly text = new TextMeasure();
  /** True when the last `frame` call drew (for timing). */
  drewLast = false;

  constructor(
    readonly kind: PanelKind,
    surface: Surface,
  ) {
    this.bookR = kind === 'book' ? new BookRenderer(surface) : null;
    this.tradesR = kind === 'trades' ? new TradesRenderer(surface) : null;
    this.depthR = kind === 'depth' ? new DepthRenderer(surface) : null;
  }

  /** A new book frame from the hub. */
  setBook(book: BookFrame): void {
    this.book = book;
    if (this.kind !== 'trades') this.dirty = true;
  }

  /**
   * The symbol's last price and its direction, from the hub's ticker (drawn between the book's sides). It comes with
   * the book's own pulls rather than through the tab's input, so a ticker moves neither the tab's main thread nor
   * React; a ticker of another symbol than the input's (just after a switch) is kept but not drawn.
   */
  setLast(symbol: string, price: number, direction: 'up' | 'down' | 'flat'): void {
    if (this.kind !== 'book') return;
    if (symbol === this.lastSymbol && Object.is(price, this.lastPrice) && direction === this.lastDirection)
      return;
    this.lastSymbol = symbol;
    this.lastPrice = price;
    this.lastDirection = direction;
    this.dirty = true;
  }

  /** New latest trades from the hub. */
  setTrades(trades: readonly TradeRow[]): void {
    this.trades = trades;
    if (this.kind === 'trades') this.dirty = true;
  }

  /** New human-speed input. */
  setInput(input: PanelInput): void {
    this.input = input;
    this.dirty = true;
    this.inputNews = true;
  }

  /** Whether the next `frame` call would draw. */
  wantsFrame(): boolean {
    return this.input !== null && (this.dirty || this.animating);
  }

  /** Whether its input changed since it last drew. */
  inputChanged(): boolean {
    return this.inputNews;
  }

  /** The book row at a slot (price and cumulative quantity), for a click. */
  rowAt(row: RowRef): { readonly price: number; readonly cumQty: number } | null {
    const b = this.usableBook();
    if (b === undefined) return null;
    const price = cell(b, row.side, row.index, 0);
    return Number.isFinite(price) ? { price, cumQty: cell(b, row.side, row.index, 2) } : null;
  }

  /** The trade at a row of the list, for a click. */
  tradeAt(row: number): TradeRow | undefined {
    return this.trades[row];
  }

  /**
   * Draws if anything changed (or an animation runs) and returns the report when it differs from the last one;
   * null when nothing needs telling.
   */
  frame(now: number): PanelReport | null {
    const i = this.input;
    this.drewLast = false;
    if (i === null || !this.wantsFrame()) return null;
    this.dirty = false;
    this.inputNews = false;
    this.drewLast = true;
    const f = this.formatsFor(i);
    const colours = TOKENS[i.theme];
    const book = this.usableBook();
    let report: PanelReport;
    if (this.bookR !== null) {
      const own = toOwnMarks(i.ownOrders, i.step);
      const r = this.bookR.draw(
        book,
        {
          width: i.width,
          height: i.height,
          layout: i.layout,
          total: i.total,
          rtl: i.rtl,
          colours,
          captions: { price: i.text.price, amount: i.text.amount, total: i.text.total },
          shortCaptions: i.text.short ?? { price: i.text.price, amount: i.text.amount, total: i.text.total },
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
          hover: i.hover,
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
      this.animating = r.animating;
      let asks = 0;
      for (const s of r.slots) if (s.side === 'ask') asks++;
      report = {
        ...this.empty(book),
        slots: r.slots,
        rows: r.slots.length,
        asks,
        bids: r.slots.length - asks,
        best: book === undefined ? null : { bid: cell(book, 'bid', 0, 0), ask: cell(book, 'ask', 0, 0) },
        tip: i.hover === null || book === undefined ? null : hoverSummary(book, i.hover.side, i.hover.index),
        own: book === undefined ? [] : ownRows(book, r.slots, own, i.step),
        totalCut: r.columns === null ? 0 : HALF_EDGE_PAD + r.columns.cuts[0],
      };
    } else if (this.tradesR !== null) {
      const r = this.tradesR.draw(
        this.trades,
        {
          width: i.width,
          height: i.height,
          rtl: i.rtl,
          colours,
          captions: { price: i.text.price, qty: i.text.amount, time: i.text.time },
          price: (n) => f.fullPrice.get(n),
          qty: (n) => f.qty.get(n),
          time: f.time,
        },
        i.flash,
        i.dpr,
        now,
      );
      this.animating = r.flashing > 0;
      // Whether rows flash, not how many: in a storm the count moves every frame, and each changed report costs the
      // tab a message and a render.
      report = { ...this.empty(book), rows: r.rows, flashing: r.flashing > 0 ? 1 : 0 };
    } else if (this.depthR !== null) {
      const input = {
        width: i.width,
        height: i.height,
        colours,
        price: (n: number) => f.fullPrice.get(n),
        qty: (n: number) => f.qty.get(n),
        midLabel: i.text.mid,
      };
      const c = this.depthR.draw(book, i.hoverX, input, i.dpr);
      report = {
        ...this.empty(book),
        levels: (book?.bidCount ?? 0) + (book?.askCount ?? 0),
        depthTip: c.readout === null ? null : { readout: c.readout, y: c.y },
      };
    } else return null;
    // Best prices move on every frame; the tab reads them every 2 s at most, so they do not force a report. Nor does
    // the depth chart's level count, which moves with nearly every book in a storm: the tab only needs to know that
    // there are levels, and each report costs it a message and a render (and the display frame a wait for that).
    const key = JSON.stringify({ ...report, best: null, levels: report.levels > 0 });
    if (key === this.lastReport) return null;
    this.lastReport = key;
    return report;
  }

  /** The latest best prices (for the spoken summary, read at human speed). */
  best(): { readonly bid: number; readonly ask: number } | null {
    const b = this.usableBook();
    return b === undefined ? null : { bid: cell(b, 'bid', 0, 0), ask: cell(b, 'ask', 0, 0) };
  }

  destroy(): void {
    this.bookR?.destroy();
    this.tradesR?.destroy();
    this.depthR?.destroy();
  }

  private usableBook(): BookFrame | undefined {
    const b = this.book;
    return b !== undefined && this.input !== null && b.symbol === this.input.symbol ? b : undefined;
  }

  private empty(book: BookFrame | undefined): PanelReport {
    return {
      slots: [],
      rows: 0,
      asks: 0,
      bids: 0,
      steps: book?.steps ?? [],
      step: book?.step ?? '',
      best: null,
      flashing: 0,
      levels: 0,
      tip: null,
      own: [],
      totalCut: 0,
      depthTip: null,
    };
  }

  private formatsFor(i: PanelInput): Formats {
    const key = `${i.locale}|${i.priceDp}|${i.pricePrecision}|${i.quantityPrecision}`;
    if (this.formats?.key === key) return this.formats;
    const fmt = (dp: number): FormatCache => new FormatCache((n) => formatFixed(n, dp, i.locale));
    const byStyle = new Map<number, FormatCache>();
    this.formats = {
      key,
      price: fmt(i.priceDp),
      fullPrice: fmt(i.pricePrecision),
      qty: fmt(i.quantityPrecision),
      // Quote values read in the quote coin, to its price precision (amountPrecision, 8 for BTCUSDT, would not fit).
      quote: fmt(i.pricePrecision),
      time: timeFormatter(i.locale),
      fixed: (n, dp, compact) => {
        const key = dp * 2 + (compact ? 1 : 0);
        let cache = byStyle.get(key);
        if (cache === undefined) {
          cache = new FormatCache((v) => toFixedText(v, dp, compact, i.locale));
          byStyle.set(key, cache);
        }
        return cache.get(n);
      },
    };
    return this.formats;
  }
}
