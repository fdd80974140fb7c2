import { describe, expect, it } from 'vitest';
import type { OrderEvent } from '../../../../../workers/api';
import {
  cancelAllPlanTypes,
  filterOpenOrders,
  ORDERS_COMPLIANCE,
  ordersSubTabs,
  ordersTabs,
  orderTypeKey,
  statusIconOf,
  subTabOf,
  viewMoreHref,
} from '../../../../../src/features/orders/tabs';
import { toCancelOutcome, toCreateOutcome } from '../../../../../src/session/orderOutcome';

const order = (over: Partial<OrderEvent>): OrderEvent =>
  ({
    orderId: '1',
    symbol: 'BTCUSDT',
    status: 'NEW',
    planType: -1,
    orderType: 'Limit',
    timeInForce: 'GTC',
    ...over,
  }) as OrderEvent;

describe('orders panel tabs (spec §2, §4, §6)', () => {
  it('classic: current, history, trades, LT; unified adds the integrated list; demo keeps P&L (the demo tip)', () => {
    expect(ordersTabs({ unified: false, isDemo: false }, ORDERS_COMPLIANCE)).toEqual([
      'current',
      'history',
      'trades',
      'lt',
    ]);
    expect(ordersTabs({ unified: true, isDemo: false }, ORDERS_COMPLIANCE)).toEqual([
      'current',
      'positions',
      'history',
      'trades',
      'pnl',
      'tools',
      'borrowing',
      'assets',
      'lt',
    ]);
    expect(ordersTabs({ unified: true, isDemo: true }, ORDERS_COMPLIANCE)).toContain('pnl');
    expect(
      ordersTabs({ unified: false, isDemo: false }, { ...ORDERS_COMPLIANCE, spotSubRedemRecord: false }),
    ).not.toContain('lt');
  });
  it('tools tab (strategy orders): unified only, after P&L; hidden for sub-accounts (spec §6), kept for demo', () => {
    expect(ordersTabs({ unified: false, isDemo: false }, ORDERS_COMPLIANCE)).not.toContain('tools');
    expect(ordersTabs({ unified: false, isDemo: false, isSub: false }, ORDERS_COMPLIANCE)).not.toContain(
      'tools',
    );
    expect(ordersTabs({ unified: true, isDemo: false, isSub: true }, ORDERS_COMPLIANCE)).not.toContain(
      'tools',
    );
    const demo = ordersTabs({ unified: true, isDemo: true, isSub: false }, ORDERS_COMPLIANCE);
    expect(demo.indexOf('tools')).toBe(demo.indexOf('pnl') + 1);
    // The integrated list off (compliance): the classic tabs, no tools.
    expect(
      ordersTabs({ unified: true, isDemo: false }, { ...ORDERS_COMPLIANCE, IntegratedOrderRequest: false }),
    ).not.toContain('tools');
    expect(viewMoreHref('tools', 'ordinary', 'subscription')).toBeNull();
  });
  it('OCO sub-tab hidden for demo and by the compliance switches', () => {
    const all = ['ordinary', 'stopLimit', 'conditional', 'oco'];
    expect(ordersSubTabs({ unified: true, isDemo: false }, ORDERS_COMPLIANCE, false)).toEqual(all);
    expect(ordersSubTabs({ unified: true, isDemo: true }, ORDERS_COMPLIANCE, false)).not.toContain('oco');
    expect(
      ordersSubTabs(
        { unified: false, isDemo: false },
        { ...ORDERS_COMPLIANCE, spotCurrentOrderOco: false },
        false,
      ),
    ).not.toContain('oco');
    expect(
      ordersSubTabs(
        { unified: false, isDemo: false },
        { ...ORDERS_COMPLIANCE, spotOrderHistoryOco: false },
        true,
      ),
    ).not.toContain('oco');
  });
  it('sorts open orders into sub-tabs by plan type once untriggered', () => {
    expect(subTabOf(order({}))).toBe('ordinary');
    expect(subTabOf(order({ planType: 11 }))).toBe('ordinary');
    expect(subTabOf(order({ status: 'ORDER_NEW', planType: 8 }))).toBe('stopLimit');
    expect(subTabOf(order({ status: 'ORDER_NEW', planType: 1 }))).toBe('conditional');
    expect(subTabOf(order({ status: 'ORDER_NEW', planType: 4 }))).toBe('conditional');
    expect(subTabOf(order({ status: 'ORDER_NEW', planType: 10 }))).toBe('oco');
    const list = [
      order({ orderId: 'a' }),
      order({ orderId: 'b', symbol: 'ETHUSDT' }),
      order({ orderId: 'c', status: 'ORDER_NEW', planType: 10 }),
    ];
    expect(filterOpenOrders(list, 'ordinary', 'BTCUSDT').map((o) => o.orderId)).toEqual(['a']);
    expect(filterOpenOrders(list, 'ordinary', null).map((o) => o.orderId)).toEqual(['a', 'b']);
  });
  it('cancel-all plan types per sub-tab', () => {
    expect(cancelAllPlanTypes('ordinary')).toEqual([]);
    expect(cancelAllPlanTypes('stopLimit')).toEqual([8]);
    expect(cancelAllPlanTypes('oco')).toEqual([10]);
  });
  it('links out of spec §2', () => {
    expect(viewMoreHref('current', 'stopLimit', 'subscription')).toBe(
      '/user/assets/order/fed/spot-current-orders/stop-limit',
    );
    expect(viewMoreHref('history', 'ordinary', 'subscription')).toBe(
      '/user/assets/order/fed/spot-orders/active',
    );
    expect(viewMoreHref('trades', 'ordinary', 'subscription')).toBe(
      '/user/assets/order/fed/spot-history/active',
    );
    expect(viewMoreHref('lt', 'ordinary', 'redemption')).toBe(
      '/user/assets/order/fed/spot-lt-order/redemption',
    );
    expect(viewMoreHref('pnl', 'ordinary', 'subscription')).toBe('/user/assets/home/performance?tab=spot');
  });
  it('status icons and type labels of spec §3', () => {
    expect(statusIconOf('NEW')).toBe('pending');
    expect(statusIconOf('ORDER_NEW')).toBe('pending');
    expect(statusIconOf('FILLED')).toBe('filled');
    expect(statusIconOf('ORDER_FILLED')).toBe('filled');
    expect(statusIconOf('PARTIALLY_FILLED_CANCELED')).toBe('canceled');
    expect(statusIconOf('ORDER_REJECTED')).toBe('failure');
    expect(orderTypeKey(order({ planType: 1, orderType: 'Market' }))).toBe('conditionalMarket');
    expect(orderTypeKey(order({ planType: 8 }))).toBe('stopLimitLimit');
    expect(orderTypeKey(order({ timeInForce: 'IOC' }))).toBe('limitIoc');
    expect(orderTypeKey(order({ planType: 4 }))).toBe('trailingStop');
  });
});

describe('order call outcomes (spec §8)', () => {
  it('create codes: trade-try-limit, standard-account-limit, toast', () => {
    for (const code of [32241, -2172, 12240, 170348]) {
      expect(toCreateOutcome({ ok: false, code, message: 'x' })).toEqual({
        type: 'block',
        block: 'tradeTryLimit',
      });
    }
    expect(toCreateOutcome({ ok: false, code: 32329, message: 'x' })).toEqual({
      type: 'block',
      block: 'standardAccountLimit',
    });
    expect(toCreateOutcome({ ok: false, code: 170131, message: '<b>no</b>' })).toEqual({
      type: 'toast',
      message: '<b>no</b>',
      network: false,
    });
    expect(toCreateOutcome({ ok: false, code: -1, message: 'network error' })).toMatchObject({
      network: true,
    });
  });
  it('cancel codes: success, 81001 liquidation, other failure with the server message', () => {
    expect(toCancelOutcome({ ok: true, code: 0, message: '' })).toEqual({ type: 'success' });
    expect(toCancelOutcome({ ok: false, code: 81001, message: 'x' })).toEqual({ type: 'liquidation' });
    expect(toCancelOutcome({ ok: false, code: 170213, message: 'order does not exist' })).toEqual({
      type: 'failure',
      message: 'order does not exist',
    });
  });
});
