/**
 * Vocabulary of the layer specs (issue 26): an in-process simulator with the test hooks on, a logged-in page over the
 * login call, the web-config hook, REST calls from the page, and screenshots in dark/light × en/ar-SA.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { startSimulator, type Simulator } from '../../../server/app';

/** Where the layer specs put their screenshots (looked at, not committed). */
export const LAYER_SHOTS = process.env.LAYER_SHOTS ?? '/tmp/layer-shots';
/**
 * The dark/light × en/ar-SA screenshot matrix is taken only when LAYER_SHOTS is set: it doubles the specs' page loads,
 * and `npm test` keeps the assertions within its time budget.
 */
export const SHOOT = process.env.LAYER_SHOTS !== undefined;

/** A quiet simulator with the test hooks, serving the built app, on `port` (0: any). */
export async function startLayerSim(port = 0, dataDir?: string): Promise<Simulator> {
  process.env.SIM_TEST_HOOKS = '1';
  return startSimulator({
    port,
    quiet: true,
    dataDir: dataDir ?? mkdtempSync(join(tmpdir(), 'layer-e2e-')),
    staticDir: process.env.E2E_STATIC ?? 'dist',
  });
}

/** A JSON call from the page (its cookies): the orders helpers' `api`, under the name the layer specs use. */
export { api as pageCall } from './orders';

/**
 * Logs the page's browser context in as a seeded account with the login call (page.request shares the context's
 * cookies, so the new session replaces any earlier one), then opens `path`.
 */
export async function loginOver(page: Page, origin: string, email: string, path: string): Promise<void> {
  const password = `${email.split('@')[0] ?? ''}-pass`;
  const r = await page.request.post(`${origin}/login`, { data: { email, password } });
  expect(((await r.json()) as { code: number }).code).toBe(0);
  await page.goto(`${origin}${path}`);
  await expect(page.getByTestId('trade-page')).toHaveAttribute('data-state', 'found', { timeout: 15_000 });
}

/** Sets web-config switches for a region (default GLOBAL) or an account, or resets them all. */
export async function setWebConfig(
  origin: string,
  body: { email?: string; region?: string; set?: Record<string, boolean | null>; reset?: boolean },
): Promise<void> {
  const r = await fetch(`${origin}/sim/test/web-config`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await r.json()) as { code: number };
  expect(json.code).toBe(0);
}

/** Sets a seeded account's KYC level on the simulator (test hook; 0 = not verified, 1 and up verified). */
export async function setKyc(origin: string, email: string, level: number): Promise<void> {
  const r = await fetch(`${origin}/sim/test/kyc`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, level }),
  });
  expect(((await r.json()) as { code: number }).code).toBe(0);
}

/** Moves the simulator's clock (timers that fall due fire). */
export async function advanceSimClock(origin: string, advanceMs: number): Promise<void> {
  const r = await fetch(`${origin}/sim/test/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceMs }),
  });
  expect(r.ok).toBe(true);
}

/** Picks theme and language through the settings bar. */
export async function setLook(page: Page, theme: 'dark' | 'light'): Promise<void> {
  await page.locator(`[data-theme-choice="${theme}"]`).click();
}
