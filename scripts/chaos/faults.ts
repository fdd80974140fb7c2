/**
 * Two faults of the store: a damaged database file must stop the simulator with a message and be left exactly as
 * it was; an injected write failure (`POST /sim/test/fail-writes`) must answer the error envelope, change nothing
 * and leave the server serving.
 */
import { createHash } from 'node:crypto';
import { openSync, readFileSync, statSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import { api, kill9, login, spawnSim, startSim, tempDir } from './proc';

/** Outcome of the corrupted-database run. */
export interface CorruptResult {
  readonly exitCode: number | string;
  readonly message: string;
  readonly fileKept: boolean;
  readonly ok: boolean;
}

const sha = (file: string): string => createHash('sha256').update(readFileSync(file)).digest('hex');

/** Writes garbage over the middle of the database file (its table pages), as a torn write would. */
function damage(file: string): void {
  const size = statSync(file).size;
  const fd = openSync(file, 'r+');
  try {
    const junk = Buffer.alloc(8192, 0xa5);
    // Page 1 holds the header and schema; hit the pages after it, where the tables' rows live.
    writeSync(fd, junk, 0, junk.length, Math.max(4096, Math.floor(size / 2 / 4096) * 4096));
  } finally {
    closeSync(fd);
  }
}

/** Fills a database, damages it, and starts a simulator on it. */
export async function corruptedDatabase(): Promise<CorruptResult> {
  const dataDir = tempDir('corrupt');
  const sim = await startSim({ dataDir, quiet: true });
  // A failure before the clean stop below must not leave the child running.
  const guard = setTimeout(() => sim.child.kill('SIGKILL'), 60_000);
  guard.unref();
  const cookie = await login(sim.url, 'uta@sim.local', 'uta-pass').catch(async (e: unknown) => {
    await kill9(sim);
    throw e;
  });
  for (let i = 0; i < 20; i++) {
    const body = {
      symbol_id: 1,
      side: 'buy',
      type: 'limit',
      price: '1000',
      quantity: '0.001',
      client_order_id: `c${i}`,
    };
    await api(sim.url, 'POST', '/spot/api/order/orderCreate', body, cookie);
  }
  // A clean stop checkpoints the WAL into the main file, so the damage lands on live pages.
  sim.child.kill('SIGTERM');
  await sim.exited;
  clearTimeout(guard);
  const file = join(dataDir, 'sim.db');
  damage(file);
  const before = sha(file);
  const again = await spawnSim({ dataDir, quiet: true });
  const timer = setTimeout(() => again.child.kill('SIGKILL'), 30_000);
  const exitCode = await again.exited;
  clearTimeout(timer);
  const out = again.output();
  const message = (/the database [\s\S]*?damaged[\s\S]*?(?:fresh\.|$)/.exec(out)?.[0] ?? out.trim())
    .replace(/\s+/g, ' ')
    .slice(0, 300);
  const fileKept = sha(file) === before;
  return { exitCode, message, fileKept, ok: exitCode === 1 && /damaged/.test(out) && fileKept };
}

/** Outcome of the injected write failure. */
export interface FailWriteResult {
  readonly status: number;
  readonly code: unknown;
  readonly alive: boolean;
  readonly unchanged: boolean;
  readonly ok: boolean;
}

/** Makes the next commit fail under an order create and a preference write; checks the answer and the state. */
export async function injectedWriteFailure(): Promise<FailWriteResult> {
  const dataDir = tempDir('failwrite');
  const sim = await startSim({ dataDir, quiet: true });
  try {
    const cookie = await login(sim.url, 'uta@sim.local', 'uta-pass');
    const order = {
      symbol_id: 1,
      side: 'buy',
      type: 'limit',
      price: '1000',
      quantity: '0.001',
      client_order_id: 'fw1',
    };
    await api(sim.url, 'POST', '/sim/test/fail-writes', { count: 1 });
    const failed = await api(sim.url, 'POST', '/spot/api/order/orderCreate', order, cookie);
    await api(sim.url, 'POST', '/sim/test/fail-writes', { count: 1 });
    const pref = await api(
      sim.url,
      'POST',
      '/user/api/pref/setPrefSetting',
      { upsert_keys: { fw: '1' } },
      cookie,
    );
    const health = await api(sim.url, 'GET', '/sim/health');
    const open = await api(sim.url, 'GET', '/spot/api/order/getOpenOrders?symbol_id=1', undefined, cookie);
    const list = JSON.stringify(open.body.result ?? '');
    const prefs = await api(sim.url, 'GET', '/user/api/pref/getPrefSetting', undefined, cookie);
    // The same client id now makes exactly one order: nothing of the failed attempt was kept.
    const retry = await api(sim.url, 'POST', '/spot/api/order/orderCreate', order, cookie);
    const unchanged =
      !list.includes('"fw1"') &&
      (prefs.body.result as Record<string, unknown> | undefined)?.fw === undefined &&
      retry.body.code === 0;
    const alive = health.body.code === 0;
    const envelope = failed.status === 503 && failed.body.code === 10016 && failed.body.success === false;
    const prefEnvelope = pref.status === 503 && pref.body.code === 10016;
    if (!prefEnvelope)
      console.error('[chaos] pref write under an injected failure answered', pref.status, pref.body);
    return {
      status: failed.status,
      code: failed.body.code,
      alive,
      unchanged,
      ok: envelope && prefEnvelope && alive && unchanged,
    };
  } finally {
    sim.child.kill('SIGKILL');
    await sim.exited;
  }
}
