/**
 * A create whose answer is lost because the simulator was killed mid-request: the panel retries with the same client
 * order id after the restart, and exactly one order exists. Runs its own simulator (spawned, so it can be SIGKILLed)
 * on its own port and data directory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { api, fill, openRows, pickKind, setConfirmFlags, toasts } from './support/orders';

const PORT = 5312;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const DATA = mkdtempSync(join(tmpdir(), 'orders-restart-'));
const STATIC = process.env.E2E_STATIC ?? 'dist';

async function startSim(): Promise<ChildProcess> {
  const child = spawn(
    'node',
    [
      '--import',
      'tsx',
      'server/main.ts',
      '--port',
      String(PORT),
      '--data',
      DATA,
      '--static',
      STATIC,
      '--quiet',
    ],
    { stdio: 'ignore' },
  );
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${ORIGIN}/sim/health`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('simulator did not start');
}

let sim: ChildProcess | null = null;
test.afterEach(() => {
  sim?.kill('SIGKILL');
  sim = null;
});

test('killing the simulator mid-create and restarting it leaves exactly one order', async ({ page }) => {
  test.setTimeout(60_000);
  sim = await startSim();
  await page.goto(`${ORIGIN}/login?redirect_url=%2Fen%2Ftrade%2Fspot%2FBTC%2FUSDT`);
  await page.getByLabel('Email').fill('classic@sim.local');
  await page.getByLabel('Password').fill('classic-pass');
  await page.getByRole('button', { name: /log in/i }).click();
  await expect(page.getByTestId('order-form')).toBeVisible({ timeout: 15_000 });
  await setConfirmFlags(page, ['createOrderNotifyClose']);

  const attempts: string[] = [];
  const restart: { done: Promise<void> } = { done: Promise.resolve() };
  await page.route('**/spot/api/order/orderCreate', async (route) => {
    attempts.push(route.request().postData() ?? '');
    if (attempts.length > 1) {
      await route.continue();
      return;
    }
    // The create reaches the engine (it is persisted before the answer)…
    await route.fetch();
    // …then the simulator dies before the answer gets back, and comes back on the same data and port.
    sim?.kill('SIGKILL');
    restart.done = startSim().then((c) => {
      sim = c;
    });
    await route.abort('connectionreset');
  });

  await pickKind(page, 'limit');
  await fill(page, 'field-price', '30000');
  await fill(page, 'field-qty', '0.001');
  await page.getByTestId('order-submit').click();
  await expect(toasts(page).filter({ hasText: 'Order successful' })).toBeVisible({ timeout: 20_000 });
  await restart.done;

  // Every attempt carried the same client order id.
  const ids = new Set(attempts.map((b) => (JSON.parse(b) as { client_order_id: string }).client_order_id));
  expect(attempts.length).toBeGreaterThan(1);
  expect(ids.size).toBe(1);
  const open = await api<{ result: { list: { clientOrderId: string }[] } }>(
    page,
    'GET',
    '/spot/api/order/getOpenOrders',
  );
  expect(open.result.list.filter((o) => ids.has(o.clientOrderId))).toHaveLength(1);
  expect(open.result.list).toHaveLength(1);
  // The page converges after the hub reconnects: one row.
  await expect(openRows(page)).toHaveCount(1, { timeout: 20_000 });
});
