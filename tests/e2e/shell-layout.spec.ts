import { expect, test, type Page } from '@playwright/test';
import { gridItem, openPair, pastNoticeBar } from './support/shell';

/** The panel's box once the grid's 200 ms transitions have settled. */
async function settled(page: Page, id: 'chart' | 'orderbook' | 'position') {
  await page.waitForTimeout(400);
  return box(page, id);
}

async function box(page: Page, id: 'chart' | 'orderbook' | 'position') {
  const b = await gridItem(page, id).boundingBox();
  if (b === null) throw new Error(`${id} not laid out`);
  return b;
}

/** How far (px, the larger of width and height) the chart library's table is from its container's size. */
function chartSizeGap(page: Page): Promise<number> {
  return page.evaluate(() => {
    const box = document.querySelector('.chart-canvas');
    const table = box?.querySelector('table');
    if (!(box instanceof HTMLElement) || !(table instanceof HTMLElement)) return Infinity;
    return Math.max(
      Math.abs(box.clientWidth - table.offsetWidth),
      Math.abs(box.clientHeight - table.offsetHeight),
    );
  });
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 });
});

test('default widths follow the page width table (1920 px: chart 96, order book 24 of 120 columns)', async ({
  page,
}) => {
  await openPair(page, 'en', 'BTC', 'USDT');
  const chart = await box(page, 'chart');
  const book = await box(page, 'orderbook');
  const position = await box(page, 'position');
  // Layout width 1620 px, 120 columns with 4 px gaps.
  const col = (1620 - 119 * 4) / 120;
  expect(chart.width).toBeCloseTo(96 * col + 95 * 4, 0);
  expect(book.width).toBeCloseTo(24 * col + 23 * 4, 0);
  expect(position.width).toBeCloseTo(1620, 0);
  await page.setViewportSize({ width: 1400, height: 900 });
  await expect
    .poll(async () => Math.round((await box(page, 'chart')).width))
    .toBe(Math.round(80 * ((1100 - 476) / 120) + 79 * 4));
});

test('a resized layout is kept after reload, and reset restores the default', async ({ page }) => {
  await openPair(page, 'en', 'BTC', 'USDT');
  const before = await box(page, 'chart');
  const handle = gridItem(page, 'chart').locator('.react-resizable-handle');
  await gridItem(page, 'chart').hover();
  const h = await handle.boundingBox();
  if (h === null) throw new Error('no resize handle');
  await page.mouse.move(h.x + h.width / 2, h.y + h.height / 2);
  await page.mouse.down();
  await page.mouse.move(h.x - 150, h.y - 200, { steps: 12 });
  await page.mouse.up();
  await expect.poll(async () => (await box(page, 'chart')).width).toBeLessThan(before.width - 100);
  const resized = await settled(page, 'chart');
  expect(resized.height).toBeLessThan(before.height - 100);
  expect(await page.evaluate(() => localStorage.getItem('spot.layout.customised'))).toBe('true');

  await page.reload();
  await expect(page.getByTestId('trade-page')).toHaveAttribute('data-state', 'found');
  await expect.poll(async () => (await box(page, 'chart')).width).toBeCloseTo(resized.width, 0);
  expect((await box(page, 'chart')).height).toBeCloseTo(resized.height, 0);

  await page.getByTestId('layout-reset').click();
  await expect.poll(async () => (await box(page, 'chart')).width).toBeCloseTo(before.width, 0);
  expect((await box(page, 'chart')).height).toBeCloseTo(before.height, 0);
  expect(await page.evaluate(() => localStorage.getItem('spot.layout.customised'))).toBeNull();
  await expect(page.getByTestId('layout-reset')).toBeDisabled();
});

test('a dragged panel is kept after reload', async ({ page }) => {
  await openPair(page, 'en', 'BTC', 'USDT');
  // Positions are compared across a reload: both read once the notice bar is in (it pushes the grid down 44 px).
  await pastNoticeBar(page);
  const book = await box(page, 'orderbook');
  const head = gridItem(page, 'orderbook').locator('.panel-head');
  const hb = await head.boundingBox();
  if (hb === null) throw new Error('no header');
  // Drop the order book on the left edge: it takes the chart's place and the chart moves out of its way.
  const chart = await box(page, 'chart');
  await page.mouse.move(hb.x + 40, hb.y + hb.height / 2);
  await page.mouse.down();
  await page.mouse.move(chart.x + 40, hb.y + hb.height / 2 + 10, { steps: 20 });
  await page.mouse.up();
  await expect.poll(async () => (await box(page, 'orderbook')).x).toBeLessThan(book.x - 500);
  const moved = await settled(page, 'orderbook');
  const chartMoved = await box(page, 'chart');
  await page.reload();
  await expect(page.getByTestId('trade-page')).toHaveAttribute('data-state', 'found');
  await pastNoticeBar(page);
  await expect.poll(async () => (await box(page, 'orderbook')).x).toBeCloseTo(moved.x, 0);
  expect((await box(page, 'orderbook')).y).toBeCloseTo(moved.y, 0);
  expect((await box(page, 'chart')).x).toBeCloseTo(chartMoved.x, 0);
  expect((await box(page, 'chart')).y).toBeCloseTo(chartMoved.y, 0);
});

test('hiding the order book widens the chart; showing it resets the layout', async ({ page }) => {
  await openPair(page, 'en', 'BTC', 'USDT');
  const before = await box(page, 'chart');
  await gridItem(page, 'orderbook').getByRole('button', { name: 'Hide order book' }).click();
  await expect(gridItem(page, 'orderbook')).toHaveCount(0);
  await expect.poll(async () => Math.round((await box(page, 'chart')).width)).toBe(1620);
  // The chart library is sized by the renderer's own observer: its canvases follow the wider panel.
  await expect.poll(() => chartSizeGap(page)).toBeLessThan(2);
  await page.reload();
  await expect(gridItem(page, 'orderbook')).toHaveCount(0);
  await page.getByLabel('Show order book').check();
  await expect(gridItem(page, 'orderbook')).toHaveCount(1);
  await expect.poll(async () => (await box(page, 'chart')).width).toBeCloseTo(before.width, 0);
});

test('panels keep their minimum sizes', async ({ page }) => {
  await openPair(page, 'en', 'BTC', 'USDT');
  const before = await box(page, 'chart');
  await gridItem(page, 'chart').hover();
  const h = await gridItem(page, 'chart').locator('.react-resizable-handle').boundingBox();
  if (h === null) throw new Error('no resize handle');
  await page.mouse.move(h.x + 5, h.y + 5);
  await page.mouse.down();
  await page.mouse.move(h.x - 1500, h.y - 1500, { steps: 15 });
  await page.mouse.up();
  const col = (1620 - 119 * 4) / 120;
  await expect
    .poll(async () => Math.round((await box(page, 'chart')).width))
    .toBe(Math.round(60 * col + 59 * 4));
  expect(Math.round((await box(page, 'chart')).height)).toBe(6 * 44 + 5 * 4);
  expect(before.width).toBeGreaterThan(60 * col);
});
