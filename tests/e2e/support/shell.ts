/** A small vocabulary for the shell specs: open a pair, wait for the page, read what the shell shows. */
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The notice bar appears this long after load (spec §9: 3 s), pushing the page below it down by its height. */
const NOTICE_BAR_DELAY_MS = 3000;

/**
 * Waits until the notice bar has had its time to appear (with a second's margin), so boxes read afterwards do not
 * move under the mouse or differ between a page and its reload by the bar's height.
 */
export async function pastNoticeBar(page: Page): Promise<void> {
  await page.waitForFunction((ms) => performance.now() > ms, NOTICE_BAR_DELAY_MS + 1000);
}

/** Opens a pair's spot page and waits until the shell resolved it against the symbol list. */
export async function openPair(page: Page, locale: string, base: string, quote: string): Promise<void> {
  await page.goto(`/${locale}/trade/spot/${base}/${quote}`);
  await expect(page.getByTestId('trade-page')).toHaveAttribute('data-state', 'found', { timeout: 15_000 });
}

/** Waits until the header shows a live last price (the hub is delivering tickers). */
export async function waitForLivePrice(page: Page): Promise<void> {
  await expect(page.getByTestId('last-price')).not.toHaveText('--', { timeout: 15_000 });
}

/** The grid item of a panel (its position and size as laid out). */
export function gridItem(page: Page, id: 'chart' | 'orderbook' | 'position') {
  return page.locator(`[data-grid-item="${id}"]`);
}

/** Text nodes that look like raw translation keys ("pair.notFound", "guide.step1Title"). */
export async function rawKeysOnPage(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n !== null; n = walker.nextNode()) {
      const text = (n.textContent ?? '').trim();
      if (/^[a-z][a-zA-Z0-9]*(\.[a-z][a-zA-Z0-9]*)+$/.test(text)) found.push(text);
    }
    return found;
  });
}

/** Seconds until the simulator opens a symbol (0 when open), from its instruments-info and notice calls. */
export async function secondsUntilOpen(request: APIRequestContext, symbol: string): Promise<number> {
  const info = (await (
    await request.get(`/v5/market/instruments-info?category=spot&symbol=${symbol}`)
  ).json()) as {
    result: { list: { symbolId: number }[] };
  };
  const id = info.result.list[0]?.symbolId;
  if (id === undefined) throw new Error(`${symbol} is not listed`);
  const notice = (await (
    await request.get(`/spot/api/basic/getNoticeInfoBySymbolId?symbol_id=${id}`)
  ).json()) as {
    result: { onlineTime: number; nowTime: number };
  };
  return Math.max(0, (notice.result.onlineTime - notice.result.nowTime) / 1000);
}

/** Logs the page's browser context in as a seeded account (JSON login; the HttpOnly cookie lands in the context). */
export async function loginAs(page: Page, email: string, password: string): Promise<void> {
  const res = await page.request.post('/login', { data: { email, password } });
  expect(res.ok(), `login ${email}`).toBe(true);
}

/** Writes preferences of the logged-in user (setPrefSetting upsert_keys). */
export async function setPrefs(page: Page, keys: Readonly<Record<string, string>>): Promise<void> {
  const res = await page.request.post('/user/api/pref/setPrefSetting', { data: { upsert_keys: keys } });
  expect(((await res.json()) as { code: number }).code).toBe(0);
}

/** The logged-in user's preferences (getPrefSetting result). */
export async function getPrefs(page: Page): Promise<Record<string, string>> {
  const res = await page.request.get('/user/api/pref/getPrefSetting');
  return ((await res.json()) as { result: Record<string, string> }).result;
}

/**
 * Makes the page report itself hidden or visible (`document.hidden`, `document.visibilityState`) and fires
 * `visibilitychange`, as the browser does when the tab is switched away and back.
 */
export async function setPageVisibility(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((h) => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => h });
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (h ? 'hidden' : 'visible'),
    });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}
