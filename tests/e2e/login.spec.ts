import { expect, test } from '@playwright/test';

test('logging in follows a same-origin redirect_url back to the pair, with an HttpOnly session', async ({
  page,
  context,
}) => {
  await page.goto('/login?redirect_url=%2Fen%2Ftrade%2Fspot%2FETH%2FUSDT');
  await page.screenshot({ path: 'tests/e2e/screenshots/login.png' });
  await page.getByLabel('Email').fill('uta@sim.local');
  await page.getByLabel('Password').fill('uta-pass');
  await page.getByRole('button', { name: /log in/i }).click();
  await expect(page).toHaveURL(/\/en\/trade\/spot\/ETH\/USDT$/);
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === 'sim_session')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  expect(await page.evaluate(() => document.cookie)).not.toContain('sim_session');
  const info = await page.evaluate(() =>
    fetch('/user/api/info').then((r) => r.json() as Promise<{ result: { isLogin: boolean } }>),
  );
  expect(info.result.isLogin).toBe(true);
});

test('an off-site redirect_url is refused: the login lands on our own page', async ({ page }) => {
  await page.goto('/login?redirect_url=https%3A%2F%2Fevil.example%2F');
  await page.getByLabel('Email').fill('classic@sim.local');
  await page.getByLabel('Password').fill('classic-pass');
  await page.getByRole('button', { name: /log in/i }).click();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/en\/trade\/spot\/BTC\/USDT$/);
});

test('a wrong password shows an error on the login page', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('uta@sim.local');
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: /log in/i }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await page.screenshot({ path: 'tests/e2e/screenshots/login-error.png' });
});
