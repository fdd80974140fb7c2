import { expect, test } from '@playwright/test';
import { openPair, rawKeysOnPage, secondsUntilOpen, waitForLivePrice } from './support/shell';

const SHOTS = 'tests/e2e/screenshots';

for (const theme of ['dark', 'light'] as const) {
  for (const locale of ['en', 'ar-SA'] as const) {
    for (const width of [1280, 1920] as const) {
      test(`screenshot ${theme} ${locale} ${width}px`, async ({ page }) => {
        await page.setViewportSize({ width, height: width === 1280 ? 800 : 1080 });
        await page.addInitScript((th) => {
          localStorage.setItem('spot.theme', JSON.stringify(th));
        }, theme);
        await openPair(page, locale, 'BTC', 'USDT');
        await waitForLivePrice(page);
        await expect(page.getByTestId('notice-bar')).toBeVisible({ timeout: 10_000 });
        expect(await rawKeysOnPage(page)).toEqual([]);
        // Viewport shots, top and bottom: a full-page capture resizes the viewport, and the chart height follows it.
        await page.screenshot({
          path: `${SHOTS}/shell-${theme}-${locale}-${width}.png`,
          animations: 'disabled',
        });
        await page.evaluate(() => {
          window.scrollTo(0, document.documentElement.scrollHeight);
        });
        await page.screenshot({
          path: `${SHOTS}/shell-${theme}-${locale}-${width}-bottom.png`,
          animations: 'disabled',
        });
      });
    }
  }
  test(`screenshot ${theme} mobile 480px`, async ({ page }) => {
    await page.setViewportSize({ width: 480, height: 900 });
    await page.addInitScript((th) => {
      localStorage.setItem('spot.theme', JSON.stringify(th));
    }, theme);
    await openPair(page, 'en', 'BTC', 'USDT');
    await waitForLivePrice(page);
    expect(await rawKeysOnPage(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/shell-${theme}-en-mobile-480.png`, animations: 'disabled' });
  });
}

for (const locale of ['en', 'ar-SA'] as const) {
  test(`screenshot countdown, symbol list and preferences (${locale})`, async ({ page, request }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    if ((await secondsUntilOpen(request, 'NEWCUSDT')) > 5) {
      await openPair(page, locale, 'NEWC', 'USDT');
      await expect(page.getByTestId('symbol-countdown')).toBeVisible();
      expect(await rawKeysOnPage(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/shell-countdown-${locale}.png`, animations: 'disabled' });
    }
    await openPair(page, locale, 'BTC', 'USDT');
    await expect(page.getByTestId('notice-bar')).toBeVisible({ timeout: 5000 });
    await page.locator('.symbol-current').hover();
    await expect(
      page.getByTestId('symbol-list').locator('[data-symbol="ETHUSDT"] .num').first(),
    ).not.toHaveText('--', {
      timeout: 10_000,
    });
    expect(await rawKeysOnPage(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/shell-symbol-list-${locale}.png`, animations: 'disabled' });
    await page.mouse.move(640, 700);
    await expect(page.getByTestId('symbol-list')).toHaveCount(0);
    await page.getByTestId('trade-preferences').click();
    expect(await rawKeysOnPage(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/shell-preferences-${locale}.png`, animations: 'disabled' });
    await page.keyboard.press('Escape');
    await page.locator('.header-end button').click();
    await page.screenshot({ path: `${SHOTS}/shell-guide-${locale}.png`, animations: 'disabled' });
  });
}

test('screenshot not-found and LT pages', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/en/trade/spot/NOPE/USDT');
  await expect(page.getByTestId('symbol-list').locator('[data-symbol="ETHUSDT"]')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/shell-not-found.png`, animations: 'disabled' });
  await page.goto('/ar-SA/trade/spot/lt/BTC3L/USDT');
  await expect(page.getByTestId('lt-page')).toBeVisible();
  expect(await rawKeysOnPage(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/shell-lt-ar-SA.png`, animations: 'disabled' });
});
