/**
 * `npx tsx bench/ab.ts --static=DIR --flag=NAME [options]`: an interleaved A/B of one change, for deciding whether a
 * change to the render pipeline is worth making (a dev tool; `npm run bench` does not run it). The build in DIR reads
 * a temporary `globalThis.NAME` where the change branches; this flips it on and off every `--period` ms in the
 * thread that reads it (`--target`: `worker` for the paint worker, `shared_worker` for the hub, `page` for the tab),
 * in one traced window per run, and prints each arm's book feed-to-pixel as the render bench pairs it
 * (bench/displayLatency.ts). Interleaving puts the machine's drifting speed on both arms alike: on this VM one
 * build's p95 moves by several ms from run to run, far more than most changes move it.
 *
 * Each arm also gets the tab's main-thread busy time (DevTools' TaskDuration over the arm, in % of the wall clock).
 *
 * Options: --target (worker), --value (true: what the flag is set to in the "on" arm), --secs (30 per run),
 * --period (3000), --runs (3), --throttle (4), --url (the render bench page), --login (log in as the seeded classic
 * account first). A --url outside /bench/ is an app page, e.g. `--url=/en/trade/spot/BTC/USDT`: the tool adds
 * `paintStats=1` (the paint worker then marks each book draw as the bench page's does) and waits for the book.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { startSimulator } from '../server/app';
import { CHROMIUM_ARGS } from './browser.bench';
import { displayLatency, pct, splitByArm } from './displayLatency';
import { openBenchPage, traceEvents } from './render.bench';

const arg = (name: string, fallback?: string): string => {
  const v = process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
  if (v === undefined) throw new Error(`bench/ab.ts: --${name}= is required`);
  return v;
};
const staticDir = arg('static');
const flag = arg('flag');
if (!/^[A-Za-z_$][\w$]*$/.test(flag)) throw new Error(`bench/ab.ts: --flag=${flag} is not an identifier`);
const target = arg('target', 'worker');
if (!['worker', 'shared_worker', 'page'].includes(target))
  throw new Error(`bench/ab.ts: --target=${target}: worker, shared_worker or page`);
const value = arg('value', 'true');
const secs = Number(arg('secs', '30'));
const period = Number(arg('period', '3000'));
const runs = Number(arg('runs', '3'));
const throttle = Number(arg('throttle', '4'));
const path = arg('url', '/bench/pages/hub.html?mode=render&status=0');
const appPage = !path.startsWith('/bench/');
const login = process.argv.includes('--login');

/** Opens the page, and for an app page waits for the worker-painted book and a few seconds of the storm. */
async function open(page: Page, url: string): Promise<void> {
  if (!appPage) {
    await openBenchPage(page, url, false);
    return;
  }
  await page.goto(`${url}${url.includes('?') ? '&' : '?'}paintStats=1`);
  await page.locator('canvas[data-renderer="canvas2d-worker"]').first().waitFor({ timeout: 30_000 });
  await new Promise((ok) => setTimeout(ok, 4000));
}

/** Evaluates `expression` in the first target of `type`, over the browser's CDP session (workers have no page). */
async function evaluator(
  browserCdp: CDPSession,
  type: string,
): Promise<(expression: string) => Promise<void>> {
  const { targetInfos } = await browserCdp.send('Target.getTargets');
  const t = targetInfos.find((x) => x.type === type);
  if (t === undefined) throw new Error(`bench/ab.ts: no ${type} target`);
  const { sessionId } = await browserCdp.send('Target.attachToTarget', {
    targetId: t.targetId,
    flatten: false,
  });
  let id = 0;
  return (expression) =>
    browserCdp
      .send('Target.sendMessageToTarget', {
        sessionId,
        message: JSON.stringify({ id: ++id, method: 'Runtime.evaluate', params: { expression } }),
      })
      .then(() => undefined);
}

const sim = await startSimulator({
  port: 0,
  rate: 2000,
  dataDir: mkdtempSync(join(tmpdir(), 'bench-ab-')),
  staticDir,
});
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
});
const pooled = new Map<string, number[]>([
  ['on', []],
  ['off', []],
]);
/** Main-thread busy fraction of each arm's periods. */
const busy = new Map<string, number[]>([
  ['on', []],
  ['off', []],
]);
try {
  const browserCdp = await browser.newBrowserCDPSession();
  for (let r = 0; r < runs; r++) {
    const ctx = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await ctx.newPage();
    if (login) {
      const res = await page.request.post(`${sim.url}/login`, {
        data: { email: 'classic@sim.local', password: 'classic-pass' },
      });
      if (!res.ok()) throw new Error(`bench/ab.ts: login answered ${res.status()}`);
    }
    await open(page, sim.url + path);
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Performance.enable');
    const taskSeconds = async (): Promise<number> =>
      (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ?? NaN;
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    const set =
      target === 'page'
        ? async (expression: string) => {
            await page.evaluate(expression);
          }
        : await evaluator(browserCdp, target);
    await new Promise((ok) => setTimeout(ok, 1500));
    await browser.startTracing(page, { categories: ['blink.user_timing', 'blink', 'viz'] });
    const end = Date.now() + secs * 1000;
    let since: { arm: string; wall: number; task: number } | null = null;
    for (let i = 0; Date.now() < end; i++) {
      const arm = i % 2 === 0 ? 'on' : 'off';
      await set(`globalThis.${flag} = ${arm === 'on' ? value : 'undefined'}`);
      await page.evaluate((a) => performance.mark(`ab-arm:${a}`), arm);
      const now = { arm, wall: Date.now(), task: await taskSeconds() };
      if (since !== null)
        busy.get(since.arm)?.push(((now.task - since.task) * 1000) / (now.wall - since.wall));
      since = now;
      await new Promise((ok) => setTimeout(ok, period));
    }
    const arms = splitByArm(traceEvents(await browser.stopTracing()), 'ab-arm:', 500);
    for (const [arm, events] of arms) {
      const book = displayLatency(events).get('book');
      if (book === undefined) continue;
      pooled.get(arm)?.push(...book.feedToPixelMs);
      const f = book.feedToPixelMs;
      console.log(
        `run ${r} ${flag} ${arm.padEnd(3)} draws ${f.length}  feed-to-pixel p50 ${pct(f, 50).toFixed(1)} p95 ${pct(f, 95).toFixed(1)} ms` +
          `  commit-to-shown p95 ${pct(book.commitToShownMs, 95).toFixed(1)}  lead p50 ${pct(book.leadMs, 50)}`,
      );
    }
    await ctx.close();
  }
  for (const [arm, f] of pooled) {
    const b = busy.get(arm) ?? [];
    const meanBusy = b.reduce((a, x) => a + x, 0) / b.length;
    console.log(
      `all ${flag} ${arm.padEnd(3)} draws ${f.length}  feed-to-pixel p50 ${pct(f, 50).toFixed(2)} p95 ${pct(f, 95).toFixed(2)} ms` +
        `  main thread busy ${(meanBusy * 100).toFixed(1)} %`,
    );
  }
} finally {
  await browser.close();
  await sim.close();
}
