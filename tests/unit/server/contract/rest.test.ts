import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../../../server/app';
import { call, login, startTestSim } from '../../../support/sim';

let sim: Simulator;
let uta: string;
let classic: string;

beforeAll(async () => {
  sim = await startTestSim();
  uta = await login(sim, 'uta@sim.local', 'uta-pass');
  classic = await login(sim, 'classic@sim.local', 'classic-pass');
});
afterAll(async () => {
  await sim.close();
});

type Rows = string[][];
const list = (j: { result?: unknown }): unknown[] =>
  (j.result as { list?: unknown[] } | undefined)?.list ?? [];
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- a typed view of a JSON result
const result = <T>(j: { result?: unknown }): T => j.result as T;

describe('market data REST (v5 shapes)', () => {
  it('lists instruments with the product Symbol fields', async () => {
    const { json } = await call(sim, 'GET', '/v5/market/instruments-info?category=spot');
    expect(json.retCode).toBe(0);
    const btc = list(json).find((r) => (r as { symbol: string }).symbol === 'BTCUSDT');
    expect(btc).toMatchObject({
      baseCoin: 'BTC',
      quoteCoin: 'USDT',
      symbolId: 1,
      pricePrecision: 2,
      digitMerge: '0.01,0.1,1,10,100',
      priceFilter: { tickSize: '0.01' },
      isBanBuy: false,
    });
    const banned = list(json).find((r) => (r as { symbol: string }).symbol === 'BANXUSDT');
    expect(banned).toMatchObject({ isBanBuy: true, tradeStatus: 4 });
  });

  it('serves 500 candles newest first by default, pages back with `to`, and reaches 3,500 for every interval', async () => {
    const first = await call(sim, 'GET', '/v5/market/kline?category=spot&symbol=BTCUSDT&interval=30');
    const rows = list(first.json) as Rows;
    expect(rows).toHaveLength(500);
    expect(Number(rows[0]?.[0])).toBeGreaterThan(Number(rows[1]?.[0]));
    for (const iv of ['1s', '1', '3', '5', '15', '30', '60', '120', '240', '360', '720', 'D', 'W', 'M']) {
      let end = Date.now();
      let total = 0;
      for (let page = 0; page < 4; page++) {
        const r = await call(
          sim,
          'GET',
          `/v5/market/kline?symbol=ETHUSDT&interval=${iv}&limit=1000&to=${end}`,
        );
        const l = list(r.json) as Rows;
        expect(l.length, iv).toBe(1000);
        for (const c of l) {
          const [, o, h, lo, cl] = c.map(Number);
          expect(h, `${iv} high`).toBeGreaterThanOrEqual(Math.max(o ?? 0, cl ?? 0));
          expect(lo, `${iv} low`).toBeLessThanOrEqual(Math.min(o ?? 0, cl ?? 0));
        }
        total += l.length;
        end = Number(l[l.length - 1]?.[0]) - 1;
      }
      expect(total).toBeGreaterThanOrEqual(3500);
    }
  });

  it('answers an uncrossed book, tickers and recent trades', async () => {
    const ob = result<{ b: Rows; a: Rows }>(
      (await call(sim, 'GET', '/v5/market/orderbook?category=spot&symbol=BTCUSDT&limit=50')).json,
    );
    expect(ob.b.length).toBe(50);
    expect(Number(ob.b[0]?.[0])).toBeLessThan(Number(ob.a[0]?.[0]));
    const bids = ob.b.map((r) => Number(r[0]));
    expect([...bids].sort((x, y) => y - x)).toEqual(bids);
    const tk = list((await call(sim, 'GET', '/v5/market/tickers?category=spot&symbol=BTCUSDT')).json)[0];
    expect(tk).toMatchObject({ symbol: 'BTCUSDT', bid1Price: ob.b[0]?.[0], ask1Price: ob.a[0]?.[0] });
    sim.synth.act('BTCUSDT', 200);
    const trades = list(
      (await call(sim, 'GET', '/v5/market/recent-trade?category=spot&symbol=BTCUSDT&limit=60')).json,
    );
    expect(trades.length).toBeGreaterThan(0);
    expect(trades[0]).toHaveProperty('execId');
  });

  it.each([
    ['/v5/market/kline?symbol=BTCUSDT&interval=7', 'interval'],
    ['/v5/market/kline?symbol=BTCUSDT&interval=1&limit=0', 'limit'],
    ['/v5/market/kline?symbol=BTCUSDT&interval=1&limit=abc', 'limit'],
    ['/v5/market/kline?symbol=BTCUSDT&interval=1&start=1.5', 'start'],
    ['/v5/market/kline?symbol=BTCUSDT&interval=1&start=9&end=5', 'start'],
    ['/v5/market/kline?interval=1', 'symbol'],
    ['/v5/market/kline?symbol=NOPE&interval=1', 'symbol'],
    ['/v5/market/orderbook?category=linear&symbol=BTCUSDT', 'category'],
    ['/v5/market/orderbook?symbol=BTCUSDT&limit=5000', 'limit'],
    ['/v5/market/recent-trade?symbol=BTCUSDT&limit=61', 'limit'],
  ])('rejects %s with 10001 naming %s', async (path, field) => {
    const { status, json } = await call(sim, 'GET', path);
    expect(status).toBe(200);
    expect(json.retCode).toBe(10001);
    expect(json.retMsg).toContain(field);
  });

  it('answers unknown paths and wrong methods with JSON errors, not crashes', async () => {
    const nf = await call(sim, 'GET', '/v5/market/nope');
    expect(nf.status).toBe(404);
    expect(nf.json.retCode).toBe(10404);
    const wm = await call(sim, 'POST', '/v5/market/kline', {});
    expect(wm.status).toBe(405);
    const bad = await call(sim, 'POST', '/spot/api/order/orderCreate', '{not json', uta);
    expect(bad.json).toMatchObject({ code: 10001, success: false });
    const big = await call(sim, 'POST', '/spot/api/order/orderCreate', { pad: 'x'.repeat(70 * 1024) }, uta);
    expect(big.status).toBe(413);
  });
});

describe('order calls', () => {
  const create = (cookie: string, body: Record<string, unknown>) =>
    call(sim, 'POST', '/spot/api/order/orderCreate', body, cookie);

  it('needs a session', async () => {
    const r = await create('', {
      symbol_id: 1,
      side: 'buy',
      type: 'limit',
      price: '1000',
      quantity: '0.01',
      client_order_id: 'x1',
    });
    expect(r.status).toBe(401);
    expect(r.json.code).toBe(10007);
  });

  it('places a limit order once per client order id, lists it, and cancels it', async () => {
    const body = {
      symbol_id: 1,
      side: 'buy',
      type: 'limit',
      price: '50000',
      quantity: '0.01',
      client_order_id: 'rest-once-1',
    };
    const a = await create(uta, body);
    expect(a.json).toMatchObject({ code: 0, success: true });
    const first = result<{ orderId: string; status: string }>(a.json);
    expect(first.status).toBe('NEW');
    const again = await create(uta, { ...body, price: '51000' });
    expect(result<{ orderId: string }>(again.json).orderId).toBe(first.orderId);
    const open = list(
      (await call(sim, 'GET', '/unified/api/order/getUTAOrders?planType=-1', undefined, uta)).json,
    );
    expect(open.filter((o) => (o as { clientOrderId: string }).clientOrderId === 'rest-once-1')).toHaveLength(
      1,
    );
    const c = await call(sim, 'POST', '/spot/api/order/cancelOrder', { order_id: first.orderId }, uta);
    expect(result<{ status: string }>(c.json).status).toBe('CANCELED');
    const c2 = await call(sim, 'POST', '/spot/api/order/cancelOrder', { order_id: first.orderId }, uta);
    expect(c2.json.code).toBe(170213);
  });

  it('validates order parameters with clear codes', async () => {
    const base = { symbol_id: 1, side: 'buy', type: 'limit', price: '50000', quantity: '0.01' };
    const cases: [Record<string, unknown>, number, string?][] = [
      [{ ...base, side: 'up', client_order_id: 'v1' }, 10001, 'side'],
      [{ ...base, price: 'NaN', client_order_id: 'v2' }, 10001, 'price'],
      [{ ...base, quantity: '-1', client_order_id: 'v3' }, 10001, 'quantity'],
      [{ ...base, symbol_id: 999, client_order_id: 'v4' }, 10001, 'symbol'],
      [{ ...base, client_order_id: 'bad id with spaces' }, 10001, 'client_order_id'],
      [{ ...base, price: '50000.001', client_order_id: 'v5' }, 170134],
      [{ ...base, quantity: '0.00001', client_order_id: 'v6' }, 170136],
      [{ ...base, quantity: '10', client_order_id: 'v7' }, 170131],
      [{ ...base, symbol_id: 10, client_order_id: 'v8', price: '10', quantity: '1' }, 170220],
      [{ ...base, symbol_id: 2, price: '1000', is_leverage: true, client_order_id: 'v9' }, 0],
    ];
    for (const [body, code, field] of cases) {
      const r = await create(uta, body);
      expect(r.json.code, JSON.stringify(body)).toBe(code);
      if (field !== undefined) expect(r.json.message).toContain(field);
    }
    // A standard account placing a margin order gets the standard-account-limit code (spec §8).
    const std = await create(classic, { ...base, is_leverage: true, client_order_id: 'v10' });
    expect(std.json.code).toBe(32329);
  });

  it('fills a market order and reports it in trade history, chart fills and averages', async () => {
    const r = await create(uta, {
      symbol_id: 2,
      side: 'buy',
      type: 'market',
      amount: '500',
      market_unit: 'quoteCoin',
      client_order_id: 'mkt-1',
    });
    expect(result<{ status: string }>(r.json).status).toMatch(/FILLED/);
    const th = list(
      (await call(sim, 'GET', '/spot/api/order/getTradeHistory?symbol_id=2', undefined, uta)).json,
    );
    expect(th.length).toBeGreaterThan(0);
    const fills = result<{ list: unknown[]; maxMarginVersion: string }>(
      (
        await call(
          sim,
          'GET',
          '/unified/api/order/getTradeInfoForKLine?contractType=6&symbol=ETHUSDT',
          undefined,
          uta,
        )
      ).json,
    );
    expect(fills.list.length).toBe(th.length);
    const avg = result<{ sumExecValue: string; sumExecQty: string }>(
      (
        await call(
          sim,
          'GET',
          '/unified/api/order/getTradeAvgPriceForKLine?contractType=6&symbol=ETHUSDT&side=1&daySpan=7',
          undefined,
          uta,
        )
      ).json,
    );
    expect(Number(avg.sumExecValue)).toBeGreaterThan(490);
    expect(Number(avg.sumExecValue)).toBeLessThanOrEqual(500);
    const bad = await call(
      sim,
      'GET',
      '/unified/api/order/getTradeAvgPriceForKLine?contractType=6&symbol=ETHUSDT&side=9',
      undefined,
      uta,
    );
    expect(bad.json.code).toBe(10001);
  });

  it('cancels all ordinary orders of a pair and reports how many', async () => {
    for (let i = 0; i < 3; i++) {
      await create(uta, {
        symbol_id: 1,
        side: 'sell',
        type: 'limit',
        price: String(90000 + i),
        quantity: '0.001',
        client_order_id: `ca-${i}`,
      });
    }
    const r = await call(sim, 'POST', '/spot/api/order/cancelAll', { symbol_ids: '1' }, uta);
    expect(r.json).toMatchObject({ code: 0, success: true, result: { cancelled: 3 } });
    const open = list(
      (await call(sim, 'GET', '/spot/api/order/getOpenOrders?symbol_id=1', undefined, uta)).json,
    );
    expect(open).toHaveLength(0);
  });
  it('lists plan orders apart from working orders; a limit order with TP/SL works on the book', async () => {
    const cond = await create(uta, {
      symbol_id: 1,
      side: 'buy',
      type: 'limit',
      price: '70000',
      quantity: '0.001',
      plan_type: 1,
      trigger_price: '69000',
      client_order_id: 'plan-1',
    });
    expect(result<{ status: string }>(cond.json).status).toBe('ORDER_NEW');
    const tpsl = await create(uta, {
      symbol_id: 1,
      side: 'buy',
      type: 'limit',
      price: '40000',
      quantity: '0.001',
      plan_type: 11,
      tp_trigger_price: '45000',
      sl_trigger_price: '35000',
      client_order_id: 'tpsl-1',
    });
    expect(tpsl.json.code).toBe(0);
    const ids = (path: string) =>
      call(sim, 'GET', path, undefined, uta).then((r) =>
        list(r.json).map((o) => (o as { clientOrderId: string }).clientOrderId),
      );
    expect(await ids('/spot/api/order/getOpenPlanOrders?symbol_id=1')).toEqual(['plan-1']);
    expect(await ids('/spot/api/order/getOpenOrders?symbol_id=1')).toEqual(['tpsl-1']);
    expect(await ids('/unified/api/order/getUTAOrders?planType=1')).toEqual(['plan-1']);
    const all = await call(sim, 'POST', '/spot/api/order/cancelAll', { symbol_ids: 'BTCUSDT' }, uta);
    expect(all.json).toMatchObject({ result: { cancelled: 1 } });
    const plans = await call(
      sim,
      'POST',
      '/spot/api/order/cancelAllPlan',
      { symbol_id: 1, plan_type: 1 },
      uta,
    );
    expect(plans.json).toMatchObject({ result: { cancelled: 1 } });
    expect(await ids('/unified/api/order/getUTAOrders?baseTokenId=BTC&quoteTokenId=USDT')).toEqual([]);
  });
});
