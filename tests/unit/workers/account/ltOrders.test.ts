import { describe, expect, it } from 'vitest';
import { LtOrders, LT_ORDERS_CAP } from '../../../../workers/account/ltOrders';
import { ACCOUNT_TOPICS } from '../../../../workers/account/wire';
import { PRIVATE_TOPICS } from '../../../../server/market/topics';

function row(id: number, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    orderId: String(id),
    symbolId: 6,
    symbolName: 'BTC3LUSDT',
    token: 'BTC3L',
    quote: 'USDT',
    orderType: 1,
    orderQuantity: '100',
    status: 1,
    nav: '2.1375',
    fee: '0.1',
    dealQuantity: '46.73',
    failReason: '',
    createdTime: 1_700_000_000_000 + id,
    ...over,
  };
}

describe('LtOrders', () => {
  it('reads the simulator topics', () => {
    expect(ACCOUNT_TOPICS.lt).toEqual(PRIVATE_TOPICS.lt);
  });

  it('announces a pushed order once: status 1 success, 3 failure', () => {
    const l = new LtOrders();
    expect(l.apply(row(1))).toMatchObject({ type: 'new', notice: 'success' });
    expect(l.apply(row(1))).toEqual({ type: 'duplicate' });
    expect(l.apply(row(2, { status: 3, failReason: 'changePosition' }))).toMatchObject({
      type: 'new',
      notice: 'failure',
    });
    expect(l.list().map((o) => o.orderId)).toEqual(['2', '1']);
  });

  it('drops malformed rows', () => {
    const l = new LtOrders();
    for (const bad of [
      null,
      {},
      row(1, { status: 2 }),
      row(1, { orderType: 3 }),
      row(1, { orderQuantity: '-1' }),
    ])
      expect(l.apply(bad)).toEqual({ type: 'bad' });
    expect(l.list()).toEqual([]);
    expect(l.version).toBe(0);
  });

  it('merges a REST answer with what it holds (records are never deleted or changed)', () => {
    const l = new LtOrders();
    l.apply(row(5));
    expect(l.replaceFromRest([row(4), row(3), { nope: true }])).toBe(1);
    expect(l.list().map((o) => o.orderId)).toEqual(['5', '4', '3']);
    expect(l.replaceFromRest([row(6), row(4)])).toBe(0);
    expect(l.list().map((o) => o.orderId)).toEqual(['6', '5', '4', '3']);
  });

  it('keeps the newest records only', () => {
    const l = new LtOrders();
    for (let i = 1; i <= LT_ORDERS_CAP + 5; i++) l.apply(row(i));
    expect(l.list()).toHaveLength(LT_ORDERS_CAP);
    expect(l.list()[0]?.orderId).toBe(String(LT_ORDERS_CAP + 5));
  });
});
