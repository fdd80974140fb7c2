/**
 * The `tabs` area (issue 28, the page side): tabs of the real trade page opened and closed in one browser, as a
 * trader's day does. One tab stays open throughout (it keeps the SharedWorker alive, so what the closed tabs left
 * behind can be counted); each round opens `TABS` more, each on another pair, waits until the hub has registered
 * all of them, and closes them. Figures, read after the last round:
 * - `tabs.socketsMax`: the most WebSocket connections the simulator saw at once during the churn (goal 1);
 * - `tabs.hubTabsLeft`: tabs the hub still holds beyond those of the one open tab (goal 0);
 * - `tabs.hubTopicsLeft` / `tabs.serverSubscriptionsLeft`: topics the hub, and the simulator for its connection,
 *   still hold beyond what the one open tab holds before the churn (goal 0);
 * - `tabs.hubHeapGrowthMB`: the hub's used heap after a forced GC, after the churn minus before (goal ≤ 5);
 * - `tabs.roundMs`: median time of one round (open `TABS` tabs until registered, close them).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type CDPSession } from 'playwright-core';
import { startSimulator } from '../server/app';
import { CHROMIUM_ARGS } from './browser.bench';
import type { BenchResult } from './measure';

const TABS = 8;
const PAIRS = [
  'BTC/USDT',
  'ETH/USDT',
  'BTC/USDC',
  'MNT/USDT',
  'SUI/USDT',
  'INNO/USDT',
  'ADV/USDT',
  'BANX/USDT',
];

/**
 * Runtime calls in the SharedWorker over the browser's CDP session (a worker has no page; flatten: false): the first
 * whose script URL contains `urlPart` (any, when empty).
 */
export async function sharedWorker(
  cdp: CDPSession,
  urlPart = '',
): Promise<(method: string, params?: object) => Promise<unknown>> {
  const { targetInfos } = await cdp.send('Target.getTargets');
  const t = targetInfos.find((x) => x.type === 'shared_worker' && x.url.includes(urlPart));
  if (t === undefined) throw new Error('bench/tabs: no shared_worker target');
  const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: t.targetId, flatten: false });
  const waiting = new Map<number, (r: unknown) => void>();
  cdp.on('Target.receivedMessageFromTarget', (e) => {
    if (e.sessionId !== sessionId) return;
    const m = JSON.parse(e.message) as { id?: number; result?: unknown; error?: { message: string } };
    if (m.id === undefined) return;
    waiting.get(m.id)?.(m.error !== undefined ? new Error(m.error.message) : m.result);
    waiting.delete(m.id);
  });
  let id = 0;
  return async (method, params = {}) => {
    const n = ++id;
    const answer = new Promise<unknown>((ok) => waiting.set(n, ok));
    await cdp.send('Target.sendMessageToTarget', {
      sessionId,
      message: JSON.stringify({ id: n, method, params }),
    });
    const r = await answer;
    if (r instanceof Error) throw r;
    return r;
  };
}

export async function runTabsBench(quick: boolean): Promise<BenchResult[]> {
  // `--tabs-rounds=N` for a shorter churn than the full 100 (a round of 8 trade pages takes 20-40 s here).
  const asked = Number(
    process.argv.find((a) => a.startsWith('--tabs-rounds='))?.slice('--tabs-rounds='.length),
  );
  const rounds = Number.isInteger(asked) && asked > 0 ? asked : quick ? 10 : 100;
  const sim = await startSimulator({
    port: 0,
    rate: 200,
    dataDir: mkdtempSync(join(tmpdir(), 'bench-tabs-')),
    staticDir: process.env.BENCH_STATIC ?? 'dist',
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const login = await ctx.request.post(`${sim.url}/login`, {
      data: { email: 'uta@sim.local', password: 'uta-pass' },
    });
    if (!login.ok()) throw new Error(`bench/tabs: login answered ${login.status()}`);
    const keeper = await ctx.newPage();
    await keeper.goto(`${sim.url}/en/trade/spot/BTC/USDT`);
    await keeper.locator('canvas[data-renderer]').first().waitFor({ timeout: 30_000 });
    await keeper.getByTestId('order-form').waitFor({ timeout: 30_000 });
    await new Promise((r) => setTimeout(r, 2000));
    const cdp = await browser.newBrowserCDPSession();
    const hub = await sharedWorker(cdp);
    const counters = async (): Promise<Record<string, number>> =>
      (
        (await hub('Runtime.evaluate', {
          expression: 'self.__hub.counters()',
          returnByValue: true,
        })) as { result: { value: Record<string, number> } }
      ).result.value;
    const heapMB = async (): Promise<number> => {
      await hub('HeapProfiler.collectGarbage');
      const h = (await hub('Runtime.getHeapUsage')) as { usedSize: number };
      return h.usedSize / 1048576;
    };
    const until = async (ok: (c: Record<string, number>) => boolean, what: string): Promise<void> => {
      const end = Date.now() + 120_000;
      while (!ok(await counters())) {
        if (Date.now() > end)
          throw new Error(`bench/tabs: timed out waiting for ${what}: ${JSON.stringify(await counters())}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    const before = await counters();
    console.log(`tabs: before ${JSON.stringify(before)}`);
    const serverBefore = sim.realtime.stats().subscriptions;
    const heapBefore = await heapMB();
    let socketsMax = sim.realtime.stats().connections;
    const roundMs: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const t0 = Date.now();
      const pages = await Promise.all(
        Array.from({ length: TABS }, async (_, i) => {
          const p = await ctx.newPage();
          await p.goto(`${sim.url}/en/trade/spot/${PAIRS[(r + i) % PAIRS.length] ?? 'BTC/USDT'}`, {
            waitUntil: 'commit',
          });
          return p;
        }),
      );
      // Every page has said hello (its main thread; its paint worker may still be starting: a tab closed while it
      // starts up is part of the churn).
      await until(
        (c) => (c.tabs ?? 0) >= (before.tabs ?? 0) + TABS,
        `${TABS} tabs to register (round ${r + 1})`,
      );
      const registered = Date.now() - t0;
      socketsMax = Math.max(socketsMax, sim.realtime.stats().connections);
      await Promise.all(pages.map((p) => p.close()));
      // Closed tabs leave by their bye or, when it was lost, by their lock being released.
      await until((c) => c.tabs === before.tabs, `the closed tabs to leave (round ${r + 1})`);
      roundMs.push(Date.now() - t0);
      if ((r + 1) % 5 === 0)
        console.log(
          `tabs: round ${r + 1}/${rounds}: ${registered} ms to register, ${Date.now() - t0} ms in all`,
        );
      socketsMax = Math.max(socketsMax, sim.realtime.stats().connections);
    }
    // The hub drops topics no tab wants on its next subscription pass: give it a few seconds.
    await new Promise((r) => setTimeout(r, 3000));
    const after = await counters();
    const heapAfter = await heapMB();
    roundMs.sort((a, b) => a - b);
    const median = roundMs[Math.floor(roundMs.length / 2)] ?? Number.NaN;
    const spread = roundMs.length > 0 ? ((roundMs.at(-1) ?? 0) - (roundMs[0] ?? 0)) / median : 0;
    console.log(
      `tabs: ${rounds} rounds of ${TABS} tabs; hub topics ${before.topics} → ${after.topics}, server subscriptions ` +
        `${serverBefore} → ${sim.realtime.stats().subscriptions}, hub heap ${heapBefore.toFixed(2)} → ` +
        `${heapAfter.toFixed(2)} MB, sockets now ${sim.realtime.stats().connections}`,
    );
    return [
      { key: 'tabs.socketsMax', value: socketsMax, unit: 'count', spread: 0 },
      { key: 'tabs.hubTabsLeft', value: (after.tabs ?? 0) - (before.tabs ?? 0), unit: 'count', spread: 0 },
      {
        key: 'tabs.hubTopicsLeft',
        value: (after.topics ?? 0) - (before.topics ?? 0),
        unit: 'count',
        spread: 0,
      },
      {
        key: 'tabs.serverSubscriptionsLeft',
        value: sim.realtime.stats().subscriptions - serverBefore,
        unit: 'count',
        spread: 0,
      },
      { key: 'tabs.hubHeapGrowthMB', value: heapAfter - heapBefore, unit: 'MB', spread: 0 },
      { key: 'tabs.roundMs', value: median, unit: 'ms', spread },
    ];
  } finally {
    await browser.close();
    await sim.close();
  }
}
