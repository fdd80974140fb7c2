/**
 * The depth chart's panel view (src/paint/panelView.ts): holds the newest book, draws the chart and the crosshair
 * with the depth renderer, and reports whether there are levels and what the crosshair reads. No DOM: runs in the
 * paint worker or in the tab.
 */
import type { BookFrame, TradeRow } from '../../../workers/api';
import type { Surface } from '../../canvas/surface';
import { TOKENS } from '../../canvas/tokens';
import { formatsFor, type PanelFormats } from '../../paint/panelFormats';
import type { PanelInputBase, PanelView, ViewDraw } from '../../paint/panelView';
import { DepthRenderer } from './renderer';
import type { DepthReadout } from './view';

/** The depth chart's input (plain data: it crosses to the paint worker). */
export interface DepthInput extends PanelInputBase {
  readonly kind: 'depth';
  /** The translated label of the mid price marker. */
  readonly text: { readonly mid: string };
  /** Pointer x (CSS px), or null. */
  readonly hoverX: number | null;
}

/** What the tab learns after a depth draw. */
export interface DepthReport {
  readonly kind: 'depth';
  /** Book levels drawn (a change of count alone, while above 0, sends no new report). */
  readonly levels: number;
  readonly depthTip: { readonly readout: DepthReadout; readonly y: number } | null;
}

/** Draws the depth chart. */
export class DepthPanelView implements PanelView<DepthInput, DepthReport> {
  private book: BookFrame | undefined;
  private input: DepthInput | null = null;
  private formats: PanelFormats | null = null;
  private readonly renderer: DepthRenderer;

  constructor(surface: Surface) {
    this.renderer = new DepthRenderer(surface);
  }

  setBook(book: BookFrame): boolean {
    this.book = book;
    return true;
  }

  setTrades(_trades: readonly TradeRow[]): boolean {
    return false;
  }

  setLast(): boolean {
    return false;
  }

  setInput(input: DepthInput): void {
    this.input = input;
  }

  draw(): ViewDraw<DepthReport> {
    const i = this.input;
    const none: DepthReport = { kind: 'depth', levels: 0, depthTip: null };
    if (i === null) return { report: none, key: '', animating: false };
    const b = this.book;
    const book = b !== undefined && b.symbol === i.symbol ? b : undefined;
    const f = (this.formats = formatsFor(this.formats, { ...i, priceDp: i.pricePrecision }));
    const c = this.renderer.draw(
      book,
      i.hoverX,
      {
        width: i.width,
        height: i.height,
        colours: TOKENS[i.theme],
        price: (n: number) => f.fullPrice.get(n),
        qty: (n: number) => f.qty.get(n),
        midLabel: i.text.mid,
      },
      i.dpr,
    );
    const report: DepthReport = {
      kind: 'depth',
      levels: (book?.bidCount ?? 0) + (book?.askCount ?? 0),
      depthTip: c.readout === null ? null : { readout: c.readout, y: c.y },
    };
    // The level count moves with nearly every book in a storm: the tab only needs to know that there are levels, and
    // each report costs it a message and a render (and the display frame a wait for that).
    return { report, key: JSON.stringify({ ...report, levels: report.levels > 0 }), animating: false };
  }

  destroy(): void {
    this.renderer.destroy();
  }
}

/** Makes the depth chart's view on a surface (the painter's factory). */
export function createDepthPanelView(surface: Surface): DepthPanelView {
  return new DepthPanelView(surface);
}
