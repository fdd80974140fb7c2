/**
 * Orders benches against the real simulator and the built app (dist/) in Chromium, logged in with 1,000 open orders:
 * - orders.tableUpdateMsP95: main-thread work to apply one order push with 1,000 open orders: deriving the table's
 *   rows plus the table's render and commit, computed by `ordersMarks.ts` from the User Timing marks the open-orders
 *   table emits when the page runs with `__perfMarks` on. `…WallMsP95` adds the wait for React's render task;
 *   `…Throttled4x` is the same work under a 4× CPU throttle.
 * - orders.placeToVisibleMsP95: from clicking Buy to the new order's row in current orders.
 * The 1,000 orders are placed through the simulator's engine (the REST create is rate-limited to 40 per 10 s per
 * account, spec §8 trade-try-limit); every timed order goes through REST from the page.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { startSimulator, type Simulator } from '../server/app';
import { CHROMIUM_ARGS } from './browser.bench';
import type { BenchResult } from './measure';
import { ORDERS_MARK } from '../src/features/orders/marks';
import { tableUpdatesFromMarks, type TimingEntry } from './ordersMarks';

/** The open-orders table's User Timing names, read out of the page after each phase. */
const MARK_NAMES: readonly string[] = Object.values(ORDERS_MARK);

function pct(xs: readonly number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
}

async function login(sim: Simulator, email: string, password: string): Promise<string> {
  const res = await fetch(`${sim.url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
    redirect: 'manual',
  });
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

async function post(sim: Simulator, cookie: string, path: string, body: unknown): Promise<void> {
  await fetch(`${sim.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
}

/** Places `n` resting buys for the account straight into the engine (pushes flow as for any order). */
function seed(sim: Simulator, accountId: string, n: number, tag: string): string[] {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = sim.ctx.engine.placeOrder({
      accountId,
      clientOrderId: `${tag}-${i}`,
      symbol: 'BTCUSDT',
      side: 'Buy',
      orderType: 'Limit',
      price: (30000 + (i % 500) * 10).toFixed(2),
      qty: '0.0001',
    });
    if (r.ok) ids.push(r.value.orderId);
  }
  return ids;
}

async function rows(page: Page): Promise<number> {
  return Number((await page.getByTestId('open-orders').getAttribute('data-rows')) ?? '0');
}

/** Runs the orders benches; `quick` keeps it to well under a minute. */
export async function runOrdersBench(quick: boolean): Promise<BenchResult[]> {
  const sim = await startSimulator({
    port: 0,
    quiet: true,
    dataDir: mkdtempSync(join(tmpdir(), 'bench-orders-')),
    staticDir: process.env.BENCH_STATIC ?? 'dist',
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const out: BenchResult[] = [];
  const add = (key: string, value: number, unit: string): void => {
    out.push({ key, value, unit, spread: 0 });
  };
  try {
    const cookie = await login(sim, 'classic@sim.local', 'classic-pass');
    const account = sim.ctx.accounts.verify('classic@sim.local', 'classic-pass');
    if (account === null) throw new Error('no classic account');
    await post(sim, cookie, '/user/api/double_confirm/set', { confirms: 'createOrderNotifyClose' });
    seed(sim, account.id, 1000, 'seed');

    const ctx = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    const [name, value] = cookie.split('=');
    await ctx.addCookies([{ name: name ?? '', value: value ?? '', url: sim.url }]);
    // Marks on before the app's code runs (src/lib/perfMarks.ts reads the flag once at load).
    await ctx.addInitScript(() => {
      (globalThis as { __perfMarks?: boolean }).__perfMarks = true;
    });
    const page = await ctx.newPage();
    await page.goto(`${sim.url}/en/trade/spot/BTC/USDT`);
    await page.getByTestId('open-orders').waitFor({ timeout: 30_000 });
    for (let i = 0; i < 300 && (await rows(page)) < 1000; i++) await page.waitForTimeout(100);
    add('orders.openOrdersShown', await rows(page), 'rows');

    // Table updates: one push at a time (a new order, then its cancel), each given time to land.
    const pushes = quick ? 40 : 200;
    const measurePushes = async (): Promise<{ work: number[]; total: number[] }> => {
      // A phase starts with no open update: drop the entries of what came before.
      await page.evaluate((names) => {
        for (const n of names) {
          performance.clearMarks(n);
          performance.clearMeasures(n);
        }
      }, MARK_NAMES);
      for (let i = 0; i < pushes; i++) {
        const ids = seed(sim, account.id, 1, `push-${Date.now()}-${i}`);
        await page.waitForTimeout(60);
        const id = ids[0];
        if (id !== undefined) sim.ctx.engine.cancelOrder({ accountId: account.id, orderId: id });
        await page.waitForTimeout(60);
      }
      const entries = await page.evaluate(
        (names) =>
          names.flatMap((n) =>
            performance
              .getEntriesByName(n)
              .map((e): TimingEntry => ({ name: e.name, startTime: e.startTime, duration: e.duration })),
          ),
        MARK_NAMES,
      );
      return tableUpdatesFromMarks(entries);
    };
    const plain = await measurePushes();
    add('orders.tableUpdateMsP95', pct(plain.work, 95), 'ms');
    add('orders.tableUpdateMsMedian', pct(plain.work, 50), 'ms');
    add('orders.tableUpdateWallMsP95', pct(plain.total, 95), 'ms');
    add('orders.tableUpdateSamples', plain.work.length, 'pushes');
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const throttled = await measurePushes();
    add('orders.tableUpdateMsP95Throttled4x', pct(throttled.work, 95), 'ms');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

    // Click Buy → row visible. Far below the market so the order rests; the create limit allows 40 per 10 s.
    await page.getByTestId('kind-limit').click();
    await page.getByTestId('field-price').fill('20000');
    const places = quick ? 15 : 35;
    const placeMs: number[] = [];
    for (let i = 0; i < places; i++) {
      await page.getByTestId('field-qty').fill('0.0001');
      const ms = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const table = document.querySelector('[data-testid="open-orders"]');
            const button = document.querySelector<HTMLButtonElement>('[data-testid="order-submit"]');
            if (table === null || button === null) {
              resolve(NaN);
              return;
            }
            const before = new Set(
              [...table.querySelectorAll<HTMLElement>('[data-row-key]')].map((e) => e.dataset.rowKey),
            );
            const obs = new MutationObserver(() => {
              for (const e of table.querySelectorAll<HTMLElement>('[data-row-key]')) {
                if (!before.has(e.dataset.rowKey)) {
                  obs.disconnect();
                  resolve(performance.now() - t0);
                  return;
                }
              }
            });
            obs.observe(table, { childList: true, subtree: true });
            const t0 = performance.now();
            button.click();
          }),
      );
      if (Number.isFinite(ms)) placeMs.push(ms);
      await page.waitForTimeout(quick ? 300 : 320);
    }
    add('orders.placeToVisibleMsP95', pct(placeMs, 95), 'ms');
    add('orders.placeToVisibleMsMedian', pct(placeMs, 50), 'ms');
    await ctx.close();
  } finally {
    await browser.close();
    await sim.close();
  }
  return out;
}
