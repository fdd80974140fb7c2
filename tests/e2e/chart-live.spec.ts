/**
 * The chart's live fast path (issue 27): with trades arriving, the forming bar and its price label are drawn by the
 * live layer (`LiveBarLayer`, two canvases over the pane and the price axis), not by a full library repaint. The
 * suite's own simulator is still (`--quiet`), so this spec starts one in process and drives BTCUSDT's synthetic flow
 * with its `act` hook. A change that keeps live mode from engaging (the chart laid out at zero width when its
 * candles are set, 79a2a29) fails here.
 */
import { expect, test } from '@playwright/test';
import type { Simulator } from '../../server/app';
import { startLayerSim } from './support/layer';

test.use({ viewport: { width: 1400, height: 900 } });

let sim: Simulator | null = null;
test.afterAll(async () => {
  await sim?.close();
});

test('with trades arriving, the live layer draws the forming bar and the chart follows the last price', async ({
  page,
}) => {
  sim = await startLayerSim();
  const market = sim.synth;
  await page.goto(`${sim.url}/en/trade/spot/BTC/USDT`);
  const chart = page.getByTestId('chart-canvas');
  await expect(chart).not.toHaveAttribute('data-last-close', '', { timeout: 15_000 });
  const before = await chart.getAttribute('data-last-close');

  const layer = page.getByTestId('chart-live-layer');
  await expect
    .poll(
      async () => {
        market.act('BTCUSDT', 20);
        return layer.count();
      },
      { timeout: 15_000, intervals: [250] },
    )
    .toBe(2);
  // The layer over the pane has drawn something (the forming bar), and is laid out over the chart, not at zero size.
  const pane = layer.first();
  const box = await pane.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(300);
  expect(box?.height ?? 0).toBeGreaterThan(200);
  await expect
    .poll(() =>
      pane.evaluate((c) => {
        const canvas = c as HTMLCanvasElement;
        const px = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? [];
        let inked = 0;
        for (let i = 3; i < px.length; i += 4) if ((px[i] ?? 0) > 0) inked++;
        return inked;
      }),
    )
    .toBeGreaterThan(20);

  // The chart's last close moves with the trades and lands on the header's last price once the flow stops.
  await expect
    .poll(
      async () => {
        market.act('BTCUSDT', 20);
        return chart.getAttribute('data-last-close');
      },
      { timeout: 15_000, intervals: [250] },
    )
    .not.toBe(before);
  const header = page.getByTestId('last-price');
  await expect
    .poll(async () => {
      const last = Number((await header.textContent())?.replace(/,/g, ''));
      return Math.abs(Number(await chart.getAttribute('data-last-close')) - last);
    })
    .toBeLessThan(0.005);
});
