import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS } from '../../../../workers/protocol/paths';
import { toStrategyRow } from '../../../../workers/protocol/strategy';
import { call, login, resultOf, startHarness, type Harness } from './harness';

describe('strategy calls', () => {
  let h: Harness;
  let uta = '';
  let sub = '';

  beforeAll(async () => {
    h = await startHarness();
    h.ctx.engine.setLastPrice('BTCUSDT', '64000');
    uta = await login(h, 'uta@sim.local');
    sub = await login(h, 'sub@sim.local');
  });
  afterAll(async () => {
    await h.close();
  });

  const iceberg = {
    kind: 'iceberg',
    symbol: 'BTCUSDT',
    side: 'Buy',
    totalQty: '0.5',
    price: '60000',
    sliceCount: 5,
  };

  it('creates an iceberg whose one slice rests, lists it active, stops it and lists it in history', async () => {
    const r = await call(h, CALLS.strategyCreate, { cookie: uta, json: iceberg });
    const row = toStrategyRow(resultOf(r));
    expect(row?.strategyStatus).toBe('RUNNING');
    expect(row?.openChildren).toBe(1);
    const id = row?.strategyId ?? '';
    const acct = h.ctx.accounts.all().find((a) => a.email === 'uta@sim.local')?.id ?? '';
    const children = h.ctx.engine.openOrders(acct).filter((o) => o.strategyId === id);
    expect(children.map((o) => [o.price, o.qty, o.createType])).toEqual([
      ['60000', '0.1', 'CreateByIceBerg'],
    ]);

    const active = await call(h, CALLS.strategyList, {
      cookie: uta,
      json: { status: 2, category: ['spot'], strategyType: ['iceberg'], symbol: 'BTCUSDT' },
    });
    expect((resultOf(active).list as unknown[]).map((x) => toStrategyRow(x)?.strategyId)).toEqual([id]);

    const stopped = await call(h, CALLS.strategyStop, { cookie: uta, json: { strategyId: id } });
    expect(toStrategyRow(resultOf(stopped))?.closeReason).toBe('manual');
    const history = await call(h, CALLS.strategyList, { cookie: uta, json: { status: 3 } });
    expect(resultOf(history)).toMatchObject({ pageSize: 20 });
    expect((resultOf(history).list as unknown[]).map((x) => toStrategyRow(x)?.strategyStatus)).toEqual([
      'COMPLETED',
    ]);
    // Every change was pushed on the strategy topic.
    const pushed = h.pushes.filter((p) => p.topics.includes('strategy')).map((p) => toStrategyRow(p.data[0]));
    expect(pushed.map((p) => p?.strategyStatus)).toContain('RUNNING');
    expect(pushed.at(-1)?.strategyStatus).toBe('COMPLETED');
  });

  it('refuses sub-accounts (spec §6: tools not available)', async () => {
    const r = await call(h, CALLS.strategyCreate, { cookie: sub, json: iceberg });
    expect(r.body).toMatchObject({ code: 10403, success: false });
  });

  it.each([
    [{ ...iceberg, totalQty: '0.00001' }, 170136],
    [{ ...iceberg, price: '60000.123' }, 170134],
    [{ ...iceberg, totalQty: '50' }, 170131],
    [
      {
        kind: 'twap',
        symbol: 'BTCUSDT',
        side: 'Buy',
        totalQty: '0.1',
        durationMs: 60_000,
        intervalMs: 10_000,
      },
      10001,
    ],
    [
      {
        kind: 'scaled',
        symbol: 'BTCUSDT',
        side: 'Buy',
        priceLow: '1',
        priceHigh: '2',
        orderCount: 101,
        totalQty: '1',
      },
      10001,
    ],
    [
      {
        kind: 'grid',
        symbol: 'BTCUSDT',
        minPrice: '70000',
        maxPrice: '60000',
        gridNumber: 5,
        investment: '1000',
      },
      10001,
    ],
  ])('refuses %j with code %i', async (json, code) => {
    const r = await call(h, CALLS.strategyCreate, { cookie: uta, json });
    expect(r.body).toMatchObject({ code, success: false });
  });

  it('pages the history list after a cursor (the integrated list tools tab)', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await call(h, CALLS.strategyCreate, { cookie: uta, json: iceberg });
      const id = toStrategyRow(resultOf(r))?.strategyId ?? '';
      await call(h, CALLS.strategyStop, { cookie: uta, json: { strategyId: id } });
      ids.push(id);
    }
    const page = async (json: Record<string, unknown>): Promise<(string | undefined)[]> =>
      (resultOf(await call(h, CALLS.strategyList, { cookie: uta, json })).list as unknown[]).map(
        (x) => toStrategyRow(x)?.strategyId,
      );
    // Newest first: the three just stopped, then the first test's.
    const first = await page({ status: 3, pageSize: 2 });
    expect(first).toEqual([ids[2], ids[1]]);
    const second = await page({ status: 3, pageSize: 2, cursor: ids[1] });
    expect(second.slice(0, 1)).toEqual([ids[0]]);
    expect(second).toHaveLength(2);
    expect(await page({ status: 3, pageSize: 2, cursor: '999999' })).toEqual([]);
  });
});
