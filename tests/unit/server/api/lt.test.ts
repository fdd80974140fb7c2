import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS } from '../../../../workers/protocol/paths';
import { call, login, resultOf, startHarness, totalOf, type Harness, type Reply } from './harness';

function expectParamError(r: Reply, field: string): void {
  expect(r.body).toMatchObject({ code: 10001, success: false });
  expect(String(r.body.message)).toContain(field);
}

describe('LT routes', () => {
  let h: Harness;
  let cookie = '';
  let id = '';
  beforeAll(async () => {
    h = await startHarness();
    cookie = await login(h, 'classic@sim.local');
    id = h.ctx.accounts.all().find((a) => a.email === 'classic@sim.local')?.id ?? '';
  });
  afterAll(async () => {
    await h.close();
  });

  it('answers the live symbol info: limits, nav, statuses, risk and the basket', async () => {
    h.ctx.engine.setLastPrice('BTC3LUSDT', '2.1375');
    const info = resultOf(await call(h, CALLS.ltSymbolInfo, { query: { symbol_id: '6' } }));
    expect(info).toMatchObject({
      symbolId: 6,
      maxPurchase: '200000',
      minPurchase: '1',
      maxRedeem: '100000',
      minRedeem: '1',
      riskSwitchStatus: 0,
      riskState: 0,
      status: 1,
      st: 1,
      direction: 'long',
      leverage: '3',
      nav: '2.1375',
      diffNvRate: '0',
    });
    expect(info.basket).toMatchObject({ underlying: 'BTCUSDT', supply: '1000000' });
    expect(Number(info.nextRebalanceAt)).toBeGreaterThan(h.ctx.now());
    const short = resultOf(await call(h, CALLS.ltSymbolInfo, { query: { symbol_id: '11' } }));
    expect(short).toMatchObject({ symbolName: 'BTC3SUSDT', direction: 'short', nav: '1.4260' });
  });

  it("adds the logged-in trader's remaining daily limits to the info, and nothing of the kind for a visitor", async () => {
    const visitor = resultOf(await call(h, CALLS.ltSymbolInfo, { query: { symbol_id: '6' } }));
    expect(visitor).not.toHaveProperty('dailyPurchaseRemaining');
    const mine = resultOf(await call(h, CALLS.ltSymbolInfo, { cookie, query: { symbol_id: '11' } }));
    expect(mine).toMatchObject({
      dailyPurchaseUsed: '0',
      dailyPurchaseRemaining: '500000',
      dailyRedeemUsed: '0',
      dailyRedeemRemaining: '250000',
    });
  });

  it('refuses a symbol that is not a leveraged token', async () => {
    expectParamError(await call(h, CALLS.ltSymbolInfo, { query: { symbol_id: '1' } }), 'symbol_id');
  });

  it.each([[{}], [{ symbol_id: 'x' }], [{ symbol_id: '-6' }], [{ symbol_id: '12345' }]])(
    'rejects %j naming symbol_id',
    async (query) => {
      expectParamError(await call(h, CALLS.ltSymbolInfo, { query }), 'symbol_id');
    },
  );

  it('subscribes and redeems for the logged-in account and lists the records', async () => {
    const before = Number(totalOf(h, id, 'BTC3L'));
    const sub = await call(h, CALLS.ltSubscribe, { cookie, json: { symbol_id: 6, amount: '100' } });
    const order = resultOf(sub).order as Record<string, unknown>;
    expect(order).toMatchObject({ status: 1, orderType: 1, orderQuantity: '100', symbolName: 'BTC3LUSDT' });
    expect(Number(totalOf(h, id, 'BTC3L'))).toBeCloseTo(before + Number(order.dealQuantity), 6);
    const red = await call(h, CALLS.ltRedeem, { cookie, json: { symbol_id: '6', quantity: '5' } });
    expect(resultOf(red).order).toMatchObject({ status: 1, orderType: 2, orderQuantity: '5' });
    const list = resultOf(await call(h, CALLS.ltOrders, { cookie, query: { orderType: '1' } })).list;
    expect(list).toEqual([order]);
    expect(h.pushes.filter((p) => p.topics.includes('lt_order')).length).toBe(2);
  });

  it('needs a session and sane amounts', async () => {
    expect((await call(h, CALLS.ltSubscribe, { json: { symbol_id: 6, amount: '1' } })).body).toMatchObject({
      success: false,
    });
    expectParamError(await call(h, CALLS.ltSubscribe, { cookie, json: { symbol_id: 6 } }), 'amount');
    expectParamError(
      await call(h, CALLS.ltRedeem, { cookie, json: { symbol_id: 6, quantity: '1.001' } }),
      'quantity',
    );
    expectParamError(
      await call(h, CALLS.ltSubscribe, { cookie, json: { symbol_id: 1, amount: '5' } }),
      'symbol_id',
    );
  });
});
