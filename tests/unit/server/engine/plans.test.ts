import { describe, expect, it } from 'vitest';
import type { Engine } from '../../../../server/engine/engine';
import type { OrderView, PlaceOrderRequest } from '../../../../server/engine/types';
import { ENGINE_ERRORS } from '../../../../server/engine/types';
import { bal, expectCode, expectOk, fund, limit, market, order, world } from './helpers';

function plan(engine: Engine, req: Omit<PlaceOrderRequest, 'symbol'> & { symbol?: string }): OrderView {
  return expectOk(engine.placeOrder({ symbol: 'TSTUSDT', ...req }));
}

/** The ordinary order a plan order spawned. */
function childOf(engine: Engine, accountId: string, planId: string): OrderView {
  const all = [...engine.openOrders(accountId), ...engine.orderHistory(accountId)];
  const child = all.find((o) => o.parentOrderId === planId);
  if (child === undefined) throw new Error(`no child of ${planId}`);
  return child;
}

/** A trade at `price` between the two system accounts. */
function printTrade(engine: Engine, price: string): void {
  limit(engine, 'mm', 'Sell', price, '0.01');
  limit(engine, 'mm2', 'Buy', price, '0.01');
}

describe('conditional orders (planType 1)', () => {
  it('a buy stop above the market triggers when a trade reaches it, spawning a limit child', () => {
    const { engine } = world();
    fund(engine, 'alice', { USDT: '1000' });
    engine.setLastPrice('TSTUSDT', '100');
    const p = plan(engine, {
      accountId: 'alice',
      clientOrderId: 'stop-1',
      side: 'Buy',
      orderType: 'Limit',
      planType: 1,
      triggerPrice: '105',
      price: '106',
      qty: '1',
    });
    expect(p).toMatchObject({ orderStatus: 'Untriggered', triggerDirection: 1, stopOrderType: 'Stop' });
    expect(bal(engine, 'alice', 'USDT')).toEqual(['894', '106']);
    printTrade(engine, '104.99');
    expect(order(engine, p.orderId).orderStatus).toBe('Untriggered');
    printTrade(engine, '105');
    expect(order(engine, p.orderId).orderStatus).toBe('Triggered');
    const child = childOf(engine, 'alice', p.orderId);
    expect(child).toMatchObject({
      orderLinkId: 'stop-1-T',
      planType: -1,
      orderType: 'Limit',
      price: '106',
      qty: '1',
      orderStatus: 'New',
    });
    expect(bal(engine, 'alice', 'USDT')).toEqual(['894', '106']);
    expect(engine.openOrders('alice', { planTypes: [1] })).toEqual([]);
    expect(engine.orderHistory('alice', { planTypes: [1] }).map((o) => o.orderId)).toEqual([p.orderId]);
  });

  it('a sell stop below the market triggers on the way down and sells at market', () => {
    const { engine } = world();
    fund(engine, 'alice', { TST: '1' });
    engine.setLastPrice('TSTUSDT', '100');
    const p = plan(engine, {
      accountId: 'alice',
      clientOrderId: 'stop-2',
      side: 'Sell',
      orderType: 'Market',
      planType: 1,
      triggerPrice: '95',
      qty: '1',
    });
    expect(p.triggerDirection).toBe(2);
    expect(bal(engine, 'alice', 'TST')).toEqual(['0', '1']);
    limit(engine, 'mm', 'Buy', '94', '5');
    engine.setLastPrice('TSTUSDT', '95.01');
    expect(order(engine, p.orderId).orderStatus).toBe('Untriggered');
    engine.setLastPrice('TSTUSDT', '95');
    const child = childOf(engine, 'alice', p.orderId);
    expect(child).toMatchObject({ orderType: 'Market', orderStatus: 'Filled', avgPrice: '94' });
    expect(bal(engine, 'alice', 'TST')).toEqual(['0', '0']);
    expect(bal(engine, 'alice', 'USDT')).toEqual(['93.906', '0']);
  });

  it('a market buy by base locks qty × trigger × 1.05 and the child spends at most that', () => {
    const { engine } = world();
    fund(engine, 'alice', { USDT: '1000' });
    engine.setLastPrice('TSTUSDT', '100');
    const p = plan(engine, {
      accountId: 'alice',
      clientOrderId: '',
      side: 'Buy',
      orderType: 'Market',
      marketUnit: 'baseCoin',
      planType: 1,
      triggerPrice: '110',
      qty: '2',
    });
    expect(bal(engine, 'alice', 'USDT')).toEqual(['769', '231']);
    limit(engine, 'mm', 'Sell', '111', '1');
    limit(engine, 'mm', 'Sell', '120', '5');
    engine.setLastPrice('TSTUSDT', '110');
    const child = childOf(engine, 'alice', p.orderId);
    // 231 buys 1 @ 111 and 1 @ 120 = 231 exactly.
    expect(child).toMatchObject({ orderStatus: 'Filled', cumExecQty: '2', cumExecValue: '231' });
    expect(bal(engine, 'alice', 'USDT')).toEqual(['769', '0']);
  });

  it('cancelling an untriggered plan order releases its lock', () => {
    const { engine } = world();
    fund(engine, 'alice', { USDT: '1000' });
    engine.setLastPrice('TSTUSDT', '100');
    const p = plan(engine, {
      accountId: 'alice',
      clientOrderId: 'c',
      side: 'Buy',
      orderType: 'Market',
      planType: 1,
      triggerPrice: '105',
      amount: '50',
    });
    expect(bal(engine, 'alice', 'USDT')).toEqual(['950', '50']);
    const c = expectOk(engine.cancelOrder({ accountId: 'alice', orderId: p.orderId }));
    expect(c).toMatchObject({ orderStatus: 'Cancelled', cancelType: 'CancelByUser' });
    expect(bal(engine, 'alice', 'USDT')).toEqual(['1000', '0']);
    engine.setLastPrice('TSTUSDT', '106');
    expect(engine.openOrders('alice')).toEqual([]);
    expectCode(engine.cancelOrder({ accountId: 'alice', orderId: p.orderId }), ENGINE_ERRORS.orderNotFound);
  });

  it('needs a market price to decide the direction', () => {
    const { engine } = world();
    fund(engine, 'alice', { USDT: '1000' });
    const req: PlaceOrderRequest = {
      accountId: 'alice',
      clientOrderId: '',
      symbol: 'TSTUSDT',
      side: 'Buy',
      orderType: 'Limit',
      planType: 1,
      triggerPrice: '105',
      price: '105',
      qty: '1',
    };
    expectCode(engine.placeOrder(req), ENGINE_ERRORS.param);
    limit(engine, 'mm', 'Buy', '100', '1');
    limit(engine, 'mm', 'Sell', '110', '1');
    // No trade yet: the mid (105) is the reference; a trigger at the mid counts as "falls to".
    expect(expectOk(engine.placeOrder(req)).triggerDirection).toBe(2);
  });
});

describe('stop-limit orders (planType 8)', () => {
  it('always spawns a limit order, which matches normally', () => {
    const { engine } = world();
    fund(engine, 'alice', { TST: '2' });
    engine.setLastPrice('TSTUSDT', '100');
    const p = plan(engine, {
      accountId: 'alice',
      clientOrderId: 'sl',
      side: 'Sell',
      orderType: 'Market',
      planType: 8,
      triggerPrice: '90',
      price: '89',
      qty: '2',
    });
    expect(p).toMatchObject({ orderType: 'Limit', stopOrderType: 'StopLimit', triggerDirection: 2 });
    limit(engine, 'mm', 'Buy', '89.5', '1');
    engine.setLastPrice('TSTUSDT', '90');
    const child = childOf(engine, 'alice', p.orderId);
    expect(child).toMatchObject({
      orderType: 'Limit',
      price: '89',
      orderStatus: 'PartiallyFilled',
      leavesQty: '1',
    });
    expect(engine.depth('TSTUSDT', 5).asks).toEqual([['89', '1']]);
  });
});

describe('OCO orders (planType 10)', () => {
  function sellOco(engine: Engine): OrderView {
    return plan(engine, {
      accountId: 'alice',
      clientOrderId: 'oco',
      side: 'Sell',
      orderType: 'Limit',
      planType: 10,
      qty: '1',
      takeProfit: { triggerPrice: '110', orderType: 'Limit', limitPrice: '110' },
      stopLoss: { triggerPrice: '90', orderType: 'Market' },
    });
  }

  it('take-profit leg fires; the stop-loss leg goes with it', () => {
    const { engine } = world();
    fund(engine, 'alice', { TST: '1' });
    engine.setLastPrice('TSTUSDT', '100');
    const p = sellOco(engine);
    expect(p).toMatchObject({
      orderStatus: 'Untriggered',
      stopOrderType: 'OcoOrder',
      takeProfit: '110',
      stopLoss: '90',
      tpOrderType: 'Limit',
      slOrderType: 'Market',
      tpLimitPrice: '110',
      ocoTriggerBy: '',
    });
    expect(bal(engine, 'alice', 'TST')).toEqual(['0', '1']);
    engine.setLastPrice('TSTUSDT', '110');
    expect(order(engine, p.orderId)).toMatchObject({
      orderStatus: 'Triggered',
      ocoTriggerBy: 'OcoTriggerByTp',
    });
    const child = childOf(engine, 'alice', p.orderId);
    expect(child).toMatchObject({ orderType: 'Limit', price: '110', orderStatus: 'New', side: 'Sell' });
    engine.setLastPrice('TSTUSDT', '80');
    expect(engine.openOrders('alice').map((o) => o.orderId)).toEqual([child.orderId]);
    expect(bal(engine, 'alice', 'TST')).toEqual(['0', '1']);
  });

  it('stop-loss leg fires with a market order', () => {
    const { engine } = world();
    fund(engine, 'alice', { TST: '1' });
    engine.setLastPrice('TSTUSDT', '100');
    const p = sellOco(engine);
    limit(engine, 'mm', 'Buy', '89', '1');
    engine.setLastPrice('TSTUSDT', '90');
    expect(order(engine, p.orderId)).toMatchObject({
      orderStatus: 'Triggered',
      ocoTriggerBy: 'OcoTriggerBySl',
    });
    expect(childOf(engine, 'alice', p.orderId)).toMatchObject({ orderType: 'Market', orderStatus: 'Filled' });
    expect(engine.openOrders('alice')).toEqual([]);
    expect(bal(engine, 'alice', 'USDT')).toEqual(['88.911', '0']);
  });

  it('a buy OCO locks its dearer leg and hands the limit leg exactly what it needs', () => {
    const { engine } = world();
    fund(engine, 'alice', { USDT: '200' });
    engine.setLastPrice('TSTUSDT', '100');
    const p = plan(engine, {
      accountId: 'alice',
      clientOrderId: '',
      side: 'Buy',
      orderType: 'Limit',
      planType: 10,
      qty: '1',
      takeProfit: { triggerPrice: '90', orderType: 'Limit', limitPrice: '90' },
      stopLoss: { triggerPrice: '110', orderType: 'Market' },
    });
    expect(bal(engine, 'alice', 'USDT')).toEqual(['84.5', '115.5']);
    engine.setLastPrice('TSTUSDT', '90');
    expect(order(engine, p.orderId).ocoTriggerBy).toBe('OcoTriggerByTp');
    expect(bal(engine, 'alice', 'USDT')).toEqual(['110', '90']);
  });

  it('rejects legs on the wrong side of the market with triggerSide', () => {
    const { engine } = world();
    fund(engine, 'alice', { TST: '1', USDT: '1000' });
    engine.setLastPrice('TSTUSDT', '100');
    const base = {
      accountId: 'alice',
      clientOrderId: '',
      symbol: 'TSTUSDT',
      orderType: 'Limit' as const,
      planType: 10 as const,
      qty: '1',
    };
    const leg = (p: string) => ({ triggerPrice: p, orderType: 'Market' as const });
    // Sell: TP above, SL below.
    expectCode(
      engine.placeOrder({ ...base, side: 'Sell', takeProfit: leg('99'), stopLoss: leg('90') }),
      ENGINE_ERRORS.triggerSide,
    );
    expectCode(
      engine.placeOrder({ ...base, side: 'Sell', takeProfit: leg('110'), stopLoss: leg('101') }),
      ENGINE_ERRORS.triggerSide,
    );
    // Buy: TP below, SL above.
    expectCode(
      engine.placeOrder({ ...base, side: 'Buy', takeProfit: leg('101'), stopLoss: leg('110') }),
      ENGINE_ERRORS.triggerSide,
    );
    expectCode(
      engine.placeOrder({ ...base, side: 'Buy', takeProfit: leg('90'), stopLoss: leg('99') }),
      ENGINE_ERRORS.triggerSide,
    );
    expectCode(engine.placeOrder({ ...base, side: 'Sell', takeProfit: leg('110') }), ENGINE_ERRORS.param);
    expectOk(engine.placeOrder({ ...base, side: 'Buy', takeProfit: leg('90'), stopLoss: leg('110') }));
  });

  it('cancel of an untriggered OCO releases the lock', () => {
    const { engine } = world();
    fund(engine, 'alice', { TST: '1' });
    engine.setLastPrice('TSTUSDT', '100');
    const p = sellOco(engine);
    expect(engine.cancelAll({ accountId: 'alice' })).toEqual([]);
    const cancelled = engine.cancelAll({ accountId: 'alice', planType: 10 });
    expect(cancelled.map((o) => [o.orderId, o.orderStatus])).toEqual([[p.orderId, 'Cancelled']]);
    expect(bal(engine, 'alice', 'TST')).toEqual(['1', '0']);
  });
});

describe('TP/SL attached to a limit order (planType 11)', () => {
  function tpslBuy(engine: Engine): OrderView {
    return limit(engine, 'alice', 'Buy', '100', '1', {
      clientOrderId: 'entry',
      planType: 11,
      takeProfit: { triggerPrice: '120', orderType: 'Limit', limitPrice: '120' },
      stopLoss: { triggerPrice: '80', orderType: 'Market' },
    });
  }

  it('creates an opposite OCO for the delivered quantity once the limit order is completely filled', () => {
    const { engine } = world();
    fund(engine, 'alice', { USDT: '1000' });
    const entry = tpslBuy(engine);
    expect(entry).toMatchObject({ orderStatus: 'New', stopOrderType: 'tpslOrder', takeProfit: '120' });
    market(engine, 'mm', 'Sell', { qty: '0.5' });
    expect(engine.openOrders('alice', { planTypes: [10] })).toEqual([]);
    market(engine, 'mm', 'Sell', { qty: '0.5' });
    expect(order(engine, entry.orderId).orderStatus).toBe('Filled');
    const [oco] = engine.openOrders('alice', { planTypes: [10] });
    expect(oco).toMatchObject({
      side: 'Sell',
      qty: '0.999',
      orderStatus: 'Untriggered',
      parentOrderId: entry.orderId,
      orderLinkId: 'entry-TPSL',
      takeProfit: '120',
      stopLoss: '80',
    });
    expect(bal(engine, 'alice', 'TST')).toEqual(['0', '0.999']);
    engine.setLastPrice('TSTUSDT', '120');
    expect(order(engine, oco?.orderId ?? '').ocoTriggerBy).toBe('OcoTriggerByTp');
    expect(engine.openOrders('alice').map((o) => [o.side, o.price, o.qty])).toEqual([
      ['Sell', '120', '0.999'],
    ]);
  });

  it('creates nothing for a partially filled then cancelled order, and checks leg sides against the price', () => {
    const { engine } = world();
    fund(engine, 'alice', { USDT: '1000' });
    const entry = tpslBuy(engine);
    market(engine, 'mm', 'Sell', { qty: '0.5' });
    expectOk(engine.cancelOrder({ accountId: 'alice', orderId: entry.orderId }));
    expect(engine.openOrders('alice')).toEqual([]);
    expectCode(
      engine.placeOrder({
        accountId: 'alice',
        clientOrderId: '',
        symbol: 'TSTUSDT',
        side: 'Buy',
        orderType: 'Limit',
        price: '100',
        qty: '1',
        planType: 11,
        takeProfit: { triggerPrice: '95', orderType: 'Market' },
      }),
      ENGINE_ERRORS.triggerSide,
    );
  });
});

describe('trailing stops (planType 4 / 5)', () => {
  it('sell by rate without activation: tracks the peak and fires at peak × (1 − rate)', () => {
    const { engine } = world();
    fund(engine, 'alice', { TST: '1' });
    engine.setLastPrice('TSTUSDT', '100');
    const p = plan(engine, {
      accountId: 'alice',
      clientOrderId: 'trail',
      side: 'Sell',
      orderType: 'Market',
      planType: 4,
      qty: '1',
      trailingPercentage: '0.1',
    });
    expect(p).toMatchObject({ stopOrderType: 'TrailingStop', triggerPrice: '90', triggerDirection: 2 });
    engine.setLastPrice('TSTUSDT', '110');
    expect(order(engine, p.orderId).triggerPrice).toBe('99');
    engine.setLastPrice('TSTUSDT', '99.01');
    expect(order(engine, p.orderId).orderStatus).toBe('Untriggered');
    limit(engine, 'mm', 'Buy', '98', '1');
    engine.setLastPrice('TSTUSDT', '99');
    expect(order(engine, p.orderId).orderStatus).toBe('Triggered');
    expect(childOf(engine, 'alice', p.orderId)).toMatchObject({ orderType: 'Market', orderStatus: 'Filled' });
  });

  it('buy by distance with activation: inactive until the price falls to it, then trough + value', () => {
    const { engine } = world();
    fund(engine, 'alice', { USDT: '1000' });
    engine.setLastPrice('TSTUSDT', '100');
    const p = plan(engine, {
      accountId: 'alice',
      clientOrderId: '',
      side: 'Buy',
      orderType: 'Market',
      marketUnit: 'baseCoin',
      planType: 5,
      qty: '1',
      trailingValue: '5',
      activationPrice: '90',
    });
    expect(p).toMatchObject({ stopOrderType: 'TrailingProfit', triggerPrice: '0', activationPrice: '90' });
    // Ceiling 90 + 5 = 95, × 1.05.
    expect(bal(engine, 'alice', 'USDT')).toEqual(['900.25', '99.75']);
    engine.setLastPrice('TSTUSDT', '120');
    engine.setLastPrice('TSTUSDT', '95');
    expect(order(engine, p.orderId).triggerPrice).toBe('0');
    engine.setLastPrice('TSTUSDT', '90');
    expect(order(engine, p.orderId).triggerPrice).toBe('95');
    engine.setLastPrice('TSTUSDT', '85');
    expect(order(engine, p.orderId).triggerPrice).toBe('90');
    engine.setLastPrice('TSTUSDT', '89.99');
    expect(order(engine, p.orderId).orderStatus).toBe('Untriggered');
    limit(engine, 'mm', 'Sell', '91', '5');
    engine.setLastPrice('TSTUSDT', '90');
    const child = childOf(engine, 'alice', p.orderId);
    expect(child).toMatchObject({ orderStatus: 'Filled', cumExecValue: '91' });
    expect(bal(engine, 'alice', 'USDT')).toEqual(['909', '0']);
  });

  it('sell by distance with activation and buy by rate without', () => {
    const { engine } = world();
    fund(engine, 'alice', { TST: '1', USDT: '1000' });
    engine.setLastPrice('TSTUSDT', '100');
    const sell = plan(engine, {
      accountId: 'alice',
      clientOrderId: '',
      side: 'Sell',
      orderType: 'Market',
      planType: 4,
      qty: '1',
      trailingValue: '2',
      activationPrice: '105',
    });
    const buy = plan(engine, {
      accountId: 'alice',
      clientOrderId: '',
      side: 'Buy',
      orderType: 'Market',
      planType: 4,
      amount: '50',
      trailingPercentage: '0.05',
    });
    engine.setLastPrice('TSTUSDT', '97');
    // The sell is not active yet, so falling does not fire it; the buy's trough is 97, stop 101.85 → 101.85.
    expect(order(engine, sell.orderId).orderStatus).toBe('Untriggered');
    expect(order(engine, buy.orderId).triggerPrice).toBe('101.85');
    engine.setLastPrice('TSTUSDT', '106');
    expect(order(engine, buy.orderId).orderStatus).toBe('Triggered');
    expect(order(engine, sell.orderId).triggerPrice).toBe('104');
    engine.setLastPrice('TSTUSDT', '104');
    expect(order(engine, sell.orderId).orderStatus).toBe('Triggered');
  });

  it('requires exactly one of rate and distance', () => {
    const { engine } = world();
    fund(engine, 'alice', { TST: '1' });
    engine.setLastPrice('TSTUSDT', '100');
    const base: PlaceOrderRequest = {
      accountId: 'alice',
      clientOrderId: '',
      symbol: 'TSTUSDT',
      side: 'Sell',
      orderType: 'Market',
      planType: 4,
      qty: '1',
    };
    expectCode(engine.placeOrder(base), ENGINE_ERRORS.param);
    expectCode(
      engine.placeOrder({ ...base, trailingPercentage: '0.1', trailingValue: '1' }),
      ENGINE_ERRORS.param,
    );
    expectCode(engine.placeOrder({ ...base, trailingPercentage: '1.5' }), ENGINE_ERRORS.param);
    expectCode(engine.placeOrder({ ...base, trailingValue: '0.001' }), ENGINE_ERRORS.priceDecimals);
  });
});
