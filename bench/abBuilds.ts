/**
 * `npx tsx bench/abBuilds.ts --a=DIR --b=DIR [--rounds=6] [--secs=8]`: an interleaved A/B of two whole builds on the
 * browser bench (4 tabs of the hub bench page, 4× throttle, storm at 2,000 msgs/s), for a figure that a flag
 * cannot switch (a dev tool; `npm run bench` does not run it). Each round runs both builds back to back, in
 * alternating order, each on a fresh simulator and browser context, and prints per-arm frames per second and
 * main-thread busy; the summary gives each arm's median and the B/A ratio per round, so the machine's drift
 * lands on both arms alike.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startSimulator } from '../server/app';
import { CHROMIUM_ARGS, measureBusy, openPages, throttled } from './browser.bench';

const arg = (name: string, fallback?: string): string => {
  const v = process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
  if (v === undefined) throw new Error(`bench/abBuilds.ts: --${name}= is required`);
  return v;
};
const dirs = { a: arg('a'), b: arg('b') };
const rounds = Number(arg('rounds', '6'));
const secs = Number(arg('secs', '8'));

interface Arm {
  readonly fps: number;
  readonly busy: number;
}

async function runArm(dir: string): Promise<Arm> {
  const sim = await startSimulator({
    port: 0,
    rate: 2000,
    dataDir: mkdtempSync(join(tmpdir(), 'abbuilds-sim-')),
    staticDir: dir,
  });
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const ctx = await browser.newContext({ viewport: { width: 420, height: 1050 } });
    const pages = await openPages(ctx, `${sim.url}/bench/pages/hub.html`, 4);
    const cdps = await Promise.all(pages.map((p) => throttled(p)));
    await new Promise((r) => setTimeout(r, 2000));
    const m = await measureBusy(pages, cdps, secs * 1000);
    return { fps: m.frames, busy: m.busyPct.reduce((s, x) => s + x, 0) / m.busyPct.length };
  } finally {
    await browser.close();
    await sim.close();
  }
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((x, y) => x - y);
  return s[Math.floor(s.length / 2)] ?? 0;
};

const arms: Record<'a' | 'b', Arm[]> = { a: [], b: [] };
for (let r = 0; r < rounds; r++) {
  const order: ('a' | 'b')[] = r % 2 === 0 ? ['a', 'b'] : ['b', 'a'];
  for (const k of order) arms[k].push(await runArm(dirs[k]));
  const a = arms.a[r];
  const b = arms.b[r];
  if (a !== undefined && b !== undefined)
    console.log(
      `round ${r + 1}: A ${a.fps.toFixed(1)} fps ${a.busy.toFixed(1)}% busy | B ${b.fps.toFixed(1)} fps ` +
        `${b.busy.toFixed(1)}% busy | B/A fps ${(b.fps / a.fps).toFixed(2)}`,
    );
}
const ratios = arms.a.map((a, i) => (arms.b[i]?.fps ?? 0) / a.fps);
console.log(
  `A median ${median(arms.a.map((x) => x.fps)).toFixed(1)} fps, B median ${median(arms.b.map((x) => x.fps)).toFixed(1)} fps; ` +
    `B/A per round ${ratios.map((x) => x.toFixed(2)).join(' ')} (median ${median(ratios).toFixed(2)}); ` +
    `busy A ${median(arms.a.map((x) => x.busy)).toFixed(1)}% B ${median(arms.b.map((x) => x.busy)).toFixed(1)}%`,
);
