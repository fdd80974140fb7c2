/** Vocabulary of the chart specs: the chart loaded with candles, an order line dragged by its handle. */
import { expect, type Locator, type Page } from '@playwright/test';
import { pastNoticeBar } from './shell';

/** The chart's canvas root (data-state, data-candles, data-symbol, ...). */
export function chartCanvas(page: Page): Locator {
  return page.getByTestId('chart-canvas');
}

/** Waits for the chart to have loaded and drawn candles. */
export async function chartReady(page: Page): Promise<void> {
  await expect(chartCanvas(page)).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
  await expect(chartCanvas(page)).toHaveAttribute('data-candles', /^[1-9]\d*$/);
}

/**
 * Where `el` is once the page's layout has settled: past the notice bar's appearance, and the same box on two reads
 * 100 ms apart. A box read just before the bar appears misses the handle by the time the mouse presses.
 */
async function settledBox(page: Page, el: Locator): Promise<{ x: number; y: number; height: number }> {
  await pastNoticeBar(page);
  let prev = await el.boundingBox();
  for (let i = 0; i < 50; i++) {
    await page.waitForTimeout(100);
    const box = await el.boundingBox();
    if (box !== null && prev !== null && box.x === prev.x && box.y === prev.y) return box;
    prev = box;
  }
  throw new Error('the element kept moving');
}

/**
 * Drags an order line by its handle 40 px down (a lower price), in steps as a hand would. The handle must be in view:
 * a line priced outside the chart's visible range has none to grab.
 */
export async function dragOrderLineDown(page: Page, line: Locator): Promise<void> {
  await expect(line, 'the order line is in the chart view').toBeVisible();
  const box = await settledBox(page, line.getByTestId('order-line-drag'));
  const x = box.x + 20;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + 15, { steps: 4 });
  await page.mouse.move(x, y + 40, { steps: 4 });
  await page.mouse.up();
}
