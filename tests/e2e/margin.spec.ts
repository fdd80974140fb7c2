/**
 * Margin trading and the UTA upgrade against an in-process simulator with the test hooks on (one simulator, one
 * logged-in page per account): a unified margin buy larger than the free balance fills and shows what it borrowed
 * in the borrowing and assets tabs, repaying clears it, the account's leverage switch (off refuses a margin order,
 * in the form and on the server, and a second tab follows it; on allows it), a forced crash shows the liquidation tip
 * and refuses a new margin order, and a classic account (with the UTA1 and Standard-offline tips, gone once unified)
 * upgrades, reloads onto the unified page and sees the guide. Screenshots of the upgrade modal, the masks, the
 * borrowing tab, the leverage row and the tips (dark and light, en and ar-SA) go to $MARGIN_SHOTS.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startSimulator, type Simulator } from '../../server/app';
import { fill, form, pickKind, toasts } from './support/orders';

const PORT = 5397;
const BASE = `http://127.0.0.1:${PORT}`;
const SHOTS = process.env.MARGIN_SHOTS ?? '';

test.use({ viewport: { width: 1600, height: 1000 } });
test.describe.configure({ mode: 'serial', ...(SHOTS === '' ? {} : { timeout: 90_000 }) });

let sim: Simulator | null = null;
test.beforeAll(async () => {
  process.env.SIM_TEST_HOOKS = '1';
  sim = await startSimulator({
    port: PORT,
    dataDir: mkdtempSync(join(tmpdir(), 'margin-e2e-')),
    staticDir: process.env.E2E_STATIC ?? 'dist',
    quiet: true,
  });
  if (SHOTS !== '') mkdirSync(SHOTS, { recursive: true });
});
test.afterAll(async () => {
  await sim?.close();
  sim = null;
});

async function login(page: Page, email: string, password: string, locale = 'en'): Promise<void> {
  const path = `/${locale}/trade/spot/BTC/USDT`;
  await page.goto(`${BASE}/login?redirect_url=${encodeURIComponent(path)}`);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
  await expect(form(page)).toBeVisible({ timeout: 15_000 });
}

async function post(path: string, body: unknown): Promise<unknown> {
  const r = await fetch(`${BASE}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return r.json();
}

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS === '') return;
  // A dispatched click: an open modal's backdrop covers the settings bar's theme switch.
  for (const theme of ['dark', 'light'] as const) {
    await page.locator(`[data-theme-choice="${theme}"]`).dispatchEvent('click');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await page.screenshot({ path: `${SHOTS}/${name}-${theme}.png` });
  }
  await page.locator('[data-theme-choice="dark"]').dispatchEvent('click');
}

/** Places a market buy of `amount` USDT from the form, margin on. */
async function marginBuy(page: Page, amount: string, confirmed = true): Promise<void> {
  await page.getByTestId('side-buy').click();
  await pickKind(page, 'market');
  const margin = page.getByTestId('margin-toggle');
  if (!(await margin.isChecked())) await margin.check();
  await fill(page, 'field-amount', amount);
  await page.getByTestId('order-submit').click();
  if (!confirmed) return;
  const confirm = page.getByTestId('confirm-create');
  await expect(confirm).toBeVisible();
  await confirm.getByTestId('confirm-create-confirm').click();
  await expect(confirm).toBeHidden();
}

test('a unified margin buy borrows, shows in borrowing and assets, and repaying clears it', async ({
  page,
}) => {
  await login(page, 'uta@sim.local', 'uta-pass');
  await marginBuy(page, '150000');
  const orders = page.locator('[data-panel="position"]');
  await orders.getByTestId('orders-tab-borrowing').click();
  const unpaid = orders.getByTestId('borrow-unpaid').locator('.vtable-row');
  await expect(unpaid).toHaveCount(1, { timeout: 10_000 });
  await expect(unpaid.first()).toContainText('USDT');
  const owed = Number((await unpaid.first().locator('.cell').nth(3).innerText()).replace(/,/g, ''));
  expect(owed).toBeGreaterThan(49_000);
  expect(owed).toBeLessThanOrEqual(50_000);
  if (SHOTS !== '') {
    await shot(page, 'borrowing-en');
    await page.goto(`${BASE}/ar-SA/trade/spot/BTC/USDT`);
    await orders.getByTestId('orders-tab-borrowing').click();
    await expect(unpaid).toHaveCount(1, { timeout: 10_000 });
    await shot(page, 'borrowing-ar');
    await page.goto(`${BASE}/en/trade/spot/BTC/USDT`);
    await orders.getByTestId('orders-tab-borrowing').click();
  }
  await orders.getByTestId('orders-tab-assets').click();
  const usdt = orders.getByTestId('assets').locator('.vtable-row', { hasText: 'USDT' }).first();
  await expect(usdt.locator('.cell').nth(4)).not.toHaveText('0', { timeout: 10_000 });
  await expect(orders.getByTestId('risk-leverage')).not.toHaveText('1×');

  await orders.getByTestId('orders-tab-borrowing').click();
  await orders.getByTestId('repay-USDT').click();
  await expect(unpaid).toHaveCount(0, { timeout: 10_000 });
  await orders.getByTestId('borrow-sub-paid').click();
  await expect(orders.getByTestId('borrow-paid').locator('.vtable-row')).toHaveCount(1);
  await orders.getByTestId('borrow-sub-repayments').click();
  await expect(orders.getByTestId('borrow-repayments').locator('.vtable-row').first()).toContainText('USDT');
  await orders.getByTestId('orders-tab-assets').click();
  await expect(usdt.locator('.cell').nth(4)).toHaveText('0', { timeout: 10_000 });
  await leverageOffAndOn(page);
});

/**
 * The account's leverage switch in the margin row: off, the form refuses a margin order with the spec's
 * leverage-off tip (and so does the server); a second tab of the same browser follows the setting through the hub;
 * on again, the margin order goes through.
 */
async function leverageOffAndOn(page: Page): Promise<void> {
  const margin = page.getByTestId('margin-toggle');
  if (!(await margin.isChecked())) await margin.check();
  const other = await page.context().newPage();
  await other.goto(`${BASE}/en/trade/spot/BTC/USDT`);
  await other.getByTestId('margin-toggle').check();
  const otherSwitch = other.getByTestId('leverage-switch');
  await expect(otherSwitch).toHaveAttribute('data-state', 'on', { timeout: 10_000 });

  const sw = page.getByTestId('leverage-switch');
  await expect(sw).toHaveAttribute('data-state', 'on');
  await sw.click();
  await expect(sw).toHaveAttribute('aria-checked', 'false');
  await expect(otherSwitch).toHaveAttribute('data-state', 'off', { timeout: 10_000 });
  await other.close();
  if (SHOTS !== '') {
    await shot(page, 'leverage-off-en');
    await page.goto(`${BASE}/ar-SA/trade/spot/BTC/USDT`);
    await page.getByTestId('margin-toggle').check();
    await expect(sw).toHaveAttribute('data-state', 'off', { timeout: 10_000 });
    await shot(page, 'leverage-off-ar');
    await page.goto(`${BASE}/en/trade/spot/BTC/USDT`);
    await page.getByTestId('margin-toggle').check();
    await expect(sw).toHaveAttribute('data-state', 'off', { timeout: 10_000 });
  }
  await marginBuy(page, '100', false);
  await expect(page.getByTestId('confirm-create')).toHaveCount(0);
  await expect(
    toasts(page)
      .filter({ hasText: /turn leverage on/i })
      .first(),
  ).toBeVisible();
  const refused = await page.evaluate(async () => {
    const res = await fetch('/spot/api/order/orderCreate', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        symbol_id: 'BTCUSDT',
        client_order_id: 'margin-leverage-off',
        side: 'buy',
        type: 'market',
        amount: '100',
        is_leverage: true,
      }),
    });
    return (await res.json()) as { code: number };
  });
  expect(refused.code).toBe(81003);

  await sw.click();
  await expect(sw).toHaveAttribute('data-state', 'on');
  await marginBuy(page, '100');
}

test('a forced crash shows the liquidation tip and refuses a new margin order', async ({ page }) => {
  await login(page, 'uta@sim.local', 'uta-pass');
  await marginBuy(page, '250000');
  await expect(toasts(page).first()).toBeVisible({ timeout: 10_000 });
  await post('/sim/test/margin/crash', { factor: 0.3 });
  // The desk's risk watch re-values debtors on the clock and pushes the new status.
  await post('/sim/test/clock', { advanceMs: 2_500 });
  const orders = page.locator('[data-panel="position"]');
  await orders.getByTestId('orders-tab-assets').click();
  await expect(orders.getByTestId('account-risk')).toHaveAttribute('data-status', '4', { timeout: 10_000 });
  await marginBuy(page, '100', false);
  await expect(page.getByTestId('confirm-create')).toHaveCount(0);
  await expect(
    toasts(page)
      .filter({ hasText: /liquidated/i })
      .first(),
  ).toBeVisible({ timeout: 10_000 });
  // The server refuses it too (the form's tip is not the only guard).
  const r = await page.evaluate(async () => {
    const res = await fetch('/spot/api/order/orderCreate', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        symbol_id: 'BTCUSDT',
        client_order_id: 'margin-after-crash',
        side: 'buy',
        type: 'market',
        amount: '100',
        is_leverage: true,
      }),
    });
    return (await res.json()) as { code: number };
  });
  expect(r.code).toBe(81001);
});

test('a classic account upgrades on the clock and lands on the unified page with the guide', async ({
  page,
}) => {
  // The Standard-offline tip's switch on: a classic account sees it and the UTA1 tip; the unified page shows neither.
  await post('/sim/test/web-config', { set: { standardOffline: true } });
  await login(page, 'classic@sim.local', 'classic-pass', SHOTS === '' ? 'en' : 'ar-SA');
  await expect(page.getByTestId('uta-entry-tip')).toBeVisible({ timeout: 10_000 });
  await expect(page.getByTestId('uta1-tip')).toBeVisible();
  await expect(page.getByTestId('standard-offline-banner')).toBeVisible();
  if (SHOTS !== '') {
    await shot(page, 'classic-tips-ar');
    await page.goto(`${BASE}/en/trade/spot/BTC/USDT`);
    await expect(page.getByTestId('uta1-tip')).toBeVisible({ timeout: 10_000 });
    await shot(page, 'classic-tips-en');
    await page.goto(`${BASE}/ar-SA/trade/spot/BTC/USDT`);
    await expect(page.getByTestId('uta-entry-tip')).toBeVisible({ timeout: 10_000 });
  }
  await page.getByTestId('uta-entry-button').click();
  const modal = page.getByTestId('uta-modal');
  await expect(modal).toBeVisible();
  await shot(page, 'upgrade-modal');
  await page.getByTestId('uta-modal-confirm').click();
  const mask = page.getByTestId('uta-progress-mask');
  await expect(mask).toBeVisible({ timeout: 10_000 });
  await post('/sim/test/clock', { advanceMs: 2_000 });
  // The simulator's clock also runs in real time, so the step seen may already be past 40 %: any step under 100.
  await expect(page.getByTestId('uta-mask-percent')).toHaveText(/^[2-8]0%$/, { timeout: 10_000 });
  await shot(page, 'upgrade-mask');
  await post('/sim/test/clock', { advanceMs: 3_000 });
  // Success ("0") reloads the page: the account is unified now, and the guide greets it once.
  await expect(page.getByTestId('uta-guide')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('margin-toggle')).toBeVisible();
  await expect(page.getByTestId('uta1-tip')).toHaveCount(0);
  await expect(page.getByTestId('standard-offline-banner')).toHaveCount(0);
  await shot(page, 'upgrade-guide');
  await page.getByTestId('uta-guide-confirm').click();
  await expect(page.getByTestId('uta-guide')).toBeHidden();

  // The inverse path: back to classic behind the inverse progress mask, then the page reloads as classic.
  await page.goto(`${BASE}/en/trade/spot/BTC/USDT`);
  await expect(page.getByTestId('margin-toggle')).toBeVisible({ timeout: 15_000 });
  await page.evaluate(async () => {
    await fetch('/unified/api/account/upgrade', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ inverse: true }),
    });
  });
  await post('/sim/test/clock', { advanceMs: 1_000 });
  await expect(page.getByTestId('uta-inverse-mask')).toBeVisible({ timeout: 10_000 });
  await shot(page, 'inverse-mask');
  await post('/sim/test/clock', { advanceMs: 4_000 });
  await expect(page.getByTestId('uta-entry-tip')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('margin-toggle')).toHaveCount(0);
  await post('/sim/test/web-config', { reset: true });
});
