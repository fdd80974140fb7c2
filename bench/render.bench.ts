/**
 * Render bench (issue 5): the app's order book, latest trades and depth chart renderers (bench/pages/render.ts) in
 * Chromium against the simulator storming at 2,000 msgs/s, main thread throttled 4× through DevTools. Measured in
 * the same run: the transport baseline (same hub pulls, nothing drawn), ours on the page's chosen backend, ours
 * forced to the other backend, and the reference (React DOM rows of the same book and trades). Figures:
 * render.frameP99Ms, render.drawMsP95, render.feedToPixelP95Ms, render.ratioVsDom (reference main-thread time over
 * ours, both net of the transport baseline), render.backend (1 WebGL, 0 Canvas2D), and per-backend figures.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { startSimulator } from '../server/app';
import { CHROMIUM_ARGS } from './browser.bench';
import type { BenchResult } from './measure';

interface Figures {
  frames: number;
  drawMs: number[];
  feedToPixelMs: number[];
  frameMs: number[];
  paint: string;
}

function pct(xs: readonly number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
}

async function taskMs(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return (metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0) * 1000;
}

/** One page run: main-thread busy fraction over the window, and the page's own samples from that window. */
async function run(page: Page, url: string, windowMs: number): Promise<{ busy: number; figures: Figures }> {
  await page.goto(url);
  await page.waitForFunction(
    () => {
      const b = (window as unknown as { __bench?: { frames: number } }).__bench;
      return b !== undefined && b.frames > 5;
    },
    undefined,
    { timeout: 30_000 },
  );
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await new Promise((r) => setTimeout(r, 1500));
  // Only the throttled window's samples count.
  await page.evaluate(() => {
    const b = (window as unknown as { __bench: Figures }).__bench;
    b.drawMs.length = 0;
    b.feedToPixelMs.length = 0;
    b.frameMs.length = 0;
  });
  const t0 = await taskMs(cdp);
  const w0 = Date.now();
  await new Promise((r) => setTimeout(r, windowMs));
  const busy = (await taskMs(cdp)) - t0;
  const wall = Date.now() - w0;
  const figures = await page.evaluate(() => {
    const b = (window as unknown as { __bench: Figures }).__bench;
    return {
      frames: b.frames,
      drawMs: b.drawMs,
      feedToPixelMs: b.feedToPixelMs,
      frameMs: b.frameMs,
      paint: b.paint,
    };
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await cdp.detach();
  return { busy: busy / wall, figures };
}

/** Runs the render bench; `quick` keeps it to about half a minute. */
export async function runRenderBench(quick: boolean): Promise<BenchResult[]> {
  const sim = await startSimulator({
    port: 0,
    rate: 2000,
    dataDir: mkdtempSync(join(tmpdir(), 'bench-render-')),
    staticDir: 'dist',
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const windowMs = quick ? 6_000 : 30_000;
  const out: BenchResult[] = [];
  const add = (key: string, value: number, unit: string): void => {
    out.push({ key, value, unit, spread: 0 });
  };
  try {
    const ctx = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await ctx.newPage();
    const base = `${sim.url}/bench/pages/hub.html`;
    const baseline = await run(page, `${base}?mode=render&draw=0`, windowMs);
    const ours = await run(page, `${base}?mode=render`, windowMs);
    const chosen = ours.figures.paint.startsWith('webgl') ? 'webgl' : 'canvas';
    const other = chosen === 'webgl' ? 'canvas' : 'webgl';
    const forced = await run(page, `${base}?mode=render&backend=${other}`, windowMs);
    const reference = await run(page, `${base}?mode=render-reference`, windowMs);
    add('render.backend', chosen === 'webgl' ? 1 : 0, 'webgl=1');
    add('render.frameP99Ms', pct(ours.figures.frameMs, 99), 'ms');
    add('render.drawMsP95', pct(ours.figures.drawMs, 95), 'ms');
    add('render.feedToPixelP95Ms', pct(ours.figures.feedToPixelMs, 95), 'ms');
    add('render.mainThreadBusyPct', ours.busy * 100, '%');
    add('render.baselineBusyPct', baseline.busy * 100, '%');
    add('render.referenceBusyPct', reference.busy * 100, '%');
    add('render.referenceFrameP99Ms', pct(reference.figures.frameMs, 99), 'ms');
    add('render.referenceFeedToPixelP95Ms', pct(reference.figures.feedToPixelMs, 95), 'ms');
    // Render cost net of the transport both pages share (same hub client, same pulls), floored at 0.1 % busy.
    const net = (b: number): number => Math.max(0.001, b - baseline.busy);
    add('render.ratioVsDom', net(reference.busy) / net(ours.busy), '×');
    add('render.ratioVsDomGross', reference.busy / Math.max(0.001, ours.busy), '×');
    add(`render.${chosen}.drawMsP95`, pct(ours.figures.drawMs, 95), 'ms');
    add(`render.${other}.drawMsP95`, pct(forced.figures.drawMs, 95), 'ms');
    add(`render.${other}.frameP99Ms`, pct(forced.figures.frameMs, 99), 'ms');
    add(`render.${other}.mainThreadBusyPct`, forced.busy * 100, '%');
    await ctx.close();
  } finally {
    await browser.close();
    await sim.close();
  }
  return out;
}
