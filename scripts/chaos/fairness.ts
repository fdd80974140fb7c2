/**
 * Abuse that must not hurt anyone else: a login brute force and a snapshot-flooding socket. Observers ping the
 * server over their own sockets before and during the abuse; their p95 round trip must stay within 2× (with a
 * 2 ms floor on the baseline, so a sub-millisecond idle figure on a shared machine does not turn noise into a fail).
 */
import { spawn } from 'node:child_process';
import type { BruteOutcome, FloodOutcome } from './attack';
import { api, kill9, percentile, ROOT, sleep, Socket, startSim, tempDir, type SimProc } from './proc';

/** Floor under the baseline p95 the 2× rule is applied to. */
export const PING_FLOOR_MS = 2;

/** Ping figures of one abuse run. */
export interface PingFigures {
  readonly baseP95: number;
  readonly duringP95: number;
  readonly ratio: number;
}

/** Pings from `observers` sockets every 10 ms for `ms`; all round trips. */
async function pingFor(observers: readonly Socket[], ms: number): Promise<number[]> {
  const out: number[] = [];
  const end = Date.now() + ms;
  await Promise.all(
    observers.map(async (s) => {
      while (Date.now() < end) {
        out.push(await s.ping());
        await sleep(10);
      }
    }),
  );
  return out;
}

async function observers(sim: SimProc, n: number): Promise<Socket[]> {
  const out: Socket[] = [];
  for (let i = 0; i < n; i++) {
    // Observers watch a live book like a page would, so they pay the normal fan-out cost.
    const s = new Socket(sim.url, undefined, false);
    await s.open();
    s.send({ op: 'subscribe', args: ['orderbook.50.BTCUSDT', 'publicTrade.BTCUSDT'] });
    out.push(s);
  }
  return out;
}

function figures(base: number[], during: number[]): PingFigures {
  const baseP95 = percentile(base, 95);
  const duringP95 = percentile(during, 95);
  return { baseP95, duringP95, ratio: duringP95 / Math.max(baseP95, PING_FLOOR_MS) };
}

/** Runs `attack.ts` in a child process; resolves once it said GO, with a promise of its JSON outcome. */
async function attack<T>(mode: 'brute' | 'flood', sim: SimProc, ms: number): Promise<{ done: Promise<T> }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/chaos/attack.ts', mode, sim.url, String(ms)],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  let go: () => void = () => undefined;
  const started = new Promise<void>((ok) => (go = ok));
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString('utf8');
    if (out.includes('GO\n')) go();
  });
  const done = new Promise<T>((ok, ko) => {
    child.once('exit', (code) => {
      const last = out.trim().split('\n').pop() ?? '';
      if (code === 0) ok(JSON.parse(last) as T);
      else ko(new Error(`attack ${mode} exited ${String(code)}`));
    });
  });
  await started;
  return { done };
}

/** Outcome of the brute force. */
export interface BruteResult extends PingFigures, BruteOutcome {
  readonly ok: boolean;
}

/** Four loops of wrong passwords against one account (another process) while observers ping. */
export async function bruteForce(windowMs: number): Promise<BruteResult> {
  const sim = await startSim({ dataDir: tempDir('brute') });
  try {
    const obs = await observers(sim, 4);
    await pingFor(obs, 500); // Warm-up: the first pings of a fresh process pay for its compilation.
    const base = await pingFor(obs, windowMs);
    const outcome = await attack<BruteOutcome>('brute', sim, windowMs);
    const during = await pingFor(obs, windowMs);
    // The attack may run past the window to reach its dozen tries: keep timing while it does.
    const state = { running: true };
    void outcome.done.finally(() => (state.running = false));
    while (state.running) during.push(...(await pingFor(obs, 200)));
    const b = await outcome.done;
    for (const s of obs) s.close();
    const f = figures(base, during);
    return { ...f, ...b, ok: b.first429 > 0 && b.first429 <= 10 && f.ratio <= 2 };
  } finally {
    await kill9(sim);
  }
}

/** Outcome of the snapshot flood. */
export interface FloodResult extends PingFigures, FloodOutcome {
  readonly throttled: number;
  readonly dropped: number;
  readonly refusedUpgrades: number;
  readonly snapshotMB: number;
  readonly ok: boolean;
}

/** A client (another process) re-subscribing eight 200-level books as fast as it can while observers ping. */
export async function snapshotFlood(windowMs: number): Promise<FloodResult> {
  const sim = await startSim({ dataDir: tempDir('flood') });
  try {
    const obs = await observers(sim, 4);
    await pingFor(obs, 500); // Warm-up: the first pings of a fresh process pay for its compilation.
    const base = await pingFor(obs, windowMs);
    const outcome = await attack<FloodOutcome>('flood', sim, windowMs);
    const during = await pingFor(obs, windowMs);
    const fl = await outcome.done;
    for (const s of obs) s.close();
    const h = (await api(sim.url, 'GET', '/sim/health')).body.result as {
      throttled: number;
      greedyDropped: number;
      refusedUpgrades: number;
      snapshotBytes: number;
    };
    const f = figures(base, during);
    return {
      ...f,
      ...fl,
      throttled: h.throttled,
      dropped: h.greedyDropped,
      refusedUpgrades: h.refusedUpgrades,
      snapshotMB: h.snapshotBytes / (1024 * 1024),
      ok: h.throttled + h.greedyDropped > 0 && f.ratio <= 2,
    };
  } finally {
    await kill9(sim);
  }
}
