/**
 * Leveraged tokens end to end (issue 25): subscribe and redeem from the LT page and from the spot page's order panel,
 * see the records and the success / failure notices, and see a subscription refused while the token rebalances
 * (status 5). One simulator of its own (test hooks on, market still) and one logged-in page for the whole file.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startSimulator, type Simulator } from '../../server/app';

/** Its own port beside the suite's simulator (E2E_PORT), so parallel runs of other worktrees do not collide. */
const PORT = Number(process.env.E2E_PORT ?? 5199) + 1000;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const SHOTS = process.env.LT_SHOTS ?? join(tmpdir(), 'lt-shots');
const LT_PAGE = '/en/trade/spot/lt/BTC3L/USDT';

let sim: Simulator | null = null;
let page: Page;

/** Calls an LT test hook (loopback only, SIM_TEST_HOOKS=1). */
async function hook(body: Record<string, unknown>): Promise<void> {
  const r = await fetch(`${ORIGIN}/sim/test/lt`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ symbol: 'BTC3LUSDT', ...body }),
  });
  expect(((await r.json()) as { code: number }).code).toBe(0);
}

/** Moves the simulator's clock (ends a rebalance). */
async function advance(ms: number): Promise<void> {
  await fetch(`${ORIGIN}/sim/test/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceMs: ms }),
  });
}

async function send(kind: 'subscription' | 'redemption', value: string): Promise<void> {
  const form = page.getByTestId('lt-trade');
  await form.getByTestId(`lt-trade-${kind}`).click();
  await form.getByTestId('lt-trade-input').fill(value);
  await expect(form.getByTestId('lt-trade-receive')).not.toHaveText('--');
  await form.getByTestId('lt-trade-submit').click();
}

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), animations: 'disabled' });
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  process.env.SIM_TEST_HOOKS = '1';
  mkdirSync(SHOTS, { recursive: true });
  sim = await startSimulator({
    port: PORT,
    dataDir: mkdtempSync(join(tmpdir(), 'lt-e2e-')),
    staticDir: process.env.E2E_STATIC ?? 'dist',
    quiet: true,
  });
  page = await browser.newPage({ baseURL: ORIGIN, viewport: { width: 1400, height: 900 } });
  const res = await page.request.post('/login', {
    data: { email: 'classic@sim.local', password: 'classic-pass' },
  });
  expect(res.ok()).toBe(true);
});

test.afterAll(async () => {
  await page.close();
  await sim?.close();
});

test('subscribe and redeem on the LT page: records and success notices', async () => {
  await page.goto(LT_PAGE);
  const form = page.getByTestId('lt-trade');
  await expect(form.getByTestId('lt-trade-nav')).toHaveText('2.1375 USDT', { timeout: 15_000 });
  await expect(form.getByTestId('lt-trade-available')).toHaveText('100,000.000000 USDT');
  const daily = form.getByTestId('lt-trade-daily');
  await expect(daily).toHaveText('500,000.000000 USDT');
  await expect(page.getByTestId('lt-section-token').locator('[data-row="position"] dd')).toContainText('BTC');

  await send('subscription', '100');
  await expect(page.getByTestId('toast').filter({ hasText: 'Subscription successful' })).toContainText(
    '100 USDT → 46.73 BTC3L',
  );
  const records = page.getByTestId('lt-records').getByTestId('lt-record');
  await expect(records).toHaveCount(1);
  await expect(records.first()).toHaveAttribute('data-status', '1');
  await expect(form.getByTestId('lt-trade-input')).toHaveValue('');
  // The remaining daily limit drops by the amount subscribed (the info reloads after the answer).
  await expect(daily).toHaveText('499,900.000000 USDT');

  await send('redemption', '10');
  await expect(page.getByTestId('toast').filter({ hasText: 'Redemption successful' })).toContainText(
    '10 BTC3L → 21.353625 USDT',
  );
  await expect(records).toHaveCount(2);
  await expect(form.getByTestId('lt-trade-available')).toHaveText('5,036.73 BTC3L');
  await expect(daily).toHaveText('249,990.00 BTC3L');
  await shot('lt-page-en-light');
});

test('a subscription is refused while the token rebalances (status 5), and past the daily limit', async () => {
  await hook({ rebalance: true });
  const status = page.getByTestId('lt-section-status');
  await expect(status.locator('[data-row="subscription"] dd')).toHaveText('Rebalancing', { timeout: 10_000 });
  await send('subscription', '100');
  await expect(page.getByTestId('lt-trade-error')).toHaveText(
    'The token is rebalancing its position; subscription reopens when it ends',
  );
  await shot('lt-page-rebalancing-en-light');

  // The rebalance ends on the simulator's clock; a limit only the simulator knows refuses with a failure notice.
  await advance(61_000);
  await expect(status.locator('[data-row="subscription"] dd')).toHaveText('Open', { timeout: 10_000 });
  await hook({ dailyPurchaseLimit: '150' });
  await send('subscription', '100');
  await expect(page.getByTestId('toast').filter({ hasText: 'Subscription failed' })).toContainText(
    'above your remaining daily subscription limit',
  );
  // What the form shows left of the lowered limit: 150 less the 100 subscribed today (the refusal did not count).
  await expect(page.getByTestId('lt-trade-daily')).toHaveText('50.000000 USDT');
  await expect(page.getByTestId('lt-records').getByTestId('lt-record').first()).toHaveAttribute(
    'data-status',
    '3',
  );
  await expect(page.getByTestId('lt-records').getByTestId('lt-record-reason')).toHaveText(
    'The amount is above your remaining daily subscription limit',
  );
  await hook({ dailyPurchaseLimit: '500000' });
});

test('the LT page in Arabic, right to left', async () => {
  await page.goto('/ar-SA/trade/spot/lt/BTC3L/USDT');
  await expect(page.getByTestId('lt-trade').getByTestId('lt-trade-nav')).not.toHaveText('--', {
    timeout: 15_000,
  });
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('lt-trade-submit')).toHaveText('اكتتب في BTC3L');
  await shot('lt-page-ar-light');
});

test('subscribe from the spot page order panel, see the LT records tab, follow the header link', async () => {
  // Light in Arabic first, then dark in English, which the rest of the test keeps.
  for (const [locale, theme] of [
    ['ar-SA', 'light'],
    ['en', 'dark'],
  ] as const) {
    await page.evaluate((th) => {
      localStorage.setItem('spot.theme', JSON.stringify(th));
    }, theme);
    await page.goto(`/${locale}/trade/spot/BTC3L/USDT`);
    await expect(page.getByTestId('lt-order-block').getByTestId('lt-trade-nav')).not.toHaveText('--', {
      timeout: 15_000,
    });
    await page.getByTestId('orders-tab-lt').click();
    await page.getByTestId('lt-order-block').scrollIntoViewIfNeeded();
    await shot(`spot-lt-block-${locale}-${theme}`);
  }
  await page.goto('/en/trade/spot/BTC3L/USDT');
  const block = page.getByTestId('lt-order-block');
  await expect(block.getByTestId('lt-trade-nav')).not.toHaveText('--', { timeout: 15_000 });
  await block.getByTestId('lt-trade-input').fill('50');
  await block.getByTestId('lt-trade-submit').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Subscription successful' })).toBeVisible();

  await page.getByTestId('orders-tab-lt').click();
  const rows = page.getByTestId('lt-records').locator('.vtable-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText('50 USDT');
  await page.getByTestId('orders-lt-redemption').click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('10 BTC3L');
  await shot('spot-lt-records-en-dark');

  await page.getByTestId('lt-info-link').click();
  await expect(page).toHaveURL(/\/en\/trade\/spot\/lt\/BTC3L\/USDT$/);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
});
