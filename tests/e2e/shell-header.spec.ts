import { expect, test } from '@playwright/test';
import { openPair, waitForLivePrice } from './support/shell';

test.describe('market header', () => {
  test('hovering the pair opens the symbol list: search, quote tabs, favourites, live prices', async ({
    page,
  }) => {
    await openPair(page, 'en', 'BTC', 'USDT');
    // The notice bar appears 3 s after load and shifts the page down: hover once it is in.
    await expect(page.getByTestId('notice-bar')).toBeVisible({ timeout: 5000 });
    await page.getByRole('heading', { name: 'BTC/USDT' }).hover();
    const list = page.getByTestId('symbol-list');
    await expect(list).toBeVisible();
    await expect(list.getByRole('tab')).toContainText(['★ Favorites', 'USDT', 'USDC']);
    const eth = list.locator('[data-symbol="ETHUSDT"]');
    await expect(eth.locator('.num').first()).not.toHaveText('--', { timeout: 10_000 });
    await expect(eth.locator('.num').nth(1)).toHaveText(/^[+-]?\d+\.\d\d%$/);
    await list.getByRole('tab', { name: 'USDC' }).click();
    await expect(list.locator('[data-symbol]')).toHaveCount(1);
    await list.getByRole('searchbox').fill('eth');
    await expect(list.locator('[data-symbol]')).toHaveText([/ETH\/USDT/]);
    await list.locator('[data-symbol="ETHUSDT"]').getByRole('button', { name: 'Add to favorites' }).click();
    await list.getByRole('searchbox').fill('');
    await list.getByRole('tab', { name: '★ Favorites' }).click();
    await expect(list.locator('[data-symbol]')).toHaveText([/ETH\/USDT/]);
    await list.locator('[data-symbol="ETHUSDT"]').getByRole('button', { name: 'ETH/USDT' }).click();
    await expect(page).toHaveURL(/\/en\/trade\/spot\/ETH\/USDT$/);
    await expect(page.getByRole('heading', { name: 'ETH/USDT' })).toBeVisible();
    await page.mouse.move(900, 700);
    await expect(list).toHaveCount(0);
  });

  test('stats hide one by one when the header is narrow and come back when it widens', async ({ page }) => {
    await page.setViewportSize({ width: 1920, height: 900 });
    await openPair(page, 'en', 'BTC', 'USDT');
    const stats = page.getByTestId('header-stats');
    await expect(stats).toHaveAttribute('data-shown', '3');
    await expect(stats.locator('dt')).toHaveText(['24h high', '24h low', '24h turnover (USDT)']);
    await page.setViewportSize({ width: 1080, height: 900 });
    await expect.poll(async () => Number(await stats.getAttribute('data-shown'))).toBeLessThan(3);
    const shown = Number(await stats.getAttribute('data-shown'));
    await expect(stats.locator('dt').first()).toHaveText('24h high');
    expect(await stats.locator('.stat').count()).toBe(shown);
    await page.setViewportSize({ width: 1920, height: 900 });
    await expect(stats).toHaveAttribute('data-shown', '3');
  });

  test('the browser title shows pair, last price and arrow', async ({ page }) => {
    await openPair(page, 'en', 'BTC', 'USDT');
    await waitForLivePrice(page);
    await expect(page).toHaveTitle(/^BTC\/USDT [\d,]+\.\d{2}( [▲▼])? \| Spot trading$/);
  });

  test('the trade guide walks three steps and is remembered as read', async ({ page }) => {
    await openPair(page, 'en', 'BTC', 'USDT');
    await page.getByRole('button', { name: 'Trade guide' }).click();
    const dialog = page.getByRole('dialog', { name: 'How to trade spot' });
    await expect(dialog).toContainText('Step 1 of 3');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog).toContainText('Track your orders');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('spot.tradeGuide'))).toBe('"readed"');
  });

  test('the liquidity-shield link shows for a covered symbol and not for others', async ({ page }) => {
    await openPair(page, 'en', 'BTC', 'USDT');
    await expect(page.getByTestId('liquidity-shield')).toHaveAttribute(
      'href',
      '/liquidity-shield-trading-frenzy/',
    );
    await openPair(page, 'en', 'SUI', 'USDT');
    await expect(page.getByTestId('market-header')).toBeVisible();
    await expect(page.getByTestId('liquidity-shield')).toHaveCount(0);
  });
});

test.describe('notice bar', () => {
  test('appears 3 s after load, rotates every 5 s, links same-origin, and a close is remembered', async ({
    page,
  }) => {
    await openPair(page, 'en', 'BTC', 'USDT');
    const bar = page.getByTestId('notice-bar');
    await page.waitForTimeout(1500);
    await expect(bar).toHaveCount(0);
    await expect(bar).toBeVisible({ timeout: 4000 });
    expect((await bar.boundingBox())?.height).toBe(44);
    const first = await bar.locator('.notice-text').textContent();
    await expect(bar.locator('.notice-text')).not.toHaveText(first ?? '', { timeout: 7000 });
    await expect(bar.locator('.notice-count')).toHaveText(/^[23]\/3$/);
    await bar.getByRole('button', { name: 'Close' }).click();
    await expect(bar).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('trade-page')).toHaveAttribute('data-state', 'found');
    await page.waitForTimeout(4000);
    await expect(bar).toHaveCount(0);
  });

  test('shows only the notices for the symbol', async ({ page }) => {
    await openPair(page, 'en', 'SUI', 'USDT');
    const bar = page.getByTestId('notice-bar');
    await expect(bar).toBeVisible({ timeout: 5000 });
    await expect(bar.locator('.notice-count')).toHaveText(/\/2$/);
  });
});

test.describe('left tab bar and settings', () => {
  test('Trade and Tools tabs, pinned tools opening their view, the preference popover', async ({ page }) => {
    await openPair(page, 'en', 'BTC', 'USDT');
    const bar = page.getByTestId('left-tab-bar');
    await expect(page.locator('[data-panel="order-form"]')).toBeVisible();
    await expect(bar.locator('[data-tool]')).toHaveCount(6);
    await expect(bar.locator('[data-tool="spread"]')).toHaveCount(0);
    await expect(bar.locator('[data-tool="otc"]')).toHaveAttribute(
      'href',
      '/user/assets/otc/index?fromCoin=USDT&toCoin=BTC&source=spot_convert_block_trade',
    );
    await bar.getByRole('button', { name: 'Iceberg' }).click();
    await expect(page.locator('[data-panel="tool-iceberg"]')).toBeVisible();
    await expect(bar.getByRole('tab', { name: 'Tools' })).toHaveAttribute('aria-selected', 'true');
    await bar.getByRole('button', { name: 'Tools' }).click();
    await expect(page.locator('[data-panel="order-form"]')).toBeVisible();
    await bar.getByRole('tab', { name: 'Tools' }).click();
    await expect(page.locator('.tools-view [role="tab"]')).toHaveText([
      'Grid bot',
      'Iceberg',
      'TWAP',
      'Scaled order',
    ]);

    await bar.getByTestId('trade-preferences').click();
    const pop = page.getByRole('dialog', { name: 'Trade preferences' });
    await expect(pop.locator('legend')).toHaveText([
      'Setup',
      'Order info',
      'Advanced functions',
      'Unit display',
    ]);
    await expect(pop.getByLabel('TP/SL')).toBeDisabled();
    await pop.getByLabel('Max buy').uncheck();
    await page.reload();
    await page.getByTestId('trade-preferences').click();
    await expect(
      page.getByRole('dialog', { name: 'Trade preferences' }).getByLabel('Max buy'),
    ).not.toBeChecked();
  });

  test('the theme choice is remembered and drives the colour tokens', async ({ page }) => {
    await openPair(page, 'en', 'BTC', 'USDT');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.getByRole('radio', { name: 'Light' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(bg).toBe('rgb(243, 245, 247)');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });

  test('the footer can be hidden, leaving the simple footer', async ({ page }) => {
    await openPair(page, 'en', 'BTC', 'USDT');
    await expect(page.getByTestId('footer')).toBeAttached();
    await page.getByLabel('Show footer').uncheck();
    await expect(page.getByTestId('footer')).toHaveCount(0);
    await expect(page.getByTestId('footer-simple')).toBeAttached();
  });
});
