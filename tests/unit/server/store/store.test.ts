import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../../../server/app';
import { SESSION_TTL_MS } from '../../../../server/accounts/accounts';
import { loadAccountsState } from '../../../../server/store/accountRows';
import { DB_FILE, openDatabase, StoreOpenError } from '../../../../server/store/db';
import { loadEngineState } from '../../../../server/store/engineRows';
import { call, login, startTestSim, tempDataDir } from '../../../support/sim';

let sims: Simulator[] = [];
afterEach(async () => {
  for (const s of sims) await s.close();
  sims = [];
});

async function start(dataDir: string): Promise<Simulator> {
  const sim = await startTestSim({ dataDir });
  sims.push(sim);
  return sim;
}

function order(cid: string, price = '30000'): Record<string, unknown> {
  return { symbol_id: 1, side: 'buy', type: 'limit', price, quantity: '0.01', client_order_id: cid };
}

describe('SQLite store', () => {
  it('has every acknowledged write in the database before the answer arrives, and after a restart', async () => {
    const dir = tempDataDir();
    const sim = await start(dir);
    const cookie = await login(sim, 'uta@sim.local', 'uta-pass');
    const uid = sim.ctx.accounts.fromToken(cookie.split('=')[1] ?? '')?.id ?? '';
    expect((await call(sim, 'POST', '/spot/api/order/orderCreate', order('a'), cookie)).json.code).toBe(0);
    expect((await call(sim, 'POST', '/spot/api/order/orderCreate', order('b'), cookie)).json.code).toBe(0);
    const pref = { upsert_keys: JSON.stringify({ chartInterval: '15' }) };
    expect((await call(sim, 'POST', '/user/api/pref/setPrefSetting', pref, cookie)).json.code).toBe(0);
    // A second connection sees the rows at once: they were committed before the answers left.
    const reader = openDatabase(dir);
    const engine = loadEngineState(reader);
    const open = engine?.orders.filter((o) => o.accountId === uid && o.orderStatus === 'New') ?? [];
    expect(open.map((o) => o.orderLinkId).sort()).toEqual(['a', 'b']);
    expect(loadAccountsState(reader)?.prefs[uid]).toEqual({ chartInterval: '15' });
    reader.close();
    const usdt = sim.ctx.engine.balance(uid, 'USDT');
    await sim.close();
    sims = [];
    const again = await start(dir);
    expect(
      again.ctx.engine
        .openOrders(uid)
        .map((o) => o.orderLinkId)
        .sort(),
    ).toEqual(['a', 'b']);
    expect(again.ctx.engine.balance(uid, 'USDT')).toEqual(usdt);
    expect(again.ctx.accounts.settings().prefs[uid]).toEqual({ chartInterval: '15' });
  });

  it('refuses to start on a damaged database and keeps the file', async () => {
    const dir = tempDataDir();
    const file = join(dir, DB_FILE);
    writeFileSync(file, 'this is not a database '.repeat(200));
    const before = readFileSync(file);
    await expect(startTestSim({ dataDir: dir })).rejects.toBeInstanceOf(StoreOpenError);
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it('answers an error envelope on a failed write, rolls the engine back to the database and keeps serving', async () => {
    const dir = tempDataDir();
    const sim = await start(dir);
    const cookie = await login(sim, 'uta@sim.local', 'uta-pass');
    const uid = sim.ctx.accounts.fromToken(cookie.split('=')[1] ?? '')?.id ?? '';
    expect((await call(sim, 'POST', '/spot/api/order/orderCreate', order('ok-1'), cookie)).json.code).toBe(0);
    sim.ctx.store.failNext(1);
    const failed = await call(sim, 'POST', '/spot/api/order/orderCreate', order('lost'), cookie);
    expect(failed.status).toBe(503);
    expect(failed.json).toMatchObject({ code: 10016, success: false });
    const db = loadEngineState(sim.ctx.store.db);
    const inDb = db?.orders.filter((o) => o.accountId === uid && o.orderStatus === 'New') ?? [];
    expect(sim.ctx.engine.openOrders(uid).map((o) => o.orderId)).toEqual(inDb.map((o) => o.orderId));
    const bal = db?.balances[uid]?.USDT;
    expect(sim.ctx.engine.rawBalances(uid).find((b) => b.coin === 'USDT')).toEqual({ coin: 'USDT', ...bal });
    // Still alive: the next write goes through.
    expect((await call(sim, 'POST', '/spot/api/order/orderCreate', order('ok-2'), cookie)).json.code).toBe(0);
    expect(
      sim.ctx.engine
        .openOrders(uid)
        .map((o) => o.orderLinkId)
        .sort(),
    ).toEqual(['ok-1', 'ok-2']);
  });

  it('writes the same rows per order at a small and at a large state', async () => {
    const dir = tempDataDir();
    const sim = await start(dir);
    const cookie = await login(sim, 'uta@sim.local', 'uta-pass');
    const changesOf = async (cid: string): Promise<number> => {
      const db = sim.ctx.store.db;
      const before = (db.prepare('SELECT total_changes() AS n').get() as { n: number }).n;
      expect(
        (await call(sim, 'POST', '/spot/api/order/orderCreate', order(cid, '20000'), cookie)).json.code,
      ).toBe(0);
      return (db.prepare('SELECT total_changes() AS n').get() as { n: number }).n - before;
    };
    const small = await changesOf('s-1');
    // Grow the state by 3,000 closed orders and fills' worth of rows (engine calls, one commit).
    const uid = sim.ctx.accounts.fromToken(cookie.split('=')[1] ?? '')?.id ?? '';
    for (let i = 0; i < 3000; i++) {
      const r = sim.ctx.engine.placeOrder({
        accountId: uid,
        clientOrderId: `g-${i}`,
        symbol: 'BTCUSDT',
        side: 'Buy',
        orderType: 'Limit',
        price: '20000',
        qty: '0.0001',
      });
      expect(r.ok).toBe(true);
    }
    sim.ctx.store.commit();
    const large = await changesOf('l-1');
    expect(large).toBe(small);
    expect(small).toBeLessThan(20);
  });

  it('prunes expired sessions on start', async () => {
    const dir = tempDataDir();
    const sim = await start(dir);
    const cookie = await login(sim, 'uta@sim.local', 'uta-pass');
    const token = cookie.split('=')[1] ?? '';
    await sim.close();
    sims = [];
    const db = openDatabase(dir);
    db.prepare('UPDATE sessions SET created_at = ? WHERE token = ?').run(
      Date.now() - SESSION_TTL_MS - 1000,
      token,
    );
    db.close();
    const again = await start(dir);
    const row = again.ctx.store.db.prepare('SELECT token FROM sessions WHERE token = ?').get(token);
    expect(row).toBeUndefined();
  });
});
