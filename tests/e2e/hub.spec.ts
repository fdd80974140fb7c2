import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startSimulator, type Simulator } from '../../server/app';

/** These specs run their own simulator so they can kill and restart it. */
const PORT = 5198;
const DATA = mkdtempSync(join(tmpdir(), 'hub-e2e-'));

async function startSim(): Promise<Simulator> {
  return startSimulator({
    port: PORT,
    dataDir: DATA,
    staticDir: process.env.E2E_STATIC ?? 'dist',
    rate: 200,
  });
}

async function connections(): Promise<number> {
  const r = (await (await fetch(`http://127.0.0.1:${PORT}/sim/health`)).json()) as {
    result: { connections: number };
  };
  return r.result.connections;
}

/** Frames drawn so far by the bench page (it draws only when the hub delivered a new book or trades). */
function frames(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __bench: { frames: number } }).__bench.frames);
}

async function expectLive(page: Page): Promise<void> {
  const before = await frames(page);
  await expect.poll(() => frames(page), { timeout: 10_000 }).toBeGreaterThan(before + 5);
}

let sim: Simulator | null = null;
test.beforeEach(async () => {
  sim = await startSim();
});
test.afterEach(async () => {
  await sim?.close();
  sim = null;
});

const url = `http://127.0.0.1:${PORT}/bench/pages/hub.html`;

test('two tabs of one browser share one socket; closing one keeps the other live', async ({ context }) => {
  const a = await context.newPage();
  await a.goto(url);
  await expectLive(a);
  const b = await context.newPage();
  await b.goto(url);
  await expectLive(b);
  expect(await connections()).toBe(1);
  await expect
    .poll(() => a.evaluate(() => (window as unknown as { __bench: { mode: string } }).__bench.mode))
    .toBe('shared');
  await a.close();
  await expectLive(b);
  expect(await connections()).toBe(1);
});

test('killing and restarting the simulator: both tabs resync without a reload', async ({ context }) => {
  const a = await context.newPage();
  const b = await context.newPage();
  for (const p of [a, b]) {
    await p.goto(url);
    await expectLive(p);
    await p.evaluate(() => {
      (window as unknown as { __marker: number }).__marker = 1;
    });
  }
  await sim?.close();
  await new Promise((r) => setTimeout(r, 1500));
  sim = await startSim();
  for (const p of [a, b]) {
    await expectLive(p);
    // Same document: no reload happened.
    expect(await p.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1);
  }
  expect(await connections()).toBe(1);
});

test('without SharedWorker the hub runs as a dedicated worker in the tab', async ({ page }) => {
  await page.addInitScript(() => {
    delete (window as { SharedWorker?: unknown }).SharedWorker;
  });
  await page.goto(url);
  await expectLive(page);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __bench: { mode: string } }).__bench.mode))
    .toBe('dedicated');
});
