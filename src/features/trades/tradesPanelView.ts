/**
 * The latest-trades list's panel view (src/paint/panelView.ts): holds the newest trades, draws them with the trades
 * renderer (flashing new rows unless the input turns flashes off), and reports the row count and whether rows flash.
 * No DOM: runs in the paint worker or in the tab.
 */
import type { BookFrame, TradeRow } from '../../../workers/api';
import type { Surface } from '../../canvas/surface';
import { TOKENS } from '../../canvas/tokens';
import { formatsFor, type PanelFormats } from '../../paint/panelFormats';
import type { PanelInputBase, PanelView, ViewDraw } from '../../paint/panelView';
import { TradesRenderer } from './renderer';

/** The trades panel's input (plain data: it crosses to the paint worker). */
export interface TradesInput extends PanelInputBase {
  readonly kind: 'trades';
  /** Translated column captions. */
  readonly text: { readonly price: string; readonly amount: string; readonly time: string };
  /** Whether new trades flash (the trade preference). */
  readonly flash: boolean;
}

/** What the tab learns after a trades draw. */
export interface TradesReport {
  readonly kind: 'trades';
  readonly rows: number;
  /** 1 while any trade row flashes, else 0. */
  readonly flashing: number;
}

const NO_TRADES: readonly TradeRow[] = [];

/** Draws the latest-trades list. */
export class TradesPanelView implements PanelView<TradesInput, TradesReport> {
  private trades: readonly TradeRow[] = NO_TRADES;
  private input: TradesInput | null = null;
  private formats: PanelFormats | null = null;
  private readonly renderer: TradesRenderer;

  constructor(surface: Surface) {
    this.renderer = new TradesRenderer(surface);
  }

  setBook(_book: BookFrame): boolean {
    return false;
  }

  setTrades(trades: readonly TradeRow[]): boolean {
    this.trades = trades;
    return true;
  }

  setLast(): boolean {
    return false;
  }

  setInput(input: TradesInput): void {
    this.input = input;
  }

  draw(now: number): ViewDraw<TradesReport> {
    const i = this.input;
    if (i === null) return { report: { kind: 'trades', rows: 0, flashing: 0 }, key: '', animating: false };
    const f = (this.formats = formatsFor(this.formats, { ...i, priceDp: i.pricePrecision }));
    const r = this.renderer.draw(
      this.trades,
      {
        width: i.width,
        height: i.height,
        rtl: i.rtl,
        colours: TOKENS[i.theme],
        captions: { price: i.text.price, qty: i.text.amount, time: i.text.time },
        price: (n) => f.fullPrice.get(n),
        qty: (n) => f.qty.get(n),
        time: f.time,
      },
      i.flash,
      i.dpr,
      now,
    );
    // Whether rows flash, not how many: in a storm the count moves every frame, and each changed report costs the
    // tab a message and a render.
    const report: TradesReport = { kind: 'trades', rows: r.rows, flashing: r.flashing > 0 ? 1 : 0 };
    return { report, key: JSON.stringify(report), animating: r.flashing > 0 };
  }

  tradeAt(row: number): TradeRow | null {
    return this.trades[row] ?? null;
  }

  destroy(): void {
    this.renderer.destroy();
  }
}

/** Makes the trades list's view on a surface (the painter's factory). */
export function createTradesPanelView(surface: Surface): TradesPanelView {
  return new TradesPanelView(surface);
}
