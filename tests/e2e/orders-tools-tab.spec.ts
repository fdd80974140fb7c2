/**
 * The integrated list's tools tab (issue 23): a unified user's TWAP and iceberg, created over the strategy call, show
 * as rows with their progress (the TWAP's first slice fills against the synthetic market on the simulator's clock);
 * the iceberg's resting slice shows in open orders with its strategy label; stopped from the tab it moves to history
 * and its slice leaves the book for order history, labelled there too. One in-process simulator and one logged-in page. Screenshots (dark / light, en /
 * ar-SA) only when TOOLSTAB_SHOTS names a folder: they double the page loads.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Simulator } from '../../server/app';
import { advanceSimClock, loginOver, pageCall, startLayerSim } from './support/layer';
import { lastPrice } from './support/orders';

const PORT = 5431;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const SHOTS = process.env.TOOLSTAB_SHOTS ?? '';

let sim: Simulator | null = null;
let page: Page;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(60_000);
  sim = await startLayerSim(PORT);
  page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
  await loginOver(page, ORIGIN, 'uta@sim.local', '/en/trade/spot/BTC/USDT');
  if (SHOTS !== '') mkdirSync(SHOTS, { recursive: true });
});

test.afterAll(async () => {
  await page.close();
  await sim?.close();
  sim = null;
});

/** Creates a strategy over the Tools call; its id. */
async function create(body: Record<string, unknown>): Promise<string> {
  const r = await pageCall<{ code: number; result: { strategyId: string } }>(
    page,
    'POST',
    '/spot/api/strategy/create',
    body,
  );
  expect(r.code).toBe(0);
  return r.result.strategyId;
}

const row = (table: string, id: string): Locator =>
  page.getByTestId(table).locator(`.vtable-row[data-row-key="${id}"]`);

async function shoot(name: string): Promise<void> {
  if (SHOTS === '') return;
  for (const theme of ['dark', 'light'] as const) {
    await page.locator(`[data-theme-choice="${theme}"]`).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await page.locator('[data-panel="position"]').screenshot({ path: `${SHOTS}/${name}-${theme}.png` });
  }
  await page.locator('[data-theme-choice="dark"]').click();
}

test('strategy orders: rows with progress, the child order labelled, stopped from the tab into history', async () => {
  const p = await lastPrice(page);
  expect(p).toBeGreaterThan(0);
  // A TWAP buying 0.005 BTC in 5 market slices a minute apart, and an iceberg resting 10 % under the market.
  const twap = await create({
    kind: 'twap',
    symbol: 'BTCUSDT',
    side: 'Buy',
    totalQty: '0.005',
    durationMs: 300_000,
    intervalMs: 60_000,
  });
  const iceberg = await create({
    kind: 'iceberg',
    symbol: 'BTCUSDT',
    side: 'Buy',
    totalQty: '0.004',
    price: (p * 0.9).toFixed(2),
    sliceCount: 2,
  });
  // One minute on the engine's clock: the TWAP's first slice trades.
  await advanceSimClock(ORIGIN, 60_000);

  await page.getByTestId('orders-tab-tools').click();
  await expect(page.getByTestId('tools-sub-active')).toHaveText('Running (2)');
  const t = row('tools-active', twap);
  await expect(t.getByTestId('tools-kind')).toHaveText('TWAP');
  await expect(t.getByTestId('tools-status')).toHaveText(/Running/);
  await expect(t.getByTestId('tools-progress')).toHaveText('20%');
  const i = row('tools-active', iceberg);
  await expect(i.getByTestId('tools-kind')).toHaveText('Iceberg');
  await expect(i.getByTestId('tools-executed')).toHaveAttribute('data-progress', '0');
  await shoot('tools-active-en');

  // The iceberg's visible slice is an open order labelled with its strategy; the user's own orders are not.
  await page.getByTestId('orders-tab-current').click();
  const child = page
    .getByTestId('open-orders')
    .locator('.vtable-row', { has: page.getByTestId('order-origin') });
  await expect(child).toHaveCount(1);
  await expect(child.getByTestId('order-origin')).toHaveAttribute('data-origin', 'iceberg');
  await expect(child.getByTestId('order-origin')).toHaveText('Iceberg');
  await expect(child).toContainText('0.002');
  await shoot('tools-child-en');

  // Stop from the tab: confirm, the push moves the row to history, the slice leaves the book.
  await page.getByTestId('orders-tab-tools').click();
  await row('tools-active', iceberg).getByTestId('tools-stop').click();
  const dialog = page.getByTestId('confirm-stop-strategy');
  await expect(dialog).toContainText('Iceberg');
  await dialog.getByTestId('confirm-stop-strategy-confirm').click();
  await expect(row('tools-active', iceberg)).toHaveCount(0);
  await expect(page.getByTestId('tools-sub-active')).toHaveText('Running (1)');
  await page.getByTestId('tools-sub-history').click();
  const done = row('tools-history', iceberg);
  await expect(done.getByTestId('tools-status')).toHaveAttribute('data-status', 'COMPLETED');
  await expect(done.getByTestId('tools-status')).toContainText('Stopped manually');
  await shoot('tools-history-en');
  await page.getByTestId('orders-tab-current').click();
  await expect(page.getByTestId('order-origin')).toHaveCount(0);
  // The cancelled slice is in order history, still labelled.
  await page.getByTestId('orders-tab-history').click();
  await expect(
    page.getByTestId('order-history').locator('[data-testid=order-origin][data-origin=iceberg]'),
  ).toHaveCount(1);

  if (SHOTS !== '') {
    await page.goto(`${ORIGIN}/ar-SA/trade/spot/BTC/USDT`);
    await page.getByTestId('orders-tab-tools').click();
    await page.getByTestId('tools-sub-active').click();
    await expect(row('tools-active', twap)).toHaveCount(1);
    await shoot('tools-active-ar');
    await page.getByTestId('tools-sub-history').click();
    await expect(row('tools-history', iceberg)).toHaveCount(1);
    await shoot('tools-history-ar');
    // A second iceberg for the labelled child order in Arabic, stopped again after the shot.
    const again = await create({
      kind: 'iceberg',
      symbol: 'BTCUSDT',
      side: 'Buy',
      totalQty: '0.004',
      price: (p * 0.9).toFixed(2),
      sliceCount: 2,
    });
    await page.getByTestId('orders-tab-current').click();
    await expect(page.getByTestId('order-origin')).toHaveCount(1);
    await shoot('tools-child-ar');
    await pageCall(page, 'POST', '/spot/api/strategy/stop', { strategyId: again });
  }
});
