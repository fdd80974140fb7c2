/**
 * Chart benches in Chromium:
 * - chart.updateMsP95: main-thread time per live candle update (sync update + the next frame's paint) with 5,000
 *   candles, 3 indicators, 200 fill markers and 20 order lines (bench/pages/chart.html, the real ChartRenderer);
 *   `…ReferenceMs` is a straightforward full recompute + setData per update, `…SpeedupVsReference` their ratio.
 * - chart.switchIntervalMs: from an interval click to the new candles drawn (the frame after setData), in the
 *   built app against the simulator: the hub's REST load (500 candles), setData, indicators and markers included.
 *   The app records both instants as User Timing marks (`CHART_MARKS`, on because the page sets
 *   `__perfMarks` before its code runs); they are read back here and paired as the app saw them.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startSimulator } from '../server/app';
import { CHROMIUM_ARGS } from './browser.bench';
import { CHART_MARKS } from '../src/features/chart/marks';
import type { BenchResult } from './measure';

interface ChartPageWindow {
  __chartUpdate?: { done: boolean; updateMs: number[]; referenceMs: number[] };
}
interface AppWindow {
  __perfMarks?: boolean;
}

/** Click and drawn marks, in time order: each drawn mark closes the latest click not yet closed. */
interface SwitchMark {
  readonly name: string;
  readonly at: number;
}

/** Click → candles drawn, ms, per interval switch (a drawn mark with no open click is a load nobody clicked for). */
function switchTimes(marks: readonly SwitchMark[]): number[] {
  const out: number[] = [];
  let clickAt: number | null = null;
  for (const m of [...marks].sort((a, b) => a.at - b.at))
    if (m.name === CHART_MARKS.intervalClick) clickAt = m.at;
    else if (clickAt !== null) {
      out.push(m.at - clickAt);
      clickAt = null;
    }
  return out;
}

function pct(xs: readonly number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
}

/** Runs the chart benches; `quick` keeps them to well under a minute. */
export async function runChartBench(quick: boolean): Promise<BenchResult[]> {
  const sim = await startSimulator({
    port: 0,
    quiet: true,
    dataDir: mkdtempSync(join(tmpdir(), 'bench-chart-')),
    staticDir: process.env.BENCH_STATIC ?? 'dist',
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const out: BenchResult[] = [];
  const add = (key: string, value: number, unit: string, spread = 0): void => {
    out.push({ key, value, unit, spread });
  };
  try {
    const ctx = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await ctx.newPage();
    await page.goto(`${sim.url}/bench/pages/chart.html?n=${quick ? 100 : 300}`);
    await page.waitForFunction(
      () => (window as unknown as ChartPageWindow).__chartUpdate?.done === true,
      null,
      {
        timeout: 180_000,
      },
    );
    const r = await page.evaluate(() => (window as unknown as ChartPageWindow).__chartUpdate);
    if (r === undefined) throw new Error('chart bench page did not finish');
    const p50 = pct(r.updateMs, 50);
    const p95 = pct(r.updateMs, 95);
    const ref = pct(r.referenceMs, 50);
    add('chart.updateMsP95', p95, 'ms', p50 === 0 ? 0 : (p95 - p50) / p50);
    add('chart.updateMsMedian', p50, 'ms');
    add('chart.updateReferenceMs', ref, 'ms');
    add('chart.updateSpeedupVsReference', p50 === 0 ? 0 : ref / p50, '×');
    await ctx.close();

    const app = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    await app.addInitScript(() => {
      (window as unknown as AppWindow).__perfMarks = true;
    });
    const tab = await app.newPage();
    const readMarks = (): Promise<SwitchMark[]> =>
      tab.evaluate(
        (names) =>
          names.flatMap((name) =>
            performance.getEntriesByName(name, 'mark').map((e) => ({ name, at: e.startTime })),
          ),
        [CHART_MARKS.intervalClick, CHART_MARKS.candlesDrawn],
      );
    await tab.goto(`${sim.url}/en/trade/spot/BTC/USDT`);
    const canvas = tab.getByTestId('chart-canvas');
    await tab.waitForSelector('[data-testid="chart-canvas"][data-state="ready"]', { timeout: 30_000 });
    const seq = ['15', '60', '240', 'D', 'W', '1s', 'M'];
    const rounds = quick ? 1 : 3;
    for (let k = 0; k < rounds; k++)
      for (const iv of seq) {
        await tab.getByTestId(`interval-${iv}`).click();
        // Drawn: a candles-drawn mark after the newest click mark.
        await tab.waitForFunction(
          ([click, drawn]) => {
            const clicks = performance.getEntriesByName(click, 'mark');
            const last = clicks[clicks.length - 1];
            return (
              last !== undefined &&
              performance.getEntriesByName(drawn, 'mark').some((e) => e.startTime > last.startTime)
            );
          },
          [CHART_MARKS.intervalClick, CHART_MARKS.candlesDrawn] as const,
          { timeout: 15_000 },
        );
        await canvas.getAttribute('data-interval');
        await tab.waitForTimeout(300);
      }
    const sw = switchTimes(await readMarks());
    const s50 = pct(sw, 50);
    add('chart.switchIntervalMs', s50, 'ms', s50 === 0 ? 0 : (pct(sw, 95) - s50) / s50);
    add('chart.switchIntervalMsP95', pct(sw, 95), 'ms');
    await app.close();
  } finally {
    await browser.close();
    await sim.close();
  }
  return out;
}
