import { describe, expect, it } from 'vitest';
import {
  chartRows,
  defaultLayout,
  GRID,
  layoutWidth,
  mirrorLayout,
  PANEL_LIMITS,
  resolveLayout,
  rowsForPx,
  sanitiseLayout,
  widthsForPage,
  withoutOrderBook,
} from '../../../../../src/features/layout/grid';

describe('width table (spec §9)', () => {
  it.each([
    [1080, 80, 40],
    [1420, 80, 40],
    [1421, 90, 30],
    [1699, 90, 30],
    [1700, 96, 24],
    [1979, 96, 24],
    [1980, 100, 20],
    [2539, 100, 20],
    [2540, 105, 15],
    [3659, 105, 15],
    [3660, 110, 10],
    [5000, 110, 10],
  ])('page %i px → chart %i, order book %i', (page, chart, orderbook) => {
    expect(widthsForPage(page)).toEqual({ chart, orderbook });
    expect(chart + orderbook).toBe(GRID.cols);
  });

  it('keeps the order book at or above its minimum width at every band', () => {
    for (const page of [1080, 1500, 1800, 2000, 3000, 4000]) {
      expect(widthsForPage(page).orderbook).toBeGreaterThanOrEqual(10);
      expect(widthsForPage(page).chart).toBeGreaterThanOrEqual(PANEL_LIMITS.chart.minW);
    }
  });
});

describe('grid geometry (spec §9)', () => {
  it('lays out page width minus the 300 px right column, never below a 1080 px page', () => {
    expect(layoutWidth(1920)).toBe(1620);
    expect(layoutWidth(1280)).toBe(980);
    expect(layoutWidth(800)).toBe(780);
  });

  it('counts rows of 44 px with 4 px gaps', () => {
    expect(rowsForPx(44)).toBe(1);
    expect(rowsForPx(92)).toBe(2);
    expect(rowsForPx(91)).toBe(1);
    expect(rowsForPx(0)).toBe(1);
  });

  it('sizes the chart from the viewport clamped to 800–1600 px', () => {
    expect(chartRows(500)).toBe(rowsForPx(800));
    expect(chartRows(1080)).toBe(rowsForPx(1080));
    expect(chartRows(4000)).toBe(rowsForPx(1600));
  });
});

describe('default layout', () => {
  it('puts chart and order book side by side and the position panel under them, full width', () => {
    const l = defaultLayout(1920, 1080, true);
    const [chart, book, position] = l;
    expect(chart).toMatchObject({ i: 'chart', x: 0, y: 0, w: 96, minW: 60, minH: 6 });
    expect(book).toMatchObject({ i: 'orderbook', x: 96, y: 0, w: 24, minW: 30, minH: 4, maxH: 23 });
    expect(position).toMatchObject({ i: 'position', x: 0, w: 120, h: 8, minW: 60, minH: 5 });
    expect(position?.y).toBe(chart?.h);
  });

  it('caps the order book at 23 rows on tall screens', () => {
    const book = defaultLayout(1920, 2000, true).find((it) => it.i === 'orderbook');
    expect(book?.h).toBe(23);
  });

  it('gives the chart the position panel width when the order book is hidden', () => {
    const l = defaultLayout(1500, 900, false);
    expect(l.map((it) => it.i)).toEqual(['chart', 'position']);
    expect(l[0]).toMatchObject({ x: 0, w: 120 });
  });
});

describe('stored layouts', () => {
  const stored = [
    { i: 'chart', x: 0, y: 0, w: 70, h: 10 },
    { i: 'orderbook', x: 70, y: 0, w: 50, h: 10 },
    { i: 'position', x: 0, y: 10, w: 120, h: 6 },
  ];

  it('uses a customised layout, with the limits re-attached', () => {
    const l = resolveLayout({
      pageWidth: 1920,
      viewportHeight: 1080,
      orderBookVisible: true,
      customised: true,
      saved: stored,
    });
    expect(l.map(({ i, x, y, w, h }) => ({ i, x, y, w, h }))).toEqual(stored);
    expect(l[1]).toMatchObject({ minW: 30, maxH: 23 });
  });

  it('ignores the saved layout when not customised (widths follow the page)', () => {
    const l = resolveLayout({
      pageWidth: 1920,
      viewportHeight: 1080,
      orderBookVisible: true,
      customised: false,
      saved: stored,
    });
    expect(l[0]?.w).toBe(96);
  });

  it('clamps sizes below the minimums and drops junk', () => {
    const l = sanitiseLayout(
      [
        { i: 'chart', x: 0, y: 0, w: 10, h: 1 },
        { i: 'orderbook', x: 110, y: 0, w: 5, h: 99 },
        { i: 'position', x: -5, y: 3, w: 200, h: 2 },
        { i: 'evil', x: 0, y: 0, w: 1, h: 1 },
        'junk',
        { i: 'chart', x: 1, y: 1, w: 60, h: 6 },
      ],
      true,
    );
    expect(l).toEqual([
      expect.objectContaining({ i: 'chart', w: 60, h: 6 }),
      expect.objectContaining({ i: 'orderbook', x: 90, w: 30, h: 23 }),
      expect.objectContaining({ i: 'position', x: 0, w: 120, h: 5 }),
    ]);
  });

  it('falls back to the default when a panel is missing or the value is not a list', () => {
    expect(sanitiseLayout([{ i: 'chart', x: 0, y: 0, w: 60, h: 6 }], true)).toBeUndefined();
    expect(sanitiseLayout({ chart: 1 }, true)).toBeUndefined();
    expect(
      resolveLayout({
        pageWidth: 1300,
        viewportHeight: 900,
        orderBookVisible: true,
        customised: true,
        saved: 'x',
      })[0]?.w,
    ).toBe(80);
  });

  it('hiding the order book gives the chart the position panel width', () => {
    const l = sanitiseLayout(stored, true);
    expect(l && withoutOrderBook(l)).toEqual([
      expect.objectContaining({ i: 'chart', x: 0, w: 120 }),
      expect.objectContaining({ i: 'position' }),
    ]);
  });

  it('mirrors x for right-to-left pages', () => {
    const l = mirrorLayout(defaultLayout(1920, 1080, true));
    expect(l.find((it) => it.i === 'chart')).toMatchObject({ x: 24, w: 96 });
    expect(l.find((it) => it.i === 'orderbook')).toMatchObject({ x: 0, w: 24 });
    expect(l.find((it) => it.i === 'position')).toMatchObject({ x: 0, w: 120 });
  });
});
