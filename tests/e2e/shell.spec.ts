import { expect, test } from '@playwright/test';
import { gridItem, openPair, rawKeysOnPage } from './support/shell';

test.describe('routes of spec §2', () => {
  const cases: [string, RegExp][] = [
    ['/', /\/en\/trade\/spot\/BTC\/USDT$/],
    ['/trade/spot/', /\/en\/trade\/spot\/BTC\/USDT$/],
    ['/trade/spot/ETH/USDT', /\/en\/trade\/spot\/ETH\/USDT$/],
    ['/trade/spot/lt/BTC3L/USDT', /\/en\/trade\/spot\/lt\/BTC3L\/USDT$/],
    ['/ja-JP/trade/spot/', /\/ja-JP\/trade\/spot\/BTC\/USDT$/],
    ['/xx/trade/spot/ETH/USDT', /\/en\/trade\/spot\/ETH\/USDT$/],
    ['/fr/trade/spot/ETH/USDT', /\/fr-FR\/trade\/spot\/ETH\/USDT$/],
    ['/en/trade/spot/eth/usdt', /\/en\/trade\/spot\/ETH\/USDT$/],
    ['/somewhere/else', /\/en\/trade\/spot\/BTC\/USDT$/],
  ];
  for (const [from, to] of cases) {
    test(`${from} ends at ${to.source}`, async ({ page }) => {
      await page.goto(from);
      await expect(page).toHaveURL(to);
      await expect(page.getByTestId('trade-page')).toBeVisible();
    });
  }

  test('a stored locale wins for /trade/spot/, and the locale of the last page is remembered', async ({
    page,
  }) => {
    await page.goto('/ko-KR/trade/spot/ETH/USDT');
    await expect(page.getByTestId('trade-page')).toHaveAttribute('data-state', 'found');
    await page.goto('/trade/spot/');
    await expect(page).toHaveURL(/\/ko-KR\/trade\/spot\/BTC\/USDT$/);
  });

  test.describe('with an Italian browser', () => {
    test.use({ locale: 'it-IT' });
    test('the detected language is used when nothing is stored', async ({ page }) => {
      await page.goto('/');
      await expect(page).toHaveURL(/\/it-IT\/trade\/spot\/BTC\/USDT$/);
      await expect(page.getByRole('tab', { name: 'Fai trading' })).toBeVisible();
    });
  });

  test('the LT route shows the LT page in the forced light theme without the settings bar', async ({
    page,
  }) => {
    await page.goto('/en/trade/spot/lt/BTC3L/USDT');
    await expect(page.getByRole('heading', { name: 'BTC3L/USDT project info' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect(page.getByTestId('settings-bar')).toHaveCount(0);
  });

  test('an unknown pair says so and offers the symbol list to pick from', async ({ page }) => {
    await page.goto('/en/trade/spot/NOPE/USDT');
    await expect(page.getByRole('alert')).toHaveText('Pair not found: NOPE/USDT');
    const list = page.getByTestId('symbol-list');
    await expect(list.locator('[data-symbol="ETHUSDT"]')).toBeVisible();
    await list.locator('[data-symbol="ETHUSDT"]').getByRole('button', { name: 'ETH/USDT' }).click();
    await expect(page).toHaveURL(/\/en\/trade\/spot\/ETH\/USDT$/);
    await expect(page.getByTestId('trade-page')).toHaveAttribute('data-state', 'found');
  });
});

test.describe('languages and direction', () => {
  test('ar-SA renders right to left: mirrored, fixed grid and Arabic text', async ({ page }) => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await openPair(page, 'ar-SA', 'BTC', 'USDT');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar-SA');
    await expect(page.getByRole('tab', { name: 'تداول', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'الرسم البياني' })).toBeVisible();
    // Mirrored: the chart sits right of the order book, the right column on the left.
    const chart = await gridItem(page, 'chart').boundingBox();
    const book = await gridItem(page, 'orderbook').boundingBox();
    const column = await page.locator('.right-column').boundingBox();
    expect(chart && book && chart.x > book.x).toBe(true);
    expect(column && book && column.x < book.x).toBe(true);
    expect(chart && chart.x + chart.width).toBeLessThanOrEqual(1920);
    // Fixed: resize handles hidden, no reset, and a drag moves nothing.
    for (const handle of await page.locator('.react-resizable-handle').all())
      await expect(handle).toBeHidden();
    await expect(page.getByTestId('layout-reset')).toHaveCount(0);
    const head = await gridItem(page, 'orderbook').locator('.panel-head').boundingBox();
    if (head === null) throw new Error('no order book header');
    await page.mouse.move(head.x + head.width / 2, head.y + head.height / 2);
    await page.mouse.down();
    await page.mouse.move(head.x + 900, head.y + 300, { steps: 12 });
    await page.mouse.up();
    expect(await gridItem(page, 'orderbook').boundingBox()).toEqual(book);
    expect(await rawKeysOnPage(page)).toEqual([]);
  });

  test('the language switcher moves the page to the new locale without a reload', async ({ page }) => {
    await openPair(page, 'en', 'ETH', 'USDT');
    await page.evaluate(() => {
      (window as unknown as { __marker: number }).__marker = 1;
    });
    await page.getByTestId('language-switcher').selectOption('de-DE');
    await expect(page).toHaveURL(/\/de-DE\/trade\/spot\/ETH\/USDT$/);
    await expect(page.getByRole('tab', { name: 'Handeln' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
    // Labels that live components read once per language, not per ticker, follow the switch as well.
    await expect(page.getByTestId('header-stats')).toContainText('24h-Hoch');
    await expect(page.locator('.price-change')).toHaveAttribute('title', '24h-Änderung');
    await expect(page).toHaveTitle(/\| Spot-Handel$/);
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
    await page.getByTestId('language-switcher').selectOption('ar-SA');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.goBack();
    await expect(page).toHaveURL(/\/de-DE\/trade\/spot\/ETH\/USDT$/);
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  });

  test('a translation that fails to load shows empty text, not keys and not a crash', async ({ page }) => {
    await page.route('**/assets/layout-*.js', (route) => route.abort());
    await openPair(page, 'en', 'BTC', 'USDT');
    await expect(page.locator('[data-panel="chart"] .panel-title')).toHaveText('');
    await expect(page.getByTestId('market-header')).toBeVisible();
    expect(await rawKeysOnPage(page)).toEqual([]);
  });
});

test.describe('desktop and mobile', () => {
  test('480 px gets the mobile layout with its five tabs', async ({ page }) => {
    await page.setViewportSize({ width: 480, height: 900 });
    await openPair(page, 'en', 'BTC', 'USDT');
    await expect(page.getByTestId('trade-page')).toHaveAttribute('data-layout', 'mobile');
    const tabs = page.locator('.mobile-tabs [role="tab"]');
    await expect(tabs).toHaveText(['Chart', 'Order book', 'Trades', 'Trade', 'Orders']);
    await tabs.filter({ hasText: 'Order book' }).click();
    await expect(page.locator('[data-panel="orderbook"]')).toBeVisible();
    await expect(page.locator('.panel-grid')).toHaveCount(0);
  });

  test('1280 px gets the desktop grid', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openPair(page, 'en', 'BTC', 'USDT');
    await expect(page.getByTestId('trade-page')).toHaveAttribute('data-layout', 'desktop');
    for (const id of ['chart', 'orderbook', 'position', 'order-form']) {
      await expect(page.locator(`[data-panel="${id}"]`)).toHaveCount(1);
    }
  });

  test('crossing 500 px reloads into the other layout', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openPair(page, 'en', 'BTC', 'USDT');
    await page.setViewportSize({ width: 480, height: 800 });
    await expect(page.getByTestId('trade-page')).toHaveAttribute('data-layout', 'mobile');
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByTestId('trade-page')).toHaveAttribute('data-layout', 'desktop');
  });
});
