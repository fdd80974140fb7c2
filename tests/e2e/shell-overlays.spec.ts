import { expect, test, type Page } from '@playwright/test';
import { openPair, secondsUntilOpen } from './support/shell';

const SOON = 'the simulator has been up for almost 10 minutes: NEWCUSDT is (about to be) open';

const countdown = (page: Page) => page.getByTestId('symbol-countdown');

/** Seconds left on the countdown clock. */
async function secondsLeft(page: Page): Promise<number> {
  const [h, m, s] = (await page.locator('.countdown-value').allTextContents()).map(Number);
  return (h ?? 0) * 3600 + (m ?? 0) * 60 + (s ?? 0);
}

test('the not-yet-open symbol shows the countdown: time left, UTC open time, description, learn more', async ({
  page,
  request,
}) => {
  test.skip((await secondsUntilOpen(request, 'NEWCUSDT')) < 5, SOON);
  await openPair(page, 'en', 'NEWC', 'USDT');
  await expect(countdown(page)).toBeVisible();
  await expect(page.getByTestId('trade-page')).toHaveAttribute('data-opening', 'countdown');
  await expect(countdown(page).getByRole('heading')).toHaveText('NEWC/USDT opens in');
  await expect(countdown(page)).toContainText('Hours');
  await expect(countdown(page)).toContainText(/Opening time: .+ \(UTC\)/);
  await expect(countdown(page)).toContainText('NEWC/USDT opens for trading at');
  await expect(countdown(page).getByRole('link', { name: 'Learn more' })).toHaveAttribute(
    'href',
    '/announcements/new-listing-NEWC',
  );
  const first = await secondsLeft(page);
  expect(first).toBeGreaterThan(0);
  expect(first).toBeLessThanOrEqual(600);
  await expect.poll(() => secondsLeft(page), { timeout: 5000 }).toBeLessThan(first);
  // The countdown lives in the chart area.
  await expect(page.locator('[data-panel="chart"]').getByTestId('symbol-countdown')).toBeVisible();
});

test('the page opens the symbol at zero (1 s open delay) on its own clock', async ({ page, request }) => {
  test.skip((await secondsUntilOpen(request, 'NEWCUSDT')) < 5, SOON);
  await page.clock.install();
  await openPair(page, 'en', 'NEWC', 'USDT');
  await expect(countdown(page)).toBeVisible();
  const shell = page.getByTestId('trade-page');
  const left = await secondsLeft(page);
  // Jump to 1–2 s before zero, then step 100 ms at a time (the countdown's tick) until it reaches zero.
  await page.clock.fastForward((left - 2) * 1000);
  await expect(shell).toHaveAttribute('data-opening', 'countdown');
  let state = 'countdown';
  for (let step = 0; step < 40 && state === 'countdown'; step++) {
    await page.clock.runFor(100);
    state = (await shell.getAttribute('data-opening')) ?? '';
  }
  // At zero the clock reads 00:00:00 and the symbol opens one second later.
  await expect(shell).toHaveAttribute('data-opening', 'opening');
  await expect(page.locator('.countdown-value')).toHaveText(['00', '00', '00']);
  await page.clock.runFor(1000);
  await expect(shell).toHaveAttribute('data-opening', 'open');
  await expect(countdown(page)).toHaveCount(0);
});

test('an open symbol shows no overlay', async ({ page }) => {
  await openPair(page, 'en', 'BTC', 'USDT');
  await expect(page.getByTestId('trade-page')).toHaveAttribute('data-opening', 'open');
  await expect(page.locator('.overlay')).toHaveCount(0);
});

test('a failed notice shows the network-error overlay whose refresh reloads the page', async ({ page }) => {
  await page.route('**/spot/api/basic/getNoticeInfoBySymbolId**', (route) => route.abort());
  await openPair(page, 'en', 'ETH', 'USDT');
  const overlay = page.getByTestId('network-error');
  await expect(overlay).toBeVisible();
  await expect(overlay).toContainText('ETH/USDT');
  await expect(overlay).toContainText('Opening countdown');
  await expect(overlay).toContainText('Network error');
  await page.unroute('**/spot/api/basic/getNoticeInfoBySymbolId**');
  await overlay.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByTestId('trade-page')).toHaveAttribute('data-opening', 'open');
  await expect(overlay).toHaveCount(0);
});

test('a notice for another symbol counts as a mismatch: network-error overlay', async ({ page }) => {
  await page.route('**/spot/api/basic/getNoticeInfoBySymbolId**', (route) =>
    route.fulfill({
      json: {
        code: 0,
        success: true,
        message: '',
        result: {
          noticeType: 0,
          noticeContent: '',
          noticeLinkUrl: '',
          onlineTime: 0,
          nowTime: 1,
          symbolId: 999,
        },
      },
    }),
  );
  await openPair(page, 'en', 'BTC', 'USDT');
  await expect(page.getByTestId('network-error')).toBeVisible();
});

test('a notice link off the allowlist is not rendered', async ({ page }) => {
  await page.route('**/spot/api/basic/getNoticeInfoBySymbolId**', (route) =>
    route.fulfill({
      json: {
        code: 0,
        success: true,
        message: '',
        result: {
          noticeType: 1,
          noticeContent: '<img src=x onerror=alert(1)>',
          noticeLinkUrl: 'javascript:alert(1)',
          onlineTime: Date.now() + 3_600_000,
          nowTime: Date.now(),
          symbolId: 1,
        },
      },
    }),
  );
  await openPair(page, 'en', 'BTC', 'USDT');
  await expect(countdown(page)).toBeVisible();
  // Server text is text: the markup shows literally, no element is created.
  await expect(countdown(page)).toContainText('<img src=x onerror=alert(1)>');
  await expect(countdown(page).locator('img')).toHaveCount(0);
  await expect(countdown(page).getByRole('link')).toHaveCount(0);
});

test('a symbol list that fails to load shows the block failure state with a refresh that reloads', async ({
  context,
  page,
}) => {
  // Run the hub as a dedicated worker so the context's routes see its requests.
  await page.addInitScript(() => {
    delete (window as { SharedWorker?: unknown }).SharedWorker;
  });
  await context.route('**/v5/market/instruments-info**', (route) => route.abort());
  await page.goto('/en/trade/spot/BTC/USDT');
  await expect(page.getByTestId('trade-page')).toHaveAttribute('data-state', 'error', { timeout: 15_000 });
  const failed = page.getByTestId('block-failed');
  await expect(failed).toContainText('Data failed to load');
  await context.unroute('**/v5/market/instruments-info**');
  await failed.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.getByTestId('trade-page')).toHaveAttribute('data-state', 'found', { timeout: 15_000 });
});
