import { expect, test, type Page } from '@playwright/test';
import {
  getPrefs,
  loginAs,
  openPair,
  rawKeysOnPage,
  setPageVisibility,
  setPrefs,
  waitForLivePrice,
} from './support/shell';

const SHOTS = 'tests/e2e/screenshots';
const NOTICE_PATH = '/spot/api/basic/getNoticeInfoBySymbolId';
const GUIDE_KEY = 'spotTradeGuide';

/** Waits for live prices and the header stats' re-fit (debounced 300 ms), so a screenshot shows the settled header. */
async function settleHeader(page: Page): Promise<void> {
  await waitForLivePrice(page);
  await page.waitForTimeout(400);
}

/** Stores a preference before the page's scripts run (the app reads storage once, at load). */
async function storeBeforeLoad(page: Page, key: string, json: string): Promise<void> {
  await page.addInitScript(
    ([k, v]) => {
      if (sessionStorage.getItem(`seeded:${k}`) === null) {
        localStorage.setItem(k, v);
        sessionStorage.setItem(`seeded:${k}`, '1');
      }
    },
    [key, json] as const,
  );
}

test.describe('LT detail page (spec §2)', () => {
  test('shows the project-info heading and the three sections from the LT call, in the forced light theme', async ({
    page,
  }) => {
    await storeBeforeLoad(page, 'spot.theme', '"dark"');
    await page.setViewportSize({ width: 1280, height: 800 });
    const lt = page.waitForResponse((r) => r.url().includes('/spot/api/lt/symbol_info'));
    await page.goto('/en/trade/spot/lt/BTC3L/USDT');
    const reply = (await (await lt).json()) as { result: { nav: string } };
    await expect(page.getByRole('heading', { level: 1, name: 'BTC3L/USDT project info' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect(page.getByTestId('settings-bar')).toHaveCount(0);

    const token = page.getByRole('region', { name: 'Token info' });
    const status = page.getByRole('region', { name: 'Subscription and redemption' });
    const limits = page.getByRole('region', { name: 'Limits' });
    const nav = Number(reply.result.nav).toLocaleString('en', {
      minimumFractionDigits: 4,
      maximumFractionDigits: 4,
    });
    await expect(token.locator('[data-row="nav"] dd')).toHaveText(`${nav} USDT`);
    await expect(token.locator('[data-row="leverage"] dd')).toHaveText('3×');
    await expect(token.locator('[data-row="direction"] dd')).toHaveText('Long');
    await expect(token.locator('[data-row="deviation"] dd')).toHaveText('0.00%');
    await expect(status.locator('[data-row="subscription"] dd')).toHaveText('Open');
    await expect(status.locator('[data-row="redemption"] dd')).toHaveText('Open');
    await expect(status.locator('[data-row="riskControl"] dd')).toHaveText('Off');
    await expect(limits.locator('[data-row="minPurchase"] dd')).toHaveText('1 USDT');
    await expect(limits.locator('[data-row="maxPurchase"] dd')).toHaveText('200,000 USDT');
    await expect(limits.locator('[data-row="minRedeem"] dd')).toHaveText('1 BTC3L');
    await expect(limits.locator('[data-row="maxRedeem"] dd')).toHaveText('100,000 BTC3L');
    expect(await rawKeysOnPage(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/shell-extra-lt-en.png`, animations: 'disabled' });

    // The theme choice itself is untouched: the spot page is dark again.
    await page.getByRole('link', { name: 'Back to spot trading' }).click();
    await expect(page).toHaveURL(/\/en\/trade\/spot\/BTC3L\/USDT$/);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });

  test('ar-SA: Arabic sections, right to left, Latin digits', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/ar-SA/trade/spot/lt/BTC3L/USDT');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('region', { name: 'معلومات الرمز' })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'الحدود' }).locator('[data-row="maxPurchase"] dd'),
    ).toHaveText('200,000 USDT');
    // Numbers read left to right inside the right-to-left page: "3×", the digit left of the sign.
    const leverage = page.locator('[data-row="leverage"] dd bdi');
    await expect(leverage).toHaveText('3×');
    const [digitX, signX] = await leverage.evaluate((el) => {
      const text = el.firstChild;
      const x = (i: number): number => {
        const r = document.createRange();
        r.setStart(text as Node, i);
        r.setEnd(text as Node, i + 1);
        return r.getBoundingClientRect().x;
      };
      return [x(0), x(1)];
    });
    expect(digitX).toBeLessThan(signX);
    expect(await rawKeysOnPage(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/shell-extra-lt-ar-SA.png`, animations: 'disabled' });
  });

  test('loading, then data failed to load with a refresh that reloads, when the LT call fails', async ({
    page,
  }) => {
    let fail = true;
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => {
      release = r;
    });
    await page.route('**/spot/api/lt/symbol_info**', async (route) => {
      if (!fail) return route.continue();
      await held;
      return route.fulfill({ status: 502, contentType: 'text/plain', body: 'bad gateway' });
    });
    await page.goto('/en/trade/spot/lt/BTC3L/USDT');
    await expect(page.getByTestId('lt-loading')).toHaveText('Loading project info…');
    release();
    const failed = page.getByTestId('block-failed');
    await expect(failed).toContainText('Data failed to load');
    await expect(page.getByRole('heading', { level: 1, name: 'BTC3L/USDT project info' })).toBeVisible();
    fail = false;
    await failed.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByRole('region', { name: 'Limits' })).toBeVisible();
  });

  test('a pair that is not a leveraged token, and an unknown pair, say so', async ({ page }) => {
    let ltCalls = 0;
    page.on('request', (r) => {
      if (r.url().includes('/spot/api/lt/symbol_info')) ltCalls++;
    });
    await page.goto('/en/trade/spot/lt/BTC/USDT');
    await expect(page.getByRole('alert')).toHaveText('BTC/USDT is not a leveraged token.');
    await page.goto('/en/trade/spot/lt/NOPE/USDT');
    await expect(page.getByRole('alert')).toHaveText('Pair not found: NOPE/USDT');
    expect(ltCalls).toBe(0);
  });
});

test.describe('EU USDT tips banner (spec §2)', () => {
  for (const theme of ['dark', 'light'] as const) {
    for (const locale of ['en', 'ar-SA'] as const) {
      test(`screenshot ${theme} ${locale}`, async ({ page }) => {
        await storeBeforeLoad(page, 'spot.theme', JSON.stringify(theme));
        await page.setViewportSize({ width: 1280, height: 800 });
        await openPair(page, locale, 'BTC', 'USDT');
        await expect(page.getByTestId('eu-usdt-banner')).toBeVisible();
        await settleHeader(page);
        expect(await rawKeysOnPage(page)).toEqual([]);
        await page.screenshot({
          path: `${SHOTS}/shell-extra-eu-banner-${theme}-${locale}.png`,
          animations: 'disabled',
        });
      });
    }
  }

  test('shows on USDT pairs only, and a dismissal is remembered across reloads and pairs', async ({
    page,
  }) => {
    await openPair(page, 'en', 'BTC', 'USDC');
    await expect(page.getByTestId('market-header')).toBeVisible();
    await expect(page.getByTestId('eu-usdt-banner')).toHaveCount(0);

    await openPair(page, 'en', 'BTC', 'USDT');
    const banner = page.getByRole('complementary', { name: 'EU notice' });
    await expect(banner).toContainText('USDT is not an authorized stablecoin');
    // It sits between the settings bar and the trade area.
    const barBox = await page.getByTestId('settings-bar').boundingBox();
    const bannerBox = await banner.boundingBox();
    const headerBox = await page.getByTestId('market-header').boundingBox();
    expect(bannerBox?.y ?? 0).toBeGreaterThanOrEqual((barBox?.y ?? 0) + (barBox?.height ?? 0) - 1);
    expect(headerBox?.y ?? 0).toBeGreaterThanOrEqual((bannerBox?.y ?? 0) + (bannerBox?.height ?? 0) - 1);

    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await expect(page.getByTestId('eu-usdt-banner')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('spot.euUsdtTips.dismissed'))).toBe('true');
    await page.reload();
    await expect(page.getByTestId('trade-page')).toHaveAttribute('data-state', 'found');
    await expect(page.getByTestId('market-header')).toBeVisible();
    await expect(page.getByTestId('eu-usdt-banner')).toHaveCount(0);
    await openPair(page, 'en', 'ETH', 'USDT');
    await expect(page.getByTestId('eu-usdt-banner')).toHaveCount(0);
  });
});

test.describe('trade guide states (spec §4)', () => {
  test('a logged-in user whose preference says new gets the guide by itself; closing saves readed', async ({
    page,
  }) => {
    await loginAs(page, 'uta@sim.local', 'uta-pass');
    expect((await getPrefs(page))[GUIDE_KEY]).toBeUndefined();
    await setPrefs(page, { [GUIDE_KEY]: 'new' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await openPair(page, 'en', 'BTC', 'USDT');
    const dialog = page.getByRole('dialog', { name: 'How to trade spot' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Step 1 of 3');
    await settleHeader(page);
    await page.screenshot({ path: `${SHOTS}/shell-extra-guide-en.png`, animations: 'disabled' });

    // The write goes through the hub (the SharedWorker owns the preferences), so it is checked on the server.
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(dialog).toHaveCount(0);
    await expect.poll(async () => (await getPrefs(page))[GUIDE_KEY]).toBe('readed');
    expect(await page.evaluate(() => localStorage.getItem('spot.tradeGuide'))).toBe('"readed"');

    // Reload: the server says readed, the guide stays closed.
    await page.reload();
    await expect(page.getByTestId('trade-page')).toHaveAttribute('data-prefs', 'loaded');
    await expect(page.getByTestId('market-header')).toBeVisible();
    await page.waitForTimeout(300);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('the server state wins for a logged-in user: new there opens it even if this browser read it', async ({
    page,
  }) => {
    await loginAs(page, 'classic@sim.local', 'classic-pass');
    await setPrefs(page, { [GUIDE_KEY]: 'new' });
    await storeBeforeLoad(page, 'spot.tradeGuide', '"readed"');
    await page.setViewportSize({ width: 1280, height: 800 });
    await openPair(page, 'ar-SA', 'BTC', 'USDT');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await settleHeader(page);
    expect(await rawKeysOnPage(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/shell-extra-guide-ar-SA.png`, animations: 'disabled' });
    // Finishing (Next, Next, Done) saves readed too.
    const buttons = dialog.locator('.modal-foot .btn-primary');
    await buttons.click();
    await buttons.click();
    await buttons.click();
    await expect(dialog).toHaveCount(0);
    await expect.poll(async () => (await getPrefs(page))[GUIDE_KEY]).toBe('readed');
  });

  test('a seeded account without the preference, and a fresh visitor, are not shown the guide', async ({
    page,
  }) => {
    await loginAs(page, 'leader@sim.local', 'leader-pass');
    await openPair(page, 'en', 'BTC', 'USDT');
    await expect(page.getByTestId('trade-page')).toHaveAttribute('data-prefs', 'loaded');
    await page.waitForTimeout(300);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.context().clearCookies();
    await page.reload();
    await expect(page.getByTestId('market-header')).toBeVisible();
    await page.waitForTimeout(300);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('a visitor whose local state says new gets it; it waits while a blocking modal is open', async ({
    page,
  }) => {
    await storeBeforeLoad(page, 'spot.tradeGuide', '"new"');
    await page.addInitScript(() => {
      // A blocking modal of another feature, open when the page starts.
      document.addEventListener('DOMContentLoaded', () => {
        const modal = document.createElement('div');
        modal.setAttribute('role', 'dialog');
        modal.setAttribute('aria-modal', 'true');
        modal.setAttribute('aria-label', 'Blocking');
        modal.id = 'blocking-modal';
        document.body.append(modal);
      });
    });
    await openPair(page, 'en', 'BTC', 'USDT');
    await expect(page.getByTestId('market-header')).toBeVisible();
    await page.waitForTimeout(500);
    await expect(page.getByTestId('trade-guide')).toHaveCount(0);
    await page.evaluate(() => document.getElementById('blocking-modal')?.remove());
    const dialog = page.getByRole('dialog', { name: 'How to trade spot' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('spot.tradeGuide'))).toBe('"readed"');
    await page.reload();
    await expect(page.getByTestId('market-header')).toBeVisible();
    await page.waitForTimeout(300);
    await expect(page.getByTestId('trade-guide')).toHaveCount(0);
  });
});

test.describe('error fallbacks (spec §8)', () => {
  test('a block that throws shows data failed to load with Retry; the rest of the page stays', async ({
    page,
  }) => {
    // Fault injection in the browser, not the app: observing the header's stats row throws while the flag is set,
    // as a broken browser API would, so the market header's own layout effect fails.
    await page.addInitScript(() => {
      const w = window as unknown as { __failHeaderStats: boolean };
      w.__failHeaderStats = true;
      const observe = Object.getOwnPropertyDescriptor(ResizeObserver.prototype, 'observe')?.value as (
        this: ResizeObserver,
        target: Element,
        options?: ResizeObserverOptions,
      ) => void;
      ResizeObserver.prototype.observe = function (this: ResizeObserver, target: Element, options) {
        if (w.__failHeaderStats && target.matches('[data-testid="header-stats"]')) {
          throw new Error('injected: ResizeObserver failed');
        }
        observe.call(this, target, options);
      };
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await openPair(page, 'en', 'BTC', 'USDT');
    const failed = page.getByTestId('block-failed');
    await expect(failed).toHaveCount(1);
    await expect(failed).toContainText('Data failed to load');
    await expect(page.getByTestId('market-header')).toHaveCount(0);
    // The rest of the page is still there.
    await expect(page.getByTestId('settings-bar')).toBeVisible();
    await expect(page.locator('[data-grid-item="chart"]')).toBeVisible();
    await expect(page.locator('[data-panel="order-form"]')).toBeVisible();
    await expect(page.getByTestId('error-fallback')).toHaveCount(0);

    await page.evaluate(() => {
      (window as unknown as { __failHeaderStats: boolean }).__failHeaderStats = false;
    });
    await failed.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByTestId('market-header')).toBeVisible();
    await expect(page.getByTestId('block-failed')).toHaveCount(0);
    await waitForLivePrice(page);
    expect(errors).toEqual([]); // caught by the boundary, not an uncaught page error
  });

  test('an error outside every block shows the generic fallback whose Reload brings the page back', async ({
    page,
  }) => {
    // Fault injection on the first load only: writing the browser title throws (the shell's title component writes
    // it when the page mounts; it sits outside every block).
    await page.addInitScript(() => {
      if (sessionStorage.getItem('faulted') !== null) return;
      sessionStorage.setItem('faulted', '1');
      const desc = Object.getOwnPropertyDescriptor(Document.prototype, 'title');
      Object.defineProperty(document, 'title', {
        configurable: true,
        get(this: Document) {
          return desc?.get?.call(this) as string;
        },
        set() {
          throw new Error('injected: title failed');
        },
      });
    });
    await page.goto('/en/trade/spot/BTC/USDT');
    const fallback = page.getByTestId('error-fallback');
    await expect(fallback).toContainText('Something went wrong. Reload the page to continue.');
    await expect(page.getByTestId('trade-page')).toHaveCount(0);
    await fallback.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByTestId('trade-page')).toHaveAttribute('data-state', 'found', { timeout: 15_000 });
    await expect(page.getByTestId('error-fallback')).toHaveCount(0);
  });
});

test.describe('symbol notice refetch (spec §4, §9: hidden more than 60 s)', () => {
  test('hidden 30 s: no refetch; hidden 61 s: one refetch when visible again; back online: refetch', async ({
    page,
  }) => {
    await page.clock.install();
    let notices = 0;
    page.on('request', (r) => {
      if (r.url().includes(NOTICE_PATH)) notices++;
    });
    await openPair(page, 'en', 'BTC', 'USDT');
    await expect(page.getByTestId('trade-page')).toHaveAttribute('data-opening', 'open');
    await expect.poll(() => notices).toBe(1);

    await setPageVisibility(page, true);
    await page.clock.fastForward('00:30');
    await setPageVisibility(page, false);
    await page.waitForTimeout(300);
    expect(notices).toBe(1);

    await setPageVisibility(page, true);
    await page.clock.fastForward('01:01');
    const refetch = page.waitForResponse((r) => r.url().includes(NOTICE_PATH));
    await setPageVisibility(page, false);
    await refetch;
    await page.waitForTimeout(300);
    expect(notices).toBe(2);
    await expect(page.getByTestId('trade-page')).toHaveAttribute('data-opening', 'open');

    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect.poll(() => notices).toBe(3);
  });
});
