/**
 * A TWAP survives a simulator restart (issue 23, "Done when"): created from the Tools form, it places two slices on
 * the engine's clock (moved with the test hook, no waiting), the simulator is closed and started again on the same
 * data directory, the clock is moved through the rest of the duration, and the page — after its hub reconnected —
 * shows the TWAP completed with every slice filled and its child orders in the order history. Runs its own
 * in-process simulator (test hooks on, quiet: the seeded book is the liquidity, so the fills are deterministic).
 */
import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { startSimulator, type Simulator } from '../../server/app';

const PORT = 5313;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const DATA = mkdtempSync(join(tmpdir(), 'tools-restart-e2e-'));

async function startSim(): Promise<Simulator> {
  process.env.SIM_TEST_HOOKS = '1';
  return startSimulator({
    port: PORT,
    dataDir: DATA,
    staticDir: process.env.E2E_STATIC ?? 'dist',
    quiet: true,
  });
}

/**
 * Moves the engine's clock forward (timers due meanwhile fire in order). A fresh connection per call: a pooled
 * keep-alive socket to the closed simulator would fail the first call after the restart.
 */
async function advanceClock(ms: number): Promise<void> {
  const status = await new Promise<number>((ok, ko) => {
    const req = request(
      `${ORIGIN}/sim/test/clock`,
      { method: 'POST', agent: false, headers: { 'content-type': 'application/json' } },
      (res) => {
        res.resume();
        res.on('end', () => {
          ok(res.statusCode ?? 0);
        });
      },
    );
    req.on('error', ko);
    req.end(JSON.stringify({ advanceMs: ms }));
  });
  expect(status).toBe(200);
}

let sim: Simulator | null = null;
let page: Page;

test.beforeAll(async ({ browser }) => {
  sim = await startSim();
  page = await browser.newPage({ viewport: { width: 1600, height: 1200 } });
  await page.goto(`${ORIGIN}/login?redirect_url=${encodeURIComponent('/en/trade/spot/BTC/USDT')}`);
  await page.getByLabel('Email').fill('uta@sim.local');
  await page.getByLabel('Password').fill('uta-pass');
  await page.getByRole('button', { name: /log in/i }).click();
  await expect(page.getByTestId('left-tab-bar')).toBeVisible({ timeout: 20_000 });
});

test.afterAll(async () => {
  await page.close();
  await sim?.close();
  sim = null;
});

function twapCards(): Locator {
  return page.getByTestId('strategy-list').locator('[data-testid=strategy-card][data-kind=twap]');
}

test('TWAP: the simulator restarts mid-run and the schedule completes, every slice in the order history', async () => {
  test.setTimeout(25_000);
  await page.getByTestId('left-tab-bar').getByRole('tab', { name: 'Tools' }).click();
  await page.locator('[data-testid=pinned-tools] [data-tool=twap]').click();
  await expect(page.getByTestId('tool-form-twap')).toBeVisible();

  // A market buy of 0.003 BTC in 5 slices, one a minute.
  for (const [id, value] of [
    ['tool-totalQty', '0.003'],
    ['tool-durationMin', '5'],
    ['tool-intervalSec', '60'],
  ] as const) {
    await page.getByTestId(id).fill('');
    await page.getByTestId(id).fill(value);
  }
  await page.getByTestId('tool-submit').click();
  const card = twapCards().first();
  await expect(card).toHaveAttribute('data-status', 'RUNNING');
  await advanceClock(120_000);
  await expect(card.getByTestId('strategy-slices')).toHaveText('2 / 5');
  await expect(card.getByTestId('strategy-executed')).toHaveText('0.0012 / 0.003 BTC');

  // Closed and started again on the same data: the strategy record brings the schedule back.
  await sim?.close();
  sim = await startSim();
  // The new process's clock starts at wall time again: 5 minutes bring it past the last slice.
  await advanceClock(300_000);

  // The page reconnects on its own (no reload) and converges on the finished TWAP.
  await page.getByTestId('strategy-tab-history').click();
  const done = twapCards().first();
  await expect(done).toHaveAttribute('data-status', 'COMPLETED', { timeout: 15_000 });
  await expect(done.getByTestId('strategy-slices')).toHaveText('5 / 5');
  await expect(done.getByTestId('strategy-executed')).toHaveText('0.003 / 0.003 BTC');
  await expect(twapCards()).toHaveCount(1);

  // The five slices are ordinary filled market orders of the account (a fresh one: nothing else in its history).
  await page.getByTestId('orders-tab-history').click();
  const rows = page.getByTestId('order-history').locator('.vtable-row');
  await expect(rows).toHaveCount(5);
  for (const row of await rows.all()) {
    await expect(row).toContainText('Market');
    await expect(row).toContainText('Filled');
  }
});
