/**
 * Cold start (issue 27): the grid's frame shows before any script runs, and the page paints and trades without
 * waiting for the chart library (its chunk loads on demand; a stalled chunk leaves the rest of the page working).
 */
import { expect, test } from '@playwright/test';
import { openPair, waitForLivePrice } from './support/shell';

test('the boot skeleton is drawn from HTML and CSS alone, before any script', async ({ browser }) => {
  const ctx = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  await page.goto('/en/trade/spot/BTC/USDT');
  const chart = page.locator('.boot-skeleton .bs-chart');
  await expect(chart).toBeVisible();
  const box = await chart.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(400);
  expect(await chart.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(21, 25, 30)');
  await ctx.close();
});

test("the skeleton's first paint waits for no stylesheet (the page's own sheet never arrives here)", async ({
  browser,
}) => {
  const ctx = await browser.newContext({ javaScriptEnabled: false });
  const page = await ctx.newPage();
  await page.route(/\/assets\/[^/]+\.css$/, () => {
    // Never answered: a render-blocking sheet would hold every paint back.
  });
  await page.goto('/en/trade/spot/BTC/USDT', { waitUntil: 'commit' });
  await expect
    .poll(() => page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length))
    .toBe(1);
  await ctx.close();
});

test('header, book and form work while the chart library has not loaded; React replaces the skeleton', async ({
  page,
}) => {
  let chartChunkAsked = false;
  await page.route(/\/assets\/ChartRenderer-[^/]+\.js$/, () => {
    chartChunkAsked = true;
    // Never answered: the chart library stalls on a slow network.
  });
  await openPair(page, 'en', 'BTC', 'USDT');
  await waitForLivePrice(page);
  await expect(page.locator('canvas[data-renderer]').first()).toBeVisible();
  await expect(page.locator('.boot-skeleton')).toHaveCount(0);
  expect(chartChunkAsked).toBe(true);
});
