/**
 * The order book and the trader's own orders in Chromium against the simulator: a limit order placed from the order
 * form is marked in its book row (drawn, stated in the canvas's description and on `data-own`); a click on a row's
 * total column fills both its price and the summed quantity into the order form, in layouts 1 and 4.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { pixelsOf } from './support/canvasPixels';
import { cancelEverything, fill, loginAs, pickKind, toasts } from './support/orders';

const SHOTS = 'tests/e2e/screenshots';

async function bookReady(page: Page): Promise<Locator> {
  const canvas = page.getByTestId('book-canvas');
  await expect(canvas).toHaveAttribute('data-rows', /^[1-9]\d*$/, { timeout: 15_000 });
  return canvas;
}

/** Best bid from the spoken summary, as a number. */
async function bestBid(page: Page): Promise<number> {
  const summary = page.getByTestId('book-summary');
  await expect(summary).toHaveText(/^Best bid [\d,.]+/, { timeout: 15_000 });
  const text = (await summary.textContent()) ?? '';
  return Number(/Best bid ([\d,.]+)/.exec(text)?.[1]?.replace(/,/g, '') ?? 'NaN');
}

/** Green pixels in the 4 px at the start edge of the bid rows of layout 1 (where an own-order mark is drawn). */
async function markPixels(canvas: Locator): Promise<number> {
  const perSide = Number(await canvas.getAttribute('data-bids'));
  const px = await pixelsOf(canvas);
  let n = 0;
  for (let i = 0; i < perSide; i++) {
    const y = 24 + perSide * 24 + 32 + i * 24 + 11;
    for (let x = 1; x < 4; x++) {
      const [r, g] = px.at(x, y);
      if (g > 130 && r < 100) n++;
    }
  }
  return n;
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
});

test('a limit buy placed in the order form is marked in its book row, drawn and stated', async ({ page }) => {
  await loginAs(page, 'classic@sim.local', 'classic-pass');
  await cancelEverything(page);
  const canvas = await bookReady(page);
  await page.getByTestId('book-layout-1').click();
  await expect(canvas).toHaveAttribute('data-own', '');
  await expect(page.getByTestId('book-own')).toHaveText('');
  expect(await markPixels(canvas)).toBe(0);
  // Just under the best bid: the order makes its own level there, in the first few bid rows.
  const price = (Math.floor((await bestBid(page)) * 100) / 100 - 0.37).toFixed(2);
  await pickKind(page, 'limit');
  await page.getByTestId('side-buy').click();
  await fill(page, 'field-price', price);
  await fill(page, 'field-qty', '0.002');
  await page.getByTestId('order-submit').click();
  const confirm = page.getByTestId('confirm-create');
  if (
    await confirm.waitFor({ state: 'visible', timeout: 2_000 }).then(
      () => true,
      () => false,
    )
  )
    await page.getByTestId('confirm-create-confirm').click();
  await expect(toasts(page).filter({ hasText: 'Order successful' })).toBeVisible({ timeout: 10_000 });
  // Marked: the row's price on data-own, the canvas's accessible description, and a mark drawn at the start edge.
  await expect(canvas).toHaveAttribute('data-own', `bid:${price}`, { timeout: 10_000 });
  const shown = Number(price).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  await expect(page.getByTestId('book-own')).toHaveText(`Your orders at ${shown}`);
  await expect(canvas).toHaveAccessibleDescription(
    new RegExp(`Your orders at ${shown.replace(/\./g, '\\.')}$`),
  );
  await expect(toasts(page)).toHaveCount(0, { timeout: 10_000 });
  expect(await markPixels(canvas)).toBeGreaterThan(0);
  await page.locator('[data-grid-item="orderbook"]').screenshot({ path: `${SHOTS}/book-own-order-dark.png` });
  // Cancelled: the mark goes.
  await cancelEverything(page);
  await expect(canvas).toHaveAttribute('data-own', '', { timeout: 10_000 });
  await expect(page.getByTestId('book-own')).toHaveText('');
});

test('a click on a row total fills its price and the summed quantity; a click on the price only the price', async ({
  page,
}) => {
  await loginAs(page, 'classic@sim.local', 'classic-pass');
  await cancelEverything(page);
  const canvas = await bookReady(page);
  await pickKind(page, 'limit');
  const price = page.getByTestId('field-price');
  const qty = page.getByTestId('field-qty');
  const box = await canvas.boundingBox();
  if (box === null) throw new Error('no canvas box');

  // Layout 1: the third bid row's total column (the end third) is cumulative; its price column is not.
  await page.getByTestId('book-layout-1').click();
  const perSide = Number(await canvas.getAttribute('data-bids'));
  const thirdBidY = 24 + perSide * 24 + 32 + 2 * 24 + 11;
  await fill(page, 'field-qty', '');
  await canvas.click({ position: { x: 30, y: thirdBidY } });
  await expect(price).not.toHaveValue('');
  await expect(qty).toHaveValue('');
  await canvas.click({ position: { x: box.width - 20, y: thirdBidY - 2 * 24 } });
  await expect(qty).not.toHaveValue('');
  const q0 = Number((await qty.inputValue()).replace(/,/g, ''));
  await canvas.click({ position: { x: box.width - 20, y: thirdBidY } });
  // Three levels summed are more than the best level alone; the price is a bid under the best.
  await expect.poll(async () => Number((await qty.inputValue()).replace(/,/g, ''))).toBeGreaterThan(q0);
  const p1 = Number((await price.inputValue()).replace(/,/g, ''));
  expect(p1).toBeLessThan(await bestBid(page));

  // Layout 4: the outer edge of the left (bid) half is its total column; the first row's sum is the best level only,
  // the fifth row's sum is larger.
  await page.getByTestId('book-layout-4').click();
  await expect(canvas).not.toHaveAttribute('data-asks', '0');
  await fill(page, 'field-qty', '');
  await canvas.click({ position: { x: 14, y: 24 + 11 } });
  await expect(qty).not.toHaveValue('');
  const best = Number((await qty.inputValue()).replace(/,/g, ''));
  await canvas.click({ position: { x: 14, y: 24 + 4 * 24 + 11 } });
  await expect.poll(async () => Number((await qty.inputValue()).replace(/,/g, ''))).toBeGreaterThan(best);
  // The ask half's outer edge (right) too: its price is an ask, above the best bid.
  await canvas.click({ position: { x: box.width - 14, y: 24 + 11 } });
  await expect.poll(async () => Number((await price.inputValue()).replace(/,/g, ''))).toBeGreaterThan(p1);
  // The price at the centre line fills the price only.
  await fill(page, 'field-qty', '');
  await canvas.click({ position: { x: box.width / 2 - 20, y: 24 + 11 } });
  await expect(price).not.toHaveValue('');
  await page.waitForTimeout(300);
  await expect(qty).toHaveValue('');
});
