/** The Canvas2D renderer against a recording context: what text lands where, in which colour. */
import { describe, expect, it } from 'vitest';
import type { BookFrame } from '../../../../../workers/api';
import { TOKENS } from '../../../../../src/canvas/tokens';
import {
  drawBook,
  FormatCache,
  type Ctx2D,
  type DrawInput,
} from '../../../../../src/features/orderbook/renderer';
import { HEAD_HEIGHT, ROW_HEIGHT, rowSlots } from '../../../../../src/features/orderbook/view';

interface Op {
  readonly op: 'text' | 'rect';
  readonly fill: string;
  readonly text?: string;
  readonly x: number;
  readonly y: number;
  readonly w?: number;
  readonly align?: string;
}

function recorder(): Ctx2D & { ops: Op[] } {
  const ops: Op[] = [];
  const ctx = {
    ops,
    fillStyle: '',
    font: '',
    textAlign: 'left' as CanvasTextAlign,
    textBaseline: 'alphabetic' as CanvasTextBaseline,
    setTransform: () => undefined,
    clearRect: () => undefined,
    fillRect(x: number, y: number, w: number) {
      ops.push({ op: 'rect', fill: ctx.fillStyle, x, y, w });
    },
    fillText(text: string, x: number, y: number) {
      ops.push({ op: 'text', fill: ctx.fillStyle, text, x, y, align: ctx.textAlign });
    },
  };
  return ctx;
}

const book: BookFrame = {
  symbol: 'X',
  step: '0.1',
  steps: ['0.1'],
  asks: new Float64Array([100.5, 2, 2, 201, 100.6, 1, 3, 301.6]),
  bids: new Float64Array([100.4, 1, 1, 100.4, 100.3, 3, 4, 401.3]),
  askCount: 2,
  bidCount: 2,
  buyOnePrice: 100.4,
  sellOnePrice: 100.5,
  ratio: 0.5,
  u: 1,
  receivedAt: 0,
  resyncing: false,
};

function input(over: Partial<DrawInput> = {}): DrawInput {
  const fmt = (dp: number) => new FormatCache((n) => n.toFixed(dp));
  return {
    width: 300,
    height: 200,
    layout: 1,
    rows: 2,
    slots: rowSlots(1, 2, 2, 2),
    total: 'base',
    rtl: false,
    colours: TOKENS.dark,
    captions: ['Price', 'Amount', 'Total'],
    price: fmt(1),
    amount: fmt(3),
    totalBase: fmt(3),
    totalQuote: fmt(2),
    hover: null,
    ownPrices: new Set([100.4]),
    last: { text: '100.45', direction: 'up' },
    ...over,
  };
}

describe('order book renderer', () => {
  it('draws captions, then each row: price in its side colour at the start, amount and total in text colour', () => {
    const ctx = recorder();
    drawBook(ctx, 2, book, input());
    const texts = ctx.ops.filter((o) => o.op === 'text');
    expect(texts.slice(0, 3).map((o) => o.text)).toEqual(['Price', 'Amount', 'Total']);
    const bestAsk = texts.find((o) => o.text === '100.5');
    const bestBid = texts.find((o) => o.text === '100.4');
    expect(bestAsk?.fill).toBe(TOKENS.dark.down);
    expect(bestBid?.fill).toBe(TOKENS.dark.up);
    expect(bestAsk?.x).toBe(8);
    // Best ask sits just above the mid strip (second ask row upwards), best bid just below it.
    expect(bestAsk?.y).toBe(HEAD_HEIGHT + 24 + ROW_HEIGHT / 2);
    expect(texts.find((o) => o.text === '2.000' && o.fill === TOKENS.dark.text)?.align).toBe('right');
    expect(texts.find((o) => o.text === '100.45 ↑')?.fill).toBe(TOKENS.dark.up);
  });

  it('marks own open orders, totals in quote on request, and mirrors columns right to left', () => {
    const ctx = recorder();
    drawBook(ctx, 1, book, input({ total: 'quote', rtl: true }));
    const texts = ctx.ops.filter((o) => o.op === 'text');
    expect(texts.some((o) => o.text === '401.30')).toBe(true);
    const price = texts.find((o) => o.text === '100.5');
    expect(price?.x).toBe(292);
    expect(price?.align).toBe('right');
    // The own-order marker: a 3 px rect in the bid colour at the start edge (right in RTL).
    expect(
      ctx.ops.some((o) => o.op === 'rect' && o.w === 3 && o.x === 296 && o.fill === TOKENS.dark.up),
    ).toBe(true);
  });

  it('formats each distinct number once', () => {
    let calls = 0;
    const cache = new FormatCache((n) => {
      calls++;
      return String(n);
    });
    for (let i = 0; i < 100; i++) cache.get(i % 5);
    expect(calls).toBe(5);
  });
});
