/**
 * Issue 26: guides (new-user, OCO buy and sell steps, trailing stop) with their states on the server; the footer
 * announcement banner's hide rules on the page clock; what each seeded account kind sees (demo recharge modal and its
 * errors, copy-trading-off banner and leader link, standard-offline warning, sub-account tools, the banned symbol's
 * flag). One in-process simulator for the file; screenshots dark/light × en/ar-SA of each guide and banner.
 */
import { expect, test, type Page } from '@playwright/test';
import type { Simulator } from '../../server/app';
import { fill, lastPrice, openRows, pickKind, toasts } from './support/orders';
import {
  LAYER_SHOTS,
  loginOver,
  pageCall,
  setKyc,
  setLook,
  setWebConfig,
  SHOOT,
  startLayerSim,
} from './support/layer';

test.describe.configure({ mode: 'serial', timeout: 60_000 });
test.use({ viewport: { width: 1600, height: 1000 } });

let sim: Simulator;
test.beforeAll(async () => {
  sim = await startLayerSim();
});
test.afterAll(async () => {
  await sim.close();
});

const prefs = async (page: Page): Promise<Record<string, string>> =>
  (await pageCall<{ result: Record<string, string> }>(page, 'GET', '/user/api/pref/getPrefSetting')).result;

/** Dark/light × en/ar-SA screenshots of one element, the page reloaded in each locale. */
async function shots(page: Page, path: string, testId: string, name: string): Promise<void> {
  if (!SHOOT) return;
  for (const locale of ['en', 'ar-SA'] as const) {
    await page.goto(`${sim.url}/${locale}${path}`);
    const el = page.getByTestId(testId);
    await expect(el).toBeVisible({ timeout: 15_000 });
    for (const theme of ['dark', 'light'] as const) {
      await setLook(page, theme);
      await el.screenshot({ path: `${LAYER_SHOTS}/${name}-${theme}-${locale}.png` });
    }
  }
  await setLook(page, 'dark');
}

test('the guides: new-user next/done, OCO buy and sell steps, trailing stop; states kept on the server', async ({
  page,
}) => {
  await loginOver(page, sim.url, 'uta@sim.local', '/en/trade/spot/BTC/USDT');
  expect(
    (await pageCall(page, 'POST', '/user/api/pref/setPrefSetting', { upsert_keys: { newUserGuide: 'new' } }))
      .code,
  ).toBe(0);
  await shots(page, '/trade/spot/BTC/USDT', 'guide-newUser', 'guide-new-user');
  await page.goto(`${sim.url}/en/trade/spot/BTC/USDT`);
  const guide = page.getByTestId('guide-newUser');
  await expect(guide).toHaveAttribute('data-step', 'step1', { timeout: 15_000 });
  await expect(guide.getByTestId('guide-count')).toHaveText('1/2');
  await guide.getByTestId('guide-next').click();
  await expect(guide).toHaveAttribute('data-step', 'step3');
  await expect.poll(async () => (await prefs(page)).newUserGuide).toBe('[3]');
  await guide.getByTestId('guide-done').click();
  await expect(guide).toHaveCount(0);
  await expect.poll(async () => (await prefs(page)).newUserGuide).toBe('readed');

  await pickKind(page, 'oco');
  const oco = page.getByTestId('guide-oco');
  await expect(oco).toHaveAttribute('data-step', 'buy1');
  await page.getByTestId('side-sell').click();
  await expect(oco).toHaveAttribute('data-step', 'sell1');
  await oco.getByTestId('guide-next').click();
  await expect(oco).toHaveAttribute('data-step', 'sell2');
  for (const locale of SHOOT ? (['en', 'ar-SA'] as const) : []) {
    await page.goto(`${sim.url}/${locale}/trade/spot/BTC/USDT`);
    await expect(page.getByTestId('kind-more')).toBeVisible({ timeout: 15_000 });
    for (const theme of ['dark', 'light'] as const) {
      await setLook(page, theme);
      await pickKind(page, 'oco');
      await page
        .getByTestId('guide-oco')
        .screenshot({ path: `${LAYER_SHOTS}/guide-oco-${theme}-${locale}.png` });
      await pickKind(page, 'trailing');
      await page
        .getByTestId('guide-trailing')
        .screenshot({ path: `${LAYER_SHOTS}/guide-trailing-${theme}-${locale}.png` });
    }
  }
  await setLook(page, 'dark');
  await pickKind(page, 'oco');
  await page.getByTestId('guide-oco').getByTestId('guide-close').click();
  await expect.poll(async () => (await prefs(page)).ocoGuide).toBe('readed');
  await pickKind(page, 'trailing');
  const trailing = page.getByTestId('guide-trailing');
  for (const step of ['step1', 'step2']) {
    await expect(trailing).toHaveAttribute('data-step', step);
    await trailing.getByTestId('guide-next').click();
  }
  await trailing.getByTestId('guide-done').click();
  await expect.poll(async () => (await prefs(page)).trailingStopGuide).toBe('readed');
  await page.reload();
  await pickKind(page, 'oco');
  await expect(page.getByTestId('guide-oco')).toHaveCount(0);
});

test('the announcement banner: newest eligible first, close hides 24 h, more hides 5 minutes, each read by id', async ({
  page,
}) => {
  const t0 = Date.now();
  await page.clock.setFixedTime(t0);
  await page.goto(`${sim.url}/en/trade/spot/BTC/USDT`);
  const banner = page.getByTestId('announcement-banner');
  await expect(banner).toBeVisible({ timeout: 15_000 });
  const first = await banner.getAttribute('data-id');
  await expect(banner).toContainText('New listing: NEWC/USDT');
  await banner.getByTestId('announcement-close').click();
  await expect(banner).toHaveCount(0);
  await page.clock.setFixedTime(t0 + 23 * 3600_000);
  await page.reload();
  await expect(page.getByTestId('order-form').or(page.getByTestId('visitor-prompt')).first()).toBeVisible();
  await expect(banner).toHaveCount(0);
  await page.clock.setFixedTime(t0 + 24 * 3600_000 + 60_000);
  await page.reload();
  await expect(banner).toBeVisible({ timeout: 15_000 });
  const second = await banner.getAttribute('data-id');
  expect(second).not.toBe(first);
  await banner.getByTestId('announcement-more').click();
  await expect(banner).toHaveCount(0);
  // 5 minutes later (the boundary itself is in the unit test) the next unread one shows.
  await page.clock.setFixedTime(t0 + 24 * 3600_000 + 7 * 60_000);
  await page.reload();
  await expect(banner).toBeVisible({ timeout: 15_000 });
  const third = await banner.getAttribute('data-id');
  expect([first, second]).not.toContain(third);
  await shots(page, '/trade/spot/BTC/USDT', 'announcement-banner', 'announcement-banner');
});

test('what each account kind sees: demo recharge and its errors, leader banner, standard offline, sub tools, ban flag', async ({
  page,
}) => {
  // The screenshot matrix (LAYER_SHOTS) reloads the page four more times.
  // Seven account kinds in one test: 40-47 s on a loaded machine; screenshots add more.
  test.setTimeout(SHOOT ? 120_000 : 90_000);
  await loginOver(page, sim.url, 'demo@sim.local', '/en/trade/spot/BTC/USDT');
  await expect(page.getByTestId('orders-sub-oco')).toHaveCount(0);
  // What a demo account reaches but cannot use says so (demoAccountDoesNotSupportTips), not a silent absence.
  const demoTip = 'This feature is not supported for demo accounts.';
  await page.getByTestId('orders-tab-pnl').click();
  await expect(page.getByTestId('demo-tip')).toHaveText(demoTip);
  await expect(page.getByTestId('orders-panel').getByRole('link', { name: /performance/i })).toHaveCount(0);
  await pickKind(page, 'oco');
  const formTip = page.getByTestId('order-form').getByTestId('demo-tip');
  await expect(formTip).toHaveAttribute('data-feature', 'ocoOrderKind');
  await expect(formTip).toHaveText(demoTip);
  await expect(page.getByTestId('order-submit')).toBeDisabled();
  await expect(page.getByTestId('guide-oco')).toHaveCount(0);
  if (SHOOT) {
    for (const locale of ['en', 'ar-SA'] as const) {
      await page.goto(`${sim.url}/${locale}/trade/spot/BTC/USDT`);
      await expect(page.getByTestId('kind-more')).toBeVisible({ timeout: 15_000 });
      await pickKind(page, 'oco');
      await page.getByTestId('orders-tab-pnl').click();
      for (const theme of ['dark', 'light'] as const) {
        await setLook(page, theme);
        await page
          .getByTestId('order-form')
          .screenshot({ path: `${LAYER_SHOTS}/demo-tip-form-${theme}-${locale}.png` });
        await page
          .getByTestId('orders-panel')
          .screenshot({ path: `${LAYER_SHOTS}/demo-tip-pnl-${theme}-${locale}.png` });
      }
    }
    await setLook(page, 'dark');
    await page.goto(`${sim.url}/en/trade/spot/BTC/USDT`);
    await expect(page.getByTestId('kind-more')).toBeVisible({ timeout: 15_000 });
  }
  await pickKind(page, 'limit');
  await page.getByTestId('demo-wallet').click();
  const modal = page.getByTestId('recharge-modal');
  await expect(modal.getByTestId('recharge-balance')).toHaveText(/^\d[\d.]* USDT$/);
  const before = await modal.getByTestId('recharge-balance').textContent();
  await modal.getByTestId('recharge-amount').fill('1000000');
  await modal.getByTestId('recharge-submit').click();
  await expect(modal.getByTestId('recharge-ok')).toBeVisible();
  await expect(modal.getByTestId('recharge-balance')).not.toHaveText(before ?? '');
  await modal.getByTestId('recharge-submit').click();
  await expect(modal.getByTestId('recharge-error')).toHaveText(
    'Your USDT balance is already at the demo limit.',
  );
  await modal.getByTestId('recharge-amount').fill('2000000');
  await modal.getByTestId('recharge-submit').click();
  await expect(modal.getByTestId('recharge-error')).toContainText('amount must be at most 1000000');
  await page.route('**/spot/api/demo/recharge', (r) =>
    r.fulfill({ json: { code: 3410021, success: false } }),
  );
  await modal.getByTestId('recharge-submit').click();
  await expect(modal.getByTestId('recharge-error')).toHaveText('Recharge failed. Please try again later.');
  await page.unroute('**/spot/api/demo/recharge');
  if (SHOOT) await modal.screenshot({ path: `${LAYER_SHOTS}/recharge-modal-dark-en.png` });
  await modal.getByTestId('recharge-cancel').click();

  await loginOver(page, sim.url, 'leader@sim.local', '/en/trade/spot/BTC/USDT');
  await expect(page.getByTestId('copy-trading-banner')).toBeVisible();
  await expect(page.getByTestId('leader-link')).toHaveAttribute('href', '/copyTrade/trade-center/leader');
  await shots(page, '/trade/spot/BTC/USDT', 'copy-trading-banner', 'copy-trading-banner');

  await loginOver(page, sim.url, 'sub@sim.local', '/en/trade/spot/BANX/USDT');
  await expect(page.locator('[data-tool="autoInvest"]')).toHaveCount(0);
  await expect(page.getByTestId('ban-flag')).toBeVisible();

  // The trade dialog waits for KYC (spec §5): an unverified classic account whose dialog state is new is not shown it
  // (seeded accounts are verified, and shell-extra.spec.ts sees them get it).
  await setWebConfig(sim.url, { set: { standardOffline: true } });
  await setKyc(sim.url, 'classic@sim.local', 0);
  const login = await page.request.post(`${sim.url}/login`, {
    data: { email: 'classic@sim.local', password: 'classic-pass' },
  });
  expect(((await login.json()) as { code: number }).code).toBe(0);
  const set = await page.request.post(`${sim.url}/user/api/pref/setPrefSetting`, {
    data: { upsert_keys: { spotTradeGuide: 'new' } },
  });
  expect(((await set.json()) as { code: number }).code).toBe(0);
  await page.goto(`${sim.url}/en/trade/spot/BTC/USDT`);
  const offline = page.getByTestId('standard-offline-banner');
  await expect(offline).toBeVisible({ timeout: 15_000 });
  // User and preferences reach the tab in one diff: once loaded, the gate has decided.
  await expect(page.getByTestId('trade-page')).toHaveAttribute('data-prefs', 'loaded');
  await page.evaluate(
    () =>
      new Promise<void>((done) => {
        requestAnimationFrame(() => {
          requestAnimationFrame(() => {
            done();
          });
        });
      }),
  );
  await expect(page.getByTestId('trade-guide')).toHaveCount(0);
  // Dismiss before KYC is restored: once the page learns the new level (any user-info reread), the held trade
  // dialog opens and its backdrop would take the click.
  await offline.getByTestId('standard-offline-dismiss').click();
  await expect(offline).toHaveCount(0);
  await setKyc(sim.url, 'classic@sim.local', 1);
  await setWebConfig(sim.url, { reset: true });
});

test('an isolated-margin UTA account: OCO and borrowing lists; margin on warns that leveraged trading is not supported', async ({
  page,
}) => {
  await loginOver(page, sim.url, 'isolated@sim.local', '/en/trade/spot/BTC/USDT');
  // A unified account: the integrated lists with borrowing, and OCO orders.
  await expect(page.getByTestId('orders-tab-borrowing')).toBeVisible();
  await expect(page.getByTestId('orders-sub-oco')).toBeVisible();
  const tip = 'Isolated margin mode does not support spot margin trading';
  const warning = page.getByTestId('isolated-warning');
  await expect(warning).toHaveCount(0);
  await page.getByTestId('margin-toggle').check();
  await expect(warning).toHaveText(tip);
  // Submitting with margin on stops at the leverage rule with the same words; nothing reaches the book.
  await fill(page, 'field-price', (Math.round((await lastPrice(page)) * 0.8 * 100) / 100).toFixed(2));
  await fill(page, 'field-qty', '0.001');
  await page.getByTestId('order-submit').click();
  await expect(toasts(page).filter({ hasText: tip })).toHaveCount(1);
  await expect(openRows(page)).toHaveCount(0);
  if (SHOOT) {
    for (const theme of ['dark', 'light'] as const) {
      await setLook(page, theme);
      await page
        .getByTestId('order-form')
        .screenshot({ path: `${LAYER_SHOTS}/isolated-warning-${theme}-en.png` });
    }
    await setLook(page, 'dark');
  }
  await page.getByTestId('margin-toggle').uncheck();
  await expect(warning).toHaveCount(0);
});

test('KYC passed later: the trade dialog held for it opens once the page has learnt the new level (a reload)', async ({
  page,
}) => {
  // An unverified classic account whose trade dialog is due (state new on the server).
  await setKyc(sim.url, 'classic@sim.local', 0);
  const login = await page.request.post(`${sim.url}/login`, {
    data: { email: 'classic@sim.local', password: 'classic-pass' },
  });
  expect(((await login.json()) as { code: number }).code).toBe(0);
  const set = await page.request.post(`${sim.url}/user/api/pref/setPrefSetting`, {
    data: { upsert_keys: { spotTradeGuide: 'new' } },
  });
  expect(((await set.json()) as { code: number }).code).toBe(0);
  await page.goto(`${sim.url}/en/trade/spot/BTC/USDT`);
  const pageRoot = page.getByTestId('trade-page');
  // User and preferences reach the tab in one diff: once loaded, the gate has decided, and it held the dialog.
  await expect(pageRoot).toHaveAttribute('data-prefs', 'loaded', { timeout: 15_000 });
  await expect(page.getByTestId('trade-guide')).toHaveCount(0);
  await expect.poll(() => prefs(page)).toMatchObject({ spotTradeGuide: 'new' });

  // Verification passes on the server. No push carries the KYC level: the hub reads user info again when a tab
  // says hello (and after a reconnect), so the page learns it on its next load at the latest (a CI run saw it learnt
  // sooner, the dialog open before the reload: the test no longer holds the page to the later time).
  await setKyc(sim.url, 'classic@sim.local', 1);
  const info = await pageCall<{ result: { kycPassed: boolean } }>(page, 'GET', '/user/api/info');
  expect(info.result.kycPassed).toBe(true);
  await page.reload();
  const dialog = page.getByTestId('trade-guide');
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  // Closed, it is read on the server and does not come back.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect.poll(() => prefs(page)).toMatchObject({ spotTradeGuide: 'readed' });
});
