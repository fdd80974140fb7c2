import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LtService } from '../../../../server/lt/service';
import { LT_TOKENS, REBALANCE_MS } from '../../../../server/lt/tokens';
import { placeLtOrder } from '../../../../server/lt/trade';
import { LT_ORDER_TYPE, type LtOrder } from '../../../../workers/protocol/lt';
import { fund, ltHarness, type LtHarness } from './helpers';

const L = LT_TOKENS[0];
if (L === undefined) throw new Error('no token');

describe('LT subscription and redemption', () => {
  let h: LtHarness;
  let lt: LtService;
  const bal = (coin: string): string => h.ctx.engine.balance('acct', coin).free;
  const subscribe = (amount: string): LtOrder => {
    const o = placeLtOrder(h.ctx, lt, 'acct', L, LT_ORDER_TYPE.subscription, amount);
    h.ctx.store.commit();
    return o;
  };
  const redeem = (qty: string): LtOrder => {
    const o = placeLtOrder(h.ctx, lt, 'acct', L, LT_ORDER_TYPE.redemption, qty);
    h.ctx.store.commit();
    return o;
  };
  beforeEach(() => {
    h = ltHarness();
    fund(h, 'USDT', '10000');
    lt = new LtService(h.ctx);
    h.ctx.store.commit();
  });
  afterEach(() => {
    lt.stop();
    h.close();
  });

  it('subscribes quote into tokens at NAV less the fee, and pushes the record on lt_order', () => {
    // 1000 USDT, fee 0.1 % = 1, (1000 - 1) / 2.1375 = 467.36842… → 467.36 tokens.
    const o = subscribe('1000');
    expect(o).toMatchObject({ status: 1, orderType: 1, nav: '2.1375', fee: '1', dealQuantity: '467.36' });
    expect(bal('USDT')).toBe('9000');
    expect(bal('BTC3L')).toBe('467.36');
    expect(lt.view(L).basket).toMatchObject({ supply: '1000467.36' });
    expect(h.pushes).toEqual([{ accountId: 'acct', topics: ['lt_order', 'user.lt.order'], data: [o] }]);
  });

  it('redeems tokens into quote at the NAV of the moment', () => {
    subscribe('1000');
    h.ctx.engine.setLastPrice('BTCUSDT', '64640'); // +1 %: NAV 2.2016
    // 100 × 2.2016 = 220.16, fee 0.22016 → 0.220160, net 219.93984.
    const o = redeem('100');
    expect(o).toMatchObject({
      status: 1,
      orderType: 2,
      nav: '2.2016',
      fee: '0.22016',
      dealQuantity: '219.93984',
    });
    expect(bal('BTC3L')).toBe('367.36');
    expect(bal('USDT')).toBe('9219.93984');
  });

  it('records a refused request as a failure (status 3) with its message key, moving nothing', () => {
    expect(subscribe('20000')).toMatchObject({ status: 3, failReason: 'usdtNotEnough', dealQuantity: '0' });
    expect(subscribe('0.5')).toMatchObject({ status: 3, failReason: 'minAmount' });
    expect(redeem('1')).toMatchObject({ status: 3, failReason: 'amountNotEnough' });
    lt.startRebalance(L, 'manual');
    expect(subscribe('100')).toMatchObject({ status: 3, failReason: 'changePosition' });
    h.clock.advance(REBALANCE_MS);
    expect(subscribe('100')).toMatchObject({ status: 1 });
    expect(bal('USDT')).toBe('9900');
    expect(h.pushes.map((p) => (p.data[0] as LtOrder).status)).toEqual([3, 3, 3, 3, 1]);
  });

  it('enforces the daily limits per account and UTC day', () => {
    lt.state(L).dailyPurchaseLimit = '1500';
    expect(subscribe('1000').status).toBe(1);
    expect(subscribe('600')).toMatchObject({ status: 3, failReason: 'largeAmount' });
    expect(subscribe('500').status).toBe(1);
    h.clock.advance(86_400_000);
    h.clock.advance(REBALANCE_MS);
    expect(subscribe('600').status).toBe(1);
  });

  it('answers a repeated client id with the first order, moving money and pushing once', () => {
    const first = placeLtOrder(h.ctx, lt, 'acct', L, LT_ORDER_TYPE.subscription, '1000', 'cid-1');
    h.ctx.store.commit();
    const again = placeLtOrder(h.ctx, lt, 'acct', L, LT_ORDER_TYPE.subscription, '1000', 'cid-1');
    h.ctx.store.commit();
    expect(again).toEqual(first);
    expect(first).toMatchObject({ status: 1, clientOrderId: 'cid-1', dealQuantity: '467.36' });
    expect(bal('USDT')).toBe('9000');
    expect(bal('BTC3L')).toBe('467.36');
    expect(lt.orders.list('acct', { limit: 10 })).toHaveLength(1);
    expect(h.pushes).toHaveLength(1);
    expect(lt.dailyUsage(L, 'acct').dailyPurchaseUsed).toBe('1000');
    // A refused request is answered the same on a retry, even once the reason is gone.
    const refused = placeLtOrder(h.ctx, lt, 'acct', L, LT_ORDER_TYPE.redemption, '1000', 'cid-2');
    expect(refused).toMatchObject({ status: 3, failReason: 'amountNotEnough' });
    fund(h, 'BTC3L', '1000');
    expect(placeLtOrder(h.ctx, lt, 'acct', L, LT_ORDER_TYPE.redemption, '1000', 'cid-2')).toEqual(refused);
    // The same id for another request is an error, not the first order.
    expect(() => placeLtOrder(h.ctx, lt, 'acct', L, LT_ORDER_TYPE.subscription, '999', 'cid-1')).toThrow(
      /client_order_id/,
    );
    expect(() => placeLtOrder(h.ctx, lt, 'acct', L, LT_ORDER_TYPE.redemption, '1000', 'cid-1')).toThrow(
      /client_order_id/,
    );
    // Another account may use the same id.
    h.ctx.engine.addAccount('other');
    h.ctx.engine.deposit('other', 'USDT', '100');
    expect(placeLtOrder(h.ctx, lt, 'other', L, LT_ORDER_TYPE.subscription, '100', 'cid-1').status).toBe(1);
  });

  it('shows the remaining daily limits from the successful orders of the UTC day, back to full at midnight', () => {
    expect(lt.dailyUsage(L, 'acct')).toEqual({
      dailyPurchaseUsed: '0',
      dailyPurchaseRemaining: '500000',
      dailyRedeemUsed: '0',
      dailyRedeemRemaining: '250000',
    });
    subscribe('1000');
    subscribe('20000'); // refused (not enough USDT): does not count
    redeem('100.5');
    expect(lt.dailyUsage(L, 'acct')).toEqual({
      dailyPurchaseUsed: '1000',
      dailyPurchaseRemaining: '499000',
      dailyRedeemUsed: '100.5',
      dailyRedeemRemaining: '249899.5',
    });
    lt.state(L).dailyPurchaseLimit = '800';
    expect(lt.dailyUsage(L, 'acct').dailyPurchaseRemaining).toBe('0');
    lt.state(L).dailyPurchaseLimit = '500000';
    // T0 is 22:13:20 UTC: 1 h 47 min later the day (and the use) starts again.
    h.clock.advance(6_400_000);
    expect(lt.dailyUsage(L, 'acct')).toMatchObject({
      dailyPurchaseUsed: '0',
      dailyRedeemRemaining: '250000',
    });
  });

  it('lists the records newest first, by type, and keeps them across a restart', () => {
    subscribe('100');
    redeem('10');
    subscribe('200');
    const all = lt.orders.list('acct', { limit: 10 });
    expect(all.map((o) => o.orderQuantity)).toEqual(['200', '10', '100']);
    expect(lt.orders.list('acct', { limit: 10, orderType: 2 }).map((o) => o.orderId)).toEqual([
      all[1]?.orderId,
    ]);
    lt.stop();
    h = h.reopen();
    lt = new LtService(h.ctx);
    expect(lt.orders.list('acct', { limit: 10 })).toEqual(all);
    expect(lt.orders.newId()).toBe(String(Number(all[0]?.orderId) + 1));
  });
});
