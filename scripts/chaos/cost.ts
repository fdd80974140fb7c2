/**
 * Per-order write cost at two sizes of state. The state is grown fast by inserting real rows (copies of an order
 * and a fill the simulator itself wrote) straight into the SQLite file before the start, spread over accounts so
 * each stays within the history the engine loads: the engine really holds it all. Then the round trip of
 * sequential order creates (each one commit, fsynced) is timed; its median must not grow with the state.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { api, kill9, login, percentile, startSim, tempDir } from './proc';

/** Timing at one state size. */
export interface CostSample {
  readonly stateMB: number;
  readonly medianMs: number;
  readonly p90Ms: number;
  readonly startMs: number;
}

const ROWS_PER_ACCOUNT = 2000; // Within CLOSED_ORDERS_CAP and EXECUTIONS_CAP: nothing is pruned at start.

/** Inserts copies of `order` and `fill` rows for new accounts until the file holds `targetMB`. */
function grow(file: string, targetMB: number): number {
  const db = new Database(file);
  try {
    const order = db.prepare('SELECT view, state FROM orders WHERE open = 0 LIMIT 1').get() as
      { view: string; state: string | null } | undefined;
    const fill = db.prepare('SELECT view FROM executions LIMIT 1').get() as { view: string } | undefined;
    if (order === undefined || fill === undefined) throw new Error('no order or fill to copy');
    const ov = JSON.parse(order.view) as Record<string, unknown>;
    const ev = JSON.parse(fill.view) as Record<string, unknown>;
    const putOrder = db.prepare(
      'INSERT INTO orders (id, account_id, open, updated_time, view, state) VALUES (?, ?, 0, ?, ?, ?)',
    );
    const putExec = db.prepare(
      'INSERT INTO executions (id, account_id, exec_time, view) VALUES (?, ?, ?, ?)',
    );
    let id = 50_000_000;
    for (let acct = 0; statSync(file).size < targetMB * 1024 * 1024; acct++) {
      const accountId = String(900_000 + acct);
      db.transaction(() => {
        for (let i = 0; i < ROWS_PER_ACCOUNT; i++) {
          const oid = String(id++);
          const t = 1_700_000_000_000 + i * 1000;
          const v = {
            ...ov,
            orderId: oid,
            accountId,
            orderLinkId: `ballast-${oid}`,
            updatedTime: t,
            createdTime: t,
          };
          putOrder.run(oid, accountId, t, JSON.stringify(v), order.state);
          const e = { ...ev, execId: `b${oid}`, orderId: oid, accountId, execTime: t };
          putExec.run(`b${oid}`, accountId, t, JSON.stringify(e));
        }
      })();
      db.pragma('wal_checkpoint(TRUNCATE)');
    }
  } finally {
    db.close();
  }
  return statSync(file).size / (1024 * 1024);
}

/** Makes a database with one real closed order and one real fill to copy, then stops its simulator cleanly. */
async function seed(dataDir: string): Promise<void> {
  const sim = await startSim({ dataDir, quiet: true });
  try {
    const cookie = await login(sim.url, 'uta@sim.local', 'uta-pass');
    const body = { symbol_id: 1, side: 'sell', type: 'market', quantity: '0.001', client_order_id: 'seed' };
    const r = await api(sim.url, 'POST', '/spot/api/order/orderCreate', body, cookie);
    if (r.body.code !== 0) throw new Error(`seed order failed: ${JSON.stringify(r.body)}`);
  } catch (e) {
    await kill9(sim);
    throw e;
  }
  sim.child.kill('SIGTERM');
  await sim.exited;
}

/** Times `n` sequential order creates on a simulator started on a database grown to `targetMB`. */
export async function writeCost(targetMB: number, n: number): Promise<CostSample> {
  const dataDir = tempDir(`cost${targetMB}`);
  await seed(dataDir);
  const stateMB = grow(join(dataDir, 'sim.db'), targetMB);
  const t0 = performance.now();
  const sim = await startSim({ dataDir, quiet: true }, 180_000);
  const startMs = performance.now() - t0;
  try {
    // Orders rotate over three accounts: the product's try limit allows 40 creates per account per 10 s.
    const cookies = [
      await login(sim.url, 'uta@sim.local', 'uta-pass'),
      await login(sim.url, 'classic@sim.local', 'classic-pass'),
      await login(sim.url, 'leader@sim.local', 'leader-pass'),
    ];
    const times: number[] = [];
    for (let i = 0; i < n + 10; i++) {
      // Far below the market: each create rests, one order row + balance rows per commit.
      const body = {
        symbol_id: 1,
        side: 'buy',
        type: 'limit',
        price: '1000',
        quantity: '0.001',
        client_order_id: `w${i}`,
      };
      const t = performance.now();
      const r = await api(sim.url, 'POST', '/spot/api/order/orderCreate', body, cookies[i % cookies.length]);
      if (r.body.code !== 0) throw new Error(`order failed: ${JSON.stringify(r.body)}`);
      if (i >= 10) times.push(performance.now() - t); // The first ten warm up the statement caches.
    }
    return { stateMB, medianMs: percentile(times, 50), p90Ms: percentile(times, 90), startMs };
  } finally {
    await kill9(sim);
  }
}
