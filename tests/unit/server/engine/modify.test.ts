import { describe, expect, it } from 'vitest';
import type { ModifyOrderRequest } from '../../../../server/engine/types';
import { ENGINE_ERRORS } from '../../../../server/engine/types';
import { bal, expectCode, expectOk, fund, limit, market, order, world } from './helpers';

describe('modify ordinary limit orders', () => {
  it('rejects a qty below the filled qty; qty equal to it fills the order', () => {
    const { engine } = world();
    fund(engine, 'alice', { USDT: '1000' });
    const o = limit(engine, 'alice', 'Buy', '100', '3');
    market(engine, 'mm', 'Sell', { qty: '1' });
    expectCode(
      engine.modifyOrder({ accountId: 'alice', orderId: o.orderId, qty: '0.5' }),
      ENGINE_ERRORS.modifyQtyBelowFilled,
    );
    const done = expectOk(engine.modifyOrder({ accountId: 'alice', orderId: o.orderId, qty: '1' }));
    expect(done).toMatchObject({ orderStatus: 'Filled', qty: '1', cumExecQty: '1', leavesQty: '0' });
    expect(bal(engine, 'alice', 'USDT')).toEqual(['900', '0']);
    expect(engine.depth('TSTUSDT', 5).bids).toEqual([]);
    expectCode(
      engine.modifyOrder({ accountId: 'alice', orderId: o.orderId, qty: '2' }),
      ENGINE_ERRORS.orderNotFound,
    );
  });

  it('a qty decrease keeps time priority; an increase or a price change loses it', () => {
    /** Bob rests first, carol second at 101; after `change` to bob's order, who does a small taker hit? */
    const firstFilled = (change: (bobOrderId: string) => ModifyOrderRequest[]): string => {
      const { engine } = world();
      fund(engine, 'bob', { TST: '10' });
      fund(engine, 'carol', { TST: '10' });
      const bob = limit(engine, 'bob', 'Sell', '101', '2');
      limit(engine, 'carol', 'Sell', '101', '2');
      for (const m of change(bob.orderId)) expectOk(engine.modifyOrder(m));
      expect(market(engine, 'mm', 'Buy', { marketUnit: 'baseCoin', qty: '0.5' }).orderStatus).toBe('Filled');
      return engine.executions('bob').length > 0 ? 'bob' : 'carol';
    };
    expect(firstFilled(() => [])).toBe('bob');
    expect(firstFilled((id) => [{ accountId: 'bob', orderId: id, qty: '1.5' }])).toBe('bob');
    expect(firstFilled((id) => [{ accountId: 'bob', orderId: id, qty: '3' }])).toBe('carol');
    expect(
      firstFilled((id) => [
        { accountId: 'bob', orderId: id, price: '102' },
        { accountId: 'bob', orderId: id, price: '101' },
      ]),
    ).toBe('carol');
  });

  it('adjusts the lock, refuses an increase the balance cannot cover, and leaves the order unchanged', () => {
    const { engine, events } = world();
    fund(engine, 'alice', { USDT: '200' });
    const o = limit(engine, 'alice', 'Buy', '100', '1');
    expectOk(engine.modifyOrder({ accountId: 'alice', orderId: o.orderId, price: '90' }));
    expect(bal(engine, 'alice', 'USDT')).toEqual(['110', '90']);
    const m = expectOk(engine.modifyOrder({ accountId: 'alice', clientOrderId: o.orderLinkId, qty: '2' }));
    expect(m).toMatchObject({ price: '90', qty: '2', leavesQty: '2', orderStatus: 'New' });
    expect(bal(engine, 'alice', 'USDT')).toEqual(['20', '180']);
    const before = events.orders.length;
    expectCode(
      engine.modifyOrder({ accountId: 'alice', orderId: o.orderId, qty: '3' }),
      ENGINE_ERRORS.balance,
    );
    expect(order(engine, o.orderId)).toMatchObject({ price: '90', qty: '2' });
    expect(events.orders.length).toBe(before);
    expect(engine.depth('TSTUSDT', 5).bids).toEqual([['90', '2']]);
  });

  it('matches immediately when the new price crosses', () => {
    const { engine } = world();
    fund(engine, 'alice', { USDT: '1000' });
    limit(engine, 'mm', 'Sell', '101', '1');
    const o = limit(engine, 'alice', 'Buy', '100', '2');
    const m = expectOk(engine.modifyOrder({ accountId: 'alice', orderId: o.orderId, price: '102' }));
    expect(m).toMatchObject({
      orderStatus: 'PartiallyFilled',
      cumExecQty: '1',
      leavesQty: '1',
      price: '102',
    });
    expect(engine.depth('TSTUSDT', 5)).toMatchObject({ bids: [['102', '1']], asks: [] });
    expect(bal(engine, 'alice', 'USDT')).toEqual(['797', '102']);
  });

  it('a post-only order cannot be re-priced across the book', () => {
    const { engine } = world();
    fund(engine, 'alice', { USDT: '1000' });
    limit(engine, 'mm', 'Sell', '101', '1');
    const o = limit(engine, 'alice', 'Buy', '100', '1', { timeInForce: 'PostOnly' });
    expectCode(
      engine.modifyOrder({ accountId: 'alice', orderId: o.orderId, price: '101' }),
      ENGINE_ERRORS.postOnlyWouldTake,
    );
    expect(order(engine, o.orderId).price).toBe('100');
  });

  it('validates numbers and ownership', () => {
    const { engine } = world();
    fund(engine, 'alice', { USDT: '1000' });
    fund(engine, 'bob', { USDT: '1000' });
    const o = limit(engine, 'alice', 'Buy', '100', '1');
    expectCode(
      engine.modifyOrder({ accountId: 'alice', orderId: o.orderId, price: 'abc' }),
      ENGINE_ERRORS.param,
    );
    expectCode(
      engine.modifyOrder({ accountId: 'alice', orderId: o.orderId, price: '0' }),
      ENGINE_ERRORS.param,
    );
    expectCode(engine.modifyOrder({ accountId: 'alice', orderId: o.orderId }), ENGINE_ERRORS.param);
    expectCode(
      engine.modifyOrder({ accountId: 'alice', orderId: o.orderId, price: '100.001' }),
      ENGINE_ERRORS.priceDecimals,
    );
    expectCode(
      engine.modifyOrder({ accountId: 'alice', orderId: o.orderId, qty: '1.00001' }),
      ENGINE_ERRORS.qtyDecimals,
    );
    expectCode(
      engine.modifyOrder({ accountId: 'alice', orderId: o.orderId, qty: '5000' }),
      ENGINE_ERRORS.qtyTooLarge,
    );
    expectCode(
      engine.modifyOrder({ accountId: 'bob', orderId: o.orderId, qty: '2' }),
      ENGINE_ERRORS.orderNotFound,
    );
    expectCode(
      engine.modifyOrder({ accountId: 'alice', orderId: '999999', qty: '2' }),
      ENGINE_ERRORS.orderNotFound,
    );
  });
});

describe('modify plan orders', () => {
  it('a new trigger price recomputes the direction; qty and price re-lock', () => {
    const { engine } = world();
    fund(engine, 'alice', { USDT: '1000' });
    engine.setLastPrice('TSTUSDT', '100');
    const p = expectOk(
      engine.placeOrder({
        accountId: 'alice',
        clientOrderId: '',
        symbol: 'TSTUSDT',
        side: 'Buy',
        orderType: 'Limit',
        planType: 1,
        triggerPrice: '95',
        price: '96',
        qty: '1',
      }),
    );
    expect(p.triggerDirection).toBe(2);
    const m = expectOk(
      engine.modifyOrder({
        accountId: 'alice',
        orderId: p.orderId,
        triggerPrice: '105',
        price: '106',
        qty: '2',
      }),
    );
    expect(m).toMatchObject({ triggerDirection: 1, triggerPrice: '105', price: '106', qty: '2' });
    expect(bal(engine, 'alice', 'USDT')).toEqual(['788', '212']);
    engine.setLastPrice('TSTUSDT', '95');
    expect(order(engine, p.orderId).orderStatus).toBe('Untriggered');
    engine.setLastPrice('TSTUSDT', '105');
    expect(order(engine, p.orderId).orderStatus).toBe('Triggered');
  });

  it('trailing orders change activation, rate or distance; OCO only its qty', () => {
    const { engine } = world();
    fund(engine, 'alice', { TST: '5' });
    engine.setLastPrice('TSTUSDT', '100');
    const t = expectOk(
      engine.placeOrder({
        accountId: 'alice',
        clientOrderId: '',
        symbol: 'TSTUSDT',
        side: 'Sell',
        orderType: 'Market',
        planType: 4,
        qty: '1',
        trailingPercentage: '0.1',
      }),
    );
    const m = expectOk(
      engine.modifyOrder({ accountId: 'alice', orderId: t.orderId, trailingValue: '3', qty: '2' }),
    );
    expect(m).toMatchObject({ trailingPercentage: '0', trailingValue: '3', triggerPrice: '97', qty: '2' });
    expect(bal(engine, 'alice', 'TST')).toEqual(['3', '2']);
    const oco = expectOk(
      engine.placeOrder({
        accountId: 'alice',
        clientOrderId: '',
        symbol: 'TSTUSDT',
        side: 'Sell',
        orderType: 'Limit',
        planType: 10,
        qty: '1',
        takeProfit: { triggerPrice: '110', orderType: 'Market' },
        stopLoss: { triggerPrice: '90', orderType: 'Market' },
      }),
    );
    expectCode(
      engine.modifyOrder({ accountId: 'alice', orderId: oco.orderId, triggerPrice: '111' }),
      ENGINE_ERRORS.param,
    );
    expectOk(engine.modifyOrder({ accountId: 'alice', orderId: oco.orderId, qty: '3' }));
    expect(bal(engine, 'alice', 'TST')).toEqual(['0', '5']);
    expectCode(
      engine.modifyOrder({ accountId: 'alice', orderId: oco.orderId, qty: '4' }),
      ENGINE_ERRORS.balance,
    );
  });
});
