/**
 * The chart panel in Chromium against the simulator: intervals and chart types drawn (screenshots of each type,
 * dark and light), the pin editor, fill markers and the trade-info modal, order lines (drag to modify, cancel with
 * and without the confirm), the hover quick order, views, failures (kline fetch failure, corrupt config) and layout
 * sync. Each logged-in test uses its own seeded account so open orders do not leak between tests.
 */
import { expect, test, type Page } from '@playwright/test';
import { api, cancelEverything, lastPrice, loginAs, openRows, setConfirmFlags } from './support/orders';
import { chartCanvas as canvas, chartReady, dragOrderLineDown } from './support/chart';
import { openPair, rawKeysOnPage } from './support/shell';

test.use({ viewport: { width: 1600, height: 1000 } });

const SHOTS = 'tests/e2e/screenshots';
const TYPES = ['bar', 'candle', 'hollow', 'heikinAshi', 'line', 'area', 'baseline'] as const;

/**
 * Share of pixels of the chart's largest canvas that differ from its background (top-left) pixel: a blank canvas
 * gives ~0, drawn candles a few percent.
 */
async function ink(page: Page): Promise<number> {
  return canvas(page).evaluate((root) => {
    const all = [...root.querySelectorAll('canvas')];
    const c = all.sort((a, b) => b.width * b.height - a.width * a.height)[0];
    const ctx = c?.getContext('2d');
    if (c === undefined || ctx === null || ctx === undefined) return 0;
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    let diff = 0;
    for (let i = 0; i < d.length; i += 16)
      if (
        Math.abs((d[i] ?? 0) - (d[0] ?? 0)) +
          Math.abs((d[i + 1] ?? 0) - (d[1] ?? 0)) +
          Math.abs((d[i + 2] ?? 0) - (d[2] ?? 0)) >
        30
      )
        diff++;
    return diff / (d.length / 16);
  });
}

async function setTheme(page: Page, theme: 'Dark' | 'Light'): Promise<void> {
  await page.getByRole('radio', { name: theme, exact: true }).click();
}

async function shootChart(page: Page, name: string): Promise<void> {
  const box = await page.locator('[data-panel="chart"]').boundingBox();
  if (box === null) throw new Error('no chart panel');
  await page.screenshot({
    path: `${SHOTS}/${name}.png`,
    clip: { x: box.x, y: box.y, width: box.width, height: Math.min(box.height, 1000 - box.y) },
  });
}

test('interval and chart type changes are drawn; every chart type in dark and light', async ({ page }) => {
  test.setTimeout(120_000);
  await openPair(page, 'en', 'BTC', 'USDT');
  await chartReady(page);
  await expect(canvas(page)).toHaveAttribute('data-interval', '30');
  expect(await ink(page)).toBeGreaterThan(0.01);

  const drawnBefore = Number(await canvas(page).getAttribute('data-drawn'));
  await page.getByTestId('interval-60').click();
  await expect(canvas(page)).toHaveAttribute('data-interval', '60');
  await expect(canvas(page)).toHaveAttribute('data-drawn', String(drawnBefore + 1), { timeout: 10_000 });
  await expect(page.getByTestId('interval-60')).toHaveAttribute('aria-pressed', 'true');
  // An unpinned interval from the dropdown.
  await page.getByTestId('interval-more').click();
  await page.getByTestId('interval-5').click();
  await expect(canvas(page)).toHaveAttribute('data-interval', '5');
  await chartReady(page);
  await expect(page.getByTestId('interval-more')).toHaveText(/5m/);

  for (const theme of ['Dark', 'Light'] as const) {
    await setTheme(page, theme);
    for (const type of TYPES) {
      await page.getByTestId('chart-type').click();
      await page.getByTestId(`type-${type}`).click();
      await expect(canvas(page)).toHaveAttribute('data-type', type);
      await page.mouse.move(5, 5);
      await page.waitForTimeout(300);
      expect(await ink(page), `${type} ${theme}`).toBeGreaterThan(0.01);
      await shootChart(page, `chart-type-${type}-${theme.toLowerCase()}`);
    }
  }
  // Remembered across a reload.
  await page.reload();
  await chartReady(page);
  await expect(canvas(page)).toHaveAttribute('data-type', 'baseline');
  await expect(canvas(page)).toHaveAttribute('data-interval', '5');
});

test('indicators: MACD and RSI get panes; the toolbar in en and ar-SA, dark and light', async ({ page }) => {
  test.setTimeout(90_000);
  await openPair(page, 'en', 'BTC', 'USDT');
  await chartReady(page);
  await page.getByTestId('chart-indicators').click();
  await page.getByTestId('indicator-MACD').check();
  await page.getByTestId('indicator-RSI').check();
  await page.getByTestId('indicator-BOLL').check();
  await expect(canvas(page)).toHaveAttribute('data-indicators', 'EMA,BOLL,VOL,MACD,RSI');
  await page.keyboard.press('Escape');
  expect(await canvas(page).locator('canvas').count()).toBeGreaterThan(8);
  await shootChart(page, 'chart-indicators-dark');
  await page.getByTestId('chart-display').click();
  await shootChart(page, 'chart-display-menu-en-dark');
  await page.keyboard.press('Escape');
  for (const [locale, theme] of [
    ['en', 'Light'],
    ['ar-SA', 'Light'],
    ['ar-SA', 'Dark'],
  ] as const) {
    // The theme is switched on the English page (the radio names are translated) and remembered.
    if (locale === 'en' || theme === 'Dark') {
      await openPair(page, 'en', 'BTC', 'USDT');
      await setTheme(page, theme);
    }
    await openPair(page, locale, 'BTC', 'USDT');
    await chartReady(page);
    expect(await rawKeysOnPage(page)).toEqual([]);
    await page.getByTestId('chart-type').click();
    await shootChart(page, `chart-toolbar-${locale}-${theme.toLowerCase()}`);
    await page.keyboard.press('Escape');
  }
  await expect(page.getByTestId('chart-tab-chart')).toHaveText('الرسم البياني');
});

test('compare overlays a second symbol as percentages; screenshot downloads a PNG; fullscreen covers the page', async ({
  page,
}) => {
  await openPair(page, 'en', 'BTC', 'USDT');
  await chartReady(page);
  await page.getByTestId('chart-compare').click();
  await page.getByTestId('compare-ETHUSDT').click();
  await expect(canvas(page)).toHaveAttribute('data-compare', 'ETHUSDT');
  await expect(page.getByTestId('chart-compare')).toHaveText(/ETHUSDT/);
  await page.waitForTimeout(800);
  await page.mouse.move(5, 5);
  await shootChart(page, 'chart-compare-dark');

  const download = page.waitForEvent('download');
  await page.getByTestId('chart-screenshot').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^BTCUSDT-30-[\d-]+\.png$/);

  await page.getByTestId('chart-fullscreen').click();
  await expect(page.getByTestId('chart-area')).toHaveClass(/is-fullscreen/);
  const area = await page.getByTestId('chart-area').boundingBox();
  expect(area?.width).toBeGreaterThan(1500);
  await page.getByTestId('chart-fullscreen').click();
  await expect(page.getByTestId('chart-area')).not.toHaveClass(/is-fullscreen/);
  await page.getByTestId('chart-compare').click();
  await page.getByTestId('compare-none').click();
  await expect(canvas(page)).toHaveAttribute('data-compare', '');
});

test('the interval pin editor pins, unpins, resets and confirms; the choice is remembered', async ({
  page,
}) => {
  await openPair(page, 'en', 'BTC', 'USDT');
  await chartReady(page);
  const bar = page.getByTestId('chart-intervals');
  await expect(bar.getByTestId('interval-5')).toHaveCount(0);
  await page.getByTestId('interval-more').click();
  await page.getByTestId('interval-customize').click();
  await expect(page.getByTestId('interval-editor')).toBeVisible();
  await page.getByTestId('pin-5').click();
  await page.getByTestId('pin-1s').click();
  await expect(page.getByTestId('pin-5')).toHaveAttribute('aria-pressed', 'true');
  await shootChart(page, 'chart-pin-editor-dark');
  await page.getByTestId('pin-confirm').click();
  await expect(bar.locator('> button')).toHaveText(['5m', '15m', '1h', '4h', '1D', '1W', '1M']);
  await page.reload();
  await chartReady(page);
  await expect(bar.locator('> button')).toHaveText(['5m', '15m', '1h', '4h', '1D', '1W', '1M']);
  await page.getByTestId('interval-more').click();
  await page.getByTestId('interval-customize').click();
  await page.getByTestId('pin-reset').click();
  await page.getByTestId('pin-confirm').click();
  await expect(bar.locator('> button')).toHaveText(['1s', '15m', '1h', '4h', '1D', '1W', '1M']);
});

test('views: simple and pro remembered, depth not; demo accounts see only the heading', async ({ page }) => {
  await openPair(page, 'en', 'BTC', 'USDT');
  await chartReady(page);
  await page.getByTestId('chart-view-simple').click();
  await chartReady(page);
  await expect(canvas(page)).toHaveAttribute('data-type', 'area');
  await expect(page.getByTestId('chart-type')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('chart-view-simple')).toHaveAttribute('aria-checked', 'true');
  await page.getByTestId('chart-view-depth').click();
  await expect(page.getByTestId('depth-chart')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('chart-view-simple')).toHaveAttribute('aria-checked', 'true');
  await page.getByTestId('chart-view-pro').click();
  await page.getByTestId('chart-tab-analysis').click();
  await expect(page.getByTestId('trade-analysis')).toContainText('Log in');

  await loginAs(page, 'demo@sim.local', 'demo-pass');
  await expect(page.getByTestId('chart-heading')).toBeVisible();
  await expect(page.getByTestId('chart-tabs')).toHaveCount(0);
  await chartReady(page);
});

test('a kline fetch failure leaves an empty chart with a retry; a corrupt saved config is replaced by the defaults', async ({
  page,
  context,
}) => {
  await context.addInitScript(() => {
    // The hub's dedicated-Worker fallback: Playwright routes a dedicated worker's requests, not a SharedWorker's.
    Reflect.deleteProperty(window, 'SharedWorker');
    if (sessionStorage.getItem('seeded') === null) {
      localStorage.setItem('spot.chart.klineConfig', '{"interval": "7", broken');
      sessionStorage.setItem('seeded', '1');
    }
  });
  let fail = true;
  await context.route('**/v5/market/kline**', (route) =>
    fail ? route.fulfill({ status: 200, body: '{"retCode":10001,"retMsg":"down"}' }) : route.continue(),
  );
  await openPair(page, 'en', 'ETH', 'USDT');
  await expect(page.getByTestId('chart-empty')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('chart-empty')).toContainText('failed to load');
  await shootChart(page, 'chart-load-failed-dark');
  fail = false;
  await page.getByTestId('chart-retry').click();
  await chartReady(page);
  await expect(page.getByTestId('chart-empty')).toHaveCount(0);
  // The corrupt key was discarded: defaults (30 min) and a valid key again.
  await expect(canvas(page)).toHaveAttribute('data-interval', '30');
  const stored = await page.evaluate(
    () =>
      JSON.parse(localStorage.getItem('spot.chart.klineConfig') ?? 'null') as { interval?: string } | null,
  );
  expect(stored?.interval).toBe('30');
});

test('fills: markers show and hide with the toggle; a marker opens the trade info', async ({ page }) => {
  test.setTimeout(60_000);
  await loginAs(page, 'classic@sim.local', 'classic-pass');
  await chartReady(page);
  const buy = await api(page, 'POST', '/spot/api/order/orderCreate', {
    symbol_id: 1,
    side: 'buy',
    type: 'market',
    amount: '50',
    market_unit: 'quoteCoin',
    client_order_id: `chart-fill-${Date.now()}`,
  });
  expect(buy.code).toBe(0);
  await expect(canvas(page)).not.toHaveAttribute('data-markers', '0', { timeout: 15_000 });
  await page.getByTestId('interval-60').click();
  await chartReady(page);
  await expect(canvas(page)).not.toHaveAttribute('data-markers', '0', { timeout: 15_000 });
  await page.mouse.move(5, 5);
  await shootChart(page, 'chart-fill-markers-dark');
  await page.getByTestId('chart-display').click();
  await page.getByTestId('display-fills').uncheck();
  await expect(canvas(page)).toHaveAttribute('data-markers', '0');
  await page.getByTestId('display-fills').check();
  await expect(canvas(page)).not.toHaveAttribute('data-markers', '0', { timeout: 15_000 });
  await page.keyboard.press('Escape');
  // Click the buy marker on the canvas: below the newest bar (default spacing 6 px, right offset 6 bars, so its
  // centre is 39 px left of the pane's edge), found by its colour.
  await page.mouse.move(5, 5);
  const pt = await canvas(page).evaluate((root) => {
    const c = [...root.querySelectorAll('canvas')].sort((a, b) => b.width * b.height - a.width * a.height)[0];
    const ctx = c?.getContext('2d');
    if (c === undefined || ctx === null || ctx === undefined) return null;
    const r = c.getBoundingClientRect();
    const dpr = c.width / r.width;
    const d = ctx.getImageData(0, 0, c.width, c.height).data;
    let best: { x: number; y: number } | null = null;
    for (let x = c.width - Math.round(42 * dpr); x < c.width - Math.round(36 * dpr); x++)
      for (let y = c.height - 1; y >= 0; y--) {
        const i = (y * c.width + x) * 4;
        const green =
          Math.abs((d[i] ?? 0) - 0x20) < 20 &&
          Math.abs((d[i + 1] ?? 0) - 0xb2) < 20 &&
          Math.abs((d[i + 2] ?? 0) - 0x6c) < 20;
        if (green) {
          if (best === null || y > best.y) best = { x, y };
          break;
        }
      }
    return best === null ? null : { x: r.left + best.x / dpr, y: r.top + best.y / dpr };
  });
  expect(pt).not.toBeNull();
  const modal = page.getByTestId('trade-info');
  for (const dy of [0, -3, -6, -9, -12, -15, -18, -21, -24]) {
    if (pt === null || (await modal.count()) > 0) break;
    await page.mouse.click(pt.x, pt.y + dy);
    await page.waitForTimeout(200);
  }
  await expect(modal).toBeVisible();
  await expect(modal.getByTestId('trade-info-row').first()).toContainText('Market');
  await expect(modal.getByTestId('trade-info-row').first()).toContainText('USDT');
  await page.screenshot({ path: `${SHOTS}/chart-trade-info-dark.png` });
  await modal.getByTestId('trade-info-close').click();
  await expect(modal).toBeHidden();
  // In fullscreen the trade info is a notice dialog inside the fullscreen chart.
  await page.getByTestId('chart-fullscreen').click();
  await page.getByTestId('fill-marker').last().focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('chart-area').getByTestId('trade-info')).toContainText('Deal price');
  await page.getByTestId('trade-info-confirm').click();
  await expect(page.getByTestId('trade-info')).toHaveCount(0);
  await page.getByTestId('chart-fullscreen').click();

  // Average buy line: shown when toggled on and the average is above 0; the legend names the period.
  await page.getByTestId('chart-display').click();
  await page.getByTestId('display-avg-buy-days').selectOption('365');
  await expect(page.getByTestId('display-avg-buy-days').locator('option:checked')).toHaveText('Last year');
  await page.getByTestId('display-avg-buy').check();
  await expect(canvas(page)).toHaveAttribute('data-avg-lines', 'avg-buy', { timeout: 10_000 });
  await page.getByTestId('display-avg-sell').check();
  // No sells yet: no sell line (average 0).
  await page.waitForTimeout(1000);
  await expect(canvas(page)).toHaveAttribute('data-avg-lines', 'avg-buy');
  await page.keyboard.press('Escape');
  await page.mouse.move(5, 5);
  await shootChart(page, 'chart-average-line-dark');
  await page.getByTestId('chart-display').click();
  await page.getByTestId('display-avg-buy').uncheck();
  await expect(canvas(page)).toHaveAttribute('data-avg-lines', '');
});

test('time-frame presets page back; scrolling left lazily loads older candles', async ({ page }) => {
  test.setTimeout(60_000);
  await openPair(page, 'en', 'BTC', 'USDT');
  await chartReady(page);
  await expect(canvas(page)).toHaveAttribute('data-candles', '500');
  // 1 day of 1 minute candles: 1,440 candles, three pages.
  await page.getByTestId('chart-presets').click();
  await page.getByTestId('preset-1d').click();
  await expect(canvas(page)).toHaveAttribute('data-interval', '1');
  await expect
    .poll(async () => Number(await canvas(page).getAttribute('data-candles')), { timeout: 15_000 })
    .toBeGreaterThan(1400);
  await page.getByTestId('interval-15').click();
  await expect(canvas(page)).toHaveAttribute('data-candles', '500', { timeout: 15_000 });
  // Drag the chart to the right (back in time) until the oldest candles come into view.
  const box = await canvas(page).boundingBox();
  if (box === null) throw new Error('no canvas');
  for (let i = 0; i < 12 && Number(await canvas(page).getAttribute('data-candles')) <= 500; i++) {
    await page.mouse.move(box.x + 100, box.y + box.height * 0.4);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width - 150, box.y + box.height * 0.4, { steps: 8 });
    await page.mouse.up();
    await page.waitForTimeout(300);
  }
  await expect
    .poll(async () => Number(await canvas(page).getAttribute('data-candles')), { timeout: 10_000 })
    .toBeGreaterThan(500);
});

test('a limit order shows as a line; dragging it modifies the price in open orders', async ({ page }) => {
  test.setTimeout(90_000);
  await loginAs(page, 'uta@sim.local', 'uta-pass');
  await cancelEverything(page);
  await chartReady(page);
  const L = await lastPrice(page);
  // Just under the market: in the chart's view whatever the synthetic history's range at the hour.
  const price = (Math.round(L * 0.999 * 100) / 100).toFixed(2);
  const r = await api(page, 'POST', '/spot/api/order/orderCreate', {
    symbol_id: 1,
    side: 'buy',
    type: 'limit',
    price,
    quantity: '0.002',
    client_order_id: `chart-line-${Date.now()}`,
  });
  expect(r.code).toBe(0);
  const line = page.getByTestId('order-line');
  await expect(line).toHaveCount(1, { timeout: 15_000 });
  await expect(line).toHaveAttribute('data-price', String(Number(price)));
  await expect(line).toContainText('Limit Buy 0.002');
  await page.mouse.move(5, 5);
  await shootChart(page, 'chart-order-line-dark');

  await dragOrderLineDown(page, line);
  // Double-confirm of modify is on by default: the hint dialog asks, showing the old and new price.
  const hint = page.getByTestId('chart-modify-hint');
  await expect(hint).toBeVisible();
  await shootChart(page, 'chart-modify-hint-dark');
  await hint.getByTestId('chart-modify-hint-confirm').click();
  await expect(line).not.toHaveAttribute('data-price', String(Number(price)), { timeout: 10_000 });
  await expect(line).toHaveAttribute('data-pending', 'false', { timeout: 10_000 });
  const newPrice = Number(await line.getAttribute('data-price'));
  expect(newPrice).toBeLessThan(Number(price));
  const shown = newPrice.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  await expect(openRows(page).first()).toContainText(shown, { timeout: 10_000 });
});

test('a modify rejected by the server shows its message and the line snaps back', async ({ page }) => {
  test.setTimeout(60_000);
  await loginAs(page, 'sub@sim.local', 'sub-pass');
  await cancelEverything(page);
  await setConfirmFlags(page, ['modifyOrderNotifyClose']);
  await chartReady(page);
  const L = await lastPrice(page);
  const price = (Math.round(L * 0.999 * 100) / 100).toFixed(2);
  const r = await api(page, 'POST', '/spot/api/order/orderCreate', {
    symbol_id: 1,
    side: 'buy',
    type: 'limit',
    price,
    quantity: '0.002',
    client_order_id: `chart-rej-${Date.now()}`,
  });
  expect(r.code).toBe(0);
  const line = page.getByTestId('order-line');
  await expect(line).toHaveCount(1, { timeout: 15_000 });
  // The order goes away behind the line's back (another tab): the modify is rejected by the server.
  await page.route('**/spot/api/order/orderModify', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ code: 170213, success: false, message: 'Order does not exist.', result: null }),
    }),
  );
  await dragOrderLineDown(page, line);
  await expect(page.getByTestId('toast').filter({ hasText: 'Order does not exist.' })).toBeVisible();
  await expect(line).toHaveAttribute('data-price', String(Number(price)));
  await expect(line).toHaveAttribute('data-pending', 'false');
});

test('cancel from the line: with the confirm (and "do not prompt again"), then without it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await loginAs(page, 'leader@sim.local', 'leader-pass');
  await cancelEverything(page);
  await chartReady(page);
  const L = await lastPrice(page);
  const place = async (f: number): Promise<void> => {
    const r = await api(page, 'POST', '/spot/api/order/orderCreate', {
      symbol_id: 1,
      side: 'sell',
      type: 'limit',
      price: (Math.round(L * f * 100) / 100).toFixed(2),
      quantity: '0.001',
      client_order_id: `chart-cx-${f}-${Date.now()}`,
    });
    expect(r.code).toBe(0);
  };
  // Near the market, so both lines sit well inside the price pane: a handle whose price is outside the pane's range is
  // hidden, and on a calm feed the pane can span well under 1 % (a line at the pane's top edge can also sit under the
  // legend and never take a click).
  await place(1.002);
  await place(1.004);
  const lines = page.getByTestId('order-line');
  await expect(lines).toHaveCount(2, { timeout: 15_000 });
  // First: the confirm; "keep order" keeps it.
  await lines.first().getByTestId('order-line-cancel').click({ timeout: 15_000 });
  const dialog = page.getByTestId('chart-cancel-confirm');
  await expect(dialog).toBeVisible();
  await shootChart(page, 'chart-cancel-confirm-dark');
  await dialog.getByTestId('chart-cancel-confirm-cancel').click();
  await expect(lines).toHaveCount(2);
  await lines.first().getByTestId('order-line-cancel').click({ timeout: 15_000 });
  await dialog.getByRole('checkbox').check();
  await dialog.getByTestId('chart-cancel-confirm-confirm').click();
  await expect(lines).toHaveCount(1, { timeout: 10_000 });
  await expect(openRows(page)).toHaveCount(1);
  // The preference is stored as 'hide' on the server: after a reload the next cancel goes straight through.
  await expect
    .poll(
      async () =>
        ((await api(page, 'GET', '/user/api/pref/getPrefSetting')).result as Record<string, string>)
          .klineCancelOrderPrompt,
    )
    .toBe('hide');
  await page.reload();
  await chartReady(page);
  await expect(lines).toHaveCount(1, { timeout: 15_000 });
  await lines.first().getByTestId('order-line-cancel').click({ timeout: 15_000 });
  await expect(dialog).toHaveCount(0);
  await expect(lines).toHaveCount(0, { timeout: 10_000 });
  await expect(openRows(page)).toHaveCount(0);
});

test("the quick-order '+' places a limit order at the hovered price; a visitor is sent to login", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await loginAs(page, 'isolated@sim.local', 'isolated-pass');
  await cancelEverything(page);
  await chartReady(page);
  const box = await canvas(page).boundingBox();
  if (box === null) throw new Error('no canvas');
  // Hover in the price pane's bottom margin (the library keeps the lowest 10 % of the pane under every visible candle,
  // so under the market: a buy), wait for the 800 ms delay. A fixed share of the whole chart was above the market
  // whenever the visible candles stood high over the last price.
  const pane = await canvas(page).locator('table tr').first().locator('td').nth(1).boundingBox();
  if (pane === null) throw new Error('no price pane');
  await page.mouse.move(box.x + box.width / 2, pane.y + pane.height * 0.95);
  await page.mouse.move(box.x + box.width / 2 + 10, pane.y + pane.height * 0.95);
  const plus = page.getByTestId('quick-plus');
  await expect(plus).toBeVisible({ timeout: 5_000 });
  await shootChart(page, 'chart-quick-plus-dark');
  await plus.click();
  const panel = page.getByTestId('quick-panel');
  await expect(panel).toBeVisible();
  const submit = panel.getByTestId('quick-submit');
  await expect(submit).toHaveAttribute('data-side', 'Buy');
  const price = Number(await submit.getAttribute('data-price'));
  expect(price).toBeLessThan(await lastPrice(page));
  // Empty quantity: the spec's message, nothing placed.
  await submit.click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Enter a quantity' })).toBeVisible();
  await panel.getByTestId('quick-qty').fill('0.001');
  await shootChart(page, 'chart-quick-panel-dark');
  await submit.click();
  await expect(panel).toBeHidden({ timeout: 10_000 });
  await expect(openRows(page)).toHaveCount(1, { timeout: 10_000 });
  const shown = price.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  await expect(openRows(page).first()).toContainText(shown);
  await expect(page.getByTestId('order-line')).toHaveAttribute('data-price', String(price));
  await cancelEverything(page);

  // A visitor clicking the quick order is sent to login.
  await page.context().clearCookies();
  await openPair(page, 'en', 'BTC', 'USDT');
  await chartReady(page);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height * 0.3);
  await page.mouse.move(box.x + box.width / 2 + 10, box.y + box.height * 0.3);
  await expect(plus).toBeVisible({ timeout: 5_000 });
  await plus.click();
  await page.getByTestId('quick-qty').fill('0.001');
  await page.getByTestId('quick-submit').click();
  await expect(page).toHaveURL(/\/login\?redirect_url=/);
});

test('layout sync: a change is uploaded with its version and applied on a fresh device', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  await loginAs(page, 'classic@sim.local', 'classic-pass');
  await chartReady(page);
  // The server's layout as it stands: earlier tests (or this page's first upload) may already have saved one.
  const stored = async (): Promise<{ version: number; interval: string | null }> => {
    const head = (await api(page, 'GET', '/spot/api/account/get_kline')).result as {
      version?: number;
      klinePath?: string;
    } | null;
    // No layout saved yet: no path to read.
    if (typeof head?.klinePath !== 'string' || !head.klinePath.startsWith('/'))
      return { version: head?.version ?? 0, interval: null };
    const saved = (await api(page, 'GET', head.klinePath)).result as {
      saveData?: { interval?: string };
    } | null;
    return { version: head.version ?? 0, interval: saved?.saveData?.interval ?? null };
  };
  const before = (await stored()).version;
  await page.getByTestId('interval-240').click();
  await chartReady(page);
  // The change lands as a newer version carrying the new interval (an upload of the state before the click may land
  // first on a slow machine, so wait for the one that carries it).
  await expect.poll(async () => (await stored()).interval, { timeout: 10_000 }).toBe('240');
  expect((await stored()).version).toBeGreaterThan(before);
  // Another browser profile (empty local storage): the server layout is newer than the first-run defaults.
  const ctx = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  const other = await ctx.newPage();
  await loginAs(other, 'classic@sim.local', 'classic-pass');
  await expect(other.getByTestId('chart-canvas')).toHaveAttribute('data-interval', '240', {
    timeout: 15_000,
  });
  await ctx.close();
});
