/**
 * Browser benches: 4 tabs of the hub bench page, each in a window of its own so that all four are drawn (hub in a
 * SharedWorker, each tab painting from its paint worker) against the simulator storming at 2,000 msgs/s, each tab's
 * main thread throttled 4× through DevTools; then one tab painting on its main thread instead; then one tab of the
 * main-thread reference page doing the same work. Busy time comes from DevTools' TaskDuration metric; sockets from
 * the simulator's own connection count.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { startSimulator } from '../server/app';
import type { BenchResult } from './measure';

/** Chromium flags that work on this machine (see the developers' handbook). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--enable-unsafe-swiftshader',
];

interface BenchWindow {
  __bench: { frames: number; drawMs: number[]; feedToPixelMs: number[]; longTasks: number; mode: string };
}

async function metric(cdp: CDPSession, name: string): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === name)?.value ?? 0;
}

export async function throttled(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return cdp;
}

/** Busy fraction of each page's main thread over `ms`, and long tasks seen meanwhile. */
export async function measureBusy(
  pages: readonly Page[],
  cdps: readonly CDPSession[],
  ms: number,
): Promise<{ busyPct: number[]; longTasks: number; frames: number }> {
  const t0 = await Promise.all(cdps.map((c) => metric(c, 'TaskDuration')));
  const lt0 = await Promise.all(
    pages.map((p) => p.evaluate(() => (window as unknown as BenchWindow).__bench.longTasks)),
  );
  const f0 = await Promise.all(
    pages.map((p) => p.evaluate(() => (window as unknown as BenchWindow).__bench.frames)),
  );
  const wall0 = Date.now();
  await new Promise((r) => setTimeout(r, ms));
  const wall = (Date.now() - wall0) / 1000;
  const t1 = await Promise.all(cdps.map((c) => metric(c, 'TaskDuration')));
  const lt1 = await Promise.all(
    pages.map((p) => p.evaluate(() => (window as unknown as BenchWindow).__bench.longTasks)),
  );
  const f1 = await Promise.all(
    pages.map((p) => p.evaluate(() => (window as unknown as BenchWindow).__bench.frames)),
  );
  return {
    busyPct: t1.map((v, i) => ((v - (t0[i] ?? 0)) / wall) * 100),
    longTasks: lt1.reduce((s, v, i) => s + v - (lt0[i] ?? 0), 0),
    frames: f1.reduce((s, v, i) => s + v - (f0[i] ?? 0), 0) / pages.length / wall,
  };
}

function mean(xs: readonly number[]): number {
  return xs.reduce((s, x) => s + x, 0) / Math.max(1, xs.length);
}

function pct(xs: readonly number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
}

/**
 * A blank page of `ctx` in a window of its own (CDP `Target.createTarget` with `newWindow`), so that it shares the
 * context's SharedWorker but is drawn beside the others instead of sitting behind them as a tab (see
 * bench/page.bench.ts: Chromium throttles a tab whose frames no display draws).
 */
export async function pageInNewWindow(ctx: BrowserContext): Promise<Page> {
  const first = ctx.pages()[0];
  const browser = ctx.browser();
  if (first === undefined || browser === null) return ctx.newPage();
  const own = await ctx.newCDPSession(first);
  const { targetInfo } = await own.send('Target.getTargetInfo');
  await own.detach();
  const cdp = await browser.newBrowserCDPSession();
  const next = ctx.waitForEvent('page');
  await cdp.send('Target.createTarget', {
    url: 'about:blank',
    newWindow: true,
    browserContextId: targetInfo.browserContextId,
  });
  await cdp.detach();
  return next;
}

/** Opens `url` in `n` pages of `ctx`, each in a window of its own (all drawn), and waits for the bench stats. */
export async function openPages(ctx: BrowserContext, url: string, n: number): Promise<Page[]> {
  const pages: Page[] = [];
  for (let i = 0; i < n; i++) {
    const p = await pageInNewWindow(ctx);
    await p.goto(url);
    await p.waitForFunction(() => (window as unknown as Partial<BenchWindow>).__bench !== undefined);
    pages.push(p);
  }
  return pages;
}

/** Runs the browser benches; `quick` keeps the whole run under a minute. */
export async function runBrowserBench(quick: boolean): Promise<BenchResult[]> {
  const sim = await startSimulator({
    port: 0,
    rate: 2000,
    dataDir: mkdtempSync(join(tmpdir(), 'bench-sim-')),
    staticDir: process.env.BENCH_STATIC ?? 'dist',
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const windowMs = quick ? 8_000 : 60_000;
  const out: BenchResult[] = [];
  const add = (key: string, value: number, unit: string): void => {
    out.push({ key, value, unit, spread: 0 });
  };
  try {
    const ctx = await browser.newContext({ viewport: { width: 420, height: 1050 } });
    const pages = await openPages(ctx, `${sim.url}/bench/pages/hub.html`, 4);
    const cdps = await Promise.all(pages.map((p) => throttled(p)));
    await new Promise((r) => setTimeout(r, 2000));
    const health = (await (await fetch(`${sim.url}/sim/health`)).json()) as {
      result: { connections: number };
    };
    add('browser.sockets', health.result.connections, 'sockets');
    const ours = await measureBusy(pages, cdps, windowMs);
    add('browser.mainThreadBusyPct', mean(ours.busyPct), '%');
    add('browser.mainThreadBusyPctMax', Math.max(...ours.busyPct), '%');
    add('browser.longTasks', ours.longTasks, 'tasks');
    add('browser.framesPerSec', ours.frames, 'fps');
    const samples = await pages[0]?.evaluate(() => (window as unknown as BenchWindow).__bench);
    if (samples !== undefined) {
      add('browser.paintWorkerDrawMsP95', pct(samples.drawMs.slice(-2000), 95), 'ms');
      add('browser.feedToPixelP95Ms', pct(samples.feedToPixelMs.slice(-2000), 95), 'ms');
      add('browser.hubMode', samples.mode === 'shared' ? 1 : 0, 'shared=1');
    }
    if (!quick) {
      // Soak: heap of the tabs after a forced GC, before and after five minutes of storm.
      const heap = async (): Promise<number> => {
        let sum = 0;
        for (const c of cdps) {
          await c.send('HeapProfiler.collectGarbage');
          sum += await metric(c, 'JSHeapUsedSize');
        }
        return sum / cdps.length;
      };
      const h0 = await heap();
      await new Promise((r) => setTimeout(r, 5 * 60_000));
      add('browser.heapGrowthMB', ((await heap()) - h0) / 1024 / 1024, 'MB');
    }
    await ctx.close();

    // The same page painting on the main thread instead of its paint worker: what the worker saves.
    const mainCtx = await browser.newContext({ viewport: { width: 420, height: 1050 } });
    const [mainPaint] = await openPages(mainCtx, `${sim.url}/bench/pages/hub.html?paint=main`, 1);
    if (mainPaint !== undefined) {
      const mainCdp = await throttled(mainPaint);
      await new Promise((r) => setTimeout(r, 2000));
      const m = await measureBusy([mainPaint], [mainCdp], windowMs);
      add('browser.mainThreadPaintBusyPct', mean(m.busyPct), '%');
    }
    await mainCtx.close();

    const refCtx = await browser.newContext({ viewport: { width: 420, height: 1050 } });
    const [ref] = await openPages(refCtx, `${sim.url}/bench/pages/reference.html`, 1);
    if (ref !== undefined) {
      const refCdp = await throttled(ref);
      await new Promise((r) => setTimeout(r, 2000));
      const r = await measureBusy([ref], [refCdp], windowMs);
      add('browser.referenceBusyPct', mean(r.busyPct), '%');
      add('browser.ratioVsMainThread', mean(r.busyPct) / Math.max(0.01, mean(ours.busyPct)), '×');
    }
    await refCtx.close();
  } finally {
    await browser.close();
    await sim.close();
  }
  return out;
}
