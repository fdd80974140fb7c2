/**
 * The chart's per-user settings follow the user (issue 26, spec §2 display options, §3 per-user preferences, §7
 * get/set_kline_config and setPrefSetting): a pinned and chosen interval and the sync-to-app flag set in one browser
 * are there in a second browser of the same user, and the option's "new" dot, once seen, is gone in both. Its own
 * simulator (port 5441, a fresh data dir): the settings it leaves on the account must not reach other specs.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { Simulator } from '../../server/app';
import { chartReady } from './support/chart';
import { pastNoticeBar } from './support/shell';
import {
  LAYER_SHOTS,
  loginOver,
  pageCall,
  setLook,
  setWebConfig,
  SHOOT,
  startLayerSim,
} from './support/layer';

test.describe.configure({ mode: 'serial', timeout: 60_000 });
test.use({ viewport: { width: 1600, height: 1000 } });

const EMAIL = 'uta@sim.local';
const PAGE = '/en/trade/spot/BTC/USDT';

let sim: Simulator;
test.beforeAll(async () => {
  sim = await startLayerSim(5441);
});
test.afterAll(async () => {
  await sim.close();
});

/**
 * A fresh browser context (its own storage: another browser) logged in as the user, the chart toolbar up (the
 * settings do not wait for candles).
 */
async function openAsUser(browser: Browser, path = PAGE): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await loginOver(page, sim.url, EMAIL, path);
  await expect(page.getByTestId('chart-toolbar')).toBeVisible();
  return page;
}

/** Polls a server read often: the writes land within a second (0.4 s debounce), the default backoff waits longer. */
const FAST = { intervals: [100] };

const prefs = async (page: Page): Promise<Record<string, string>> =>
  (await pageCall<{ result: Record<string, string> }>(page, 'GET', '/user/api/pref/getPrefSetting')).result;

/** The interval the server's kline config holds, and its pins. */
async function serverChart(page: Page): Promise<{ interval?: string; pinned?: string[] }> {
  const r = await pageCall<{ result: { config: string } }>(page, 'GET', '/spot/api/account/get_kline_config');
  return r.result.config === ''
    ? {}
    : (JSON.parse(r.result.config) as { interval: string; pinned: string[] });
}

test('a pinned interval, the chosen interval and sync-to-app follow the user to a second browser; the dot goes', async ({
  browser,
}) => {
  const a = await openAsUser(browser);
  const intervals = a.getByTestId('chart-intervals');
  await expect(intervals.getByTestId('interval-5')).toHaveCount(0);
  // The option is new to this user: the display-options button carries the dot.
  await expect(a.getByTestId('chart-display-dot')).toBeVisible();

  // Pin 5m in the editor and choose it from the toolbar.
  await a.getByTestId('interval-more').click();
  await a.getByTestId('interval-customize').click();
  await a.getByTestId('pin-5').click();
  await expect(a.getByTestId('pin-5')).toHaveAttribute('aria-pressed', 'true');
  await a.getByTestId('pin-confirm').click();
  await intervals.getByTestId('interval-5').click();
  await expect(intervals.getByTestId('interval-5')).toHaveAttribute('aria-pressed', 'true');

  // Display options: the option shows its dot this once; turning it on writes the flag.
  await a.getByTestId('chart-display').click();
  await expect(a.getByTestId('sync-app-dot')).toBeVisible();
  await a.getByTestId('display-sync-app').check();
  await a.keyboard.press('Escape');
  await expect(a.getByTestId('chart-display-dot')).toHaveCount(0);
  await expect.poll(() => prefs(a), FAST).toMatchObject({ syncApp: 'Y', syncAppDotSeen: 'Y' });
  await expect
    .poll(() => serverChart(a))
    .toMatchObject({ interval: '5', pinned: expect.arrayContaining(['5']) });

  // Another browser of the same user: same pins, same interval, the flag on, no dot.
  const b = await openAsUser(browser);
  const bIntervals = b.getByTestId('chart-intervals');
  await expect(bIntervals.getByTestId('interval-5')).toHaveAttribute('aria-pressed', 'true');
  await expect(b.getByTestId('chart-canvas')).toHaveAttribute('data-interval', '5');
  await expect(b.getByTestId('chart-display-dot')).toHaveCount(0);
  await b.getByTestId('chart-display').click();
  await expect(b.getByTestId('display-sync-app')).toBeChecked();
  await expect(b.getByTestId('sync-app-dot')).toHaveCount(0);
  // Turned off there, the server holds N (what the next load of either browser reads, as b just did for Y).
  await b.getByTestId('display-sync-app').uncheck();
  await expect.poll(() => prefs(b), FAST).toMatchObject({ syncApp: 'N' });
  await expect(b.getByTestId('display-sync-app')).not.toBeChecked();

  // Switched off in the web config, the option is not offered.
  await setWebConfig(sim.url, { set: { syncToApp: false } });
  await b.reload();
  await b.getByTestId('chart-display').click();
  await expect(b.getByTestId('display-grid')).toBeVisible();
  await expect(b.getByTestId('display-sync-app')).toHaveCount(0);
  await setWebConfig(sim.url, { reset: true });
  await a.context().close();
  await b.context().close();
  if (SHOOT) await shootChartPrefs(browser);
});

/** The toolbar and display options with the dot and the pin editor, dark and light, en and ar-SA (LAYER_SHOTS). */
async function shootChartPrefs(browser: Browser): Promise<void> {
  const page = await openAsUser(browser);
  for (const locale of ['en', 'ar-SA'] as const) {
    for (const theme of ['dark', 'light'] as const) {
      // The dot shows until seen: make it due again for each shot.
      await pageCall(page, 'POST', '/user/api/pref/setPrefSetting', { upsert_keys: { syncAppDotSeen: 'N' } });
      await page.goto(`${sim.url}/${locale}/trade/spot/BTC/USDT`);
      await chartReady(page);
      // The notice bar comes in after 3 s and moves the page down: shoot after it.
      await pastNoticeBar(page);
      await setLook(page, theme);
      const bar = page.getByTestId('chart-toolbar');
      await expect(page.getByTestId('chart-display-dot')).toBeVisible();
      await bar.screenshot({ path: `${LAYER_SHOTS}/chart-toolbar-${theme}-${locale}.png` });
      await page.getByTestId('chart-display').click();
      const menu = page.getByTestId('chart-display-menu');
      await expect(menu.getByTestId('sync-app-dot')).toBeVisible();
      await menu.screenshot({ path: `${LAYER_SHOTS}/chart-display-dot-${theme}-${locale}.png` });
      await page.keyboard.press('Escape');
      await page.getByTestId('interval-more').click();
      await page.getByTestId('interval-customize').click();
      await page
        .getByTestId('interval-more-menu')
        .screenshot({ path: `${LAYER_SHOTS}/chart-pin-editor-${theme}-${locale}.png` });
      await page.keyboard.press('Escape');
    }
  }
  await page.context().close();
}
