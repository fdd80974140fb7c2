import { describe, expect, it } from 'vitest';
import { Engine } from '../../../../server/engine/engine';
import type { EngineState } from '../../../../server/engine/types';
import { SYMBOLS } from '../../../../server/market/symbols';
import { TEST, bal, expectOk, fund, limit, market, order, world } from './helpers';

function reload(state: EngineState): Engine {
  // Through JSON, as the store will.
  const copy = JSON.parse(JSON.stringify(state)) as EngineState;
  let t = 1_800_000_000_000;
  const engine = new Engine({ symbols: [TEST, ...SYMBOLS], now: () => ++t });
  engine.importState(copy);
  engine.addAccount('mm', { system: true });
  return engine;
}

describe('exportState / importState', () => {
  it('keeps open orders matchable in priority, balances, plans, history and idempotency', () => {
    const { engine } = world();
    fund(engine, 'alice', { USDT: '1000', TST: '1' });
    fund(engine, 'bob', { USDT: '1000' });
    engine.setLastPrice('TSTUSDT', '100');
    const bobFirst = limit(engine, 'bob', 'Buy', '99', '1', { clientOrderId: 'b1' });
    const a = limit(engine, 'alice', 'Buy', '99', '1', { clientOrderId: 'a1' });
    // Re-priced after alice: bob's order must stay behind alice's after the reload (priority, not createdTime).
    expectOk(engine.modifyOrder({ accountId: 'bob', orderId: bobFirst.orderId, price: '98' }));
    expectOk(engine.modifyOrder({ accountId: 'bob', orderId: bobFirst.orderId, price: '99' }));
    const stop = expectOk(
      engine.placeOrder({
        accountId: 'alice',
        clientOrderId: 'stop',
        symbol: 'TSTUSDT',
        side: 'Sell',
        orderType: 'Market',
        planType: 4,
        qty: '1',
        trailingValue: '20',
      }),
    );
    engine.setLastPrice('TSTUSDT', '110');
    const cancelled = limit(engine, 'alice', 'Buy', '50', '1', { clientOrderId: 'gone' });
    expectOk(engine.cancelOrder({ accountId: 'alice', orderId: cancelled.orderId }));
    market(engine, 'mm', 'Sell', { qty: '0.5' });

    const state = engine.exportState();
    expect(state.orders.every((o) => o.accountId !== 'mm')).toBe(true);
    const e2 = reload(state);

    expect(e2.depth('TSTUSDT', 10)).toEqual(engine.depth('TSTUSDT', 10));
    expect(e2.balances('alice')).toEqual(engine.balances('alice'));
    expect(e2.balances('bob')).toEqual(engine.balances('bob'));
    expect(e2.lastPrice('TSTUSDT')).toBe('99');
    expect(e2.openOrders('alice')).toEqual(engine.openOrders('alice'));
    expect(e2.orderHistory('alice')).toEqual(engine.orderHistory('alice'));
    expect(e2.executions('alice')).toEqual(engine.executions('alice'));
    // Idempotency survives: same ids come back, nothing new is placed.
    const again = expectOk(
      e2.placeOrder({
        accountId: 'alice',
        clientOrderId: 'gone',
        symbol: 'TSTUSDT',
        side: 'Buy',
        orderType: 'Limit',
        price: '1',
        qty: '5',
      }),
    );
    expect(again).toMatchObject({ orderId: cancelled.orderId, orderStatus: 'Cancelled' });
    expect(e2.getOrderByClientId('alice', 'a1')?.orderId).toBe(a.orderId);

    // Alice's remaining 0.5 fills before bob's order.
    market(e2, 'mm', 'Sell', { qty: '1' });
    expect(order(e2, a.orderId).orderStatus).toBe('Filled');
    expect(order(e2, bobFirst.orderId)).toMatchObject({ orderStatus: 'PartiallyFilled', cumExecQty: '0.5' });

    // The trailing stop kept its peak (110 → stop 90).
    expect(order(e2, stop.orderId)).toMatchObject({ orderStatus: 'Untriggered', triggerPrice: '90' });
    limit(e2, 'mm', 'Buy', '90', '5');
    e2.setLastPrice('TSTUSDT', '90.01');
    expect(order(e2, stop.orderId).orderStatus).toBe('Untriggered');
    e2.setLastPrice('TSTUSDT', '90');
    expect(order(e2, stop.orderId).orderStatus).toBe('Triggered');
    expect(bal(e2, 'alice', 'TST')[1]).toBe('0');

    // New ids continue after the persisted ones.
    const next = limit(e2, 'bob', 'Buy', '10', '1');
    expect(Number(next.orderId)).toBeGreaterThanOrEqual(state.nextId);
    const ids = new Set(state.orders.map((o) => o.orderId));
    expect(ids.has(next.orderId)).toBe(false);
  });

  it('without engine-private state, orders re-enter by createdTime then id and locks are derived', () => {
    const { engine } = world();
    fund(engine, 'alice', { USDT: '1000' });
    fund(engine, 'bob', { USDT: '1000' });
    const a = limit(engine, 'alice', 'Buy', '99', '1');
    const b = limit(engine, 'bob', 'Buy', '99', '2');
    const { orderState: _drop, ...bare } = engine.exportState();
    const e2 = reload({ ...bare, orderState: undefined });
    expect(e2.depth('TSTUSDT', 5).bids).toEqual([['99', '3']]);
    market(e2, 'mm', 'Sell', { qty: '1' });
    expect(order(e2, a.orderId).orderStatus).toBe('Filled');
    expect(order(e2, b.orderId).orderStatus).toBe('New');
    expectOk(e2.cancelOrder({ accountId: 'bob', orderId: b.orderId }));
    expect(bal(e2, 'bob', 'USDT')).toEqual(['1000', '0']);
  });

  it('caps closed orders and executions per account', () => {
    const { engine } = world();
    fund(engine, 'alice', { USDT: '1000000' });
    for (let i = 0; i < 2300; i++) {
      const o = limit(engine, 'alice', 'Buy', '10', '1');
      expectOk(engine.cancelOrder({ accountId: 'alice', orderId: o.orderId }));
    }
    const state = engine.exportState();
    expect(state.orders).toHaveLength(2000);
    expect(engine.orderHistory('alice').length).toBeLessThanOrEqual(2000 + 256);
  });
});
