import { describe, expect, it } from 'vitest';
import { toProductOrder } from '../../../../server/api/orders';
import type { OrderView } from '../../../../server/engine/types';
import { PRIVATE_TOPICS } from '../../../../server/market/market';
import {
  OpenOrders,
  TOMBSTONE_CAP,
  openListOf,
  statusTabLists,
  type OrderApplyResult,
} from '../../../../workers/account/orders';
import { toOrderEvent, type OrderEvent } from '../../../../workers/protocol/orderEvent';
import { ACCOUNT_TOPICS, accountTopicKind, toPrivateFrame } from '../../../../workers/account/wire';
import { cancel, limit, ME, orderEvent, place, printTrade, quote, sim, variant, type Sim } from './helpers';

/** Feeds order views to the reducer as the hub would (frame → row → event → apply). */
function feed(book: OpenOrders, views: readonly OrderView[]): OrderApplyResult[] {
  return views.map((v) => book.apply(orderEvent(v)));
}

const ids = (rows: readonly OrderEvent[]): string[] => rows.map((o) => o.orderId);

/** The engine's own open orders of ME in a list, newest first, as ids. */
function engineOpen(s: Sim, list: 'spot' | 'plan' | 'trailing', symbol?: string): string[] {
  return s.engine
    .openOrders(ME, symbol === undefined ? {} : { symbol })
    .filter((o) => openListOf(orderEvent(o)) === list)
    .map((o) => o.orderId);
}

describe('reading order rows', () => {
  it('reads push rows and REST product rows alike, and refuses garbage', () => {
    const s = sim();
    const o = limit(s, 'Buy', '60000', '0.1');
    const push = orderEvent(o);
    const rest = toOrderEvent(JSON.parse(JSON.stringify(toProductOrder(o))) as unknown);
    expect(push).toMatchObject({ orderId: o.orderId, status: 'NEW', planType: -1, symbol: 'BTCUSDT' });
    expect(rest).toEqual(push);
    for (const bad of [
      null,
      1,
      'x',
      [],
      {},
      { ...o, orderId: '' },
      { ...o, side: 'Up' },
      { ...o, orderStatus: 'Gone' },
    ]) {
      expect(toOrderEvent(bad)).toBeUndefined();
    }
    expect(toOrderEvent({ ...o, planType: 7 })).toBeUndefined();
    expect(toOrderEvent({ ...o, cumExecQty: '-1' })).toBeUndefined();
  });

  it('knows every private order topic alias of the simulator', () => {
    const serverOrderTopics = [
      ...PRIVATE_TOPICS.order,
      ...PRIVATE_TOPICS.plan,
      ...PRIVATE_TOPICS.stopLimit,
      ...PRIVATE_TOPICS.oco,
      ...PRIVATE_TOPICS.trailing,
    ];
    expect([...ACCOUNT_TOPICS.order].sort()).toEqual([...serverOrderTopics].sort());
    expect(ACCOUNT_TOPICS.execution).toEqual(PRIVATE_TOPICS.execution);
    expect(ACCOUNT_TOPICS.wallet).toEqual(PRIVATE_TOPICS.wallet);
    expect(accountTopicKind('plan_order')).toBe('order');
    expect(accountTopicKind('match')).toBe('execution');
    expect(accountTopicKind('orderbook.50.BTCUSDT')).toBeUndefined();
    expect(toPrivateFrame({ topic: 'order', data: {} })).toBeUndefined();
    expect(toPrivateFrame({ topic: 'order', creationTime: 'soon', data: [] })).toBeUndefined();
  });
});

describe('order status tabs', () => {
  it('tab 2 selects the history lists, any other the open lists', () => {
    expect([0, 1, 2, 3].map(statusTabLists)).toEqual(['open', 'open', 'history', 'open']);
  });
});

describe('spot list (spec §4 open lists)', () => {
  it('NEW adds, newest first, per symbol or all pairs, with a version that moves only on change', () => {
    const s = sim();
    const book = new OpenOrders();
    const a = limit(s, 'Buy', '60000', '0.1');
    const b = limit(s, 'Buy', '3000', '1', 'ETHUSDT');
    const c = limit(s, 'Sell', '70000', '0.1');
    const v0 = book.version;
    const r = feed(book, s.orders());
    expect(r.map((x) => x.change.type)).toEqual(['added', 'added', 'added']);
    expect(book.version).toBe(v0 + 3);
    expect(ids(book.view('spot'))).toEqual([c.orderId, b.orderId, a.orderId]);
    expect(ids(book.view('spot'))).toEqual(engineOpen(s, 'spot'));
    expect(ids(book.view('spot', 'BTCUSDT'))).toEqual([c.orderId, a.orderId]);
    expect(ids(book.view('spot', 'ETHUSDT'))).toEqual([b.orderId]);
    expect(book.view('plan')).toEqual([]);
    // Views are reused until the list changes.
    expect(book.view('spot')).toBe(book.view('spot'));
    const before = book.view('spot');
    feed(book, [a]);
    expect(book.view('spot')).toBe(before);
    expect(book.version).toBe(v0 + 3);
  });

  it('PARTIALLY_FILLED adds an unknown order and replaces a held one; FILLED removes', () => {
    const s = sim();
    const book = new OpenOrders();
    quote(s, 'Sell', '64000', '0.3');
    const o = limit(s, 'Buy', '64000', '1');
    // The taker filled before resting: its first push is already PartiallyFilled.
    const [first] = feed(book, s.orders());
    expect(first?.change).toMatchObject({ type: 'added', list: 'spot' });
    expect(book.get(o.orderId)).toMatchObject({ status: 'PARTIALLY_FILLED', cumExecQty: '0.3' });
    const mark = s.events.length;
    quote(s, 'Sell', '64000', '0.2');
    const [second] = feed(book, s.orders(mark));
    expect(second?.change.type).toBe('updated');
    expect(second?.prevStatus).toBe('PARTIALLY_FILLED');
    expect(book.get(o.orderId)).toMatchObject({ cumExecQty: '0.5', leavesQty: '0.5' });
    const mark2 = s.events.length;
    quote(s, 'Sell', '64000', '0.5');
    const [third] = feed(book, s.orders(mark2));
    expect(third?.change).toMatchObject({ type: 'removed', list: 'spot' });
    expect(third?.change.order.status).toBe('FILLED');
    expect(book.size).toBe(0);
    expect(book.statusOf(o.orderId)).toBe('FILLED');
  });

  it('CANCELED, PARTIALLY_FILLED_CANCELED and REJECTED remove', () => {
    const s = sim();
    const book = new OpenOrders();
    const a = limit(s, 'Buy', '60000', '0.1');
    const b = limit(s, 'Buy', '63000', '1');
    quote(s, 'Sell', '63000', '0.25');
    const c = limit(s, 'Buy', '61000', '0.1');
    feed(book, s.orders());
    expect(book.size).toBe(3);
    const mark = s.events.length;
    cancel(s, a.orderId);
    cancel(s, b.orderId);
    const closed = s.orders(mark);
    expect(closed.map((o) => o.orderStatus)).toEqual(['Cancelled', 'PartiallyFilledCanceled']);
    const r = feed(book, closed);
    expect(r.map((x) => [x.change.type, x.change.order.status])).toEqual([
      ['removed', 'CANCELED'],
      ['removed', 'PARTIALLY_FILLED_CANCELED'],
    ]);
    // The engine never rejects after accepting; the wire can, so a real row gets the Rejected status.
    const rejected = variant(c, { orderStatus: 'Rejected', updatedTime: c.updatedTime + 5 });
    expect(book.apply(orderEvent(rejected)).change).toMatchObject({
      type: 'removed',
      order: { status: 'REJECTED' },
    });
    expect(book.size).toBe(0);
  });

  it('an IOC remainder closes as PARTIALLY_FILLED_CANCELED without ever resting', () => {
    const s = sim();
    const book = new OpenOrders();
    quote(s, 'Sell', '64000', '0.2');
    place(s, {
      symbol: 'BTCUSDT',
      side: 'Buy',
      orderType: 'Limit',
      price: '64000',
      qty: '1',
      timeInForce: 'IOC',
    });
    const r = feed(book, s.orders());
    expect(r.map((x) => x.change.type)).toEqual(['added', 'removed']);
    expect(book.size).toBe(0);
  });

  it('a market order filled at once is remembered as closed without touching the lists', () => {
    const s = sim();
    const book = new OpenOrders();
    quote(s, 'Sell', '64000', '1');
    place(s, { symbol: 'BTCUSDT', side: 'Buy', orderType: 'Market', qty: '0.1', marketUnit: 'baseCoin' });
    const views = s.orders();
    expect(views.map((v) => v.orderStatus)).toEqual(['Filled']);
    const v = book.version;
    expect(feed(book, views)[0]?.change.type).toBe('closed');
    expect(book.version).toBe(v);
  });

  it('a limit order carrying TP/SL works in the spot list and leaves it on ORDER_CANCELED', () => {
    const s = sim();
    const book = new OpenOrders();
    const o = place(s, {
      symbol: 'BTCUSDT',
      side: 'Buy',
      orderType: 'Limit',
      price: '60000',
      qty: '0.1',
      planType: 11,
      takeProfit: { triggerPrice: '70000', orderType: 'Market' },
      stopLoss: { triggerPrice: '55000', orderType: 'Market' },
    });
    feed(book, s.orders());
    expect(ids(book.view('spot'))).toEqual([o.orderId]);
    const mark = s.events.length;
    cancel(s, o.orderId);
    const [r] = feed(book, s.orders(mark));
    expect(r?.change).toMatchObject({ type: 'removed', list: 'spot', order: { status: 'ORDER_CANCELED' } });
  });
});

describe('plan and trailing lists', () => {
  it('ORDER_NEW adds conditional, stop-limit and OCO orders; ORDER_FILLED removes and the child joins spot', () => {
    const s = sim();
    const book = new OpenOrders();
    const cond = place(s, {
      symbol: 'BTCUSDT',
      side: 'Buy',
      orderType: 'Limit',
      planType: 1,
      triggerPrice: '65000',
      price: '65100',
      qty: '0.1',
    });
    const stop = place(s, {
      symbol: 'BTCUSDT',
      side: 'Sell',
      orderType: 'Limit',
      planType: 8,
      triggerPrice: '60000',
      price: '59900',
      qty: '0.1',
    });
    const oco = place(s, {
      symbol: 'BTCUSDT',
      side: 'Sell',
      orderType: 'Market',
      planType: 10,
      qty: '0.1',
      takeProfit: { triggerPrice: '70000', orderType: 'Market' },
      stopLoss: { triggerPrice: '50000', orderType: 'Market' },
    });
    const r = feed(book, s.orders());
    expect(r.map((x) => [x.change.type, x.change.order.status])).toEqual([
      ['added', 'ORDER_NEW'],
      ['added', 'ORDER_NEW'],
      ['added', 'ORDER_NEW'],
    ]);
    expect(ids(book.view('plan'))).toEqual([oco.orderId, stop.orderId, cond.orderId]);
    expect(ids(book.view('plan'))).toEqual(engineOpen(s, 'plan'));
    const mark = s.events.length;
    printTrade(s, '65000');
    const fired = s.orders(mark);
    feed(book, fired);
    expect(fired.map((o) => [o.orderId === cond.orderId, o.orderStatus])).toEqual([
      [true, 'Triggered'],
      [false, 'New'],
    ]);
    expect(book.statusOf(cond.orderId)).toBe('ORDER_FILLED');
    expect(ids(book.view('plan'))).toEqual([oco.orderId, stop.orderId]);
    expect(ids(book.view('spot'))).toEqual(engineOpen(s, 'spot'));
    expect(book.view('spot')[0]).toMatchObject({ status: 'NEW', price: '65100' });
  });

  it('ORDER_CANCELED (cancel or Deactivated) and ORDER_REJECTED remove plan orders', () => {
    const s = sim();
    const book = new OpenOrders();
    const mk = (trigger: string) =>
      place(s, {
        symbol: 'BTCUSDT',
        side: 'Buy',
        orderType: 'Market',
        planType: 1,
        triggerPrice: trigger,
        qty: '0.01',
        marketUnit: 'baseCoin',
      });
    const a = mk('66000');
    const b = mk('67000');
    const c = mk('68000');
    feed(book, s.orders());
    const mark = s.events.length;
    cancel(s, a.orderId);
    expect(feed(book, s.orders(mark))[0]?.change).toMatchObject({
      type: 'removed',
      list: 'plan',
      order: { status: 'ORDER_CANCELED' },
    });
    const later = { updatedTime: b.updatedTime + 100 };
    expect(book.apply(orderEvent(variant(b, { orderStatus: 'Deactivated', ...later }))).change).toMatchObject(
      {
        type: 'removed',
        order: { status: 'ORDER_CANCELED' },
      },
    );
    expect(book.apply(orderEvent(variant(c, { orderStatus: 'Rejected', ...later }))).change).toMatchObject({
      type: 'removed',
      order: { status: 'ORDER_REJECTED' },
    });
    expect(book.view('plan')).toEqual([]);
  });

  it('trailing stops (4) and trailing profits (5) live in their own list until filled, cancelled or rejected', () => {
    const s = sim();
    const book = new OpenOrders();
    const stopOrder = place(s, {
      symbol: 'BTCUSDT',
      side: 'Sell',
      orderType: 'Market',
      planType: 4,
      qty: '0.01',
      trailingPercentage: '0.01',
    });
    const profit = place(s, {
      symbol: 'BTCUSDT',
      side: 'Sell',
      orderType: 'Market',
      planType: 5,
      qty: '0.01',
      activationPrice: '66000',
      trailingValue: '100',
    });
    feed(book, s.orders());
    expect(ids(book.view('trailing'))).toEqual([profit.orderId, stopOrder.orderId]);
    expect(book.view('plan')).toEqual([]);
    // The stop trails the peak: updates replace the held order, same list.
    const m1 = s.events.length;
    printTrade(s, '64500');
    const moved = feed(book, s.orders(m1));
    expect(moved.map((x) => x.change.type)).toContain('updated');
    expect(book.get(stopOrder.orderId)?.triggerPrice).toBe(
      s.engine.getOrder(stopOrder.orderId)?.triggerPrice,
    );
    // A fall of 1 % from the peak fires it.
    quote(s, 'Buy', '63000', '1');
    const m2 = s.events.length;
    printTrade(s, '63800');
    feed(book, s.orders(m2));
    expect(book.statusOf(stopOrder.orderId)).toBe('ORDER_FILLED');
    expect(ids(book.view('trailing'))).toEqual([profit.orderId]);
    const m3 = s.events.length;
    cancel(s, profit.orderId);
    feed(book, s.orders(m3));
    expect(book.view('trailing')).toEqual([]);
    expect(book.size).toBe(ids(book.view('spot')).length);
  });
});

describe('idempotence', () => {
  /** A lifecycle with every kind of event: new, partial, modify, fill, cancel. */
  function lifecycle(): { s: Sim; views: OrderView[] } {
    const s = sim();
    const a = limit(s, 'Buy', '63000', '1');
    limit(s, 'Buy', '62000', '1');
    quote(s, 'Sell', '63000', '0.4');
    const r = s.engine.modifyOrder({ accountId: ME, orderId: a.orderId, price: '63500' });
    if (!r.ok) throw new Error(r.message);
    quote(s, 'Sell', '63500', '0.6');
    const c = limit(s, 'Sell', '70000', '0.5');
    cancel(s, c.orderId);
    limit(s, 'Sell', '71000', '0.5');
    return { s, views: s.orders() };
  }

  it('the simulator pushes every event on every alias topic: the copies change nothing', () => {
    const { s, views } = lifecycle();
    const once = new OpenOrders();
    feed(once, views);
    // The real frames, as the market layer published them for ME on all eight order topics.
    const frames = s.published.flatMap((p) => {
      if (p.accountId !== ME || accountTopicKind(p.topic) !== 'order') return [];
      const f = toPrivateFrame(JSON.parse(p.text) as unknown);
      return f === undefined ? [] : [f];
    });
    expect(frames.length).toBeGreaterThanOrEqual(views.length * 4);
    const twice = new OpenOrders();
    const kinds = new Set<string>();
    for (const f of frames) {
      for (const row of f.data) {
        const ev = toOrderEvent(row);
        if (ev !== undefined) kinds.add(twice.apply(ev).change.type);
      }
    }
    expect(kinds).toContain('ignored');
    expect(twice.view('spot')).toEqual(once.view('spot'));
    const v = twice.version;
    const again = feed(twice, views).map((x) => x.change.type);
    expect(new Set(again)).toEqual(new Set(['ignored']));
    expect(twice.version).toBe(v);
  });

  it('two Filled messages for one order: the second is ignored and reports FILLED as held', () => {
    const s = sim();
    const book = new OpenOrders();
    const o = limit(s, 'Buy', '63000', '1');
    quote(s, 'Sell', '63000', '1');
    const views = s.orders();
    const filled = views[views.length - 1];
    if (filled === undefined) throw new Error('no events');
    expect(filled.orderStatus).toBe('Filled');
    feed(book, views);
    const again = book.apply(orderEvent(filled));
    expect(again).toEqual({
      change: { type: 'ignored', reason: 'closed', order: orderEvent(filled) },
      prevStatus: 'FILLED',
    });
    expect(book.get(o.orderId)).toBeUndefined();
  });

  it('a late New after Filled never resurrects the order; an older update never overwrites a newer one', () => {
    const s = sim();
    const book = new OpenOrders();
    const o = limit(s, 'Buy', '63000', '1');
    quote(s, 'Sell', '63000', '0.5');
    quote(s, 'Sell', '63000', '0.5');
    const [created, half, full] = s.orders();
    if (created === undefined || half === undefined || full === undefined) throw new Error('events');
    // Reordered: the partial fill first, then the older New: the New is stale.
    expect(book.apply(orderEvent(half)).change.type).toBe('added');
    expect(book.apply(orderEvent(created)).change).toMatchObject({ type: 'ignored', reason: 'stale' });
    expect(book.get(o.orderId)?.cumExecQty).toBe('0.5');
    // Filled, then the New again (a late duplicate).
    expect(book.apply(orderEvent(full)).change.type).toBe('removed');
    expect(book.apply(orderEvent(created)).change).toMatchObject({ type: 'ignored', reason: 'closed' });
    expect(book.apply(orderEvent(half)).change).toMatchObject({ type: 'ignored', reason: 'closed' });
    expect(book.size).toBe(0);
  });

  it('Filled before anything else (terminal first) also keeps the order out', () => {
    const s = sim();
    const book = new OpenOrders();
    limit(s, 'Buy', '63000', '1');
    quote(s, 'Sell', '63000', '1');
    const views = s.orders().reverse();
    expect(feed(book, views).map((x) => x.change.type)).toEqual(['closed', 'ignored']);
    expect(book.size).toBe(0);
  });

  it('same-millisecond updates: cumExecQty breaks the tie, then arrival order', () => {
    const s = sim(0);
    const book = new OpenOrders();
    quote(s, 'Sell', '63000', '0.1');
    quote(s, 'Sell', '63000', '0.2');
    limit(s, 'Buy', '63000', '1');
    const views = s.orders();
    expect(new Set(views.map((v) => v.updatedTime)).size).toBe(1);
    expect(views.map((v) => v.cumExecQty)).toEqual(['0.1', '0.3']);
    feed(book, [...views].reverse());
    expect(book.view('spot')[0]?.cumExecQty).toBe('0.3');
  });

  it('keeps a bounded tombstone set', () => {
    const s = sim();
    const book = new OpenOrders();
    const base = limit(s, 'Buy', '60000', '0.01');
    for (let i = 0; i < TOMBSTONE_CAP + 10; i++) {
      book.apply(orderEvent(variant(base, { orderId: String(1_000_000 + i), orderStatus: 'Cancelled' })));
    }
    expect(book.statusOf('1000000')).toBeUndefined();
    expect(book.statusOf(String(1_000_000 + TOMBSTONE_CAP + 9))).toBe('CANCELED');
  });
});

describe('REST convergence (replaceFromRest)', () => {
  const rest = (views: readonly OrderView[]): unknown[] =>
    JSON.parse(JSON.stringify(views.map(toProductOrder))) as unknown[];

  it('converges to the server after missed pushes: adds, updates and removes', () => {
    const s = sim();
    const book = new OpenOrders();
    const a = limit(s, 'Buy', '60000', '0.1');
    const b = limit(s, 'Buy', '61000', '1');
    feed(book, s.orders());
    // Disconnected: these events are lost.
    cancel(s, a.orderId);
    quote(s, 'Sell', '61000', '0.5');
    const c = limit(s, 'Sell', '70000', '0.1');
    const mark = book.mark();
    const r = book.replaceFromRest(
      rest(s.engine.openOrders(ME)),
      { lists: ['spot', 'plan', 'trailing'], symbol: null },
      mark,
    );
    expect(r).toEqual({ added: 1, updated: 1, removed: 1, skipped: 0 });
    expect(ids(book.view('spot'))).toEqual([c.orderId, b.orderId]);
    expect(book.get(b.orderId)?.cumExecQty).toBe('0.5');
    // A terminal push that follows the removal still reads as news (the final status was not known).
    expect(book.statusOf(a.orderId)).toBeUndefined();
    // Converged: the same page again changes nothing.
    const v = book.version;
    book.replaceFromRest(rest(s.engine.openOrders(ME)), { lists: ['spot'], symbol: null }, book.mark());
    expect(book.version).toBe(v);
  });

  it('pushes that overtook the page win: a newer version, an order created in flight, a close in flight', () => {
    const s = sim();
    const book = new OpenOrders();
    const a = limit(s, 'Buy', '63000', '1');
    const b = limit(s, 'Buy', '60000', '0.1');
    feed(book, s.orders());
    const mark = book.mark();
    const page = rest(s.engine.openOrders(ME));
    // While the request is in flight: a fills half, c is created, b is cancelled.
    const m = s.events.length;
    quote(s, 'Sell', '63000', '0.5');
    const c = limit(s, 'Sell', '70000', '0.1');
    cancel(s, b.orderId);
    feed(book, s.orders(m));
    const r = book.replaceFromRest(page, { lists: ['spot'], symbol: null }, mark);
    expect(r).toEqual({ added: 0, updated: 0, removed: 0, skipped: 1 });
    expect(ids(book.view('spot'))).toEqual([c.orderId, a.orderId]);
    expect(book.get(a.orderId)?.cumExecQty).toBe('0.5');
  });

  it('replaces only the scope it was asked for', () => {
    const s = sim();
    const book = new OpenOrders();
    const btc = limit(s, 'Buy', '60000', '0.1');
    const eth = limit(s, 'Buy', '3000', '1', 'ETHUSDT');
    const cond = place(s, {
      symbol: 'BTCUSDT',
      side: 'Buy',
      orderType: 'Market',
      planType: 1,
      triggerPrice: '66000',
      qty: '0.01',
      marketUnit: 'baseCoin',
    });
    feed(book, s.orders());
    // An ETH-only spot page that is empty: only ETH spot orders go.
    book.replaceFromRest([], { lists: ['spot'], symbol: 'ETHUSDT' }, book.mark());
    expect(ids(book.view('spot'))).toEqual([btc.orderId]);
    expect(ids(book.view('plan'))).toEqual([cond.orderId]);
    expect(book.get(eth.orderId)).toBeUndefined();
  });

  it('skips terminal rows, unreadable rows and closed ids', () => {
    const s = sim();
    const book = new OpenOrders();
    const a = limit(s, 'Buy', '60000', '0.1');
    const b = limit(s, 'Buy', '60001', '0.1');
    feed(book, s.orders());
    const m = s.events.length;
    cancel(s, a.orderId);
    feed(book, s.orders(m));
    const stalePage = rest([a, b]);
    const r = book.replaceFromRest(
      [...stalePage, { junk: true }, toProductOrder(s.engine.getOrder(a.orderId) ?? a)],
      { lists: ['spot'], symbol: null },
      book.mark(),
    );
    expect(r.skipped).toBe(3);
    expect(ids(book.view('spot'))).toEqual([b.orderId]);
  });
});

describe('scale', () => {
  it('keeps 1,000 open orders sorted through adds, updates and removes without re-sorting', () => {
    const s = sim();
    const book = new OpenOrders();
    const base = limit(s, 'Buy', '1000', '0.01');
    const n = 1000;
    const events: OrderEvent[] = [];
    for (let i = 0; i < n; i++) {
      // Creation times out of order, so inserts land all over the list.
      const created = base.createdTime + ((i * 7919) % n);
      events.push(
        orderEvent(
          variant(base, { orderId: String(10_000 + i), createdTime: created, updatedTime: created }),
        ),
      );
    }
    const t0 = performance.now();
    for (const e of events) book.apply(e);
    for (const e of events)
      book.apply({
        ...e,
        updatedTime: e.updatedTime + 5000,
        status: 'PARTIALLY_FILLED',
        cumExecQty: '0.005',
      });
    for (let i = 0; i < n; i += 2) {
      const e = events[i];
      if (e !== undefined) book.apply({ ...e, updatedTime: e.updatedTime + 9000, status: 'CANCELED' });
    }
    const elapsed = performance.now() - t0;
    const view = book.view('spot');
    expect(view).toHaveLength(n / 2);
    for (let i = 1; i < view.length; i++) {
      const prev = view[i - 1];
      const cur = view[i];
      if (prev === undefined || cur === undefined) continue;
      expect(
        prev.createdTime > cur.createdTime ||
          (prev.createdTime === cur.createdTime && prev.orderId > cur.orderId),
      ).toBe(true);
    }
    expect(view.every((o) => o.status === 'PARTIALLY_FILLED')).toBe(true);
    // 2,500 events at 1,000 orders: generous bound for a shared 2-core machine; ~5 ms locally.
    expect(elapsed).toBeLessThan(500);
  });
});
