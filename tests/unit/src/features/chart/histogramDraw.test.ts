/**
 * The live layer's copy of lightweight-charts 5.2's histogram columns (PaneRendererHistogram._fillPrecalculatedCache
 * and _drawImpl), with the numbers the library's formulas give: the layer draws the forming VOL column, and a column
 * one pixel off would show as a seam against the library's columns.
 */
import { describe, expect, it } from 'vitest';
import {
  histogramColumns,
  histogramFill,
  visibleItems,
} from '../../../../../src/features/chart/histogramDraw';

const edges = (cols: readonly { left: number; right: number }[]): number[][] =>
  cols.map((c) => [c.left, c.right]);

describe('histogramColumns', () => {
  it('a column one spacing pixel narrower than the bar, centred on the rounded x', () => {
    expect(edges(histogramColumns([10.4, 16.4, 22.4], 6, 1))).toEqual([
      [8, 12],
      [14, 18],
      [20, 24],
    ]);
  });

  it('keeps exactly one spacing pixel between neighbours: a column rounded right gives up its last pixel', () => {
    expect(edges(histogramColumns([10, 15.5, 21], 5.5, 1))).toEqual([
      [8, 12],
      [14, 17],
      [19, 23],
    ]);
  });

  it('narrow columns: a gap is closed from the left, then every column is cut to the narrowest width', () => {
    expect(edges(histogramColumns([10, 13, 16.6], 3, 1))).toEqual([
      [9, 10],
      [12, 13],
      [15, 16],
    ]);
  });

  it('no spacing at one pixel a bar, and device pixels at a ratio of 2', () => {
    expect(edges(histogramColumns([10, 11], 1, 1))).toEqual([
      [10, 10],
      [11, 11],
    ]);
    // spacing 2 device px, column 12 − 2 = 10 (even: shifted one pixel left).
    expect(edges(histogramColumns([10, 16], 6, 2))).toEqual([
      [15, 24],
      [27, 36],
    ]);
  });
});

describe('histogramFill', () => {
  it('from the value to the base line, with a tick-wide base', () => {
    const col = { left: 8, right: 12 };
    expect(histogramFill(col, 40, 100, 'c', { h: 1, v: 1 })).toEqual({
      x: 8,
      y: 40,
      w: 5,
      h: 61,
      colour: 'c',
    });
    expect(histogramFill(col, 120, 100, 'c', { h: 1, v: 1 })).toEqual({
      x: 8,
      y: 100,
      w: 5,
      h: 21,
      colour: 'c',
    });
    expect(histogramFill(col, 40, 100, 'c', { h: 2, v: 2 })).toEqual({
      x: 8,
      y: 80,
      w: 5,
      h: 121,
      colour: 'c',
    });
  });
});

describe('visibleItems', () => {
  it('the strict visible range, one item more on each side, within the items', () => {
    expect(visibleItems(10.3, 50.7, 100)).toEqual({ first: 9, last: 52 });
    expect(visibleItems(-3.2, 20, 10)).toEqual({ first: 0, last: 9 });
    expect(visibleItems(120, 130, 100)).toBeNull();
  });
});
