/**
 * The Tools tab end to end: each tool created from its form runs inside the simulator, shows in its list (and on the
 * chart: scaled pre-order lines, grid levels), its children trade against the synthetic market, it stops and lands
 * in history. The TWAP, on the engine's clock across a simulator restart, is `tools-restart.spec.ts`. One simulator
 * (spawned) and one logged-in page.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';

const PORT = 5311;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const DATA = mkdtempSync(join(tmpdir(), 'tools-e2e-'));
const STATIC = process.env.E2E_STATIC ?? 'dist';

async function startSim(): Promise<ChildProcess> {
  const child = spawn(
    'node',
    ['--import', 'tsx', 'server/main.ts', '--port', String(PORT), '--data', DATA, '--static', STATIC],
    { stdio: 'ignore', env: { ...process.env, SIM_TEST_HOOKS: '1' } },
  );
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`${ORIGIN}/sim/health`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('simulator did not start');
}

async function lastPrice(): Promise<number> {
  const r = (await (await fetch(`${ORIGIN}/v5/market/tickers?category=spot&symbol=BTCUSDT`)).json()) as {
    result: { list: { lastPrice: string }[] };
  };
  return Number(r.result.list[0]?.lastPrice ?? 'NaN');
}

let sim: ChildProcess | null = null;
let page: Page;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ browser }) => {
  // Spawning a simulator process and logging in: more than the default 30 s on a loaded 2-core machine.
  test.setTimeout(90_000);
  sim = await startSim();
  page = await browser.newPage({ viewport: { width: 1600, height: 1200 } });
  await page.goto(`${ORIGIN}/login?redirect_url=${encodeURIComponent('/en/trade/spot/BTC/USDT')}`);
  await page.getByLabel('Email').fill('uta@sim.local');
  await page.getByLabel('Password').fill('uta-pass');
  await page.getByRole('button', { name: /log in/i }).click();
  await expect(page.getByTestId('left-tab-bar')).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('left-tab-bar').getByRole('tab', { name: 'Tools' }).click();
});

test.afterAll(async () => {
  await page.close();
  sim?.kill('SIGKILL');
  sim = null;
});

async function openTool(tool: string): Promise<void> {
  await page.locator(`[data-testid=pinned-tools] [data-tool=${tool}]`).click();
  await expect(page.getByTestId(`tool-form-${tool}`)).toBeVisible();
}

async function fill(testId: string, value: string): Promise<void> {
  const f = page.getByTestId(testId);
  await f.fill('');
  await f.fill(value);
}

function cards(kind: string, scope: Locator = page.getByTestId('strategy-list')): Locator {
  return scope.locator(`[data-testid=strategy-card][data-kind=${kind}]`);
}

const toolLines = (): Locator => page.getByTestId('chart-canvas');

test('iceberg: slices fill against the market one at a time and it finishes with the message; another is stopped', async () => {
  await openTool('iceberg');
  const p = await lastPrice();
  // A buy limit 0.5 % over the market: each slice takes liquidity at once, then the next is placed.
  await fill('tool-price', (p * 1.005).toFixed(2));
  await fill('tool-totalQty', '0.002');
  await fill('tool-sliceCount', '2');
  await page.getByTestId('tool-submit').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Iceberg on BTCUSDT has finished' })).toBeVisible({
    timeout: 10_000,
  });
  await page.getByTestId('strategy-tab-history').click();
  const done = cards('iceberg').first();
  await expect(done).toHaveAttribute('data-status', 'COMPLETED');
  await expect(done.getByTestId('strategy-executed')).toHaveText('0.002 / 0.002 BTC');
  await expect(done.getByTestId('strategy-slices')).toHaveText('2 / 2');

  // Far below the market it rests: one slice in the book, then stopped by hand.
  await page.getByTestId('strategy-tab-running').click();
  await fill('tool-price', (p * 0.9).toFixed(2));
  await page.getByTestId('tool-submit').click();
  const running = cards('iceberg').first();
  await expect(running).toHaveAttribute('data-status', 'RUNNING');
  await expect(running.getByTestId('strategy-slices')).toHaveText('1 / 2');
  await running.getByTestId('strategy-stop').click();
  await expect(cards('iceberg')).toHaveCount(0);
  await page.getByTestId('strategy-tab-history').click();
  await expect(cards('iceberg').first()).toContainText('Stopped manually');
  await page.getByTestId('strategy-tab-running').click();
});

test('scaled order: pre-order lines on the chart while edited, one batch of resting orders, stopped into history', async () => {
  await openTool('scaled');
  const p = await lastPrice();
  await fill('tool-priceLow', (p * 0.95).toFixed(2));
  await fill('tool-priceHigh', (p * 0.97).toFixed(2));
  await fill('tool-orderCount', '4');
  await fill('tool-totalQty', '0.004');
  await expect(toolLines()).toHaveAttribute('data-tool-lines', 'scaled-0,scaled-1,scaled-2,scaled-3');
  await page.getByTestId('tool-submit').click();
  const card = cards('scaled').first();
  await expect(card).toHaveAttribute('data-status', 'RUNNING');
  await expect(card.getByTestId('strategy-orders')).toHaveText('4 / 4');
  await card.getByTestId('strategy-stop').click();
  await page.getByTestId('strategy-tab-history').click();
  await expect(cards('scaled').first()).toHaveAttribute('data-status', 'COMPLETED');
  await page.getByTestId('strategy-tab-running').click();
});

test('grid bot: levels on the chart, the start purchase fills, running in the bot panel, stopped into history', async () => {
  await openTool('grid');
  const p = await lastPrice();
  await fill('tool-minPrice', (p * 0.98).toFixed(2));
  await fill('tool-maxPrice', (p * 1.02).toFixed(2));
  await fill('tool-gridNumber', '4');
  await fill('tool-investment', '1000');
  await expect(toolLines()).toHaveAttribute('data-tool-lines', 'grid-0,grid-1,grid-2,grid-3,grid-4');
  await page.getByTestId('tool-submit').click();
  // Creating a grid opens the bot orders panel in the position slot.
  const panel = page.getByTestId('bot-panel');
  await expect(panel).toBeVisible();
  const card = cards('grid', panel).first();
  await expect(card).toHaveAttribute('data-status', 'RUNNING', { timeout: 10_000 });
  // The start purchase bought the base of the levels above the price from the synthetic market.
  await expect(card.getByTestId('strategy-executed')).not.toHaveText(/^0 \//);
  await card.getByTestId('strategy-stop-sell').click();
  await expect(cards('grid', panel)).toHaveCount(0, { timeout: 10_000 });
  await panel.getByTestId('bot-tab-history').click();
  await expect(cards('grid', panel).first()).toContainText('Stopped manually');
  await page.getByTestId('bot-back').click();
  await expect(page.getByTestId('orders-panel')).toBeVisible();
});
