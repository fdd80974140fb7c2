/**
 * Issue 26, the layer around the order form: compliance switches flipped in the simulator at runtime reach the page
 * without a rebuild; each order notice kind (post-only cancel, partial cancel, fill) in toasts and the notice centre,
 * with the sound switch and the confirmations written back; logout in one tab turns every tab to the visitor view.
 * One simulator (in process, test hooks on) and one logged-in context for the file.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import type { Simulator } from '../../server/app';
import {
  LAYER_SHOTS,
  loginOver,
  pageCall,
  setLook,
  setWebConfig,
  SHOOT,
  startLayerSim,
} from './support/layer';

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1600, height: 1000 } });

let sim: Simulator;
let ctx: BrowserContext;
let page: Page;
const PAIR = '/en/trade/spot/BTC/USDT';

test.beforeAll(async ({ browser }) => {
  sim = await startLayerSim();
  ctx = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  page = await ctx.newPage();
  await loginOver(page, sim.url, 'classic@sim.local', PAIR);
});
test.afterAll(async () => {
  await ctx.close();
  await sim.close();
});

const orderFormPanel = (p: Page) => p.locator('[data-panel="order-form"]');

test('compliance switches flipped in the simulator change the page at runtime', async () => {
  await expect(page.getByTestId('orders-sub-oco')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('liquidity-shield')).toBeVisible();
  await expect(page.locator('[data-tool="twap"]')).toBeVisible();
  await expect(page.getByTestId('orders-tab-lt')).toBeVisible();
  await expect(page.getByTestId('orders-view-more')).toBeVisible();

  await setWebConfig(sim.url, {
    set: {
      spotCurrentOrderOco: false,
      liquidityShield: false,
      splitTools: false,
      spotSubRedemRecord: false,
      spotOrderHeader: false,
    },
  });
  // A new page load is enough: the hub refetches the config on every tab's hello; nothing is rebuilt.
  await page.reload();
  await expect(page.getByTestId('orders-tab-current')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('orders-sub-oco')).toHaveCount(0);
  await expect(page.getByTestId('liquidity-shield')).toHaveCount(0);
  await expect(page.locator('[data-tool="twap"]')).toHaveCount(0);
  await expect(page.getByTestId('orders-tab-lt')).toHaveCount(0);
  await expect(page.getByTestId('orders-view-more')).toHaveCount(0);

  // Per account: the restricted view for this account only.
  await setWebConfig(sim.url, { email: 'classic@sim.local', set: { restrictedView: true } });
  await page.reload();
  await expect(page.getByTestId('orders-restricted')).toBeVisible({ timeout: 15_000 });

  await setWebConfig(sim.url, { reset: true });
  await page.reload();
  await expect(page.getByTestId('orders-sub-oco')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('liquidity-shield')).toBeVisible();
});

async function bestAsk(): Promise<[string, string]> {
  const r = await fetch(`${sim.url}/v5/market/orderbook?category=spot&symbol=BTCUSDT&limit=1`);
  const j = (await r.json()) as { result: { a: [string, string][] } };
  const [price, qty] = j.result.a[0] ?? ['0', '0'];
  return [price, qty];
}

let cid = 0;
async function create(over: Record<string, unknown>): Promise<void> {
  const r = await pageCall(page, 'POST', '/spot/api/order/orderCreate', {
    symbol_id: 1,
    side: 'buy',
    type: 'limit',
    client_order_id: `layer-${Date.now()}-${++cid}`,
    ...over,
  });
  expect(r.code).toBe(0);
}

test('each order event its own notice: post-only cancel, partial cancel, fill; the centre keeps them', async () => {
  const toasts = page.getByTestId('toast');
  const [first, askQty] = await bestAsk();
  await create({ price: first, quantity: '0.001', time_in_force: 'PostOnly' });
  await expect(
    toasts.filter({ hasText: 'Cancelled: the post-only order would have taken liquidity' }),
  ).toBeVisible();

  await create({ price: first, quantity: (Number(askQty) + 0.01).toFixed(6), time_in_force: 'IOC' });
  await expect(toasts.filter({ hasText: 'Order partially filled and cancelled' })).toBeVisible();

  const [next] = await bestAsk();
  await create({ price: next, quantity: '0.001' });
  await expect(toasts.filter({ hasText: 'Order filled' })).toBeVisible();

  // The fill and the post-only cancel stay as notices (unread); the partial cancel was a toast only.
  await expect(page.getByTestId('notice-unread')).toHaveText('2');
  // The bell is the app's own line icon (an emoji shows as an empty box where no emoji font is installed).
  const bell = page.getByTestId('notice-centre');
  await expect(bell.locator('svg.icon')).toBeVisible();
  expect(await bell.textContent()).toBe('2');
  if (SHOOT)
    await page.getByTestId('settings-bar').screenshot({ path: `${LAYER_SHOTS}/notice-bell-dark-en.png` });
  await bell.click();
  const items = page.getByTestId('notice-item');
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toHaveAttribute('data-kind', 'filled');
  await expect(items.nth(1)).toHaveAttribute('data-kind', 'partialFilledCanceled');
  await expect(items.nth(2)).toHaveAttribute('data-kind', 'postOnly');
  await expect(items.nth(0)).toContainText(/Buy\W+0\.001 BTC\W+BTC\/USDT/);

  // The fill sound and a confirmation turned back on are written to the server.
  await page.getByTestId('notice-sound').check();
  await page.getByTestId('confirm-createOrderNotifyClose').uncheck();
  await expect
    .poll(
      async () =>
        (await pageCall<{ result: { confirms: string } }>(page, 'GET', '/user/api/double_confirm/get')).result
          .confirms,
    )
    .toMatch(/successAudio/);
  const flags = (
    await pageCall<{ result: { confirms: string } }>(page, 'GET', '/user/api/double_confirm/get')
  ).result.confirms;
  expect(flags).toContain('createOrderNotifyClose');
  await page.getByTestId('confirm-createOrderNotifyClose').check();
  await expect
    .poll(
      async () =>
        (await pageCall<{ result: { confirms: string } }>(page, 'GET', '/user/api/double_confirm/get')).result
          .confirms,
    )
    .not.toMatch(/createOrderNotifyClose/);

  if (SHOOT) {
    test.setTimeout(60_000);
    // The centre and a toast in each look; ar-SA through the language route (the centre is per tab, so it is
    // refilled there by one more fill).
    const panel = page.getByTestId('notice-centre-panel');
    for (const locale of ['en', 'ar-SA'] as const) {
      if (locale === 'ar-SA') {
        await page.goto(`${sim.url}/ar-SA/trade/spot/BTC/USDT`);
        await expect(page.getByTestId('notice-centre')).toBeVisible({ timeout: 15_000 });
        await setLook(page, 'dark');
        const [p] = await bestAsk();
        await create({ price: p, quantity: '0.001' });
        await toasts.first().screenshot({ path: `${LAYER_SHOTS}/notice-toast-dark-ar-SA.png` });
      }
      for (const theme of ['dark', 'light'] as const) {
        await setLook(page, theme);
        await page.getByTestId('notice-centre').click();
        await expect(panel).toBeVisible();
        await panel.screenshot({ path: `${LAYER_SHOTS}/notice-centre-${theme}-${locale}.png` });
        await page.keyboard.press('Escape');
        await page
          .getByTestId('settings-bar')
          .screenshot({ path: `${LAYER_SHOTS}/settings-bar-${theme}-${locale}.png` });
      }
    }
    await page.goto(`${sim.url}${PAIR}`);
  }
  await setLook(page, 'dark');
});

test('logging out in one tab shows every tab the visitor view', async () => {
  const second = await ctx.newPage();
  await second.goto(`${sim.url}${PAIR}`);
  await expect(orderFormPanel(second).getByTestId('order-form')).toBeVisible({ timeout: 15_000 });
  await page.getByTestId('logout').click();
  await expect(orderFormPanel(page).getByTestId('visitor-prompt')).toBeVisible({ timeout: 10_000 });
  await expect(orderFormPanel(second).getByTestId('visitor-prompt')).toBeVisible({ timeout: 10_000 });
  await expect(second.getByTestId('logout')).toHaveCount(0);
  const info = await pageCall<{ result: { isLogin: boolean } }>(second, 'GET', '/user/api/info');
  expect(info.result.isLogin).toBe(false);
  await second.close();
});
