/**
 * Order entry and the order lifecycle against the simulator the config starts (each test logs in with its own
 * seeded account so open orders do not leak between tests): every order type placed from the panel and seen in the
 * orders panel, a resting limit order filled by the market, cancel and cancel-all with confirmations, two tabs in
 * step, the visitor prompt. Screenshots of every order type and of the orders panel tabs, dark and light.
 */
import { expect, test, type Page, type PlaywrightWorkerArgs } from '@playwright/test';
import {
  api,
  cancelEverything,
  fill,
  lastPrice,
  loginAs,
  openRows,
  pickKind,
  setConfirmFlags,
  toasts,
} from './support/orders';

test.use({ viewport: { width: 1600, height: 1000 } });

const SHOTS = 'tests/e2e/screenshots';

async function setTheme(page: Page, theme: 'Dark' | 'Light'): Promise<void> {
  await page.getByRole('radio', { name: theme, exact: true }).click();
}

/** Clicks Buy/Sell and the create confirmation when it shows. */
async function submit(page: Page): Promise<void> {
  await page.getByTestId('order-submit').click();
  const dialog = page.getByTestId('confirm-create');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('confirm-create-confirm').click();
  await expect(dialog).toBeHidden();
}

const px = (x: number): string => x.toFixed(2);

async function bestBidAsk(page: Page): Promise<[number, number]> {
  const r = await api<{ result: { b: [string, string][]; a: [string, string][] } }>(
    page,
    'GET',
    '/v5/market/orderbook?category=spot&symbol=BTCUSDT&limit=1',
  );
  return [Number(r.result.b[0]?.[0] ?? 'NaN'), Number(r.result.a[0]?.[0] ?? 'NaN')];
}

test('a visitor sees the login prompt and lands back on the pair after logging in', async ({ page }) => {
  await page.goto('/en/trade/spot/ETH/USDT');
  const prompt = page.locator('[data-panel="order-form"]').getByTestId('visitor-prompt');
  await expect(prompt).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('[data-panel="position"]').getByTestId('visitor-prompt')).toBeVisible();
  await expect(prompt.getByTestId('visitor-login')).toHaveAttribute(
    'href',
    '/login?redirect_url=%2Fen%2Ftrade%2Fspot%2FETH%2FUSDT',
  );
  await page
    .locator('[data-panel="order-form"]')
    .screenshot({ path: `${SHOTS}/orders-form-visitor-dark.png` });
  await prompt.getByTestId('visitor-login').click();
  await page.getByLabel('Email').fill('sub@sim.local');
  await page.getByLabel('Password').fill('sub-pass');
  await page.getByRole('button', { name: /log in/i }).click();
  await expect(page).toHaveURL(/\/en\/trade\/spot\/ETH\/USDT$/);
  await expect(page.getByTestId('order-form')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('order-submit')).toHaveText('Buy ETH');
});

test('every order type is placed from the panel and shows in the orders panel (screenshots dark and light)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await loginAs(page, 'uta@sim.local', 'uta-pass');
  await cancelEverything(page);
  const L = await lastPrice(page);
  expect(L).toBeGreaterThan(0);
  const panel = page.locator('[data-panel="order-form"]');
  const shoot = async (name: string): Promise<void> => {
    await expect(toasts(page)).toHaveCount(0, { timeout: 5_000 });
    // A clip of the page rather than an element shot: the element shot waits for the box to hold still over two
    // frames, which under a loaded full run never came (see the closing note); the pixels are the same.
    const clip = async (): Promise<{ x: number; y: number; width: number; height: number }> => {
      const box = await panel.boundingBox();
      if (box === null) throw new Error('order panel not laid out');
      return box;
    };
    await page.screenshot({ path: `${SHOTS}/orders-form-${name}-dark.png`, clip: await clip() });
    await setTheme(page, 'Light');
    await page.screenshot({ path: `${SHOTS}/orders-form-${name}-light.png`, clip: await clip() });
    await setTheme(page, 'Dark');
  };
  const rowsOf = async (sub: string): Promise<void> => {
    await page.getByTestId('orders-tab-current').click();
    await page.getByTestId(`orders-sub-${sub}`).click();
  };

  // Limit (rests below the market).
  await pickKind(page, 'limit');
  await fill(page, 'field-price', px(L * 0.9));
  await fill(page, 'field-qty', '0.001');
  await shoot('limit');
  await submit(page);
  await expect(toasts(page).filter({ hasText: 'Order successful' })).toBeVisible();
  await rowsOf('ordinary');
  await expect(openRows(page)).toHaveCount(1);
  await expect(openRows(page).first()).toContainText('Limit');

  // Limit with TP/SL (unified non-demo).
  await page.getByTestId('tpsl-toggle').check();
  await fill(page, 'field-price', px(L * 0.9));
  await fill(page, 'field-qty', '0.001');
  await fill(page, 'field-tp-trigger', px(L * 0.95));
  await fill(page, 'field-sl-trigger', px(L * 0.85));
  await shoot('limit-tpsl');
  await submit(page);
  await expect(openRows(page)).toHaveCount(2);
  await expect(openRows(page).first()).toContainText('TP/SL');
  await page.getByTestId('tpsl-toggle').uncheck();

  // Market by value: fills at once, shows in order history.
  await pickKind(page, 'market');
  await fill(page, 'field-amount', '50');
  await shoot('market');
  await submit(page);
  await expect(toasts(page).filter({ hasText: 'Order filled' }).first()).toBeVisible({ timeout: 10_000 });
  await page.getByTestId('orders-tab-history').click();
  await page.getByTestId('orders-sub-ordinary').click();
  await expect(page.getByTestId('order-history').locator('.vtable-row').first()).toContainText('Market', {
    timeout: 10_000,
  });

  // Conditional limit (buy when the price rises to the trigger).
  await pickKind(page, 'conditional');
  await fill(page, 'field-trigger', px(L * 1.05));
  await fill(page, 'field-price', px(L * 1.06));
  await fill(page, 'field-qty', '0.001');
  await shoot('conditional');
  await submit(page);
  await rowsOf('conditional');
  await expect(openRows(page)).toHaveCount(1);
  await expect(openRows(page).first()).toContainText('Conditional limit');

  // Stop-limit.
  await pickKind(page, 'stopLimit');
  await fill(page, 'field-trigger', px(L * 0.95));
  await fill(page, 'field-price', px(L * 0.95));
  await fill(page, 'field-qty', '0.001');
  await shoot('stop-limit');
  await submit(page);
  await rowsOf('stopLimit');
  await expect(openRows(page)).toHaveCount(1);

  // OCO: a buy takes profit below the market and stops above it.
  await pickKind(page, 'oco');
  await fill(page, 'field-tp-trigger', px(L * 0.9));
  await fill(page, 'field-sl-trigger', px(L * 1.1));
  await page.getByTestId('sl-type-limit').click();
  await fill(page, 'field-sl-limit', px(L * 1.11));
  await fill(page, 'field-qty', '0.001');
  await shoot('oco');
  await submit(page);
  await rowsOf('oco');
  await expect(openRows(page)).toHaveCount(1);
  await expect(openRows(page).first()).toContainText('OCO');

  // Trailing stop (sell, 5 % retracement).
  await pickKind(page, 'trailing');
  await page.getByTestId('side-sell').click();
  await fill(page, 'field-trailing-rate', '5');
  await fill(page, 'field-qty', '0.001');
  await shoot('trailing');
  await submit(page);
  await rowsOf('conditional');
  await expect(openRows(page)).toHaveCount(2);
  await expect(openRows(page).filter({ hasText: 'Trailing stop' })).toHaveCount(1);

  // Orders panel tabs, dark and light.
  const orders = page.locator('[data-panel="position"]');
  const tabs: [string, string | null][] = [
    ['current', 'ordinary'],
    ['current', 'conditional'],
    ['current', 'oco'],
    ['history', 'ordinary'],
    ['trades', null],
    ['lt', null],
    ['assets', null],
    ['borrowing', null],
  ];
  for (const theme of ['Dark', 'Light'] as const) {
    await setTheme(page, theme);
    for (const [tab, sub] of tabs) {
      await page.getByTestId(`orders-tab-${tab}`).click();
      if (sub !== null) await page.getByTestId(`orders-sub-${sub}`).click();
      await page.waitForTimeout(300);
      await orders.screenshot({
        path: `${SHOTS}/orders-panel-${tab}${sub === null ? '' : `-${sub}`}-${theme.toLowerCase()}.png`,
      });
    }
  }
  await setTheme(page, 'Dark');
});

test('validation stops an order at the first failing rule with its message', async ({ page }) => {
  await loginAs(page, 'sub@sim.local', 'sub-pass');
  await pickKind(page, 'limit');
  await page.getByTestId('order-submit').click();
  await expect(toasts(page).filter({ hasText: 'Please enter the buy price' })).toBeVisible();
  await fill(page, 'field-price', '60000');
  await fill(page, 'field-qty', '0.00001');
  await page.getByTestId('order-submit').click();
  await expect(toasts(page).filter({ hasText: 'The minimum quantity bought is 0.000048 BTC' })).toBeVisible();
  // Paste forms: grouping and exponents read as numbers.
  await fill(page, 'field-price', '1,234.5');
  await expect(page.getByTestId('field-price')).toHaveValue('1234.5');
  await fill(page, 'field-qty', '1e-3');
  await expect(page.getByTestId('field-qty')).toHaveValue('0.001');
});

/**
 * Another trader takes 0.0005 BTC at market so that the last price changes (the e2e market is calm): a sell at the
 * best bid unless the last trade was there already, else a buy at the best ask.
 */
async function moveLastPrice(
  page: Page,
  playwright: PlaywrightWorkerArgs['playwright'],
  baseURL: string,
): Promise<void> {
  const [bid] = await bestBidAsk(page);
  const side = (await lastPrice(page)) === bid ? 'buy' : 'sell';
  const other = await playwright.request.newContext({ baseURL });
  await other.post('/login', { data: { email: 'leader@sim.local', password: 'leader-pass' } });
  const r = await other.post('/spot/api/order/orderCreate', {
    data: {
      symbol_id: 1,
      side,
      type: 'market',
      quantity: '0.0005',
      ...(side === 'buy' ? { market_unit: 'baseCoin' } : {}),
      client_order_id: `e2e-mover-${Date.now()}`,
    },
  });
  expect(((await r.json()) as { code: number }).code).toBe(0);
  await other.dispose();
}

test('the form reads the live last price while no price is typed, and only then', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const base = baseURL ?? '';
  await loginAs(page, 'classic@sim.local', 'classic-pass');
  await pickKind(page, 'limit');
  const max = page.getByTestId('max-size');
  const header = page.getByTestId('market-header').locator('.last-price');
  // An empty price: "Max buy" is the available quote at the last price, so it follows the market.
  await expect(max).toHaveText(/^[\d,.]+ BTC$/, { timeout: 15_000 });
  const atFirst = (await max.textContent()) ?? '';
  await moveLastPrice(page, playwright, base);
  await expect(max).not.toHaveText(atFirst, { timeout: 10_000 });
  // "+" on the empty price starts from the last price (read at the click, not from a rendered prop).
  const steps = page.locator('.num-field', { has: page.getByTestId('field-price') });
  await steps.getByRole('button', { name: '+', exact: true }).click();
  const stepped = Number(await page.getByTestId('field-price').inputValue());
  const last = await lastPrice(page);
  expect(Math.abs(stepped - last) / last).toBeLessThan(0.01);
  // A typed price fixes it: the header shows the market moving, "Max buy" stays.
  await fill(page, 'field-price', '60000');
  const fixed = (await max.textContent()) ?? '';
  const shown = (await header.textContent()) ?? '';
  await moveLastPrice(page, playwright, base);
  await expect(header).not.toHaveText(shown, { timeout: 10_000 });
  await expect(max).toHaveText(fixed);
  // A market sell is sized in base: its order value is at the last price, so it follows the market again.
  await pickKind(page, 'market');
  await page.getByTestId('side-sell').click();
  await fill(page, 'field-qty', '0.01');
  const value = page.getByTestId('order-value');
  const valueFirst = (await value.textContent()) ?? '';
  await moveLastPrice(page, playwright, base);
  await expect(value).not.toHaveText(valueFirst, { timeout: 10_000 });
});

test('the summary under the fields changes language with the page, without a reload', async ({ page }) => {
  await loginAs(page, 'classic@sim.local', 'classic-pass');
  const summary = page.getByTestId('order-form').locator('.order-summary');
  await expect(summary).toContainText('Max buy');
  // Its labels are read once per language (it re-renders with every ticker), so they must follow the switch.
  await page.getByTestId('language-switcher').selectOption('de-DE');
  await expect(summary).toContainText('Max. Kauf');
  await expect(summary).toContainText('Orderwert');
  await expect(summary).not.toContainText('Order value');
});

test('a resting limit order fills when the market crosses it, moves to history and toasts', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await loginAs(page, 'classic@sim.local', 'classic-pass');
  await setConfirmFlags(page, ['createOrderNotifyClose']);
  await cancelEverything(page);
  const [bid, ask] = await bestBidAsk(page);
  await pickKind(page, 'limit');
  // One tick under the best ask: the best bid of the book without crossing it, filled by the next taker sell.
  await fill(page, 'field-price', px(Math.max(bid, ask - 0.01)));
  await fill(page, 'field-qty', '0.0005');
  await page.getByTestId('order-submit').click();
  await expect(openRows(page)).toHaveCount(1);
  const filledToast = toasts(page).filter({ hasText: 'Order filled' }).first().waitFor({ timeout: 15_000 });
  // Another trader sells at market: the sell crosses our bid, the best of the book.
  const other = await playwright.request.newContext({ baseURL: baseURL ?? '' });
  await other.post('/login', { data: { email: 'leader@sim.local', password: 'leader-pass' } });
  const sold = await other.post('/spot/api/order/orderCreate', {
    data: {
      symbol_id: 1,
      side: 'sell',
      type: 'market',
      quantity: '0.0005',
      client_order_id: `e2e-taker-${Date.now()}`,
    },
  });
  expect(((await sold.json()) as { code: number }).code).toBe(0);
  await other.dispose();
  await filledToast;
  await expect(openRows(page)).toHaveCount(0);
  await page.getByTestId('orders-tab-history').click();
  const row = page.getByTestId('order-history').locator('.vtable-row').first();
  await expect(row).toContainText('Filled', { timeout: 10_000 });
  await expect(row).toContainText('0.0005');
});

test('cancel one and cancel all ask for confirmation; cancel all is disabled when empty', async ({
  page,
}) => {
  await loginAs(page, 'isolated@sim.local', 'isolated-pass');
  await cancelEverything(page);
  const L = await lastPrice(page);
  for (const k of [0.8, 0.81, 0.82]) {
    const r = await api(page, 'POST', '/spot/api/order/orderCreate', {
      symbol_id: 1,
      side: 'buy',
      type: 'limit',
      price: px(L * k),
      quantity: '0.001',
      client_order_id: `e2e-cancel-${k}-${Date.now()}`,
    });
    expect(r.code).toBe(0);
  }
  await expect(openRows(page)).toHaveCount(3);
  await openRows(page).first().getByTestId('order-cancel').click();
  const one = page.getByTestId('confirm-cancel');
  await expect(one).toBeVisible();
  await page
    .locator('[data-panel="position"]')
    .screenshot({ path: `${SHOTS}/orders-panel-confirm-cancel-dark.png` });
  await one.getByTestId('confirm-cancel-confirm').click();
  await expect(toasts(page).filter({ hasText: 'Cancel successful' }).first()).toBeVisible();
  await expect(openRows(page)).toHaveCount(2);
  await page.getByTestId('orders-cancel-all').click();
  const all = page.getByTestId('confirm-cancel-all');
  await expect(all).toContainText('Cancel all 2 orders');
  await all.getByTestId('confirm-cancel-all-confirm').click();
  await expect(openRows(page)).toHaveCount(0);
  await expect(page.getByTestId('orders-cancel-all')).toBeDisabled();
});

test('two tabs of one browser show a new order within one frame of each other', async ({ context }) => {
  const a = await context.newPage();
  await loginAs(a, 'demo@sim.local', 'demo-pass');
  await cancelEverything(a);
  const b = await context.newPage();
  await b.goto('/en/trade/spot/BTC/USDT');
  await expect(b.getByTestId('order-form')).toBeVisible({ timeout: 15_000 });
  await expect(a.getByTestId('demo-tag')).toBeVisible();
  const watch = (p: Page): Promise<void> =>
    p.evaluate(() => {
      const w = window as unknown as { __seenAt?: number };
      delete w.__seenAt;
      const table = document.querySelector('[data-testid="open-orders"]');
      if (table === null) throw new Error('no open-orders table');
      new MutationObserver((_, obs) => {
        if (table.querySelector('.vtable-row') !== null && w.__seenAt === undefined) {
          w.__seenAt = performance.timeOrigin + performance.now();
          obs.disconnect();
        }
      }).observe(table, { childList: true, subtree: true });
    });
  const seen = async (p: Page): Promise<number> =>
    p.evaluate(() => (window as unknown as { __seenAt?: number }).__seenAt ?? NaN);
  const L = await lastPrice(a);
  // Headless Chromium gives the tab that is not in front far fewer frames than the one in front (1-9 a second for
  // this page against 60; a headed browser drives every visible window at the display's rate), and a tab whose pull
  // waits for its next frame then shows the order that much later. So the usual case is held to one display frame,
  // and the late ones to the slower tab's own frames.
  const frameMs = async (p: Page): Promise<number> =>
    p.evaluate(
      () =>
        new Promise<number>((ok) => {
          let n = 0;
          const t0 = performance.now();
          const tick = (t: number): void => {
            n++;
            if (t - t0 < 1000) requestAnimationFrame(tick);
            else ok((t - t0) / n);
          };
          requestAnimationFrame(tick);
        }),
    );
  const frame = Math.max(1000 / 60, ...(await Promise.all([frameMs(a), frameMs(b)])));
  const gaps: number[] = [];
  for (let i = 0; i < 7; i++) {
    await cancelEverything(a);
    await expect(openRows(a)).toHaveCount(0);
    await expect(openRows(b)).toHaveCount(0);
    await watch(a);
    await watch(b);
    const r = await api(a, 'POST', '/spot/api/order/orderCreate', {
      symbol_id: 1,
      side: 'buy',
      type: 'limit',
      price: px(L * 0.8),
      quantity: '0.001',
      client_order_id: `e2e-tabs-${i}-${Date.now()}`,
    });
    expect(r.code).toBe(0);
    await expect(openRows(a)).toHaveCount(1);
    await expect(openRows(b)).toHaveCount(1);
    gaps.push(Math.abs((await seen(a)) - (await seen(b))));
  }
  gaps.sort((x, y) => x - y);
  console.log(`two tabs: the order showed ${gaps.map((g) => g.toFixed(1)).join(', ')} ms apart`);
  console.log(`two tabs: frame ${frame.toFixed(1)} ms`);
  // The median of seven is within one of the slower tab's frames (one 60 Hz frame when both draw at 60: a CI run
  // measured the tab behind at 84 ms a frame, and a 31 ms median was one of its frames, not a late delivery) and the
  // sixth within two. The worst is not asserted: a build or GC elsewhere on a 2-core machine can stall a renderer for
  // most of a second. A hub that delivered to one tab late (a missed wake-up waits out a 10 s long poll) fails both.
  expect(gaps[3]).toBeLessThanOrEqual(frame);
  expect(gaps[5]).toBeLessThanOrEqual(2 * frame);
});
