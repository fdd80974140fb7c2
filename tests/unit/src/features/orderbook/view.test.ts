import { describe, expect, it } from 'vitest';
import type { BookFrame } from '../../../../../workers/api';
import type { RectShape, Scene, Shape, TextShape } from '../../../../../src/canvas/scene';
import { TOKENS } from '../../../../../src/canvas/tokens';
import { FormatCache } from '../../../../../src/lib/format';
import { barFraction } from '../../../../../src/features/orderbook/bands';
import {
  CENTRE_PAD,
  COLUMN_GAP,
  estimateTextWidth,
  fitText,
  HALF_EDGE_PAD,
  numberStyles,
  significantDigits,
} from '../../../../../src/features/orderbook/columns';
import {
  HEAD_HEIGHT,
  isTotalColumnClick,
  MID_HEIGHT,
  RATIO_HEIGHT,
  ROW_PITCH,
  rowSlots,
  rowsThatFit,
  slotAt,
} from '../../../../../src/features/orderbook/layout';
import { RatioTween } from '../../../../../src/features/orderbook/renderer';
import {
  hoverBox,
  hoverSummary,
  hoverSummaryOf,
  inHoverRange,
  stepDecimals,
  stepValue,
  toBookScene,
  toOwnMarks,
  toRowSums,
  type BookSceneInput,
} from '../../../../../src/features/orderbook/view';
import { bookOf as book } from './books';

/** Plain fixed decimals; `compact` abbreviates thousands and millions (as the painter's locale formatter does). */
function toFixed(n: number, dp: number, compact: boolean): string {
  const abs = Math.abs(n);
  if (compact && abs >= 1e6) return `${(n / 1e6).toFixed(dp)}M`;
  if (compact && abs >= 1e3) return `${(n / 1e3).toFixed(dp)}K`;
  return n.toFixed(dp);
}

describe('order book view', () => {
  it('fits rows of 22 + 2 px into the height, both sides sharing it in layout 1, capped at 40', () => {
    expect(rowsThatFit(1, HEAD_HEIGHT + MID_HEIGHT + RATIO_HEIGHT + 20 * ROW_PITCH)).toBe(10);
    expect(rowsThatFit(2, HEAD_HEIGHT + RATIO_HEIGHT + 20 * ROW_PITCH)).toBe(20);
    expect(rowsThatFit(3, HEAD_HEIGHT + RATIO_HEIGHT + 20 * ROW_PITCH + 23)).toBe(20);
    expect(rowsThatFit(4, HEAD_HEIGHT + RATIO_HEIGHT + 20 * ROW_PITCH)).toBe(20);
    expect(rowsThatFit(2, 10_000)).toBe(40);
    expect(rowsThatFit(1, 10)).toBe(0);
  });

  it('layout 1 stacks asks upwards from the spread and bids downwards; 2 and 3 show one side from the top', () => {
    const s = rowSlots(1, 3, 5, 5);
    expect(s.filter((x) => x.side === 'ask').map((x) => x.y)).toEqual([
      HEAD_HEIGHT + 2 * ROW_PITCH,
      HEAD_HEIGHT + ROW_PITCH,
      HEAD_HEIGHT,
    ]);
    expect(s.filter((x) => x.side === 'bid')[0]?.y).toBe(HEAD_HEIGHT + 3 * ROW_PITCH + MID_HEIGHT);
    expect(rowSlots(2, 3, 5, 2).map((x) => [x.side, x.index])).toEqual([
      ['bid', 0],
      ['bid', 1],
    ]);
    expect(rowSlots(3, 2, 5, 5).every((x) => x.side === 'ask')).toBe(true);
  });

  it('finds the row under a point, and none in a gap or the mid strip', () => {
    const s = rowSlots(1, 3, 3, 3);
    expect(slotAt(s, HEAD_HEIGHT + 1)).toEqual({ side: 'ask', index: 2, y: HEAD_HEIGHT, x: 0, w: 0 });
    expect(slotAt(s, HEAD_HEIGHT + 22.5)).toBeNull();
    expect(slotAt(s, HEAD_HEIGHT + 3 * ROW_PITCH + 5)).toBeNull();
  });

  it('sums from the spread to the hovered row: average price, quantity, value', () => {
    const b = book(5);
    expect(hoverSummary(b, 'bid', 2)).toEqual({
      avgPrice: (99.5 + 98.5 + 97.5) / 3,
      sumQty: 3,
      sumValue: 295.5,
    });
    expect(hoverSummary(b, 'ask', 9)).toBeNull();
    expect(inHoverRange({ side: 'bid', index: 2 }, 'bid', 1)).toBe(true);
    expect(inHoverRange({ side: 'bid', index: 2 }, 'bid', 3)).toBe(false);
    expect(inHoverRange({ side: 'bid', index: 2 }, 'ask', 0)).toBe(false);
  });

  it('scales depth bars to the deepest shown cumulative amount', () => {
    const b = book(10);
    expect(barFraction(b, 'bid', 4, 5)).toBe(1);
    expect(barFraction(b, 'ask', 0, 5)).toBeCloseTo(0.2);
    expect(barFraction(b, 'ask', 4, 10)).toBeCloseTo(0.5);
  });
});

describe('order book scene', () => {
  const fmt = (dp: number) => new FormatCache((n) => n.toFixed(dp));
  function input(over: Partial<BookSceneInput> = {}): BookSceneInput {
    return {
      width: 300,
      height: HEAD_HEIGHT + RATIO_HEIGHT + 5 * ROW_PITCH,
      layout: 2,
      total: 'base',
      rtl: false,
      colours: TOKENS.light,
      captions: { price: 'Price (USDT)', amount: 'Amount (BTC)', total: 'Total (BTC)' },
      shortCaptions: { price: 'Price', amount: 'Amount', total: 'Total' },
      measure: estimateTextWidth,
      ratioLabels: { buy: 'B', sell: 'S' },
      format: {
        price: fmt(1),
        amount: fmt(4),
        totalBase: fmt(4),
        totalQuote: fmt(2),
        percent: (f) => `${(f * 100).toFixed(2)}%`,
        dp: { amount: 4, totalBase: 4, totalQuote: 2 },
        fixed: (n, dp, compact) => toFixed(n, dp, compact),
      },
      hover: null,
      own: toOwnMarks([], 1),
      step: 1,
      last: null,
      ratio: 0.5,
      ...over,
    };
  }
  const textsOf = (scene: Scene): TextShape[] =>
    scene.bands.flatMap((b) => (b === null ? [] : b.shapes.filter((s): s is TextShape => s.kind === 'text')));

  it('layouts 1–3: both sides with the mid strip, bids only, asks only', () => {
    const b = book(10);
    const l1 = toBookScene(
      b,
      input({
        layout: 1,
        height: HEAD_HEIGHT + MID_HEIGHT + RATIO_HEIGHT + 6 * ROW_PITCH,
        last: { text: '100.0', direction: 'down' },
      }),
    );
    expect(l1.slots.filter((s) => s.side === 'ask')).toHaveLength(3);
    expect(l1.slots.filter((s) => s.side === 'bid')).toHaveLength(3);
    expect(textsOf(l1.scene).find((t) => t.text === '100.0 ↓')?.colour).toBe(TOKENS.light.down);
    const l2 = toBookScene(b, input({ layout: 2 }));
    expect(l2.slots.map((s) => s.side)).toEqual(['bid', 'bid', 'bid', 'bid', 'bid']);
    expect(
      textsOf(l2.scene)
        .filter((t) => t.colour === TOKENS.light.up && t.digits)
        .map((t) => t.text),
    ).toEqual(['99.5', '98.5', '97.5', '96.5', '95.5']);
    const l3 = toBookScene(b, input({ layout: 3 }));
    expect(l3.slots.map((s) => s.side)).toEqual(['ask', 'ask', 'ask', 'ask', 'ask']);
    expect(l3.slots[0]?.y).toBe(HEAD_HEIGHT);
  });

  /** Horizontal extent of a drawn text, from its anchor, alignment and estimated width. */
  const extent = (t: TextShape): [number, number] => {
    const w = estimateTextWidth(t.text, t.font);
    return t.align === 'left'
      ? [t.x, t.x + w]
      : t.align === 'right'
        ? [t.x - w, t.x]
        : [t.x - w / 2, t.x + w / 2];
  };
  /** Asserts a layout-4 row band: three texts inside its half, in order, at least a column gap apart. */
  const expectFitted = (band: { x: number; w: number; shapes: readonly Shape[] }): void => {
    const t = band.shapes.filter((x): x is TextShape => x.kind === 'text');
    expect(t).toHaveLength(3);
    const spans = t.map(extent).sort((a, b) => a[0] - b[0]);
    const leftHalf = band.x === 0;
    expect(spans[0]?.[0]).toBeGreaterThanOrEqual(band.x + (leftHalf ? HALF_EDGE_PAD : CENTRE_PAD) - 0.5);
    expect(spans[2]?.[1]).toBeLessThanOrEqual(
      band.x + band.w - (leftHalf ? CENTRE_PAD : HALF_EDGE_PAD) + 0.5,
    );
    for (let i = 1; i < spans.length; i++)
      expect((spans[i]?.[0] ?? 0) - (spans[i - 1]?.[1] ?? 0)).toBeGreaterThanOrEqual(COLUMN_GAP - 1);
  };

  it('layout 4: bids in the start half, asks in the end half, best prices at the top, bars from the centre', () => {
    const { scene, slots } = toBookScene(book(10), input({ layout: 4 }));
    const bid0 = slots.find((s) => s.side === 'bid' && s.index === 0);
    const ask0 = slots.find((s) => s.side === 'ask' && s.index === 0);
    expect(bid0).toMatchObject({ x: 0, w: 150, y: HEAD_HEIGHT });
    expect(ask0).toMatchObject({ x: 150, w: 150, y: HEAD_HEIGHT });
    const t = textsOf(scene);
    expect(t.find((x) => x.text === '99.5')).toMatchObject({ x: 150 - CENTRE_PAD, align: 'right' });
    expect(t.find((x) => x.text === '100.5')).toMatchObject({ x: 150 + CENTRE_PAD, align: 'left' });
    // The best bid's bar ends at the centre line; the best ask's starts there.
    const bars = scene.bands.flatMap((b) =>
      b === null ? [] : b.shapes.filter((s): s is RectShape => s.kind === 'rect'),
    );
    const bidBar = bars.find((r) => r.y === HEAD_HEIGHT && r.colour === TOKENS.light.upSoft);
    const askBar = bars.find((r) => r.y === HEAD_HEIGHT && r.colour === TOKENS.light.downSoft);
    expect((bidBar?.x ?? 0) + (bidBar?.w ?? 0)).toBe(150);
    expect(askBar?.x).toBe(150);
    // Right to left: bids move to the end (right) half.
    const rtl = toBookScene(book(10), input({ layout: 4, rtl: true }));
    expect(rtl.slots.find((s) => s.side === 'bid')?.x).toBe(150);
    expect(textsOf(rtl.scene).find((x) => x.text === '99.5')).toMatchObject({
      x: 150 + CENTRE_PAD,
      align: 'left',
    });
  });

  it('layout 4 has a total column per half: total at the outer edge, amount, price at the centre line, in full when wide', () => {
    const { scene, columns } = toBookScene(book(5), input({ layout: 4, width: 600 }));
    expect(columns?.font).toBe('row');
    expect(columns?.amount).toEqual({ dp: 4, compact: false });
    expect(columns?.total).toEqual({ dp: 4, compact: false });
    // Best bid row (left half): total 1.0000 at the left edge, then amount 1.0000, price 99.5 at the centre line.
    const bidRow = scene.bands.find((b) => b !== null && b.x === 0 && b.y === HEAD_HEIGHT);
    const askRow = scene.bands.find((b) => b !== null && b.x === 300 && b.y === HEAD_HEIGHT);
    if (bidRow === undefined || bidRow === null || askRow === undefined || askRow === null)
      throw new Error('rows');
    const bidTexts = bidRow.shapes.filter((x): x is TextShape => x.kind === 'text');
    expect(bidTexts.map((x) => [x.text, x.x, x.align, x.colour])).toEqual([
      ['1.0000', HALF_EDGE_PAD, 'left', TOKENS.light.text],
      ['1.0000', bidTexts[1]?.x, 'right', TOKENS.light.text],
      ['99.5', 300 - CENTRE_PAD, 'right', TOKENS.light.up],
    ]);
    const askTexts = askRow.shapes.filter((x): x is TextShape => x.kind === 'text');
    expect(askTexts.map((x) => [x.text, x.x, x.align, x.colour])).toEqual([
      ['1.0000', 600 - HALF_EDGE_PAD, 'right', TOKENS.light.text],
      ['1.0000', 600 - (bidTexts[1]?.x ?? 0), 'left', TOKENS.light.text],
      ['100.5', 300 + CENTRE_PAD, 'left', TOKENS.light.down],
    ]);
    // The deepest shown row's cumulative amount, in both halves.
    const t = textsOf(scene);
    expect(
      t.filter((x) => x.text === '5.0000' && (x.x === HALF_EDGE_PAD || x.x === 600 - HALF_EDGE_PAD)),
    ).toHaveLength(2);
    for (const band of scene.bands.slice(3)) if (band !== null) expectFitted(band);
    // Captions per half follow the columns: total, amount, price from the outer edge; mirrored in the end half.
    expect(
      t
        .filter((x) => x.font === 'caption')
        .sort((a, b) => a.x - b.x)
        .map((x) => x.text),
    ).toEqual(['Total', 'Amount', 'Price', 'Price', 'Amount', 'Total']);
    // Total in quote: cumulative value at the quote decimals.
    const quote = textsOf(toBookScene(book(5), input({ layout: 4, width: 600, total: 'quote' })).scene);
    expect(quote.find((x) => x.text === '99.50')).toMatchObject({ x: HALF_EDGE_PAD, align: 'left' });
    expect(quote.find((x) => x.text === '100.50')).toMatchObject({
      x: 600 - HALF_EDGE_PAD,
      align: 'right',
    });
  });

  it('layout 4 in a default-width panel drops amount and total decimals until all six columns fit; prices stay whole', () => {
    // BTC-like rows: prices 63,999.36 down / 64,000.64 up, amounts of 6 decimals, quote totals in the ten thousands.
    const n = 12;
    const side = (start: number, dir: number): Float64Array => {
      const a = new Float64Array(n * 4);
      let cum = 0;
      let cumQ = 0;
      for (let i = 0; i < n; i++) {
        const p = start + dir * 1.28 * i;
        const q = 0.106825 + i * 0.0131;
        cum += q;
        cumQ += p * q;
        a.set([p, q, cum, cumQ], i * 4);
      }
      return a;
    };
    const btc: BookFrame = { ...book(n), bids: side(63999.36, -1), asks: side(64000.64, 1) };
    const narrow = (over: Partial<BookSceneInput>) =>
      toBookScene(
        btc,
        input({
          layout: 4,
          width: 282,
          height: HEAD_HEIGHT + RATIO_HEIGHT + n * ROW_PITCH,
          format: { ...input().format, price: fmt(2), dp: { amount: 6, totalBase: 6, totalQuote: 2 } },
          ...over,
        }),
      );
    const base = narrow({});
    // The small font, and fewer decimals than the symbol's 6.
    expect(base.columns?.font).toBe('small');
    expect(base.columns?.amount.dp).toBeLessThan(6);
    expect(base.columns?.amount.dp).toBeGreaterThan(0);
    expect(base.columns?.total.dp).toBeLessThan(6);
    // Of the fits that give up as few steps in all, the one that keeps the amount's decimals.
    expect(base.columns?.amount.dp).toBeGreaterThanOrEqual(base.columns?.total.dp ?? 6);
    const t = textsOf(base.scene);
    // Prices print in full; amounts at the chosen decimals.
    expect(t.some((x) => x.text === '63999.36' && x.align === 'right')).toBe(true);
    expect(t.some((x) => x.text === '64000.64' && x.align === 'left')).toBe(true);
    expect(t.some((x) => x.text === (0.106825).toFixed(base.columns?.amount.dp ?? 0))).toBe(true);
    for (const band of base.scene.bands.slice(3)) if (band !== null) expectFitted(band);
    // In quote the totals (tens of thousands) abbreviate with K, and still fit.
    const quote = narrow({ total: 'quote' });
    expect(quote.columns?.total.compact).toBe(true);
    expect(quote.columns?.amount.dp).toBeGreaterThanOrEqual(3);
    expect(
      textsOf(quote.scene).filter((x) => x.digits && x.text.endsWith('K')).length,
    ).toBeGreaterThanOrEqual(2 * n);
    for (const band of quote.scene.bands.slice(3)) if (band !== null) expectFitted(band);
    // Right to left at the same width: the same fit, bids in the right half with the price at its left edge.
    const rtl = narrow({ rtl: true });
    expect(rtl.columns).toEqual(base.columns);
    expect(textsOf(rtl.scene).find((x) => x.text === '63999.36')).toMatchObject({
      x: 141 + CENTRE_PAD,
      align: 'left',
    });
    for (const band of rtl.scene.bands.slice(3)) if (band !== null) expectFitted(band);
    // Captions are cut to their columns rather than run into each other.
    const long = narrow({
      shortCaptions: { price: 'Precio', amount: 'Cantidad', total: 'Total acumulado' },
    });
    const caps = textsOf(long.scene).filter((x) => x.font === 'caption');
    expect(caps).toHaveLength(6);
    expect(caps.some((x) => x.text.endsWith('…'))).toBe(true);
    const left = caps
      .filter((x) => x.x < 141)
      .map(extent)
      .sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < left.length; i++)
      expect(left[i]?.[0] ?? 0).toBeGreaterThanOrEqual(left[i - 1]?.[1] ?? 0);
  });

  it('number styles run from full decimals down to abbreviated; texts cut with an ellipsis to a width', () => {
    expect(numberStyles(2)).toEqual([
      { dp: 2, compact: false },
      { dp: 1, compact: false },
      { dp: 0, compact: false },
      { dp: 2, compact: true },
      { dp: 1, compact: true },
      { dp: 0, compact: true },
    ]);
    // What a style keeps of a value: the fit trades these between the amount and total columns.
    expect(significantDigits(0.35, { dp: 3, compact: false })).toBe(3);
    expect(significantDigits(3.416, { dp: 1, compact: false })).toBe(2);
    expect(significantDigits(218_612.34, { dp: 1, compact: true })).toBe(4);
    expect(significantDigits(218_612.34, { dp: 0, compact: false })).toBe(6);
    expect(fitText('Amount', 1000, 'caption', estimateTextWidth)).toBe('Amount');
    const cut = fitText('Amount', 30, 'caption', estimateTextWidth);
    expect(cut.endsWith('…')).toBe(true);
    expect(estimateTextWidth(cut, 'caption')).toBeLessThanOrEqual(30);
    expect(fitText('Amount', 2, 'caption', estimateTextWidth)).toBe('');
  });

  it('a click on the total column is cumulative: end third in layouts 1-3 (start third right to left), outer part of a layout-4 half', () => {
    const full = { side: 'bid' as const, index: 0, y: 0, x: 0, w: 300 };
    expect(isTotalColumnClick(full, 250, 1, false, 0)).toBe(true);
    expect(isTotalColumnClick(full, 150, 1, false, 0)).toBe(false);
    expect(isTotalColumnClick(full, 50, 2, true, 0)).toBe(true);
    expect(isTotalColumnClick(full, 250, 3, true, 0)).toBe(false);
    const leftHalf = { side: 'bid' as const, index: 0, y: 0, x: 0, w: 141 };
    const rightHalf = { side: 'ask' as const, index: 0, y: 0, x: 141, w: 141 };
    expect(isTotalColumnClick(leftHalf, 20, 4, false, 40)).toBe(true);
    expect(isTotalColumnClick(leftHalf, 60, 4, false, 40)).toBe(false);
    expect(isTotalColumnClick(rightHalf, 270, 4, false, 40)).toBe(true);
    expect(isTotalColumnClick(rightHalf, 160, 4, false, 40)).toBe(false);
  });

  it('total column in base (cumulative amount) or quote (cumulative value)', () => {
    const b = book(3);
    const base = textsOf(toBookScene(b, input({ total: 'base' })).scene);
    expect(base.some((t) => t.text === '3.0000' && t.x === 292)).toBe(true);
    const quote = textsOf(toBookScene(b, input({ total: 'quote' })).scene);
    expect(quote.some((t) => t.text === '295.50' && t.x === 292)).toBe(true);
    expect(quote.some((t) => t.text === '3.0000' && t.x === 292)).toBe(false);
  });

  it('a coarser step prints prices with the step decimals and marks own orders in their merged row', () => {
    expect(stepDecimals('0.01', 2)).toBe(2);
    expect(stepDecimals('10', 2)).toBe(0);
    expect(stepDecimals('0', 2)).toBe(0);
    expect(stepDecimals('', 3)).toBe(3);
    expect(stepValue('10', 2)).toBe(10);
    expect(stepValue('0', 2)).toBe(1);
    expect(stepValue('', 2)).toBeCloseTo(0.01);
    const at10: BookFrame = {
      ...book(2),
      step: '10',
      bids: new Float64Array([90, 1, 1, 90, 80, 1, 2, 170]),
      asks: new Float64Array([100, 1, 1, 100, 110, 1, 2, 210]),
    };
    const own = toOwnMarks(
      [
        { side: 'Buy', price: '89.99' },
        { side: 'Sell', price: '100.01' },
      ],
      10,
    );
    const { scene } = toBookScene(
      at10,
      input({
        layout: 1,
        height: HEAD_HEIGHT + MID_HEIGHT + RATIO_HEIGHT + 4 * ROW_PITCH,
        step: 10,
        own,
        format: { ...input().format, price: fmt(0) },
      }),
    );
    const t = textsOf(scene);
    expect(
      t
        .filter((x) => x.digits && (x.colour === TOKENS.light.up || x.colour === TOKENS.light.down))
        .map((x) => x.text)
        .sort(),
    ).toEqual(['100', '110', '80', '90']);
    const marks = scene.bands.flatMap((b) =>
      b === null ? [] : b.shapes.filter((s) => s.kind === 'rect' && s.w === 3),
    );
    // 89.99 buys fall in the 80 bid bucket (bids merge down); 100.01 sells in the 110 ask bucket (asks merge up).
    expect(marks).toHaveLength(2);
    const markRowPrices = scene.bands
      .filter((b) => b !== null && b.shapes.some((s) => s.kind === 'rect' && s.w === 3))
      .map((b) => b?.shapes.find((s): s is TextShape => s.kind === 'text' && s.digits)?.text);
    expect(markRowPrices.sort()).toEqual(['110', '80']);
  });

  it('mirrors the columns right to left: price at the right edge, total at the left, bars from the left', () => {
    const { scene } = toBookScene(book(3), input({ rtl: true }));
    const t = textsOf(scene);
    expect(t.find((x) => x.text === '99.5')).toMatchObject({ x: 292, align: 'right' });
    expect(t.find((x) => x.text === '3.0000' && x.align === 'left')?.x).toBe(8);
    expect(t.find((x) => x.text === 'Price (USDT)')).toMatchObject({ x: 292, align: 'right' });
    const bars = scene.bands.flatMap((b) =>
      b === null ? [] : b.shapes.filter((x) => x.kind === 'rect' && x.colour === TOKENS.light.upSoft),
    );
    expect(bars.length).toBe(3);
    expect(bars.every((b) => b.kind === 'rect' && b.x === 0)).toBe(true);
  });

  it('the ratio tween moves linearly to a new target over 300 ms', () => {
    const tw = new RatioTween();
    expect(tw.at(0.5, 0)).toBe(0.5);
    expect(tw.at(0.9, 100)).toBeCloseTo(0.5);
    expect(tw.at(0.9, 250)).toBeCloseTo(0.7);
    expect(tw.moving(250)).toBe(true);
    expect(tw.at(0.9, 400)).toBeCloseTo(0.9);
    expect(tw.moving(400)).toBe(false);
  });
});

describe('hover from reported sums', () => {
  it('sums the same as the book, boxes the rows up to the spread', () => {
    const b = book(5);
    const slots = rowSlots(1, 5, 5, 5, 300);
    const sums = toRowSums(b, slots);
    for (const side of ['ask', 'bid'] as const)
      for (let i = 0; i < 6; i++) expect(hoverSummaryOf(sums, side, i)).toEqual(hoverSummary(b, side, i));
    const box = hoverBox(slots, { side: 'ask', index: 2 });
    const at = slotAt(slots, (box?.y ?? 0) + 1);
    expect(at).toMatchObject({ side: 'ask', index: 2 });
    expect(box?.h).toBe(3 * ROW_PITCH);
    expect(hoverBox(slots, { side: 'bid', index: 9 })).toBeNull();
  });
});
