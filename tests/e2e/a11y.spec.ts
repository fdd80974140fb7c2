/**
 * Accessibility (issue 27): axe-core finds no critical or serious violation on the five page states a trader
 * meets: visitor desktop, logged-in desktop, mobile, ar-SA (right to left) and the leveraged-token page.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { loginAs, openPair, waitForLivePrice } from './support/shell';

/** Critical and serious violations on the page as it is now, one line each (rule, impact, first targets). */
async function blocking(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map(
      (v) =>
        `${v.id} (${v.impact ?? ''}): ${v.nodes
          // The node's markup and axe's summary say which colours failed (kept short; the target names the node).
          .map((n) => `${n.target.join(' ')} ${n.html.slice(0, 80)} ${n.failureSummary?.slice(0, 160) ?? ''}`)
          .slice(0, 4)
          .join(' | ')}`,
    );
}

test.describe('axe-core: no critical or serious violation', () => {
  test('visitor desktop', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openPair(page, 'en', 'BTC', 'USDT');
    await waitForLivePrice(page);
    expect(await blocking(page)).toEqual([]);
  });

  test('logged-in desktop', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAs(page, 'uta@sim.local', 'uta-pass');
    await openPair(page, 'en', 'BTC', 'USDT');
    await waitForLivePrice(page);
    await expect(page.getByTestId('order-form')).toBeVisible();
    expect(await blocking(page)).toEqual([]);
  });

  test('mobile', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openPair(page, 'en', 'BTC', 'USDT');
    await waitForLivePrice(page);
    expect(await blocking(page)).toEqual([]);
  });

  test('ar-SA', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openPair(page, 'ar-SA', 'BTC', 'USDT');
    await waitForLivePrice(page);
    expect(await blocking(page)).toEqual([]);
  });

  test('leveraged-token page', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/en/trade/spot/lt/BTC3L/USDT');
    await expect(page.getByTestId('lt-page')).toBeVisible({ timeout: 15_000 });
    expect(await blocking(page)).toEqual([]);
  });
});
