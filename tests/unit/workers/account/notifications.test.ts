import { describe, expect, it } from 'vitest';
import { toProductOrder } from '../../../../server/api/orders';
import type { OrderView } from '../../../../server/engine/types';
import {
  decideNotification,
  isStrategyFinished,
  type NotificationDecision,
} from '../../../../workers/account/notifications';
import { OpenOrders } from '../../../../workers/account/orders';
import { toOrderEvent } from '../../../../workers/protocol/orderEvent';
import { cancel, limit, orderEvent, place, printTrade, quote, sim, variant } from './helpers';

/** The hub's order path: apply to the open lists, then decide with the status held before. */
function decide(book: OpenOrders, views: readonly OrderView[]): NotificationDecision[] {
  return views.map((v) => {
    const ev = orderEvent(v);
    return decideNotification(book.apply(ev).prevStatus, ev);
  });
}

const none = (reason: string) => ({ type: 'none', reason });

describe('decideNotification (spec §4)', () => {
  it('a partial fill is ignored; the fill that completes a limit order gives a toast with sound and a notice', () => {
    const s = sim();
    const book = new OpenOrders();
    limit(s, 'Buy', '63000', '1');
    quote(s, 'Sell', '63000', '0.4');
    quote(s, 'Sell', '63000', '0.6');
    expect(decide(book, s.orders())).toEqual([
      none('notAnnounced'),
      none('partialFill'),
      { type: 'toastAndNotice', kind: 'filled', withSound: true },
    ]);
  });

  it('a filled market order gives the toast only', () => {
    const s = sim();
    const book = new OpenOrders();
    quote(s, 'Sell', '64000', '1');
    place(s, { symbol: 'BTCUSDT', side: 'Buy', orderType: 'Market', amount: '640' });
    place(s, { symbol: 'BTCUSDT', side: 'Buy', orderType: 'Market', qty: '0.01', marketUnit: 'baseCoin' });
    // A buy sized by value reports its fills as partial until the budget is spent.
    expect(decide(book, s.orders())).toEqual([
      none('partialFill'),
      { type: 'toast', kind: 'filled', withSound: true },
      { type: 'toast', kind: 'filled', withSound: true },
    ]);
  });

  it('PARTIALLY_FILLED_CANCELED gives the partial toast; CANCELED a toast without sound', () => {
    const s = sim();
    const book = new OpenOrders();
    const a = limit(s, 'Buy', '63000', '1');
    const b = limit(s, 'Buy', '60000', '1');
    quote(s, 'Sell', '63000', '0.5');
    cancel(s, a.orderId);
    cancel(s, b.orderId);
    expect(decide(book, s.orders()).slice(-2)).toEqual([
      { type: 'toast', kind: 'partialFilledCanceled', withSound: true },
      { type: 'toast', kind: 'canceled', withSound: false },
    ]);
  });

  it('rejections and plan-order states are not announced', () => {
    const s = sim();
    const book = new OpenOrders();
    place(s, {
      symbol: 'BTCUSDT',
      side: 'Buy',
      orderType: 'Market',
      marketUnit: 'baseCoin',
      planType: 1,
      triggerPrice: '65000',
      qty: '0.01',
    });
    const c = place(s, {
      symbol: 'BTCUSDT',
      side: 'Buy',
      orderType: 'Market',
      marketUnit: 'baseCoin',
      planType: 1,
      triggerPrice: '66000',
      qty: '0.01',
    });
    quote(s, 'Sell', '65500', '1');
    printTrade(s, '65000');
    cancel(s, c.orderId);
    const statuses = s.orders().map((v) => orderEvent(v).status);
    expect(statuses).toEqual(['ORDER_NEW', 'ORDER_NEW', 'ORDER_FILLED', 'FILLED', 'ORDER_CANCELED']);
    // The triggered plan's child is an ordinary market order: its fill is the one announced.
    expect(decide(book, s.orders())).toEqual([
      none('notAnnounced'),
      none('notAnnounced'),
      none('notAnnounced'),
      { type: 'toast', kind: 'filled', withSound: true },
      none('notAnnounced'),
    ]);
    const rejected = limit(s, 'Buy', '60000', '0.1');
    const r = variant(rejected, { orderStatus: 'Rejected', updatedTime: rejected.updatedTime + 1 });
    expect(decide(book, [r])).toEqual([none('notAnnounced')]);
  });

  it('iceberg and TWAP child orders are skipped', () => {
    const s = sim();
    quote(s, 'Sell', '63000', '1');
    const o = limit(s, 'Buy', '63000', '0.5');
    for (const createType of ['CreateByIceBerg', 'CreateByTWAP']) {
      const ev = toOrderEvent({ ...toProductOrder(o), createType });
      if (ev === undefined) throw new Error('row');
      expect(ev.status).toBe('FILLED');
      expect(decideNotification(undefined, ev)).toEqual(none('strategy'));
    }
    const plain = toOrderEvent(toProductOrder(o));
    if (plain === undefined) throw new Error('row');
    expect(decideNotification(undefined, plain).type).toBe('toastAndNotice');
  });

  it('never twice for the same order and terminal status, even when Filled arrives twice', () => {
    const s = sim();
    const book = new OpenOrders();
    limit(s, 'Buy', '63000', '1');
    quote(s, 'Sell', '63000', '1');
    const views = s.orders();
    const filled = views[views.length - 1];
    if (filled === undefined) throw new Error('events');
    expect(decide(book, [...views, filled, filled]).map((d) => d.type)).toEqual([
      'none',
      'toastAndNotice',
      'none',
      'none',
    ]);
    expect(decide(book, [filled])).toEqual([none('alreadyFinal')]);
  });

  it('a contradictory terminal status after the first is not announced either', () => {
    const s = sim();
    const book = new OpenOrders();
    const o = limit(s, 'Buy', '63000', '1');
    quote(s, 'Sell', '63000', '0.5');
    cancel(s, o.orderId);
    const views = s.orders();
    const last = views[views.length - 1];
    if (last === undefined) throw new Error('events');
    const lateFill = variant(last, {
      orderStatus: 'Filled',
      cumExecQty: '1',
      updatedTime: last.updatedTime + 1,
    });
    expect(decide(book, [...views, lateFill]).map((d) => d.type)).toEqual(['none', 'none', 'toast', 'none']);
  });

  it('decides on the status alone when the hub has no prior state (after a reload)', () => {
    const s = sim();
    const o = limit(s, 'Buy', '60000', '1');
    cancel(s, o.orderId);
    const views = s.orders();
    const cancelled = views[views.length - 1];
    if (cancelled === undefined) throw new Error('events');
    expect(decideNotification(undefined, orderEvent(cancelled))).toEqual({
      type: 'toast',
      kind: 'canceled',
      withSound: false,
    });
    expect(decideNotification('NEW', orderEvent(cancelled)).type).toBe('toast');
  });
});

describe('strategy finish message (spec §4 order status tabs)', () => {
  it('shows for a finished iceberg or TWAP order that executed something', () => {
    const done = { strategyType: 'iceberg', status: 3, executedSize: '0.5' };
    expect(isStrategyFinished(done)).toBe(true);
    expect(isStrategyFinished({ ...done, strategyType: 'twap' })).toBe(true);
    expect(isStrategyFinished({ ...done, strategyType: 'chaseOrder' })).toBe(false);
    expect(isStrategyFinished({ ...done, status: 2 })).toBe(false);
    expect(isStrategyFinished({ ...done, executedSize: '0.000' })).toBe(false);
    expect(isStrategyFinished({ ...done, executedSize: '' })).toBe(false);
  });
});
