/**
 * The chart beyond chart.spec.ts: a plan (conditional) order's line dragged to a new trigger price, and the chart
 * rebuilt for the new pair when the trader switches symbol in the app (no page load).
 */
import { expect, test } from '@playwright/test';
import { chartReady, dragOrderLineDown } from './support/chart';
import { api, cancelEverything, lastPrice, loginAs } from './support/orders';
import { openPair } from './support/shell';

test.use({ viewport: { width: 1600, height: 1000 } });

interface PlanRow {
  readonly clientOrderId: string;
  readonly triggerPrice: string;
}

test("a plan order's line drags to a new trigger price", async ({ page }) => {
  test.setTimeout(90_000);
  await loginAs(page, 'uta@sim.local', 'uta-pass');
  await cancelEverything(page);
  await chartReady(page);
  const L = await lastPrice(page);
  // A conditional buy triggered just under the market (in the chart's view whatever the synthetic history's range
  // at the hour; a line outside it has no handle), its limit a little under the trigger.
  const trigger = (Math.round(L * 0.999 * 100) / 100).toFixed(2);
  const limit = (Math.round(L * 0.997 * 100) / 100).toFixed(2);
  const cid = `chart-plan-${Date.now()}`;
  const r = await api(page, 'POST', '/spot/api/order/orderCreate', {
    symbol_id: 1,
    side: 'buy',
    type: 'limit',
    price: limit,
    quantity: '0.002',
    plan_type: 1,
    trigger_price: trigger,
    client_order_id: cid,
  });
  expect(r.code).toBe(0);

  const line = page.getByTestId('order-line');
  await expect(line).toHaveCount(1, { timeout: 15_000 });
  // A plan order's line sits at its trigger price.
  await expect(line).toHaveAttribute('data-price', String(Number(trigger)));

  await dragOrderLineDown(page, line);
  const hint = page.getByTestId('chart-modify-hint');
  await expect(hint).toBeVisible();
  await hint.getByTestId('chart-modify-hint-confirm').click();
  await expect(line).not.toHaveAttribute('data-price', String(Number(trigger)), { timeout: 10_000 });
  await expect(line).toHaveAttribute('data-pending', 'false', { timeout: 10_000 });
  const moved = Number(await line.getAttribute('data-price'));
  // Dragged down: a lower trigger, and the server holds it.
  expect(moved).toBeLessThan(Number(trigger));
  await expect
    .poll(
      async () => {
        const open = await api<{ result: { list: PlanRow[] } }>(
          page,
          'GET',
          '/spot/api/order/getOpenPlanOrders?symbol_id=1',
        );
        return Number(open.result.list.find((o) => o.clientOrderId === cid)?.triggerPrice);
      },
      { timeout: 10_000 },
    )
    .toBe(moved);
  await cancelEverything(page);
  await expect(line).toHaveCount(0, { timeout: 10_000 });
});

test('switching symbol in the app rebuilds the chart with the new pair', async ({ page }) => {
  test.setTimeout(60_000);
  await openPair(page, 'en', 'BTC', 'USDT');
  await chartReady(page);
  const canvas = page.getByTestId('chart-canvas');
  await expect(canvas).toHaveAttribute('data-symbol', 'BTCUSDT');
  // Mark the chart's canvases: a rebuilt chart draws on new ones.
  await canvas.evaluate((root) => {
    for (const c of root.querySelectorAll('canvas')) c.dataset.old = '1';
  });
  const btcClose = Number(await canvas.getAttribute('data-last-close'));
  expect(btcClose).toBeGreaterThan(0);

  await expect(page.getByTestId('notice-bar')).toBeVisible({ timeout: 5000 });
  await page.getByRole('heading', { name: 'BTC/USDT' }).hover();
  const list = page.getByTestId('symbol-list');
  await expect(list).toBeVisible();
  await list.locator('[data-symbol="ETHUSDT"]').getByRole('button', { name: 'ETH/USDT' }).click();
  await expect(page).toHaveURL(/\/en\/trade\/spot\/ETH\/USDT$/);
  await page.mouse.move(900, 900);

  await expect(canvas).toHaveAttribute('data-symbol', 'ETHUSDT');
  await chartReady(page);
  await expect(canvas.locator('canvas[data-old]')).toHaveCount(0);
  expect(await canvas.locator('canvas').count()).toBeGreaterThan(0);
  // ETH's candles, not BTC's: the last close is near ETH's own last price.
  const ethLast = await lastPrice(page, 'ETHUSDT');
  await expect
    .poll(async () => Number(await canvas.getAttribute('data-last-close')), { timeout: 10_000 })
    .toBeGreaterThan(ethLast * 0.9);
  expect(Number(await canvas.getAttribute('data-last-close'))).toBeLessThan(ethLast * 1.1);
  expect(Math.abs(Number(await canvas.getAttribute('data-last-close')) - btcClose)).toBeGreaterThan(
    btcClose * 0.1,
  );
});

test('a chart whose feed has been silent for 60 s is rebuilt; 30 s of silence is not enough', async ({
  page,
}) => {
  test.setTimeout(60_000);
  // The page's clock (Date, timers, animation frames) is Playwright's, so a minute of silence can pass at once; the
  // hub in its SharedWorker keeps real time and goes on feeding.
  await page.clock.install();
  await openPair(page, 'en', 'BTC', 'USDT');
  await chartReady(page);
  const canvas = page.getByTestId('chart-canvas');
  const markOld = (): Promise<void> =>
    canvas.evaluate((root) => {
      for (const c of root.querySelectorAll('canvas')) c.dataset.old = '1';
    });
  await markOld();
  await page.clock.fastForward('00:30');
  await page.waitForTimeout(500);
  await expect(canvas.locator('canvas[data-old]')).not.toHaveCount(0);
  await expect(canvas).toHaveAttribute('data-state', 'ready');

  // Every state the chart claims from here on: between the old chart's teardown and the new one's first candles the
  // stage holds no canvas, and must not claim to be ready.
  await canvas.evaluate((root) => {
    const seen: string[] = [];
    (window as unknown as { chartStates: string[] }).chartStates = seen;
    new MutationObserver(() => seen.push(root.dataset.state ?? '')).observe(root, {
      attributes: true,
      attributeFilter: ['data-state'],
    });
  });
  await page.clock.fastForward('01:05');
  await expect(canvas.locator('canvas[data-old]')).toHaveCount(0, { timeout: 10_000 });
  await expect(canvas.locator('canvas')).not.toHaveCount(0);
  await chartReady(page);
  expect(await page.evaluate(() => (window as unknown as { chartStates: string[] }).chartStates)).toEqual([
    'loading',
    'ready',
  ]);
});
