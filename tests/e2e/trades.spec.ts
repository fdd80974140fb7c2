/**
 * The latest-trades tab and the depth chart in Chromium against the simulator (quiet: no synthetic flow, so the
 * tests make their own trades with market orders): newest first in the taker side's colour, a brief flash that the
 * trade-preference popover turns off, click to fill the price; the depth chart's areas, mid marker and crosshair tooltip.
 */
import { expect, test, type Page } from '@playwright/test';
import { api, loginAs } from './support/orders';
import { pixelsOf } from './support/canvasPixels';
import { openPair } from './support/shell';

const SHOTS = 'tests/e2e/screenshots';

/** A market order of the logged-in account against the seeded book: one public trade per call. */
async function trade(page: Page, side: 'buy' | 'sell'): Promise<void> {
  const r = await api(page, 'POST', '/spot/api/order/orderCreate', {
    symbol_id: 1,
    side,
    type: 'market',
    // A market buy spends an amount of quote; a market sell sells a quantity of base.
    ...(side === 'buy' ? { amount: '60' } : { quantity: '0.001' }),
    client_order_id: `e2e-trade-${side}-${Date.now()}-${Math.random()}`,
  });
  expect(r.code, JSON.stringify(r)).toBe(0);
}

/** Green and red pixels of a row's price (first 90 px), from a screenshot of the trades canvas. */
async function rowColours(page: Page, row: number): Promise<{ green: number; red: number }> {
  const px = await pixelsOf(page.getByTestId('trades-canvas'));
  let green = 0;
  let red = 0;
  for (let x = 8; x < 98; x++) {
    const [r, g] = px.at(x, 24 + row * 24 + 11);
    if (g > 130 && r < 100) green++;
    if (r > 180 && g < 120) red++;
  }
  return { green, red };
}

test('latest trades: newest first in the taker colour, a flash that the preference turns off, click fills the price', async ({
  page,
}) => {
  // Its own waits (up to 15 s for the trades subscription, 10 s for the flash, 10 s for the toasts) exceed the default
  // 30 s; it takes ~16 s alone, and once ran out of time at its screenshot late in a clean-clone run.
  test.setTimeout(60_000);
  await loginAs(page, 'classic@sim.local', 'classic-pass');
  await page.getByTestId('book-tab-trades').click();
  const canvas = page.getByTestId('trades-canvas');
  await expect(canvas).toHaveAttribute('data-backend', 'canvas');
  // The hub subscribes the trades topic once the panel's worker asked for it; a trade before that is not pushed.
  await expect
    .poll(
      async () => {
        await trade(page, 'buy');
        return Number(await canvas.getAttribute('data-rows'));
      },
      { timeout: 15_000, intervals: [500, 1000] },
    )
    .toBeGreaterThan(0);
  const before = Number(await canvas.getAttribute('data-rows'));
  // A new trade flashes its row briefly.
  await trade(page, 'sell');
  await expect(canvas).toHaveAttribute('data-flashing', /^[1-9]/, { timeout: 5_000 });
  await expect(canvas).toHaveAttribute('data-flashing', '0', { timeout: 5_000 });
  expect(Number(await canvas.getAttribute('data-rows'))).toBeGreaterThan(before);
  // Newest first: the sell (red) on top, the buy (green) under it.
  // The orders' toasts sit over the list for 2.5 s: read the pixels once they are gone.
  await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 10_000 });
  const top = await rowColours(page, 0);
  expect(top.red).toBeGreaterThan(0);
  expect(top.green).toBe(0);
  const second = await rowColours(page, 1);
  expect(second.green).toBeGreaterThan(0);
  await page.locator('[data-grid-item="orderbook"]').screenshot({ path: `${SHOTS}/trades-dark.png` });
  // The panel itself carries no flash switch: it lives with the other preferences.
  await expect(page.locator('[data-grid-item="orderbook"]').getByRole('checkbox')).toHaveCount(0);
  await expect(canvas).toHaveAttribute('data-flash', 'on');
  // Flashes off in the trade-preference popover (Unit display): new trades add rows without flashing.
  await page.getByTestId('trade-preferences').click();
  const prefs = page.getByRole('dialog', { name: 'Trade preferences' });
  const flashBox = prefs.locator('[data-section="unit"]').getByLabel('Flash new trades');
  await expect(flashBox).toBeChecked();
  await expect(flashBox).toBeEnabled();
  await flashBox.uncheck();
  await page.keyboard.press('Escape');
  await expect(prefs).toBeHidden();
  await expect(canvas).toHaveAttribute('data-flash', 'off');
  const rows = Number(await canvas.getAttribute('data-rows'));
  // Sample data-flashing every animation frame from before the trades until their rows are drawn: never above 0.
  const sampled = page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const el = document.querySelector('[data-testid="trades-canvas"]');
        let max = 0;
        const end = performance.now() + 4000;
        const tick = (): void => {
          max = Math.max(max, Number(el?.getAttribute('data-flashing') ?? '0'));
          if (performance.now() < end) requestAnimationFrame(tick);
          else resolve(max);
        };
        requestAnimationFrame(tick);
      }),
  );
  await trade(page, 'buy');
  await trade(page, 'sell');
  await expect
    .poll(async () => Number(await canvas.getAttribute('data-rows')), { timeout: 10_000 })
    .toBeGreaterThan(Math.min(rows, 38));
  expect(await sampled).toBe(0);
  // The preference is remembered.
  await page.reload();
  await page.getByTestId('book-tab-trades').click();
  await expect(page.getByTestId('trades-canvas')).toHaveAttribute('data-flash', 'off');
  await page.getByTestId('trade-preferences').click();
  await expect(
    page.getByRole('dialog', { name: 'Trade preferences' }).getByLabel('Flash new trades'),
  ).not.toBeChecked();
  await page.keyboard.press('Escape');
  // Clicking the newest trade puts its price in the limit price field. (The hub keeps no trade history across a
  // reload: the list refills from the next trade.)
  await expect
    .poll(
      async () => {
        await trade(page, 'sell');
        return Number(await canvas.getAttribute('data-rows'));
      },
      { timeout: 15_000, intervals: [500, 1000] },
    )
    .toBeGreaterThan(0);
  await canvas.click({ position: { x: 40, y: 24 + 11 } });
  await expect(page.getByTestId('field-price')).not.toHaveValue('');
  await page.getByRole('radio', { name: 'Light' }).click();
  await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 10_000 });
  await page.locator('[data-grid-item="orderbook"]').screenshot({ path: `${SHOTS}/trades-light.png` });
});

test('depth chart: both sides drawn around the mid marker; hover shows price, cumulative quantity and value', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openPair(page, 'en', 'BTC', 'USDT');
  await page.getByTestId('chart-view-depth').click();
  const canvas = page.getByTestId('depth-canvas');
  await expect(canvas).toHaveAttribute('data-levels', /^[1-9]\d*$/, { timeout: 15_000 });
  // Bids (green) fill the left half near the bottom, asks (red) the right half.
  const box = await canvas.boundingBox();
  if (box === null) throw new Error('no depth canvas');
  const px = await pixelsOf(canvas);
  const sample = {
    left: px.at(px.width * 0.1, px.height - 30),
    right: px.at(px.width * 0.9, px.height - 30),
  };
  const [lr, lg] = sample.left;
  const [rr, rg] = sample.right;
  expect(lg).toBeGreaterThan(lr);
  expect(rr).toBeGreaterThan(rg);
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
  const tip = page.getByTestId('depth-tooltip');
  await expect(tip).toBeVisible();
  await expect(tip).toContainText('Price');
  await expect(tip).toContainText('Cumulative (BTC)');
  await expect(tip).toContainText('Value (USDT)');
  await page.locator('[data-grid-item="chart"]').screenshot({ path: `${SHOTS}/depth-dark.png` });
  await page.mouse.move(0, 0);
  await expect(tip).toBeHidden();
  await page.getByRole('radio', { name: 'Light' }).click();
  await page.mouse.move(box.x + box.width * 0.75, box.y + box.height / 2);
  await expect(tip).toBeVisible();
  await page.locator('[data-grid-item="chart"]').screenshot({ path: `${SHOTS}/depth-light.png` });
});
