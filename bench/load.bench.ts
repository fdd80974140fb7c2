/**
 * Cold start and accessibility as Lighthouse 12 scores them (issue 27's `load.*` figures), against the simulator
 * serving the built app as `npm start` does: its own process (in this one, Lighthouse's work would delay the
 * simulator's answers and read as a slow server), the calm synthetic market running, compressed static files.
 * Debian's Chromium, launched by chrome-launcher with a debugging port, headless, no GPU (as every bench here). An
 * accessibility score under 100 prints the failing audits.
 *
 * - `load.mobilePerformance` and `load.desktopPerformance`: the visitor trade page, storage reset before each run
 *   (a cold cache), Lighthouse's own mobile and desktop settings (simulated throttling: slow 4G and a 4× slower
 *   CPU on mobile). Scores move a few points run to run: the median of the runs, with their spread. The metrics
 *   behind each score follow as `load.mobile.*` and `load.desktop.*` (FCP, LCP, TBT, Speed Index, ms).
 * - `load.a11y.*`: the accessibility score of the five page states the axe-core e2e test covers (visitor,
 *   logged-in, mobile, ar-SA, leveraged-token page). The logged-in run carries the seeded UTA account's session
 *   cookie, set in the browser before Lighthouse runs, with storage reset off so the cookie stays.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { freePort } from '../scripts/chaos/proc';
import { figureOf, type BenchResult } from './measure';

const PAIR = '/trade/spot/BTC/USDT';

/** `npm start`'s server (without its build: the bench's caller built `dist`), up when it answers the page. */
async function startSim(): Promise<{ url: string; proc: ChildProcess }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const proc = spawn(
    process.execPath,
    [
      'node_modules/tsx/dist/cli.mjs',
      'server/main.ts',
      '--port',
      String(port),
      '--static',
      process.env.BENCH_STATIC ?? 'dist',
      '--data',
      mkdtempSync(join(tmpdir(), 'bench-load-')),
    ],
    // Not --quiet: that flag also keeps the synthetic market still, and npm start runs it.
    { stdio: 'ignore' },
  );
  for (let i = 0; i < 300; i++) {
    const ok = await fetch(`${url}/en${PAIR}`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, proc };
    await new Promise((r) => setTimeout(r, 100));
  }
  proc.kill();
  throw new Error('bench/load: the simulator did not come up in 30 s');
}

/** Logs the browser's default context in as the seeded UTA account (the session cookie from the login call). */
async function logIn(port: number, sim: { url: string }): Promise<void> {
  const res = await fetch(`${sim.url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'uta@sim.local', password: 'uta-pass' }),
  });
  if (!res.ok) throw new Error(`bench/load: login answered ${res.status}`);
  const cookies = res.headers.getSetCookie().map((c) => {
    const [pair = ''] = c.split(';');
    const eq = pair.indexOf('=');
    return { name: pair.slice(0, eq), value: pair.slice(eq + 1), url: sim.url };
  });
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const ctx = browser.contexts()[0];
  if (ctx === undefined) throw new Error('bench/load: the browser has no default context');
  await ctx.addCookies(cookies);
  // Leaves the browser running: closing a CDP connection only detaches from it.
  await browser.close();
}

/** One Lighthouse run: the scores of the categories asked for, 0–100. */
async function score(
  port: number,
  url: string,
  categories: ('performance' | 'accessibility')[],
  desktop: boolean,
  keepStorage = false,
): Promise<Record<string, number>> {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: categories,
    disableStorageReset: keepStorage,
  };
  const result = await lighthouse(url, flags, desktop ? desktopConfig : undefined);
  if (result === undefined) throw new Error(`bench/load: Lighthouse gave no result for ${url}`);
  const out: Record<string, number> = {};
  for (const c of categories) {
    const cat = result.lhr.categories[c];
    const s = cat?.score;
    if (typeof s !== 'number') throw new Error(`bench/load: no ${c} score for ${url}`);
    out[c] = Math.round(s * 100);
    if (c === 'accessibility' && s < 1) {
      const failed = (cat?.auditRefs ?? [])
        .map((ref) => result.lhr.audits[ref.id])
        .filter((a) => a !== undefined && a.score !== null && a.score < 1)
        .map((a) => a?.id ?? '');
      console.log(`bench/load: ${url} accessibility ${out[c]}: ${failed.join(', ')}`);
    }
  }
  if (categories.includes('performance')) {
    // The metrics behind the score, so a change can be read as what it moved.
    for (const [key, audit] of METRICS) {
      const v = result.lhr.audits[audit]?.numericValue;
      if (typeof v === 'number') out[key] = Math.round(v);
    }
  }
  return out;
}

/** Figure suffix → Lighthouse audit, for the performance runs' metrics (ms). */
const METRICS = [
  ['fcpMs', 'first-contentful-paint'],
  ['lcpMs', 'largest-contentful-paint'],
  ['tbtMs', 'total-blocking-time'],
  ['speedIndexMs', 'speed-index'],
] as const;

/** Runs the load area; `quick` takes one performance run per form factor instead of three. */
export async function runLoadBench(quick: boolean): Promise<BenchResult[]> {
  const sim = await startSim();
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const visitor = `${sim.url}/en${PAIR}`;
    const mobile: Record<string, number>[] = [];
    const desktop: Record<string, number>[] = [];
    // Interleaved, so a drifting machine speed falls on both alike.
    for (let i = 0; i < (quick ? 1 : 3); i++) {
      mobile.push(await score(chrome.port, visitor, ['performance'], false));
      desktop.push(await score(chrome.port, visitor, ['performance'], true));
    }
    const perf = (form: 'mobile' | 'desktop', runs: Record<string, number>[]): BenchResult[] => [
      figureOf(
        `load.${form}Performance`,
        runs.map((r) => r.performance ?? 0),
        'score',
      ),
      ...METRICS.map(([key]) =>
        figureOf(
          `load.${form}.${key}`,
          runs.map((r) => r[key] ?? 0),
          'ms',
        ),
      ),
    ];
    const a11y = async (url: string, desk: boolean, keep = false): Promise<number> =>
      (await score(chrome.port, url, ['accessibility'], desk, keep)).accessibility ?? 0;
    const figs: [string, number][] = [
      ['load.a11y.visitor', await a11y(visitor, true)],
      ['load.a11y.mobile', await a11y(visitor, false)],
      ['load.a11y.arSA', await a11y(`${sim.url}/ar-SA${PAIR}`, true)],
      ['load.a11y.lt', await a11y(`${sim.url}/en/trade/spot/lt/BTC3L/USDT`, true)],
    ];
    await logIn(chrome.port, sim);
    figs.push(['load.a11y.loggedIn', await a11y(visitor, true, true)]);
    return [
      ...perf('mobile', mobile),
      ...perf('desktop', desktop),
      ...figs.map(([key, value]) => ({ key, value, unit: 'score', spread: 0 })),
    ];
  } finally {
    chrome.kill();
    sim.proc.kill();
  }
}
