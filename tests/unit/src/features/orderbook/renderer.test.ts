/** The order book renderer on a recording Canvas2D context: what text lands where, in which colour; what repaints. */
import { describe, expect, it } from 'vitest';
import type { BookFrame } from '../../../../../workers/api';
import { Canvas2DSurface } from '../../../../../src/canvas/canvas2dSurface';
import { TOKENS } from '../../../../../src/canvas/tokens';
import { BookRenderer } from '../../../../../src/features/orderbook/renderer';
import { FormatCache } from '../../../../../src/lib/format';
import { CENTRE_PAD, estimateTextWidth, HALF_EDGE_PAD } from '../../../../../src/features/orderbook/columns';
import {
  HEAD_HEIGHT,
  MID_HEIGHT,
  RATIO_HEIGHT,
  ROW_HEIGHT,
  ROW_PITCH,
} from '../../../../../src/features/orderbook/layout';
import { toOwnMarks, type BookSceneInput } from '../../../../../src/features/orderbook/view';
import { recorder, texts } from '../../canvas/recorder';

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

/** Plain fixed decimals; `compact` abbreviates thousands. */
function toFixed(n: number, dp: number, compact: boolean): string {
  return compact && Math.abs(n) >= 1e3 ? `${(n / 1e3).toFixed(dp)}K` : n.toFixed(dp);
}

/** Height for exactly two rows a side in layout 1. */
const HEIGHT = HEAD_HEIGHT + 2 * ROW_PITCH * 2 + MID_HEIGHT + RATIO_HEIGHT;

function input(over: Partial<Omit<BookSceneInput, 'ratio'>> = {}): Omit<BookSceneInput, 'ratio'> {
  const fmt = (dp: number) => new FormatCache((n) => n.toFixed(dp));
  return {
    width: 300,
    height: HEIGHT,
    layout: 1,
    total: 'base',
    rtl: false,
    colours: TOKENS.dark,
    captions: { price: 'Price', amount: 'Amount', total: 'Total' },
    shortCaptions: { price: 'Price', amount: 'Amount', total: 'Total' },
    measure: estimateTextWidth,
    ratioLabels: { buy: 'B', sell: 'S' },
    format: {
      price: fmt(1),
      amount: fmt(3),
      totalBase: fmt(3),
      totalQuote: fmt(2),
      percent: (f) => `${(f * 100).toFixed(2)}%`,
      dp: { amount: 3, totalBase: 3, totalQuote: 2 },
      fixed: (n, dp, compact) => toFixed(n, dp, compact),
    },
    hover: null,
    own: toOwnMarks([{ side: 'Buy', price: '100.43' }], 0.1),
    step: 0.1,
    last: { text: '100.45', direction: 'up' },
    ...over,
  };
}

function draw(over: Partial<Omit<BookSceneInput, 'ratio'>> = {}, dpr = 1) {
  const ctx = recorder();
  const r = new BookRenderer(new Canvas2DSurface(ctx));
  const res = r.draw(book, input(over), dpr, 0);
  return { ctx, r, res };
}

describe('order book renderer', () => {
  it('draws captions, then each row: price in its side colour at the start, amount and total in text colour', () => {
    const { ctx } = draw();
    const t = texts(ctx.ops);
    expect(t.slice(0, 3).map((o) => o.text)).toEqual(['Price', 'Amount', 'Total']);
    const bestAsk = t.find((o) => o.text === '100.5');
    const bestBid = t.find((o) => o.text === '100.4');
    expect(bestAsk?.fill).toBe(TOKENS.dark.down);
    expect(bestBid?.fill).toBe(TOKENS.dark.up);
    expect(bestAsk?.x).toBe(8);
    // Best ask sits just above the mid strip (second ask row upwards), best bid just below it.
    expect(bestAsk?.y).toBe(HEAD_HEIGHT + ROW_PITCH + ROW_HEIGHT / 2);
    expect(bestBid?.y).toBe(HEAD_HEIGHT + 2 * ROW_PITCH + MID_HEIGHT + ROW_HEIGHT / 2);
    expect(t.find((o) => o.text === '2.000' && o.fill === TOKENS.dark.text)?.align).toBe('right');
    expect(t.find((o) => o.text === '100.45 ↑')?.fill).toBe(TOKENS.dark.up);
    // The ratio strip at the bottom: both shares, in their side colours.
    expect(t.find((o) => o.text === 'B 50.00%')?.fill).toBe(TOKENS.dark.up);
    expect(t.find((o) => o.text === '50.00% S')?.fill).toBe(TOKENS.dark.down);
  });

  it('draws depth bars from the end edge, scaled to the deepest shown cumulative amount', () => {
    const { ctx } = draw();
    const deepestBid = ctx.ops.find(
      (o) =>
        o.op === 'rect' &&
        o.fill === TOKENS.dark.upSoft &&
        o.y === HEAD_HEIGHT + 2 * ROW_PITCH + MID_HEIGHT + ROW_PITCH,
    );
    expect(deepestBid).toMatchObject({ x: 0, w: 300 });
    const bestAsk = ctx.ops.find(
      (o) => o.op === 'rect' && o.fill === TOKENS.dark.downSoft && o.y === HEAD_HEIGHT + ROW_PITCH,
    );
    expect(bestAsk).toMatchObject({ x: 150, w: 150 });
  });

  it('marks own open orders in their merged row, totals in quote on request, and mirrors right to left', () => {
    const { ctx } = draw({ total: 'quote', rtl: true });
    const t = texts(ctx.ops);
    expect(t.some((o) => o.text === '401.30')).toBe(true);
    const price = t.find((o) => o.text === '100.5');
    expect(price?.x).toBe(292);
    expect(price?.align).toBe('right');
    const total = t.find((o) => o.text === '201.00');
    expect(total?.x).toBe(8);
    expect(total?.align).toBe('left');
    // The buy at 100.43 merges into the 100.4 bid row: a 3 px mark at the start edge (right in RTL).
    const bidY = HEAD_HEIGHT + 2 * ROW_PITCH + MID_HEIGHT;
    expect(
      ctx.ops.some(
        (o) => o.op === 'rect' && o.w === 3 && o.x === 296 && o.y === bidY + 8 && o.fill === TOKENS.dark.up,
      ),
    ).toBe(true);
    expect(ctx.ops.filter((o) => o.op === 'rect' && o.w === 3)).toHaveLength(1);
  });

  it('crisp at devicePixelRatio 2: coordinates doubled, whole pixels, 24 px font', () => {
    const { ctx } = draw({}, 2);
    const bestAsk = texts(ctx.ops).find((o) => o.text === '100.5');
    expect(bestAsk).toMatchObject({ x: 16, y: 2 * (HEAD_HEIGHT + ROW_PITCH + ROW_HEIGHT / 2) });
    expect(bestAsk?.font).toMatch(/^24px /);
    expect(ctx.ops.every((o) => Number.isInteger(o.x) && Number.isInteger(o.y))).toBe(true);
  });

  it('repaints only the rows that changed, and the hover range when hovering', () => {
    const { ctx, r } = draw();
    ctx.ops.length = 0;
    expect(r.draw(book, input(), 1, 1000).painted).toBe(0);
    const moved: BookFrame = {
      ...book,
      bids: new Float64Array([100.4, 1.5, 1.5, 150.6, 100.3, 3, 4.5, 451.5]),
    };
    ctx.ops.length = 0;
    // Both bid rows changed (amount and cumulative), and every bar rescales to the new deepest: all four rows.
    const res = r.draw(moved, input(), 1, 2000);
    expect(res.painted).toBeGreaterThanOrEqual(4);
    // A hover over the second bid highlights both bid rows (to the spread), nothing else.
    ctx.ops.length = 0;
    const hovered = r.draw(moved, input({ hover: { side: 'bid', index: 1 } }), 1, 3000);
    expect(hovered.painted).toBe(2);
    const backgrounds = ctx.ops.filter((o) => o.op === 'rect' && o.fill === TOKENS.dark.surfaceRaised);
    expect(backgrounds).toHaveLength(2);
  });

  it('animates the ratio bar over 300 ms towards a new ratio', () => {
    const { r } = draw();
    r.draw({ ...book, ratio: 0.8 }, input(), 1, 1000);
    const ctx = recorder();
    const r2 = new BookRenderer(new Canvas2DSurface(ctx));
    r2.draw(book, input(), 1, 0);
    const mid = r2.draw({ ...book, ratio: 0.8 }, input(), 1, 1000);
    expect(mid.animating).toBe(true);
    ctx.ops.length = 0;
    r2.draw({ ...book, ratio: 0.8 }, input(), 1, 1150);
    expect(texts(ctx.ops).find((o) => o.text?.startsWith('B ') === true)?.text).toBe('B 65.00%');
    ctx.ops.length = 0;
    const done = r2.draw({ ...book, ratio: 0.8 }, input(), 1, 1300);
    expect(texts(ctx.ops).find((o) => o.text?.startsWith('B ') === true)?.text).toBe('B 80.00%');
    expect(done.animating).toBe(false);
  });

  it('layout 4 draws total, amount and price in each half, mirrored, in device pixels at dpr 2', () => {
    const { ctx } = draw({ layout: 4, width: 600, total: 'quote' }, 2);
    const t = texts(ctx.ops);
    // Best bid row: quote total 100.40 at the left edge, price 100.4 at the centre line; best ask mirrored.
    const rowY = 2 * (HEAD_HEIGHT + ROW_HEIGHT / 2);
    const row = t.filter((o) => o.y === rowY);
    expect(row.map((o) => [o.text, o.x, o.align])).toEqual([
      ['100.40', 2 * HALF_EDGE_PAD, 'left'],
      ['1.000', row[1]?.x, 'right'],
      ['100.4', 2 * (300 - CENTRE_PAD), 'right'],
      ['201.00', 2 * (600 - HALF_EDGE_PAD), 'right'],
      ['2.000', 2 * 600 - (row[1]?.x ?? 0), 'left'],
      ['100.5', 2 * (300 + CENTRE_PAD), 'left'],
    ]);
    expect(row.find((o) => o.text === '100.4')?.fill).toBe(TOKENS.dark.up);
    expect(row.find((o) => o.text === '100.5')?.fill).toBe(TOKENS.dark.down);
    expect(row.find((o) => o.text === '201.00')?.fill).toBe(TOKENS.dark.text);
    // Captions: Total, Amount, Price per half.
    expect(t.filter((o) => o.y === 2 * (HEAD_HEIGHT / 2)).map((o) => o.text)).toEqual([
      'Total',
      'Amount',
      'Price',
      'Total',
      'Amount',
      'Price',
    ]);
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
