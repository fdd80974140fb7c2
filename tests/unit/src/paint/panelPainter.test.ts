/** The panel painter's reports: what the tab hears back after a draw, and when it hears nothing. */
import { describe, expect, it } from 'vitest';
import type { BookFrame } from '../../../../workers/api';
import { Canvas2DSurface } from '../../../../src/canvas/canvas2dSurface';
import { createDepthPanelView, type DepthInput } from '../../../../src/features/depth/depthPanelView';
import { createBookPanelView, type BookInput } from '../../../../src/features/orderbook/bookPanelView';
import { createTradesPanelView, type TradesInput } from '../../../../src/features/trades/tradesPanelView';
import { PanelPainter } from '../../../../src/paint/panelPainter';
import { recorder } from '../canvas/recorder';
import { bookOf } from '../features/orderbook/books';

/** `levels` bids and asks of the app's symbol, as update `u`. */
const book = (levels: number, u: number): BookFrame =>
  bookOf(levels, { symbol: 'BTCUSDT', u, receivedAt: u });

const base = {
  width: 320,
  height: 200,
  dpr: 1,
  theme: 'dark',
  locale: 'en',
  rtl: false,
  symbol: 'BTCUSDT',
  pricePrecision: 2,
  quantityPrecision: 4,
} as const;

const input = (hoverX: number | null): DepthInput => ({
  ...base,
  kind: 'depth',
  text: { mid: 'Mid' },
  hoverX,
});

const bookInput = (height: number): BookInput => ({
  ...base,
  kind: 'book',
  height,
  priceDp: 2,
  text: { price: 'Price', amount: 'Amount', total: 'Total', ratioBuy: 'B', ratioSell: 'S' },
  layout: 1,
  total: 'base',
  sums: false,
  ownOrders: [],
  step: 1,
});

const tradesInput = (): TradesInput => ({
  ...base,
  kind: 'trades',
  text: { price: 'Price', amount: 'Amount', time: 'Time' },
  flash: false,
});

const surface = (ctx = recorder()): Canvas2DSurface => new Canvas2DSurface(ctx, { width: 0, height: 0 });

describe('panel painter reports', () => {
  it('depth: reports when levels appear, not each time their count moves; a hover readout always reports', () => {
    const p = new PanelPainter(createDepthPanelView(surface()));
    p.setInput(input(null));
    expect(p.frame(0)?.levels).toBe(0);
    p.setBook(book(3, 1));
    expect(p.frame(16)?.levels).toBe(6);
    // A storm changes the level count with nearly every book: the chart redraws, the tab hears nothing.
    p.setBook(book(5, 2));
    expect(p.frame(32)).toBeNull();
    expect(p.drewLast).toBe(true);
    p.setBook(book(4, 3));
    expect(p.frame(48)).toBeNull();
    // A pointer over the chart: its readout goes to the tab (and with it the current count).
    p.setInput(input(100));
    const hovered = p.frame(64);
    expect(hovered?.depthTip).not.toBeNull();
    expect(hovered?.levels).toBe(8);
    // The book emptied: that goes to the tab too.
    p.setInput(input(null));
    p.setBook(book(0, 4));
    expect(p.frame(80)?.levels).toBe(0);
  });
});

describe('panel painter news', () => {
  it('wants a frame for new data or input, and tells input apart from data', () => {
    const p = new PanelPainter(createDepthPanelView(surface()));
    // No input yet: nothing to draw on.
    expect(p.wantsFrame()).toBe(false);
    p.setInput(input(null));
    expect(p.wantsFrame()).toBe(true);
    expect(p.inputChanged()).toBe(true);
    p.frame(0);
    expect(p.wantsFrame()).toBe(false);
    expect(p.inputChanged()).toBe(false);
    // A book is data: it wants a frame, and is not input.
    p.setBook(book(3, 1));
    expect(p.wantsFrame()).toBe(true);
    expect(p.inputChanged()).toBe(false);
    p.frame(16);
    // A pointer over the chart is input.
    p.setInput(input(100));
    expect(p.inputChanged()).toBe(true);
    p.frame(32);
    expect(p.inputChanged()).toBe(false);
    expect(p.wantsFrame()).toBe(false);
  });

  it("a book draws its own symbol's last price, handed over as data; another symbol's is kept but not drawn", () => {
    const ctx = recorder();
    const p = new PanelPainter(createBookPanelView(surface(ctx)));
    p.setInput(bookInput(400));
    p.setBook(book(3, 1));
    p.frame(0);
    const mid = (): (string | undefined)[] =>
      ctx.ops.filter((o) => o.op === 'text' && /[↑↓]/.test(o.text ?? '')).map((o) => o.text);
    expect(mid()).toEqual([]);
    // Just after a switch the ticker may name the new symbol before the input does: not drawn under the old one.
    p.setLast('ETHUSDT', 3000.5, 'down');
    expect(p.wantsFrame()).toBe(true);
    expect(p.inputChanged()).toBe(false);
    p.frame(16);
    expect(mid()).toEqual([]);
    // The book's own symbol: drawn, coloured by direction, without news for the tab.
    p.setLast('BTCUSDT', 100.45, 'up');
    expect(p.inputChanged()).toBe(false);
    ctx.ops.length = 0;
    p.frame(32);
    expect(mid()).toEqual(['100.45 ↑']);
    // The same ticker again is no news at all.
    p.setLast('BTCUSDT', 100.45, 'up');
    expect(p.wantsFrame()).toBe(false);
    // A trades list ignores it.
    const t = new PanelPainter(createTradesPanelView(surface()));
    t.setInput(tradesInput());
    t.frame(0);
    t.setLast('BTCUSDT', 100.45, 'up');
    expect(t.wantsFrame()).toBe(false);
  });

  it('a trades list has no news in a book', () => {
    const p = new PanelPainter(createTradesPanelView(surface()));
    p.setInput(tradesInput());
    p.frame(0);
    p.setBook(book(3, 1));
    expect(p.wantsFrame()).toBe(false);
    p.setTrades([{ id: 't1', price: 100, qty: 1, time: 1, side: 'Buy' }]);
    expect(p.wantsFrame()).toBe(true);
  });
});
