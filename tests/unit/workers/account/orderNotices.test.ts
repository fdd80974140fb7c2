import { describe, expect, it } from 'vitest';
import type { OrderView } from '../../../../server/engine/types';
import { orderNoticesOf, type OrderNoticeKind } from '../../../../workers/account/orderNotices';
import { OpenOrders } from '../../../../workers/account/orders';
import { limit, ME, orderEvent, place, printTrade, quote, sim } from './helpers';

/** The hub's path: the order held before, apply, then the notices; kinds in push order. */
function kinds(book: OpenOrders, views: readonly OrderView[]): OrderNoticeKind[] {
  return views.flatMap((v) => {
    const ev = orderEvent(v);
    const before = book.get(ev.orderId);
    return orderNoticesOf(before, book.apply(ev).prevStatus, ev).map((n) => n.kind);
  });
}

describe('orderNoticesOf (spec §4, §8)', () => {
  it('a post-only order that would take liquidity is cancelled with its own message, silently', () => {
    const s = sim();
    quote(s, 'Sell', '63000', '1');
    const from = s.events.length;
    place(s, {
      symbol: 'BTCUSDT',
      side: 'Buy',
      orderType: 'Limit',
      price: '63000',
      qty: '0.1',
      timeInForce: 'PostOnly',
    });
    const book = new OpenOrders();
    const views = s.orders(from);
    expect(kinds(book, views)).toEqual(['postOnly']);
    const ev = orderEvent(views[views.length - 1] as OrderView);
    expect(orderNoticesOf(undefined, undefined, ev)).toEqual([{ kind: 'postOnly', sound: false }]);
  });

  it('an IOC order half filled gives the partial toast; a fill gives filled', () => {
    const s = sim();
    quote(s, 'Sell', '63000', '0.4');
    const from = s.events.length;
    place(s, {
      symbol: 'BTCUSDT',
      side: 'Buy',
      orderType: 'Limit',
      price: '63000',
      qty: '1',
      timeInForce: 'IOC',
    });
    quote(s, 'Sell', '63100', '1');
    limit(s, 'Buy', '63100', '0.5');
    expect(
      kinds(
        new OpenOrders(),
        s.orders(from).filter((o) => o.accountId === ME),
      ),
    ).toEqual(['partialFilledCanceled', 'filled']);
  });

  it('a market order with nothing to fill is the market-order-fail notice', () => {
    const s = sim();
    const from = s.events.length;
    place(s, { symbol: 'ETHUSDT', side: 'Sell', orderType: 'Market', qty: '1' });
    expect(kinds(new OpenOrders(), s.orders(from))).toEqual(['marketFail']);
  });

  it('a price or quantity change of a working order is announced; a user cancel is a plain cancel', () => {
    const s = sim();
    const book = new OpenOrders();
    const o = limit(s, 'Buy', '60000', '0.5');
    let from = s.events.length - 1;
    const r = s.engine.modifyOrder({ accountId: ME, orderId: o.orderId, price: '60100', qty: '0.6' });
    expect(r.ok).toBe(true);
    expect(kinds(book, s.orders(from))).toEqual(['amendedPrice', 'amendedQty']);
    from = s.events.length;
    s.engine.cancelOrder({ accountId: ME, orderId: o.orderId });
    expect(kinds(book, s.orders(from))).toEqual(['canceled']);
  });

  it('an OCO says which leg triggered it', () => {
    const s = sim();
    const book = new OpenOrders();
    const from = s.events.length;
    place(s, {
      symbol: 'BTCUSDT',
      side: 'Sell',
      orderType: 'Limit',
      qty: '0.1',
      planType: 10,
      takeProfit: { triggerPrice: '70000', orderType: 'Market' },
      stopLoss: { triggerPrice: '50000', orderType: 'Market' },
    });
    printTrade(s, '49000');
    expect(
      kinds(
        book,
        s.orders(from).filter((o) => o.accountId === ME),
      ),
    ).toContain('ocoSl');
  });
});
