/**
 * Issue 26: the connection indicator through a simulator restart. The simulator runs in process so it can be stopped
 * and started again on the same port and data; the indicator shows connected, then the reconnect with its spec code
 * (or offline while the health probe fails), then connected again, in every tab. Screenshots of each state.
 */
import { expect, test } from '@playwright/test';
import type { Simulator } from '../../server/app';
import { LAYER_SHOTS, setLook, SHOOT, startLayerSim } from './support/layer';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

test.use({ viewport: { width: 1400, height: 900 } });

let sim: Simulator | null = null;
test.afterAll(async () => {
  await sim?.close();
});

test('the indicator follows the socket through a simulator restart, in every tab', async ({
  page,
  context,
}) => {
  test.setTimeout(45_000);
  const data = mkdtempSync(join(tmpdir(), 'layer-conn-'));
  sim = await startLayerSim(0, data);
  const port = sim.port;
  await page.goto(`${sim.url}/ar-SA/trade/spot/BTC/USDT`);
  const ind = page.getByTestId('connection-indicator');
  await expect(ind).toHaveAttribute('data-state', 'open', { timeout: 15_000 });
  const second = await context.newPage();
  await second.goto(`${sim.url}/en/trade/spot/BTC/USDT`);
  const ind2 = second.getByTestId('connection-indicator');
  await expect(ind2).toHaveAttribute('data-state', 'open', { timeout: 15_000 });
  for (const theme of SHOOT ? (['dark', 'light'] as const) : []) {
    await setLook(second, theme);
    await ind2.screenshot({ path: `${LAYER_SHOTS}/connection-open-${theme}-en.png` });
    await setLook(page, theme);
    await ind.screenshot({ path: `${LAYER_SHOTS}/connection-open-${theme}-ar-SA.png` });
  }

  await sim.close();
  sim = null;
  await expect(ind).toHaveAttribute('data-state', /reconnecting|offline/, { timeout: 15_000 });
  await expect(ind2).toHaveAttribute('data-state', /reconnecting|offline/);
  await expect(ind2).not.toHaveAttribute('data-code', '');
  if (SHOOT) {
    await page
      .locator('.settings-bar')
      .screenshot({ path: `${LAYER_SHOTS}/connection-down-light-ar-SA.png` });
    await setLook(second, 'dark');
    await second.locator('.settings-bar').screenshot({ path: `${LAYER_SHOTS}/connection-down-dark-en.png` });
  }

  sim = await startLayerSim(port, data);
  await expect(ind).toHaveAttribute('data-state', 'open', { timeout: 20_000 });
  await expect(ind2).toHaveAttribute('data-state', 'open');
});
