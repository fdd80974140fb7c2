/**
 * The future spread end to end (issue 23, tool 5): a demo account opens Tools → spread, sees the basis between spot
 * and the linear perpetual, places a combination order (spot leg in the spot engine, perpetual leg on the
 * perpetual's book), gets the "future spread order executed" notice, and sees the position with its unrealised
 * P&L in the spread view, in the Positions tab and in the P&L tab of the integrated list. One simulator of its own
 * (still market) and one logged-in page; with SPREAD_SHOTS naming a folder, the test ends by taking the screenshots
 * (four more page loads, kept out of npm test's budget).
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startSimulator, type Simulator } from '../../server/app';

/** Its own port (the suite's simulator is E2E_PORT; this spec owns 5421). */
const PORT = 5421;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const SHOTS = process.env.SPREAD_SHOTS ?? '';

let sim: Simulator | null = null;
let page: Page;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  process.env.SIM_TEST_HOOKS = '1';
  sim = await startSimulator({
    port: PORT,
    dataDir: mkdtempSync(join(tmpdir(), 'spread-e2e-')),
    staticDir: process.env.E2E_STATIC ?? 'dist',
    quiet: true,
  });
  page = await browser.newPage({ baseURL: ORIGIN, viewport: { width: 1600, height: 1100 } });
  const res = await page.request.post('/login', { data: { email: 'demo@sim.local', password: 'demo-pass' } });
  expect(res.ok()).toBe(true);
});

test.afterAll(async () => {
  await page.close();
  await sim?.close();
});

async function openSpread(locale = 'en'): Promise<void> {
  await page.goto(`/${locale}/trade/spot/BTC/USDT`);
  await page.locator('[data-testid=pinned-tools] [data-tool=spread]').click();
  await expect(page.getByTestId('spread-view')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('spread-mark')).not.toHaveText('--', { timeout: 10_000 });
}

test('a demo account sees the basis, places a combination and sees the position everywhere', async () => {
  await openSpread();
  const view = page.getByTestId('spread-view');
  // The basis is mark − index, shown with its rate; both come from the simulator's perpetual.
  await expect(view.getByTestId('spread-basis')).toContainText(/\d/);
  await expect(view.getByTestId('spread-basis-rate')).toHaveText(/%$/);
  await expect(view.getByTestId('spread-open-page')).toHaveAttribute('target', '_blank');
  await expect(view.getByTestId('spread-open-page')).toHaveAttribute('rel', /noopener/);

  // The form refuses what the simulator would (the field itself keeps to the lot's 3 decimals): above the maximum.
  await view.getByTestId('spread-qty').fill('101');
  await expect(view.getByTestId('spread-qty-error')).toHaveText('Maximum quantity is 100 BTC');
  await expect(view.getByTestId('spread-submit')).toBeDisabled();
  await view.getByTestId('spread-qty').fill('0.05');
  await expect(view.getByTestId('spread-margin')).toContainText('USDT');
  await view.getByTestId('spread-submit').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Future spread order executed' })).toContainText(
    'Bought 0.05 spot',
    { timeout: 10_000 },
  );

  const card = view.getByTestId('spread-position-BTCUSDT');
  await expect(card).toContainText('Short');
  await expect(card).toContainText('0.05');
  await expect(card.getByTestId('spread-upnl')).toHaveText(/\d/);

  await page.getByTestId('orders-tab-positions').click();
  const row = page.getByTestId('positions').locator('.vtable-row');
  await expect(row).toHaveCount(1);
  await expect(row.first()).toContainText('BTCUSDT');
  await expect(row.first()).toContainText('0.05');
  await expect(row.first().getByTestId('position-upnl')).toHaveText(/\d/);

  await page.getByTestId('orders-tab-pnl').click();
  await expect(page.getByTestId('perp-pnl-BTCUSDT')).toContainText('-0.05');
  // Realised so far is the perpetual fee (negative); unrealised is the mark against the entry.
  await expect(page.getByTestId('perp-pnl-realised')).toContainText('-');
  if (SHOTS !== '') await shootSpread();
});

/** The spread view, the Positions tab and the P&L tab with the position, dark and light, English and Arabic. */
async function shootSpread(): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const locale of ['en', 'ar-SA'] as const) {
    for (const theme of ['dark', 'light'] as const) {
      await page.evaluate((th) => {
        localStorage.setItem('spot.theme', JSON.stringify(th));
      }, theme);
      await openSpread(locale);
      await expect(page.getByTestId('spread-position-BTCUSDT')).toBeVisible();
      await page
        .getByTestId('spread-view')
        .screenshot({ path: join(SHOTS, `spread-${locale}-${theme}.png`) });
      for (const tab of ['positions', 'pnl'] as const) {
        await page.getByTestId(`orders-tab-${tab}`).click();
        await expect(page.getByTestId(tab === 'pnl' ? 'perp-pnl' : 'positions')).toContainText('BTCUSDT');
        await page
          .getByTestId('orders-panel')
          .screenshot({ path: join(SHOTS, `${tab}-${locale}-${theme}.png`) });
      }
    }
  }
}
