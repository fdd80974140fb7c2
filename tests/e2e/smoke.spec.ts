import { expect, test } from '@playwright/test';

test('/ lands on the BTC/USDT spot page under the en locale', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/en\/trade\/spot\/BTC\/USDT$/);
  const shell = page.getByTestId('trade-page');
  await expect(shell).toHaveAttribute('data-state', 'found');
  await expect(page.getByRole('heading', { name: 'BTC/USDT' })).toBeVisible();
  await page.screenshot({ path: 'tests/e2e/screenshots/trade-page.png' });
});

test('an unknown pair says so instead of showing a blank page', async ({ page }) => {
  await page.goto('/en/trade/spot/NOPE/USDT');
  await expect(page.getByRole('alert')).toHaveText('Pair not found: NOPE/USDT');
});

test('a stored locale wins over the browser language for /trade/spot/', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => {
    localStorage.setItem('locale', 'de-DE');
  });
  await page.goto('/trade/spot/');
  await expect(page).toHaveURL(/\/de-DE\/trade\/spot\/BTC\/USDT$/);
});
