/**
 * The `page` area (issue 27): the real trade page, not a bench page. Logged in as the seeded UTA account with 20
 * open orders, every panel on screen (1600×1000), the simulator storming at 2,000 msgs/s, each tab's main thread
 * throttled 4× through DevTools. Figures:
 * - `page.mainThreadBusyPct` (one tab) and `page.mainThreadBusyPct4Tabs` (the busiest of four tabs of one browser,
 *   each in a window of its own, all drawn), both read with no trace running;
 * - `page.mainThreadBusyPctTraced`: the one tab again while the trace below records. The trace's own events cost the
 *   page's main thread about a third more under the storm (interleaved windows, same build: 11.1–11.9 % untraced
 *   against 12.3–16.0 % traced), so runs before this figure existed reported this one as `page.mainThreadBusyPct`;
 * - `page.longTasks` (all tabs, both windows) and `page.minTabFps` (the slowest of the four tabs' animation frames);
 *   `page.longTasksOneTab`, the one tab's over its 60 s window;
 * - `page.backTabFps`: the trade page as a tab behind another tab of its window, and `page.backTabFpsTickControl`,
 *   a one-line page that changes its text four times a second, in the same place. Headless Chromium keeps such a
 *   tab "visible" (it runs its animation frames) but no display draws it; once a renderer has submitted more than
 *   three compositor frames that were never drawn, viz sends it BeginFrames only when it submits again or once a
 *   second (`CompositorFrameSinkSupport::ShouldSendBeginFrame`, `kUndrawnFrameLimit`). A page that never changes
 *   submits no frames and keeps 60 fps there; any page that changes a few times a second, the control included,
 *   drops to a few frames a second. The four-tab figures therefore put each tab in a window of its own;
 * - `page.hubThreadPct`: the SharedWorker thread's CPU time from a Chromium trace, in % of one core;
 * - `page.cpuPerTabPct`: one tab unthrottled, its renderer's main thread + its workers other than the hub + the
 *   renderer's compositor + the display compositor, in % of one core;
 * - `page.feedToPixelP95Ms`: the book's feed-to-pixel from the same trace (bench/displayLatency.ts);
 * - `page.sameFrameBookPct` and `page.sameFrameChartPct`: the one tab unthrottled, screenshots as fast as they come
 *   for 15 s; of the consecutive pairs in which the header's last price or the other region changed, the share in
 *   which both did (100: the book's middle row, or the chart's price label, shows each price in the header's frame);
 * - `page.ratioVsMainThreadPage`: main-thread busy of the page built to paint on the main thread (`?paint=main`)
 *   ÷ the worker-painting page, windows interleaved in one run;
 * - `page.mainThreadCpuPct`: the tab's main thread unthrottled, thread (CPU) time from the trace, % of one core;
 * - `page.hubUsPerFrame`: the hub's CPU per feed frame it received (unthrottled window), and its floor,
 *   `page.hubFloorUsPerFrame`: a bare SharedWorker on the same simulator and topics that only receives each frame
 *   and JSON-parses it. `page.hubFloorPct` is that floor at the hub's frame rate, in % of a core: what any hub that
 *   reads this feed over a browser WebSocket pays before doing anything with it. `page.hubRecvFloorUsPerFrame` and
 *   `page.hubRecvFloorPct` are the same worker with the parse left out: the browser's own cost of handing a text
 *   frame to a worker's `onmessage`, which no hub code can go below;
 * - `page.throttleFloorIdleTabPct`: the CPU that DevTools' 4× throttle itself burns in an idle one-paragraph tab.
 *   On Linux, Chromium throttles a renderer's main thread with a SIGUSR2 every 200 µs whose handler busy-waits
 *   (`ThreadCPUThrottler::HandleSignal`), whether the thread has work or not: an idle throttled tab costs about
 *   three quarters of a core, so four throttled tabs need three cores before the page does anything. The four-tab
 *   figures are therefore also measured unthrottled (`…Unthrottled`), where the page's own cost shows.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { startSimulator, type Simulator } from '../server/app';
import { CHROMIUM_ARGS, pageInNewWindow } from './browser.bench';
import { displayLatency, pct, type TraceEvent } from './displayLatency';
import type { BenchResult } from './measure';
import { busyOver, traceEvents } from './render.bench';
import { sharedWorker } from './tabs.bench';
import { lastPricesSameFrame } from '../tests/e2e/support/sameFrame';

/** A trace event with the fields the thread accounting reads. */
interface ThreadEvent extends TraceEvent {
  readonly pid: number;
  /** Thread (CPU) duration in µs, when the trace has it. */
  readonly tdur?: number;
  readonly cat?: string;
}

const PAGE = '/en/trade/spot/BTC/USDT';
/** In the hub SharedWorker's script URL (`/assets/hub-<hash>.js` built, `/workers/hub.ts` in dev), and no other's. */
const HUB_URL_PART = '/hub';
const CATEGORIES = ['toplevel', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'blink', 'viz'];

/**
 * Counts long tasks in the page from its first script on, and animation frames while `count(true)` is on. The
 * frame counter is a requestAnimationFrame loop, which makes the page run a main-thread frame every vsync (about
 * a third of the page's main-thread CPU on the trade page, whose own work asks for ~11 frames a second), so the busy
 * figures are read with it off and the frame rates in a window of their own. A string, not a function: tsx
 * compiles named inner functions with a `__name` helper that does not exist in the page.
 */
const PROBES = `(() => {
  const b = (window.__pageBench = { frames: 0, longTasks: 0, on: false });
  const tick = () => {
    if (!b.on) return;
    b.frames++;
    requestAnimationFrame(tick);
  };
  b.count = (on) => {
    const was = b.on;
    b.on = on;
    if (on && !was) requestAnimationFrame(tick);
  };
  new PerformanceObserver((list) => {
    b.longTasks += list.getEntries().length;
  }).observe({ type: 'longtask' });
})();`;

/** Turns the tab's frame counter on or off. */
async function countFrames(page: Page, on: boolean): Promise<void> {
  await page.evaluate((v) => {
    (window as unknown as { __pageBench: { count(on: boolean): void } }).__pageBench.count(v);
  }, on);
}

async function probes(page: Page): Promise<{ frames: number; longTasks: number }> {
  return page.evaluate(
    () => (window as unknown as { __pageBench: { frames: number; longTasks: number } }).__pageBench,
  );
}

async function taskSeconds(cdp: CDPSession): Promise<number> {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'TaskDuration')?.value ?? Number.NaN;
}

/** A logged-in context (session cookie) with the probes installed. */
async function loggedInContext(browser: Browser, sim: Simulator): Promise<BrowserContext> {
  const ctx = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  await ctx.addInitScript({ content: PROBES });
  const res = await ctx.request.post(`${sim.url}/login`, {
    data: { email: 'uta@sim.local', password: 'uta-pass' },
  });
  if (!res.ok()) throw new Error(`bench/page: login answered ${res.status()}`);
  return ctx;
}

/** Opens the trade page (in `into`, or a new tab), waits for the worker-painted book and the open orders, throttles it. */
async function openTab(ctx: BrowserContext, sim: Simulator, query: string, throttle: number, into?: Page) {
  const page = into ?? (await ctx.newPage());
  await page.setViewportSize({ width: 1600, height: 1000 });
  await page.goto(`${sim.url}${PAGE}?paintStats=1${query}`);
  await page.locator('canvas[data-renderer]').first().waitFor({ timeout: 30_000 });
  await page.getByTestId('order-form').waitFor({ timeout: 30_000 });
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  return { page, cdp };
}

/**
 * The frame rate of a tab that sits behind another tab of its window, for `url` (unthrottled; `ctx` has the PROBES):
 * Chromium runs its animation frames while it reports itself visible, but no display draws it.
 */
async function backTabFps(ctx: BrowserContext, url: string, ms: number): Promise<number> {
  const back = await ctx.newPage();
  await back.goto(url);
  const front = await ctx.newPage();
  await front.goto(url);
  await new Promise((r) => setTimeout(r, 2000));
  // Both tabs count frames (the context's PROBES), as a page drawing every frame would.
  await Promise.all([countFrames(back, true), countFrames(front, true)]);
  const f0 = await probes(back);
  const t0 = Date.now();
  await new Promise((r) => setTimeout(r, ms));
  const fps = ((await probes(back)).frames - f0.frames) / ((Date.now() - t0) / 1000);
  await back.close();
  await front.close();
  return fps;
}

/**
 * Busy % and long tasks of each tab over `ms` (frame counters off), then each tab's frames per second over a
 * window of its own (counters on; at most 5 s).
 */
async function window_(
  tabs: readonly { page: Page; cdp: CDPSession }[],
  ms: number,
): Promise<{ busy: number[]; longTasks: number; fps: number[] }> {
  const t0 = await Promise.all(tabs.map((t) => taskSeconds(t.cdp)));
  const p0 = await Promise.all(tabs.map((t) => probes(t.page)));
  const wall0 = Date.now();
  await new Promise((r) => setTimeout(r, ms));
  const wall = (Date.now() - wall0) / 1000;
  const t1 = await Promise.all(tabs.map((t) => taskSeconds(t.cdp)));
  const p1 = await Promise.all(tabs.map((t) => probes(t.page)));
  await Promise.all(tabs.map((t) => countFrames(t.page, true)));
  const f0 = await Promise.all(tabs.map((t) => probes(t.page)));
  const fpsWall0 = Date.now();
  await new Promise((r) => setTimeout(r, Math.min(ms, 5_000)));
  const fpsWall = (Date.now() - fpsWall0) / 1000;
  const f1 = await Promise.all(tabs.map((t) => probes(t.page)));
  await Promise.all(tabs.map((t) => countFrames(t.page, false)));
  return {
    busy: t1.map((v, i) => ((v - (t0[i] ?? 0)) / wall) * 100),
    longTasks: p1.reduce((s, p, i) => s + p.longTasks - (p0[i]?.longTasks ?? 0), 0),
    fps: f1.map((p, i) => (p.frames - (f0[i]?.frames ?? 0)) / fpsWall),
  };
}

/** CPU ms per thread name (top-level tasks, thread time where the trace has it) and the trace's wall ms. */
function threadCpu(events: readonly ThreadEvent[]): { byThread: Map<string, number>; wallMs: number } {
  const names = new Map<string, string>();
  for (const e of events)
    if (e.ph === 'M' && e.name === 'thread_name') {
      const n = (e.args as { name?: string } | undefined)?.name ?? '';
      names.set(`${e.pid}:${e.tid}`, n);
    }
  const byThread = new Map<string, number>();
  let t0 = Infinity;
  let t1 = -Infinity;
  for (const e of events) {
    if (e.ph !== 'X' || e.name !== 'ThreadControllerImpl::RunTask') continue;
    const us = e.tdur ?? e.dur ?? 0;
    const key = names.get(`${e.pid}:${e.tid}`) ?? `tid ${e.tid}`;
    byThread.set(key, (byThread.get(key) ?? 0) + us / 1000);
    t0 = Math.min(t0, e.ts);
    t1 = Math.max(t1, e.ts + (e.dur ?? 0));
  }
  return { byThread, wallMs: (t1 - t0) / 1000 };
}

/**
 * Pages served beside the app: the floor page and worker (`/floor.html`), a SharedWorker that receives and parses
 * each frame (`/floor.html?parse=0`: receives only; the query reaches the worker's URL, so the two are two workers);
 * and the back-tab control (`/tick.html`), one line of text that changes four times a second.
 */
const FLOOR_FILES: Readonly<Record<string, string>> = {
  'floor.html': '<!doctype html><html><body><p>floor</p><script src="/floor.js"></script></body></html>',
  'floor.js': "new SharedWorker('/floor-worker.js' + location.search).port.start();",
  'tick.html': '<!doctype html><html><body><p id="t">0</p><script src="/tick.js"></script></body></html>',
  'tick.js':
    "let n = 0; setInterval(() => { document.getElementById('t').textContent = String(++n); }, 250);",
  'floor-worker.js': `self.__floor = { frames: 0 };
const parse = new URLSearchParams(location.search).get('parse') !== '0';
let started = false;
self.onconnect = () => {
  if (started) return;
  started = true;
  const ws = new WebSocket('ws://' + location.host + '/realtime_w');
  ws.onopen = async () => {
    const info = await (await fetch('/v5/market/instruments-info?category=spot')).json();
    const args = ['orderbook.200.BTCUSDT', 'publicTrade.BTCUSDT', 'kline.30.BTCUSDT'];
    for (const s of info.result.list) args.push('tickers.' + s.symbol);
    for (let i = 0; i < args.length; i += 10)
      ws.send(JSON.stringify({ op: 'subscribe', req_id: 'f' + i, args: args.slice(i, i + 10) }));
  };
  ws.onmessage = (ev) => {
    if (parse) JSON.parse(ev.data);
    self.__floor.frames++;
  };
};`,
};

/** A copy of the built app with the floor files added (the simulator serves one static directory). */
function staticWithFloor(dist: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'bench-page-static-'));
  cpSync(dist, dir, { recursive: true });
  for (const [name, text] of Object.entries(FLOOR_FILES)) writeFileSync(join(dir, name), text);
  return dir;
}

/**
 * A reader of a number inside the browser's SharedWorker whose script URL contains `urlPart`: the worker is attached
 * once, here, and each call of the reader evaluates `expression` again.
 */
async function sharedWorkerNumber(
  browser: Browser,
  urlPart: string,
  expression: string,
): Promise<() => Promise<number>> {
  const call = await sharedWorker(await browser.newBrowserCDPSession(), urlPart);
  return async () => {
    const r = (await call('Runtime.evaluate', { expression, returnByValue: true })) as {
      result?: { value?: unknown };
    };
    return Number(r.result?.value);
  };
}

/**
 * The floor worker's thread CPU per frame it received (µs), traced over `ms` in a context of its own; the context is
 * closed before returning, and the worker with it.
 */
async function floorUsPerFrame(browser: Browser, url: string, ms: number): Promise<number> {
  const ctx = await browser.newContext();
  try {
    const page = await ctx.newPage();
    await page.goto(url);
    await new Promise((r) => setTimeout(r, 3000));
    const frames = await sharedWorkerNumber(browser, 'floor-worker', 'self.__floor.frames');
    const f0 = await frames();
    await browser.startTracing(page, { categories: CATEGORIES });
    await new Promise((r) => setTimeout(r, ms));
    const floor = threadCpu(traceEvents(await browser.stopTracing()) as ThreadEvent[]);
    const seen = (await frames()) - f0;
    return (sumWhere(floor.byThread, (n) => /shared ?worker/i.test(n)) * 1000) / seen;
  } finally {
    await ctx.close();
  }
}

/** CPU seconds used so far by every renderer process of the machine's Chromiums (`/proc`, Linux). */
function rendererCpuSeconds(): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer')) continue;
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      ticks += Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return ticks / 100;
}

/** % of a core the renderer of an idle one-paragraph tab uses at 4× CPU throttle (the throttler's own busy-wait). */
async function throttleFloor(browser: Browser, ms: number): Promise<number> {
  const ctx = await browser.newContext();
  try {
    const page = await ctx.newPage();
    await page.setContent('<p>idle</p>');
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await new Promise((r) => setTimeout(r, 500));
    const a = rendererCpuSeconds();
    await new Promise((r) => setTimeout(r, ms));
    return ((rendererCpuSeconds() - a) / (ms / 1000)) * 100;
  } finally {
    await ctx.close();
  }
}

const sumWhere = (m: Map<string, number>, test: (name: string) => boolean): number =>
  [...m].reduce((s, [k, v]) => (test(k) ? s + v : s), 0);

/** Runs the page area; `quick` keeps it near a minute and a half. */
export async function runPageBench(quick: boolean): Promise<BenchResult[]> {
  const sim = await startSimulator({
    port: 0,
    rate: 2000,
    dataDir: mkdtempSync(join(tmpdir(), 'bench-page-')),
    staticDir: staticWithFloor(process.env.BENCH_STATIC ?? 'dist'),
  });
  const uta = sim.ctx.accounts.all().find((a) => a.email === 'uta@sim.local');
  if (uta === undefined) throw new Error('bench/page: no seeded UTA account');
  for (let i = 0; i < 20; i++)
    sim.ctx.engine.placeOrder({
      accountId: uta.id,
      clientOrderId: `page-bench-${i}`,
      symbol: 'BTCUSDT',
      side: 'Buy',
      orderType: 'Limit',
      price: (40000 + i * 10).toFixed(2),
      qty: '0.0001',
    });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const ms = quick ? 8_000 : 20_000;
  const out: BenchResult[] = [];
  const add = (key: string, value: number, unit: string, spread = 0): void => {
    out.push({ key, value, unit, spread });
  };
  try {
    // Before the page opens (and before the storm matters): what the throttle alone costs an idle tab.
    add('page.throttleFloorIdleTabPct', await throttleFloor(browser, quick ? 3_000 : 5_000), '% core');

    // One tab: busy, long tasks and frames untraced, then a traced window of the same length for the hub's thread
    // and the book's feed-to-pixel (see `page.mainThreadBusyPctTraced` in the module comment).
    const ctx1 = await loggedInContext(browser, sim);
    const one = await openTab(ctx1, sim, '', 4);
    await new Promise((r) => setTimeout(r, 2000));
    // The long-task goal is per tab over 60 s: the one tab's untraced window lasts that long.
    const w1 = await window_([one], quick ? ms : 60_000);
    add('page.mainThreadBusyPct', w1.busy[0] ?? Number.NaN, '%');
    add('page.longTasksOneTab', w1.longTasks, 'tasks');
    await browser.startTracing(one.page, { categories: CATEGORIES });
    const tracedBusy = await busyOver(one.cdp, ms);
    const events = traceEvents(await browser.stopTracing()) as ThreadEvent[];
    add('page.mainThreadBusyPctTraced', tracedBusy * 100, '%');
    const threads = threadCpu(events);
    const hubMs = sumWhere(threads.byThread, (n) => /shared ?worker/i.test(n));
    add('page.hubThreadPct', (hubMs / threads.wallMs) * 100, '% core');
    add('page.feedToPixelP95Ms', pct(displayLatency(events).get('book')?.feedToPixelMs ?? [], 95), 'ms');
    let longTasks = w1.longTasks;

    // The same tab unthrottled: what it costs the machine, every thread of the tab and the display compositor.
    await one.cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await new Promise((r) => setTimeout(r, 1000));
    const hubFrames = await sharedWorkerNumber(
      browser,
      HUB_URL_PART,
      "self.__hub.counters()['decode.frames']",
    );
    const hf0 = await hubFrames();
    await browser.startTracing(one.page, { categories: CATEGORIES });
    await new Promise((r) => setTimeout(r, quick ? 5_000 : 10_000));
    const free = threadCpu(traceEvents(await browser.stopTracing()) as ThreadEvent[]);
    const hubFramesSeen = (await hubFrames()) - hf0;
    const hubFreeMs = sumWhere(free.byThread, (n) => /shared ?worker/i.test(n));
    add('page.hubUsPerFrame', (hubFreeMs * 1000) / hubFramesSeen, 'µs');
    const tabMs = sumWhere(
      free.byThread,
      (n) =>
        n === 'CrRendererMain' ||
        n === 'Compositor' ||
        n === 'VizCompositorThread' ||
        /^DedicatedWorker/.test(n),
    );
    add('page.cpuPerTabPct', (tabMs / free.wallMs) * 100, '% core');
    add(
      'page.mainThreadCpuPct',
      (sumWhere(free.byThread, (n) => n === 'CrRendererMain') / free.wallMs) * 100,
      '% core',
    );
    // The header, the book's middle row and the chart's price label: of the screenshot pairs in which either changed,
    // the share in which both did (one composited frame each; tests/e2e/support/sameFrame.ts).
    const frames = await lastPricesSameFrame(one.page, quick ? 5_000 : 15_000);
    for (const [key, region] of [
      ['page.sameFrameBookPct', 'book'],
      ['page.sameFrameChartPct', 'chart'],
    ] as const) {
      const both = frames.together[region] ?? 0;
      add(key, (both / (both + (frames.apart[region] ?? 0))) * 100, '%');
    }
    await ctx1.close();

    // The floors under the hub: a bare SharedWorker on the same feed that receives and parses each frame, and one
    // that only receives it. Each is expressed at the hub's own frame rate.
    for (const [key, search] of [
      ['page.hubFloor', ''],
      ['page.hubRecvFloor', '?parse=0'],
    ] as const) {
      const floorUs = await floorUsPerFrame(
        browser,
        `${sim.url}/floor.html${search}`,
        quick ? 5_000 : 10_000,
      );
      add(`${key}UsPerFrame`, floorUs, 'µs');
      add(`${key}Pct`, ((floorUs * hubFramesSeen) / free.wallMs) * 0.1, '% core');
    }

    // Four tabs of one browser (one hub, one socket), each in a window of its own so that all four are drawn, each
    // throttled 4×.
    const ctx4 = await loggedInContext(browser, sim);
    const four = [];
    for (let i = 0; i < 4; i++) four.push(await openTab(ctx4, sim, '', 4, await pageInNewWindow(ctx4)));
    await new Promise((r) => setTimeout(r, 2000));
    const w4 = await window_(four, ms);
    longTasks += w4.longTasks;
    add('page.mainThreadBusyPct4Tabs', Math.max(...w4.busy), '%');
    add('page.minTabFps', Math.min(...w4.fps, ...w1.fps), 'fps');
    add('page.longTasks', longTasks, 'tasks');
    // The same four tabs without the throttle's busy-wait (see the module comment).
    for (const t of four) await t.cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await new Promise((r) => setTimeout(r, 2000));
    const w4u = await window_(four, ms);
    add('page.mainThreadBusyPct4TabsUnthrottled', Math.max(...w4u.busy), '%');
    add('page.minTabFpsUnthrottled', Math.min(...w4u.fps), 'fps');
    add('page.longTasks4TabsUnthrottled', w4u.longTasks, 'tasks');
    await ctx4.close();

    // A tab behind another tab of its window: the trade page, and its control, a one-line page that changes its
    // text four times a second (see the module comment).
    const ctxB = await loggedInContext(browser, sim);
    const backMs = quick ? 2_000 : 4_000;
    add('page.backTabFps', await backTabFps(ctxB, `${sim.url}${PAGE}`, backMs), 'fps');
    add('page.backTabFpsTickControl', await backTabFps(ctxB, `${sim.url}/tick.html`, backMs), 'fps');
    await ctxB.close();

    // Worker painting against main-thread painting, windows interleaved (each in its own context).
    const ratios: number[] = [];
    for (let r = 0; r < (quick ? 1 : 3); r++) {
      const busy: Record<string, number> = {};
      for (const q of r % 2 === 0 ? ['', '&paint=main'] : ['&paint=main', '']) {
        const ctx = await loggedInContext(browser, sim);
        const tab = await openTab(ctx, sim, q, 4);
        await new Promise((res) => setTimeout(res, 2000));
        busy[q] = (await window_([tab], quick ? 6_000 : 12_000)).busy[0] ?? Number.NaN;
        await ctx.close();
      }
      ratios.push((busy['&paint=main'] ?? Number.NaN) / (busy[''] ?? Number.NaN));
    }
    ratios.sort((a, b) => a - b);
    add(
      'page.ratioVsMainThreadPage',
      ratios[Math.floor(ratios.length / 2)] ?? Number.NaN,
      '×',
      (ratios[ratios.length - 1] ?? 0) - (ratios[0] ?? 0),
    );
  } finally {
    await browser.close();
    await sim.close();
  }
  return out;
}
