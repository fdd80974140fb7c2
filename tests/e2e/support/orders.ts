/** Vocabulary of the order specs: log in through the form, place orders from the panel or over REST, read the tables. */
import { expect, type Locator, type Page } from '@playwright/test';

/** Logs in through the login page, coming back to `path`. */
export async function loginAs(
  page: Page,
  email: string,
  password: string,
  path = '/en/trade/spot/BTC/USDT',
): Promise<void> {
  await page.goto(`/login?redirect_url=${encodeURIComponent(path)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: /log in/i }).click();
  await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
  await expect(page.getByTestId('order-form')).toBeVisible({ timeout: 15_000 });
}

/** Sets the double-confirm flags of the logged-in user (comma list of spec §3 flags) and reloads the page. */
export async function setConfirmFlags(page: Page, flags: readonly string[]): Promise<void> {
  await page.evaluate(async (confirms) => {
    await fetch('/user/api/double_confirm/set', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ confirms }),
    });
  }, flags.join(','));
  await page.reload();
  await expect(page.getByTestId('order-form')).toBeVisible({ timeout: 15_000 });
}

/** A REST call from the page (its session cookie). */
export async function api<T = { code: number; message: string; result: unknown }>(
  page: Page,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<T> {
  return page.evaluate(
    async ([m, p, b]) => {
      const res = await fetch(p, {
        method: m,
        ...(b === undefined
          ? {}
          : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(b) }),
      });
      return (await res.json()) as T;
    },
    [method, path, body] as const,
  );
}

/** Cancels every open order of the account (ordinary and each plan type). */
export async function cancelEverything(page: Page): Promise<void> {
  await api(page, 'POST', '/spot/api/order/cancelAll', {});
  for (const pt of [1, 4, 5, 8, 10, 11])
    await api(page, 'POST', '/spot/api/order/cancelAllPlan', { plan_type: pt });
}

/** Last price of a symbol from the public ticker. */
export async function lastPrice(page: Page, symbol = 'BTCUSDT'): Promise<number> {
  const r = await api<{ result: { list: { lastPrice: string }[] } }>(
    page,
    'GET',
    `/v5/market/tickers?category=spot&symbol=${symbol}`,
  );
  return Number(r.result.list[0]?.lastPrice ?? 'NaN');
}

/** The order panel. */
export function form(page: Page): Locator {
  return page.getByTestId('order-form');
}

/** Types into a numeric field of the order panel. */
export async function fill(page: Page, testId: string, value: string): Promise<void> {
  const f = page.getByTestId(testId);
  await f.fill('');
  await f.fill(value);
}

/** Picks an order type from the panel's tabs or its "more types" menu. */
export async function pickKind(page: Page, kind: string): Promise<void> {
  if (kind === 'limit' || kind === 'market') await page.getByTestId(`kind-${kind}`).click();
  else await page.getByTestId('kind-more').selectOption(kind);
}

/** Rows of the open-orders table. */
export function openRows(page: Page): Locator {
  return page.getByTestId('open-orders').locator('.vtable-row');
}

/** The latest toast's text. */
export function toasts(page: Page): Locator {
  return page.getByTestId('toast');
}
