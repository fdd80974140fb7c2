/**
 * A hub diff is a structured clone: new objects from top to bottom. The tab keeps every part equal to what it holds by
 * reference, so a reader of one part of the account (the book's and the chart's own orders, the tools' strategies)
 * wakes only when that part changes, not on each account diff.
 */
import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { shareEqual } from '../../../../src/hub/share';
import { accountAtom, accountFieldAtom, storeAccount, type AccountView } from '../../../../src/hub/state';

describe('shareEqual', () => {
  it('gives back the held value when the new one is deep-equal', () => {
    const prev = { a: 1, b: [{ x: '1' }, { x: '2' }], c: null, d: { e: 'f' } };
    const next = structuredClone(prev);
    expect(shareEqual(prev, next)).toBe(prev);
  });

  it('keeps the equal parts and takes the changed ones', () => {
    const prev = {
      list: [
        { id: 'a', p: '1' },
        { id: 'b', p: '2' },
      ],
      other: { n: 1 },
    };
    const next = structuredClone(prev);
    next.list[1] = { id: 'b', p: '3' };
    const out = shareEqual(prev, next);
    expect(out).not.toBe(prev);
    expect(out).toEqual(next);
    expect(out.other).toBe(prev.other);
    expect(out.list).not.toBe(prev.list);
    expect(out.list[0]).toBe(prev.list[0]);
    expect(out.list[1]).toBe(next.list[1]);
  });

  it('sees added, removed and reordered members as changes', () => {
    const prev: { list: string[]; k?: number } = { list: ['a', 'b'], k: 1 };
    expect(shareEqual(prev, { list: ['a', 'b', 'c'], k: 1 }).list).toEqual(['a', 'b', 'c']);
    expect(shareEqual(prev, { list: ['a'], k: 1 }).list).toEqual(['a']);
    expect(shareEqual(prev, { list: ['b', 'a'], k: 1 }).list).toEqual(['b', 'a']);
    const dropped = shareEqual(prev, { list: ['a', 'b'] });
    expect(dropped).not.toBe(prev);
    expect('k' in dropped).toBe(false);
    expect(dropped.list).toBe(prev.list);
  });

  it('matches list members across one added or removed member', () => {
    const a = { id: 'a' };
    const b = { id: 'b' };
    const c = { id: 'c' };
    const prev = [a, b, c];
    const added = shareEqual(prev, structuredClone([{ id: 'new' }, a, b, c]));
    expect(added.slice(1)).toEqual([a, b, c]);
    expect(added[1]).toBe(a);
    expect(added[3]).toBe(c);
    const removed = shareEqual(prev, structuredClone([a, c]));
    expect(removed[0]).toBe(a);
    expect(removed[1]).toBe(c);
  });

  it('compares numbers as Object.is does and treats other objects as changed', () => {
    const held = { n: NaN };
    expect(shareEqual(held, { n: NaN })).toBe(held);
    expect(shareEqual({ z: 0 }, { z: -0 }).z).toBe(-0);
    const m = { map: new Map([['a', 1]]) };
    const n = { map: new Map([['a', 1]]) };
    expect(shareEqual(m, n).map).toBe(n.map);
  });
});

type Order = AccountView['openOrders'][number];

function order(id: string, price: string): Order {
  return { orderId: id, symbol: 'BTCUSDT', side: 'Buy', price } as unknown as Order;
}

function account(orders: readonly Order[], usdt: string): AccountView {
  return {
    loggedIn: true,
    openOrders: orders,
    balances: [{ coin: 'USDT', free: usdt, locked: '0', total: usdt }],
    strategies: [],
  } as unknown as AccountView;
}

describe('storeAccount', () => {
  it('wakes a field reader only when its field changes', () => {
    const store = createStore();
    const woke = { account: 0, orders: 0, balances: 0, strategies: 0 };
    store.sub(accountAtom, () => woke.account++);
    store.sub(accountFieldAtom('openOrders'), () => woke.orders++);
    store.sub(accountFieldAtom('balances'), () => woke.balances++);
    store.sub(accountFieldAtom('strategies'), () => woke.strategies++);

    const first = [order('1', '40000'), order('2', '40010')];
    storeAccount(store, account(first, '100'));
    expect(woke).toEqual({ account: 1, orders: 1, balances: 1, strategies: 1 });

    // The same account again, as a fresh clone: nothing is stored, nobody wakes.
    storeAccount(store, structuredClone(account(first, '100')));
    expect(woke).toEqual({ account: 1, orders: 1, balances: 1, strategies: 1 });

    // A balance moved: the orders' readers sleep.
    storeAccount(store, structuredClone(account(first, '90')));
    expect(woke).toEqual({ account: 2, orders: 1, balances: 2, strategies: 1 });

    // A new order: the orders wake, and the two held orders keep their objects (rows keyed on them stay).
    storeAccount(store, structuredClone(account([order('3', '40020'), ...first], '90')));
    expect(woke).toEqual({ account: 3, orders: 2, balances: 2, strategies: 1 });
    const held = store.get(accountFieldAtom('openOrders')) ?? [];
    expect(held.map((o) => o.orderId)).toEqual(['3', '1', '2']);
    expect(held[1]).toBe(first[0]);
    expect(held[2]).toBe(first[1]);
  });

  it('gives the same atom for the same field', () => {
    expect(accountFieldAtom('openOrders')).toBe(accountFieldAtom('openOrders'));
    expect(accountFieldAtom('openOrders')).not.toBe(accountFieldAtom('balances'));
  });
});
