/** Vocabulary of the chart specs: the chart loaded with candles, an order line dragged by its handle. */
import { expect, type Locator, type Page } from '@playwright/test';

/** The chart's canvas root (data-state, data-candles, data-symbol, ...). */
export function chartCanvas(page: Page): Locator {
  return page.getByTestId('chart-canvas');
}

/** Waits for the chart to have loaded and drawn candles. */
export async function chartReady(page: Page): Promise<void> {
  await expect(chartCanvas(page)).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
  await expect(chartCanvas(page)).not.toHaveAttribute('data-candles', '0');
}

/** Drags an order line by its handle 40 px down (a lower price), in steps as a hand would. */
export async function dragOrderLineDown(page: Page, line: Locator): Promise<void> {
  const box = await line.getByTestId('order-line-drag').boundingBox();
  if (box === null) throw new Error('no handle');
  const x = box.x + 20;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + 15, { steps: 4 });
  await page.mouse.move(x, y + 40, { steps: 4 });
  await page.mouse.up();
}
