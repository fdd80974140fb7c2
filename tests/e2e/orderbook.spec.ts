/** The order book panel in Chromium against the simulator: rows drawn, hover tooltip, step regrouping, click to fill. */
import { expect, test, type Page } from '@playwright/test';
import { loginAs } from './support/orders';
import { pixelsOf } from './support/canvasPixels';
import { openPair, waitForLivePrice } from './support/shell';

const SHOTS = 'tests/e2e/screenshots';

/** Best bid and ask as the accessible summary states them. */
async function summary(page: Page): Promise<string> {
  await expect(page.getByTestId('book-summary')).not.toHaveText('', { timeout: 15_000 });
  return (await page.getByTestId('book-summary').textContent()) ?? '';
}

test('the book draws rows on both sides with the last price between, and summarises the best bid and ask', async ({
  page,
}) => {
  await openPair(page, 'en', 'BTC', 'USDT');
  await waitForLivePrice(page);
  const canvas = page.getByTestId('book-canvas');
  await expect(canvas).toHaveAttribute('data-rows', /^[1-9]\d*$/, { timeout: 15_000 });
  // The drawn rows' report brings the depth steps: the dropdown shows the step as soon as the rows are there.
  expect(await page.getByTestId('book-step').inputValue()).toMatch(/^\d/);
  expect(await summary(page)).toMatch(/^Best bid [\d,]+\.\d{2}, best ask [\d,]+\.\d{2}$/);
  // Layout 1: the best ask row (just above the mid strip) has red price text, the best bid row (just below) green.
  const perSide = Number(await canvas.getAttribute('data-bids'));
  expect(perSide).toBeGreaterThanOrEqual(4);
  const askY = 24 + (perSide - 1) * 24 + 11;
  const bidY = 24 + perSide * 24 + 32 + 11;
  // Read from a screenshot: the canvas is painted by a worker (OffscreenCanvas), as the user sees it.
  const px = await pixelsOf(canvas);
  const reds: (readonly number[])[] = [];
  const greens: (readonly number[])[] = [];
  for (let x = 8; x < 80; x += 1) {
    reds.push(px.at(x, askY));
    greens.push(px.at(x, bidY));
  }
  expect(reds.some(([r = 0, g = 0]) => r > 180 && g < 120)).toBe(true);
  expect(greens.some(([r = 0, g = 0]) => g > 130 && r < 100)).toBe(true);
  expect(reds.some(([r = 0, g = 0]) => g > 130 && r < 100)).toBe(false);
  // The last price in the band between the sides (the paint worker takes it from the hub with the book): text in
  // the up or down colour (or the text colour when flat), on the dark band.
  const midTop = 24 + perSide * 24;
  let lit = 0;
  for (let y = midTop + 10; y <= midTop + 22; y += 1)
    for (let x = 8; x < 120; x += 1) {
      const [r, g, b] = px.at(x, y);
      if (Math.max(r, g, b) > 150) lit++;
    }
  expect(lit).toBeGreaterThan(20);
  await page.screenshot({ path: `${SHOTS}/orderbook-layout1-dark.png` });
});

test('hovering a row shows average price, sum quantity and sum value; layouts 2 and 3 show one side', async ({
  page,
}) => {
  await openPair(page, 'en', 'BTC', 'USDT');
  const canvas = page.getByTestId('book-canvas');
  await expect(canvas).toHaveAttribute('data-rows', /^[1-9]\d*$/, { timeout: 15_000 });
  const box = await canvas.boundingBox();
  if (box === null) throw new Error('no canvas box');
  await canvas.hover({ position: { x: box.width / 2, y: box.height - 40 } });
  const tip = page.getByTestId('book-tooltip');
  await expect(tip).toBeVisible();
  await expect(tip).toContainText('Avg. price');
  await expect(tip).toContainText('Sum (BTC)');
  await expect(tip).toContainText('Total value (USDT)');
  await page.screenshot({ path: `${SHOTS}/orderbook-hover-dark.png` });
  await page.mouse.move(0, 0);
  await expect(tip).toBeHidden();
  const perSide = Number(await canvas.getAttribute('data-bids'));
  expect(Number(await canvas.getAttribute('data-asks'))).toBe(perSide);
  // Layout 2: bids only, and the whole height for them; layout 3: asks only.
  await page.getByTestId('book-layout-2').click();
  await expect(canvas).toHaveAttribute('data-asks', '0');
  expect(Number(await canvas.getAttribute('data-bids'))).toBeGreaterThan(perSide);
  await page.getByTestId('book-layout-3').click();
  await expect(canvas).toHaveAttribute('data-bids', '0');
  expect(Number(await canvas.getAttribute('data-asks'))).toBeGreaterThan(perSide);
  await page.getByRole('radio', { name: 'Light' }).click();
  await page.screenshot({ path: `${SHOTS}/orderbook-layout3-light.png` });
});

test('switching the depth step regroups the rows to multiples of the step', async ({ page }) => {
  await openPair(page, 'en', 'BTC', 'USDT');
  await summary(page);
  const step = page.getByTestId('book-step');
  await expect(step.locator('option[value="10"]')).toHaveCount(1, { timeout: 15_000 });
  await step.selectOption('10');
  // Prices at step 10 print without decimals and are multiples of 10.
  await expect
    .poll(async () => (await page.getByTestId('book-summary').textContent()) ?? '', { timeout: 10_000 })
    .toMatch(/^Best bid [\d,]*0, best ask [\d,]*0$/);
  // The choice is remembered for the symbol.
  await page.reload();
  await expect(page.getByTestId('book-step')).toHaveValue('10', { timeout: 15_000 });
});

test('clicking a book row puts its price in the limit price field', async ({ page }) => {
  await loginAs(page, 'classic@sim.local', 'classic-pass');
  const canvas = page.getByTestId('book-canvas');
  await expect(canvas).toHaveAttribute('data-rows', /^[1-9]\d*$/, { timeout: 15_000 });
  const text = await summary(page);
  const bid = /Best bid ([\d,.]+)/.exec(text)?.[1]?.replace(/,/g, '') ?? '';
  const box = await canvas.boundingBox();
  if (box === null) throw new Error('no canvas box');
  const rows = Number(await canvas.getAttribute('data-rows'));
  const perSide = rows / 2;
  // The best bid is the first row under the mid strip: caption 24 + asks + mid strip 32.
  await canvas.click({ position: { x: 30, y: 24 + perSide * 24 + 32 + 11 } });
  const price = page.getByTestId('field-price');
  await expect(price).not.toHaveValue('');
  const clicked = Number((await price.inputValue()).replace(/,/g, ''));
  // The book moves while we click: the filled price is the best bid of that moment, close to the summary's.
  expect(Math.abs(clicked - Number(bid)) / Number(bid)).toBeLessThan(0.01);
});
