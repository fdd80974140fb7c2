/**
 * The live layer's copy of lightweight-charts 5.2 geometry: bar rectangles, label boxes, label layout and label
 * colours, with the numbers the library's own formulas give (PaneRendererCandlesticks, PaneRendererBars,
 * PriceAxisViewRenderer, PriceAxisWidget._fixLabelOverlap, generateContrastColors).
 */
import { describe, expect, it } from 'vitest';
import {
  alignAxisLabels,
  axisLabelBox,
  axisLabelHeight,
  axisLabelMetrics,
  candleFills,
  candleWidth,
  contrastColours,
  ohlcFills,
  parseColour,
  type BarPx,
} from '../../../../../src/features/chart/liveBarDraw';

const DOWN = { body: 'red', border: 'darkred', wick: 'pink' };
const BAR: BarPx = { x: 100.4, openY: 50, highY: 40, lowY: 70, closeY: 60 };
const PR1 = { h: 1, v: 1 };

const rect = (r: { x: number; y: number; w: number; h: number; colour: string }): number[] => [
  r.x,
  r.y,
  r.w,
  r.h,
];

describe('candleWidth', () => {
  it('shrinks bodies as bars widen, keeps 3 px at 2.5–4 px spacing, and matches the wick parity', () => {
    expect(candleWidth(6, 1)).toBe(5);
    expect(candleWidth(7, 1)).toBe(5);
    expect(candleWidth(8, 1)).toBe(5); // 6 made odd like the 1 px wick
    expect(candleWidth(3, 1)).toBe(3);
    expect(candleWidth(6, 2)).toBe(10);
    expect(candleWidth(1, 1)).toBe(1);
  });
});

describe('candleFills', () => {
  it('wicks, a 1 px inner border and the body inside it, in that order', () => {
    const f = candleFills(BAR, null, DOWN, 6, PR1);
    expect(f.map((r) => r.colour)).toEqual([
      'pink',
      'pink',
      'darkred',
      'darkred',
      'darkred',
      'darkred',
      'red',
    ]);
    expect(f.map(rect)).toEqual([
      [100, 40, 1, 10],
      [100, 61, 1, 10],
      [99, 50, 3, 1],
      [99, 60, 3, 1],
      [98, 50, 1, 11],
      [102, 50, 1, 11],
      [99, 51, 3, 9],
    ]);
  });

  it('clamps the left edges to the previous bar at tight spacing', () => {
    const prev: BarPx = { ...BAR, x: BAR.x - 2 };
    const f = candleFills(BAR, prev, DOWN, 2, PR1);
    // body width at 2 px spacing is 1 px (no border room): the border rect is the whole body.
    expect(f.map(rect)).toEqual([
      [100, 40, 1, 10],
      [100, 61, 1, 10],
      [100, 50, 1, 11],
    ]);
  });

  it('scales to device pixels', () => {
    const f = candleFills(BAR, null, DOWN, 6, { h: 2, v: 2 });
    const body = f[f.length - 1];
    // 10 px wide bitmap body, 2 px border: x from round(200.8) - 5 + 2, y from 100 + 2 to 120 - 2.
    expect(body === undefined ? [] : rect(body)).toEqual([198, 102, 6, 17]);
  });
});

describe('ohlcFills', () => {
  it('a 1 px high–low line with open and close ticks', () => {
    expect(ohlcFills(BAR, 'blue', 6, PR1).map(rect)).toEqual([
      [100, 40, 1, 30],
      [98, 50, 2, 1],
      [101, 60, 2, 1],
    ]);
  });
});

describe('axis labels', () => {
  it('a label box around the price y, text after the tick room and padding', () => {
    const m = axisLabelMetrics(12);
    expect(axisLabelHeight(m)).toBe(17);
    const b = axisLabelBox(100.3, 50.2, 4, m, PR1);
    expect(b).toMatchObject({ x: 0, top: 92, width: 67, height: 17, textX: 10, textY: 104.5 });
  });

  it('labels keep their y unless they overlap; then they are pushed away from the last price', () => {
    expect(alignAxisLabels([100, 105, 200], 100, 17, 500)).toEqual([100, 117, 200]);
    expect(alignAxisLabels([100, 95, 90], 100, 17, 500)).toEqual([100, 83, 66]);
  });

  it('labels at an edge are held inside the axis', () => {
    expect(alignAxisLabels([3], 3, 17, 500)).toEqual([8]);
    expect(alignAxisLabels([498], 498, 17, 500)).toEqual([492]);
  });

  it('label colours: the line colour without alpha, black or white text by brightness', () => {
    expect(contrastColours('#20b26c')).toEqual({ background: 'rgb(32, 178, 108)', foreground: 'white' });
    expect(contrastColours('#f0b90b')).toEqual({ background: 'rgb(240, 185, 11)', foreground: 'black' });
    expect(contrastColours('rgba(0,0,0,0)')).toEqual({ background: 'rgb(0, 0, 0)', foreground: 'white' });
    expect(contrastColours('hsl(0 0% 0%)')).toBeNull();
  });

  it('parses the colour forms the chart uses', () => {
    expect(parseColour('#abc')).toEqual([170, 187, 204, 1]);
    expect(parseColour('#20b26c88')).toEqual([32, 178, 108, 136 / 255]);
    expect(parseColour('rgba(1, 2, 3, 0.5)')).toEqual([1, 2, 3, 0.5]);
    expect(parseColour('transparent')).toEqual([0, 0, 0, 0]);
    expect(parseColour('#12345')).toBeNull();
  });
});
