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

test("before the app's scripts run, the skeleton's header names the URL's pair, right to left in ar-SA", async ({
  browser,
}) => {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  await page.route(/\/assets\/[^/]+\.js$/, (r) => r.abort()); // Only index.html's own boot script runs.
  const pair = page.locator('.boot-skeleton .bs-pair');
  const x = (sel: string): Promise<number> =>
    page.locator(`.boot-skeleton ${sel}`).evaluate((el) => el.getBoundingClientRect().x);

  await page.goto('/en/trade/spot/eth/usdt');
  await expect(pair).toBeVisible();
  await expect(pair.locator('bdi')).toHaveText('ETH/USDT');
  expect(await page.evaluate(() => document.documentElement.dir)).not.toBe('rtl');
  expect(await x('.bs-side')).toBeGreaterThan(await x('.bs-chart'));

  await page.goto('/ar-SA/trade/spot/BTC/USDT');
  await expect(pair.locator('bdi')).toHaveText('BTC/USDT');
  expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  expect(await x('.bs-side')).toBeLessThan(await x('.bs-chart'));

  // Anything but letters and digits names no pair: the URL is never written into the page as markup.
  await page.goto('/en/trade/spot/%3Cimg%20src=x%3E/USDT');
  await expect(pair).toBeHidden();
  expect(await page.locator('.boot-skeleton img').count()).toBe(0);
  await ctx.close();
});

test('the skeleton paints in the light theme when it is stored, and on LT pages', async ({ browser }) => {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  await page.route(/\/assets\/[^/]+\.js$/, (r) => r.abort()); // Only index.html's own boot script runs.
  const panel = page.locator('.boot-skeleton .bs-chart');
  const bg = (): Promise<string> => panel.evaluate((el) => getComputedStyle(el).backgroundColor);

  await page.goto('/en/trade/spot/lt/BTC3L/USDT');
  expect(await bg()).toBe('rgb(255, 255, 255)');
  await page.goto('/en/trade/spot/BTC/USDT');
  expect(await bg()).toBe('rgb(21, 25, 30)');
  await page.evaluate(() => {
    localStorage.setItem('spot.theme', '"light"');
  });
  await page.goto('/en/trade/spot/BTC/USDT');
  expect(await bg()).toBe('rgb(255, 255, 255)');
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).toBe(
    'rgb(243, 245, 247)',
  );
  await expect(page.locator('.boot-skeleton .bs-pair')).toHaveCSS('color', 'rgb(18, 18, 20)');
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

test("the app's scripts are asked for only once the skeleton is on screen; a tab that draws no frame still starts", async ({
  browser,
}) => {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await ctx.newPage();
  // Every script request against the first contentful paint, both on the page's own clock.
  const firstScriptAfterPaint = (): Promise<number> =>
    page.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Infinity;
      const js = performance
        .getEntriesByType('resource')
        .filter((e) => /\/assets\/[^/]+\.js$/.test(e.name))
        .map((e) => e.startTime);
      return js.length === 0 ? -Infinity : Math.min(...js) - fcp;
    });
  await page.goto('/en/trade/spot/BTC/USDT');
  await expect(page.locator('.boot-skeleton')).toHaveCount(0);
  expect(await firstScriptAfterPaint()).toBeGreaterThanOrEqual(0);

  // A tab opened in the background draws no frame (here: hidden, and frame callbacks never run).
  await page.addInitScript(() => {
    Object.defineProperty(document, 'visibilityState', { get: () => 'hidden' });
    window.requestAnimationFrame = () => 0;
  });
  await page.goto('/en/trade/spot/ETH/USDT');
  await expect(page.locator('.boot-skeleton')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: /ETH\/USDT/ })).toBeVisible();
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

/** The chart library's own canvases (not the live-bar layers the app adds beside them). */
const LIBRARY_CANVAS = 'canvas:not([data-testid="chart-live-layer"])';

test("the chart's first frame is laid out with its candles: the price axis never shows empty first", async ({
  page,
}) => {
  // Canvas widths of the chart in the frame where the library first paints (this frame callback is asked for just
  // after the library's own, when its table is inserted), against the widths once the candles are drawn. A chart
  // built before its candles paints with a narrow empty price axis, then lays every canvas out again. Only the library's
  // canvases count: the live-bar layers added beside them come when the first trade does, before or after that frame.
  await page.addInitScript((library: string) => {
    const w = window as unknown as { __firstChartFrame?: number[] };
    new MutationObserver((_, obs) => {
      const chart = document.querySelector('.tv-lightweight-charts');
      if (chart === null) return;
      obs.disconnect();
      requestAnimationFrame(() => {
        w.__firstChartFrame = [...chart.querySelectorAll<HTMLCanvasElement>(library)].map((c) => c.width);
      });
    }).observe(document, { childList: true, subtree: true });
  }, LIBRARY_CANVAS);
  await openPair(page, 'en', 'BTC', 'USDT');
  const chart = page.getByTestId('chart-canvas');
  await expect(chart).toHaveAttribute('data-candles', /^[1-9]\d*$/);
  await expect(chart).toHaveAttribute('data-last-close', /^\d/);
  const first = await page.evaluate(
    () => (window as unknown as { __firstChartFrame?: number[] }).__firstChartFrame,
  );
  const now = await chart.evaluate(
    (el, library) =>
      [...el.querySelectorAll<HTMLCanvasElement>(`.tv-lightweight-charts ${library}`)].map((c) => c.width),
    LIBRARY_CANVAS,
  );
  expect(first?.length ?? 0).toBeGreaterThan(4);
  expect(first).toEqual(now);
});
