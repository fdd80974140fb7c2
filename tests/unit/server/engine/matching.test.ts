import { describe, expect, it } from 'vitest';
import type { Engine } from '../../../../server/engine/engine';
import { ENGINE_ERRORS } from '../../../../server/engine/types';
import { bal, expectCode, expectOk, fund, limit, market, order, world } from './helpers';

describe('price-time priority', () => {
  it('fills the better price first, then equal prices in time order', () => {
    const { engine } = world();
    fund(engine, 'bob', { TST: '10' });
    fund(engine, 'carol', { TST: '10' });
    fund(engine, 'alice', { USDT: '1000' });
    const a = limit(engine, 'bob', 'Sell', '100', '1');
    const b = limit(engine, 'carol', 'Sell', '100', '1');
    const c = limit(engine, 'carol', 'Sell', '99', '1');
    const taker = limit(engine, 'alice', 'Buy', '100', '2.5');

    expect(taker.orderStatus).toBe('Filled');
    expect(taker.cumExecQty).toBe('2.5');
    expect(order(engine, c.orderId).orderStatus).toBe('Filled');
    expect(order(engine, a.orderId).orderStatus).toBe('Filled');
    const rest = order(engine, b.orderId);
    expect(rest.orderStatus).toBe('PartiallyFilled');
    expect(rest.leavesQty).toBe('0.5');
    expect(rest.cumExecQty).toBe('0.5');
    const prices = engine
      .executions('alice')
      .reverse()
      .map((e) => [e.execPrice, e.execQty]);
    expect(prices).toEqual([
      ['99', '1'],
      ['100', '1'],
      ['100', '0.5'],
    ]);
    expect(engine.depth('TSTUSDT', 5)).toEqual({ symbol: 'TSTUSDT', bids: [], asks: [['100', '0.5']] });
  });

  it('rests the remainder of a partially filled limit order', () => {
    const { engine } = world();
    fund(engine, 'alice', { USDT: '1000' });
    limit(engine, 'mm', 'Sell', '100', '2');
    const o = limit(engine, 'alice', 'Buy', '100', '3');
    expect(o.orderStatus).toBe('PartiallyFilled');
    expect(o.leavesQty).toBe('1');
    expect(o.leavesValue).toBe('100');
    expect(o.avgPrice).toBe('100');
    expect(bal(engine, 'alice', 'USDT')).toEqual(['700', '100']);
    expect(engine.bestBid('TSTUSDT')).toBe('100');
    expect(engine.lastPrice('TSTUSDT')).toBe('100');
  });

  it('prints public trades with sequential ids and the taker side', () => {
    const { engine, events } = world();
    limit(engine, 'mm', 'Sell', '100', '1');
    limit(engine, 'mm', 'Sell', '101', '1');
    limit(engine, 'mm2', 'Buy', '101', '2');
    expect(events.trades.map((t) => [t.tradeId, t.seq, t.price, t.qty, t.side])).toEqual([
      ['1', 1, '100', '1', 'Buy'],
      ['2', 2, '101', '1', 'Buy'],
    ]);
  });
});

describe('time in force', () => {
  it('IOC cancels the remainder (partially filled, then nothing filled)', () => {
    const { engine } = world();
    fund(engine, 'alice', { USDT: '1000' });
    limit(engine, 'mm', 'Sell', '100', '1');
    const part = limit(engine, 'alice', 'Buy', '100', '3', { timeInForce: 'IOC' });
    expect(part.orderStatus).toBe('PartiallyFilledCanceled');
    expect(part.cancelType).toBe('CancelByIOC');
    expect(part.cumExecQty).toBe('1');
    const none = limit(engine, 'alice', 'Buy', '100', '1', { timeInForce: 'IOC' });
    expect(none.orderStatus).toBe('Cancelled');
    expect(none.cancelType).toBe('CancelByIOC');
    expect(bal(engine, 'alice', 'USDT')).toEqual(['900', '0']);
    expect(engine.openOrders('alice')).toEqual([]);
  });

  it('FOK fills completely or not at all', () => {
    const { engine, events } = world();
    fund(engine, 'alice', { USDT: '1000' });
    limit(engine, 'mm', 'Sell', '100', '1');
    limit(engine, 'mm', 'Sell', '101', '1');
    const no = limit(engine, 'alice', 'Buy', '100.5', '2', { timeInForce: 'FOK' });
    expect(no.orderStatus).toBe('Cancelled');
    expect(no.cancelType).toBe('CancelByFOK');
    expect(no.cumExecQty).toBe('0');
    expect(events.trades).toHaveLength(0);
    expect(bal(engine, 'alice', 'USDT')).toEqual(['1000', '0']);
    const yes = limit(engine, 'alice', 'Buy', '101', '2', { timeInForce: 'FOK' });
    expect(yes.orderStatus).toBe('Filled');
    expect(bal(engine, 'alice', 'USDT')).toEqual(['799', '0']);
  });

  it('PostOnly that would cross is cancelled; otherwise it rests', () => {
    const { engine } = world();
    fund(engine, 'alice', { USDT: '1000' });
    limit(engine, 'mm', 'Sell', '100', '1');
    const crossing = limit(engine, 'alice', 'Buy', '100', '1', { timeInForce: 'PostOnly' });
    expect(crossing.orderStatus).toBe('Cancelled');
    expect(crossing.cancelType).toBe('CancelByPostOnly');
    expect(bal(engine, 'alice', 'USDT')).toEqual(['1000', '0']);
    const maker = limit(engine, 'alice', 'Buy', '99.99', '1', { timeInForce: 'PostOnly' });
    expect(maker.orderStatus).toBe('New');
    expect(bal(engine, 'alice', 'USDT')).toEqual(['900.01', '99.99']);
  });
});

describe('market orders', () => {
  it('buys by base quantity across levels', () => {
    const { engine } = world();
    fund(engine, 'alice', { USDT: '1000' });
    limit(engine, 'mm', 'Sell', '100', '1');
    limit(engine, 'mm', 'Sell', '101', '1');
    const o = market(engine, 'alice', 'Buy', { marketUnit: 'baseCoin', qty: '1.5' });
    expect(o.orderStatus).toBe('Filled');
    expect(o.timeInForce).toBe('IOC');
    expect(o.cumExecValue).toBe('150.5');
    expect(o.avgPrice).toBe('100.33333333');
    expect(bal(engine, 'alice', 'USDT')).toEqual(['849.5', '0']);
    expect(bal(engine, 'alice', 'TST')).toEqual(['1.4985', '0']);
  });

  it('buys by quote value (the default for market buys), rounding lots down', () => {
    const { engine } = world();
    fund(engine, 'alice', { USDT: '1000' });
    limit(engine, 'mm', 'Sell', '100', '1');
    limit(engine, 'mm', 'Sell', '101', '1');
    const o = market(engine, 'alice', 'Buy', { amount: '150' });
    expect(o.marketUnit).toBe('quoteCoin');
    expect(o.orderStatus).toBe('Filled');
    expect(o.amount).toBe('150');
    expect(o.cumExecQty).toBe('1.495');
    expect(o.cumExecValue).toBe('149.995');
    expect(o.qty).toBe('0');
    expect(bal(engine, 'alice', 'USDT')).toEqual(['850.005', '0']);
  });

  it('cancels the unfilled rest when the book runs out, and an empty book fills nothing', () => {
    const { engine } = world();
    fund(engine, 'alice', { USDT: '1000', TST: '5' });
    limit(engine, 'mm', 'Buy', '100', '1');
    const part = market(engine, 'alice', 'Sell', { qty: '2' });
    expect(part.orderStatus).toBe('PartiallyFilledCanceled');
    expect(part.cumExecQty).toBe('1');
    expect(bal(engine, 'alice', 'TST')).toEqual(['4', '0']);
    expect(bal(engine, 'alice', 'USDT')).toEqual(['1099.9', '0']);
    const none = market(engine, 'alice', 'Sell', { qty: '1' });
    expect(none.orderStatus).toBe('Cancelled');
    const buyNone = market(engine, 'alice', 'Buy', { amount: '10' });
    expect(buyNone.orderStatus).toBe('Cancelled');
    expect(bal(engine, 'alice', 'TST')).toEqual(['4', '0']);
    expect(bal(engine, 'alice', 'USDT')).toEqual(['1099.9', '0']);
  });

  it('sells by quote value', () => {
    const { engine } = world();
    fund(engine, 'alice', { TST: '5' });
    limit(engine, 'mm', 'Buy', '100', '1');
    limit(engine, 'mm', 'Buy', '50', '10');
    const o = market(engine, 'alice', 'Sell', { marketUnit: 'quoteCoin', amount: '125' });
    expect(o.orderStatus).toBe('Filled');
    expect(o.cumExecQty).toBe('1.5');
    expect(o.cumExecValue).toBe('125');
    expect(bal(engine, 'alice', 'TST')).toEqual(['3.5', '0']);
  });

  it('a market buy by base fills only what the free balance covers', () => {
    const { engine } = world();
    fund(engine, 'alice', { USDT: '150' });
    limit(engine, 'mm', 'Sell', '100', '1');
    limit(engine, 'mm', 'Sell', '101', '1');
    const o = market(engine, 'alice', 'Buy', { marketUnit: 'baseCoin', qty: '2' });
    expect(o.orderStatus).toBe('PartiallyFilledCanceled');
    expect(o.cumExecQty).toBe('1.495');
    expect(bal(engine, 'alice', 'USDT')).toEqual(['0.005', '0']);
    fund(engine, 'carol', { USDT: '0.001' });
    expectCode(
      engine.placeOrder({
        accountId: 'carol',
        clientOrderId: '',
        symbol: 'TSTUSDT',
        side: 'Buy',
        orderType: 'Market',
        marketUnit: 'baseCoin',
        qty: '1',
      }),
      ENGINE_ERRORS.balance,
    );
  });
});

describe('fees', () => {
  it('charges maker / taker rates, buys in base and sells in quote', () => {
    const { engine } = world({ makerFee: '0.001', takerFee: '0.002' });
    fund(engine, 'bob', { TST: '1' });
    fund(engine, 'alice', { USDT: '100' });
    limit(engine, 'bob', 'Sell', '100', '1');
    const taker = limit(engine, 'alice', 'Buy', '100', '1');
    expect(taker.cumExecFee).toBe('0.002');
    expect(taker.feeCurrency).toBe('TST');
    const [aExec] = engine.executions('alice');
    const [bExec] = engine.executions('bob');
    expect(aExec).toMatchObject({ isMaker: false, feeRate: '0.002', execFee: '0.002', feeCurrency: 'TST' });
    expect(bExec).toMatchObject({ isMaker: true, feeRate: '0.001', execFee: '0.1', feeCurrency: 'USDT' });
    expect(aExec?.tradeId).toBe(bExec?.tradeId);
    expect(bal(engine, 'alice', 'TST')).toEqual(['0.998', '0']);
    expect(bal(engine, 'bob', 'USDT')).toEqual(['99.9', '0']);
    expect(bal(engine, 'bob', 'TST')).toEqual(['0', '0']);
  });

  it('a self-trade is allowed and charges both sides', () => {
    const { engine } = world();
    fund(engine, 'alice', { TST: '1', USDT: '100' });
    limit(engine, 'alice', 'Sell', '100', '1');
    limit(engine, 'alice', 'Buy', '100', '1');
    expect(bal(engine, 'alice', 'TST')).toEqual(['0.999', '0']);
    expect(bal(engine, 'alice', 'USDT')).toEqual(['99.9', '0']);
    expect(engine.executions('alice')).toHaveLength(2);
  });
});

describe('locked funds', () => {
  it('locks on place and releases on cancel', () => {
    const { engine } = world();
    fund(engine, 'alice', { USDT: '1000', TST: '3' });
    const buy = limit(engine, 'alice', 'Buy', '90', '2');
    const sell = limit(engine, 'alice', 'Sell', '110', '1.5');
    expect(bal(engine, 'alice', 'USDT')).toEqual(['820', '180']);
    expect(bal(engine, 'alice', 'TST')).toEqual(['1.5', '1.5']);
    const c1 = expectOk(engine.cancelOrder({ accountId: 'alice', orderId: buy.orderId }));
    expect(c1.orderStatus).toBe('Cancelled');
    expect(c1.cancelType).toBe('CancelByUser');
    expectOk(engine.cancelOrder({ accountId: 'alice', clientOrderId: sell.orderLinkId }));
    expect(bal(engine, 'alice', 'USDT')).toEqual(['1000', '0']);
    expect(bal(engine, 'alice', 'TST')).toEqual(['3', '0']);
  });

  it('finds an open order only by its exact id: "007", "7.0" or "7e0" do not reach order 7', () => {
    const { engine } = world();
    fund(engine, 'alice', { USDT: '1000' });
    const o = limit(engine, 'alice', 'Buy', '90', '1');
    for (const alias of [`00${o.orderId}`, `${o.orderId}.0`, `${o.orderId}e0`, ` ${o.orderId}`]) {
      expect(engine.cancelOrder({ accountId: 'alice', orderId: alias }).ok).toBe(false);
    }
    expect(order(engine, o.orderId).orderStatus).toBe('New');
    expect(expectOk(engine.cancelOrder({ accountId: 'alice', orderId: o.orderId })).orderStatus).toBe(
      'Cancelled',
    );
  });

  it('releases the unfilled remainder of a partially filled order on cancel', () => {
    const { engine } = world();
    fund(engine, 'alice', { USDT: '1000' });
    const o = limit(engine, 'alice', 'Buy', '100', '3');
    market(engine, 'mm', 'Sell', { qty: '1' });
    expect(bal(engine, 'alice', 'USDT')).toEqual(['700', '200']);
    const c = expectOk(engine.cancelOrder({ accountId: 'alice', orderId: o.orderId }));
    expect(c.orderStatus).toBe('PartiallyFilledCanceled');
    expect(bal(engine, 'alice', 'USDT')).toEqual(['900', '0']);
  });

  it('refunds the difference when a buy fills below its limit', () => {
    const { engine } = world();
    fund(engine, 'alice', { USDT: '1000' });
    limit(engine, 'mm', 'Sell', '95', '1');
    limit(engine, 'alice', 'Buy', '100', '2');
    expect(bal(engine, 'alice', 'USDT')).toEqual(['805', '100']);
  });

  it('rejects an order the free balance cannot cover, with no double spend across orders', () => {
    const { engine } = world();
    fund(engine, 'alice', { USDT: '1000' });
    limit(engine, 'alice', 'Buy', '100', '5');
    expectCode(
      engine.placeOrder({
        accountId: 'alice',
        clientOrderId: '',
        symbol: 'TSTUSDT',
        side: 'Buy',
        orderType: 'Limit',
        price: '100',
        qty: '6',
      }),
      ENGINE_ERRORS.balance,
    );
    limit(engine, 'alice', 'Buy', '100', '5');
    expect(bal(engine, 'alice', 'USDT')).toEqual(['0', '1000']);
    expectCode(engine.withdraw('alice', 'USDT', '1'), ENGINE_ERRORS.balance);
    expect(engine.openOrders('alice')).toHaveLength(2);
  });

  it('deposits and withdraws exactly', () => {
    const { engine } = world();
    fund(engine, 'alice', { USDT: '0.1' });
    expectOk(engine.deposit('alice', 'USDT', '0.2'));
    expect(bal(engine, 'alice', 'USDT')).toEqual(['0.3', '0']);
    expect(expectOk(engine.withdraw('alice', 'USDT', '0.3')).total).toBe('0');
    expectCode(engine.deposit('alice', 'USDT', '-1'), ENGINE_ERRORS.param);
    expectCode(engine.deposit('nobody', 'USDT', '1'), ENGINE_ERRORS.param);
    expect(engine.balances('alice')).toEqual([{ coin: 'USDT', free: '0', locked: '0', total: '0' }]);
  });
});

describe('idempotency', () => {
  it('a repeated clientOrderId returns the first order and changes nothing', () => {
    const { engine, events } = world();
    fund(engine, 'alice', { USDT: '1000' });
    const req = {
      accountId: 'alice',
      clientOrderId: 'dup-1',
      symbol: 'TSTUSDT',
      side: 'Buy' as const,
      orderType: 'Limit' as const,
      price: '100',
      qty: '1',
    };
    const first = expectOk(engine.placeOrder(req));
    const nEvents = events.orders.length;
    const again = expectOk(engine.placeOrder({ ...req, price: '50', qty: '3' }));
    expect(again.orderId).toBe(first.orderId);
    expect(again.price).toBe('100');
    expect(engine.openOrders('alice')).toHaveLength(1);
    expect(bal(engine, 'alice', 'USDT')).toEqual(['900', '100']);
    expect(events.orders).toHaveLength(nEvents);
    expectOk(engine.cancelOrder({ accountId: 'alice', clientOrderId: 'dup-1' }));
    const afterCancel = expectOk(engine.placeOrder(req));
    expect(afterCancel.orderId).toBe(first.orderId);
    expect(afterCancel.orderStatus).toBe('Cancelled');
    expect(engine.openOrders('alice')).toHaveLength(0);
    // Another account may use the same client id.
    fund(engine, 'bob', { USDT: '1000' });
    expect(expectOk(engine.placeOrder({ ...req, accountId: 'bob' })).orderId).not.toBe(first.orderId);
  });

  it('generates a client id when none is given', () => {
    const { engine } = world();
    fund(engine, 'alice', { USDT: '1000' });
    const o = limit(engine, 'alice', 'Buy', '100', '1', { clientOrderId: '' });
    expect(o.orderLinkId).not.toBe('');
    expect(engine.getOrderByClientId('alice', o.orderLinkId)?.orderId).toBe(o.orderId);
  });
});

describe('events', () => {
  it('emits execution and order per fill, and one wallet event per call per account', () => {
    const { engine, events } = world();
    fund(engine, 'alice', { USDT: '1000' });
    fund(engine, 'bob', { TST: '5' });
    limit(engine, 'bob', 'Sell', '100', '1');
    limit(engine, 'bob', 'Sell', '101', '1');
    events.orders.length = 0;
    events.wallets.length = 0;
    const o = limit(engine, 'alice', 'Buy', '101', '2');
    expect(events.executions.filter((e) => e.accountId === 'alice')).toHaveLength(2);
    expect(events.orders.filter((v) => v.orderId === o.orderId).map((v) => v.orderStatus)).toEqual([
      'PartiallyFilled',
      'Filled',
    ]);
    expect(events.orders.filter((v) => v.accountId === 'bob').map((v) => v.orderStatus)).toEqual([
      'Filled',
      'Filled',
    ]);
    expect(events.wallets).toHaveLength(2);
    const alice = events.wallets.find(([a]) => a === 'alice');
    expect([...(alice?.[1] ?? [])].sort()).toEqual(['TST', 'USDT']);
  });

  it('system accounts produce trades and levels but no order, execution or wallet events', () => {
    const { engine, events } = world();
    limit(engine, 'mm', 'Sell', '100', '1');
    market(engine, 'mm2', 'Buy', { amount: '100' });
    expect(events.trades).toHaveLength(1);
    expect(events.levels.length).toBeGreaterThan(0);
    expect(events.orders).toHaveLength(0);
    expect(events.executions).toHaveLength(0);
    expect(events.wallets).toHaveLength(0);
    expect(engine.balances('mm')).toEqual([]);
  });

  it('throws on a re-entrant call from a listener', () => {
    const holder: { engine?: Engine } = {};
    const { engine } = world({
      listener: {
        trade: () => {
          holder.engine?.setLastPrice('TSTUSDT', '1');
        },
      },
    });
    holder.engine = engine;
    limit(engine, 'mm', 'Sell', '100', '1');
    expect(() => market(engine, 'mm2', 'Buy', { amount: '100' })).toThrow(/re-entrant/);
  });
});
