/**
 * LT subscription and redemption on a whole simulator (SQLite store, engine persistence, router commits): a client
 * id makes a retry answer the first order, also after a restart, and a failed write leaves no half-applied state.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Simulator } from '../../../../server/app';
import { LT_ORDER_KIND } from '../../../../server/lt/orders';
import { loadRecords } from '../../../../server/store/records';
import { call, login, startTestSim, tempDataDir, type Json } from '../../../support/sim';

const BTC3L = 6;
let sims: Simulator[] = [];
afterEach(async () => {
  for (const s of sims) await s.close();
  sims = [];
});

async function start(dataDir: string): Promise<{ sim: Simulator; cookie: string; uid: string }> {
  const sim = await startTestSim({ dataDir });
  sims.push(sim);
  const cookie = await login(sim, 'classic@sim.local', 'classic-pass');
  const uid = sim.ctx.accounts.all().find((a) => a.email === 'classic@sim.local')?.id ?? '';
  return { sim, cookie, uid };
}

function result(r: { json: Json }): Record<string, unknown> {
  expect(r.json.code).toBe(0);
  return r.json.result as Record<string, unknown>;
}

async function subscribe(
  sim: Simulator,
  cookie: string,
  amount: string,
  cid: string,
): Promise<{ json: Json }> {
  return call(
    sim,
    'POST',
    '/spot/api/lt/subscribe',
    { symbol_id: BTC3L, amount, client_order_id: cid },
    cookie,
  );
}

async function info(sim: Simulator, cookie: string): Promise<Record<string, unknown>> {
  return result(await call(sim, 'GET', `/spot/api/lt/symbol_info?symbol_id=${BTC3L}`, undefined, cookie));
}

async function records(sim: Simulator, cookie: string): Promise<unknown[]> {
  return result(await call(sim, 'GET', '/spot/api/lt/orders', undefined, cookie)).list as unknown[];
}

describe('LT orders on a whole simulator', () => {
  it('answers a retried subscription or redemption with its first order, also after a restart', async () => {
    const dir = tempDataDir();
    let { sim, cookie, uid } = await start(dir);
    const held = Number(sim.ctx.engine.balance(uid, 'BTC3L').free);
    const first = result(await subscribe(sim, cookie, '100', 'sub-1')).order as Record<string, unknown>;
    expect(first).toMatchObject({ status: 1, clientOrderId: 'sub-1', orderQuantity: '100' });
    expect(result(await subscribe(sim, cookie, '100', 'sub-1')).order).toEqual(first);
    const redeem = { symbol_id: BTC3L, quantity: '10', client_order_id: 'red-1' };
    const red = result(await call(sim, 'POST', '/spot/api/lt/redeem', redeem, cookie)).order;
    expect(result(await call(sim, 'POST', '/spot/api/lt/redeem', redeem, cookie)).order).toEqual(red);
    const usdt = sim.ctx.engine.balance(uid, 'USDT');
    const tokens = sim.ctx.engine.balance(uid, 'BTC3L');
    expect(Number(tokens.free)).toBeCloseTo(held + Number(first.dealQuantity) - 10, 8);
    expect(await records(sim, cookie)).toHaveLength(2);

    await sim.close();
    sims = [];
    ({ sim, cookie, uid } = await start(dir));
    expect(result(await subscribe(sim, cookie, '100', 'sub-1')).order).toEqual(first);
    expect(result(await call(sim, 'POST', '/spot/api/lt/redeem', redeem, cookie)).order).toEqual(red);
    expect(sim.ctx.engine.balance(uid, 'USDT')).toEqual(usdt);
    expect(sim.ctx.engine.balance(uid, 'BTC3L')).toEqual(tokens);
    expect(await records(sim, cookie)).toHaveLength(2);
    expect(await info(sim, cookie)).toMatchObject({
      dailyPurchaseUsed: '100',
      dailyPurchaseRemaining: '499900',
      dailyRedeemUsed: '10',
    });
    // The same id for another amount is refused as a parameter error.
    expect((await subscribe(sim, cookie, '101', 'sub-1')).json).toMatchObject({
      code: 10001,
      success: false,
    });
  });

  it('rolls the LT state back when the write fails, answers the error envelope and keeps serving', async () => {
    const { sim, cookie, uid } = await start(tempDataDir());
    result(await subscribe(sim, cookie, '100', 'ok-1'));
    const before = await info(sim, cookie);
    const usdt = sim.ctx.engine.balance(uid, 'USDT');
    const tokens = sim.ctx.engine.balance(uid, 'BTC3L');

    sim.ctx.store.failNext(1);
    const failed = await subscribe(sim, cookie, '250', 'lost-1');
    expect(failed.json).toMatchObject({ code: 10016, success: false });
    sim.ctx.store.failNext(1);
    const lostRedeem = { symbol_id: BTC3L, quantity: '5', client_order_id: 'lost-2' };
    expect((await call(sim, 'POST', '/spot/api/lt/redeem', lostRedeem, cookie)).json.code).toBe(10016);

    // Nothing of the two requests is left: supply, daily use, records, balances are what the database holds.
    const after = await info(sim, cookie);
    expect(after.basket).toEqual(before.basket);
    expect(after).toMatchObject({ dailyPurchaseUsed: '100', dailyRedeemUsed: '0' });
    expect(await records(sim, cookie)).toHaveLength(1);
    expect(loadRecords(sim.ctx.store.db, LT_ORDER_KIND)).toHaveLength(1);
    expect(sim.ctx.engine.balance(uid, 'USDT')).toEqual(usdt);
    expect(sim.ctx.engine.balance(uid, 'BTC3L')).toEqual(tokens);

    // Alive, and the client's retry with the same id now goes through, once.
    const retried = result(await subscribe(sim, cookie, '250', 'lost-1')).order as Record<string, unknown>;
    expect(retried).toMatchObject({ status: 1, orderQuantity: '250' });
    expect(result(await subscribe(sim, cookie, '250', 'lost-1')).order).toEqual(retried);
    expect(sim.ctx.engine.balance(uid, 'USDT').free).toBe(String(Number(usdt.free) - 250));
    expect(await info(sim, cookie)).toMatchObject({ dailyPurchaseUsed: '350' });
    expect(await records(sim, cookie)).toHaveLength(2);
  });
});
