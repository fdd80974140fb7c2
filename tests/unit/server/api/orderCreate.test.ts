import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../../../server/app';
import { CREATE_BURST } from '../../../../server/api/orderCreate';
import type { CreateOrderRequest } from '../../../../workers/protocol/orders';
import { call, login, startTestSim } from '../../../support/sim';

let sim: Simulator;
let uta = '';

beforeAll(async () => {
  sim = await startTestSim();
  uta = await login(sim, 'uta@sim.local', 'uta-pass');
});

afterAll(async () => {
  await sim.close();
});

/** Sends a create whose body is typed by the shared request, so the test breaks if the two drift apart. */
const create = (body: CreateOrderRequest) => call(sim, 'POST', '/spot/api/order/orderCreate', body, uta);

const base = { symbol_id: 1, side: 'buy', type: 'limit', price: '50000', quantity: '0.01' } as const;

describe('orderCreate reads the shared CreateOrderRequest', () => {
  it('accepts string and JSON-typed forms of symbol_id, plan_type and is_leverage alike', async () => {
    const a = await create({ ...base, client_order_id: 'cr-num' });
    const b = await create({
      ...base,
      symbol_id: '1',
      plan_type: '-1',
      is_leverage: 'false',
      client_order_id: 'cr-str',
    });
    expect(a.json).toMatchObject({ code: 0, success: true });
    expect(b.json).toMatchObject({ code: 0, success: true });
  });

  it('reads flattened legs: a limit leg needs its limit price, named in the error', async () => {
    const r = await create({
      ...base,
      plan_type: 10,
      side: 'sell',
      tp_trigger_price: '90000',
      tp_order_type: 'limit',
      sl_trigger_price: '30000',
      client_order_id: 'cr-leg',
    });
    expect(r.json.code).toBe(10001);
    expect(r.json.message).toContain('tp_limit_price');
  });

  it('answers a retried client order id before the attempt limit, then limits new attempts', async () => {
    const first = await create({ ...base, client_order_id: 'cr-retry' });
    expect(first.json.code).toBe(0);
    // Spend the rest of the burst on rejected attempts (bad side: checked after the limiter).
    for (let i = 0; i < CREATE_BURST; i++) await create({ ...base, side: 'up', client_order_id: `cr-x${i}` });
    const limited = await create({ ...base, client_order_id: 'cr-new' });
    expect(limited.json.code).toBe(170348);
    const retry = await create({ ...base, client_order_id: 'cr-retry' });
    expect(retry.json.code).toBe(0);
  });
});
