import { describe, expect, it } from 'vitest';
import { clientKey, crosses, EngineCore, idKey, opposite } from '../../../../server/engine/core';
import type { Order } from '../../../../server/engine/order';
import { SYMBOLS } from '../../../../server/market/symbols';

describe('engine core helpers', () => {
  it('crosses: a buy trades at or below its limit, a sell at or above', () => {
    expect(crosses('Buy', 100, 100)).toBe(true);
    expect(crosses('Buy', 100, 101)).toBe(false);
    expect(crosses('Sell', 100, 100)).toBe(true);
    expect(crosses('Sell', 100, 99)).toBe(false);
    expect(opposite('Buy')).toBe('Sell');
    expect(opposite('Sell')).toBe('Buy');
  });

  it('clientKey is the persisted JSON pair', () => {
    expect(clientKey('a1', 'x')).toBe('["a1","x"]');
    expect(JSON.parse(clientKey('a"b', 'c,d'))).toEqual(['a"b', 'c,d']);
  });

  it('idKey: canonical ids key as numbers, anything else as itself', () => {
    expect(idKey('1')).toBe(1);
    expect(idKey('1234567')).toBe(1234567);
    expect(idKey('0')).toBe(0);
    for (const id of ['007', '7.0', '7e0', ' 7', '-7', '', 'x', '9007199254740993'])
      expect(idKey(id)).toBe(id);
  });

  it('refuses a bad fee rate and prints valid ones trimmed', () => {
    expect(() => new EngineCore({ symbols: [], makerFee: 'x' })).toThrow(/fee/);
    const c = new EngineCore({ symbols: SYMBOLS, makerFee: '0.00100', takerFee: '0.002' });
    expect(c.makerFee).toBe('0.001');
    expect(c.takerFee).toBe('0.002');
    expect(c.instruments.size).toBe(SYMBOLS.length);
  });

  it('hands out ids in order and unique client ids per account', () => {
    const c = new EngineCore({ symbols: [] });
    expect([c.newId(), c.newId()]).toEqual(['1', '2']);
    c.addAccount('u', false);
    c.addAccount('u', true); // a second registration changes nothing
    const acct = c.accounts.get('u');
    if (acct === undefined) throw new Error('no account');
    expect(acct.system).toBe(false);
    expect(c.uniqueClientId(acct, 'k')).toBe('k');
    acct.clientIds.set('k', '1');
    acct.clientIds.set('k-2', '2');
    expect(c.uniqueClientId(acct, 'k')).toBe('k-3');
  });

  it('queues trigger prices only for symbols with plan orders, skipping an immediate repeat', () => {
    const c = new EngineCore({ symbols: SYMBOLS });
    const inst = c.instruments.get('BTCUSDT');
    if (inst === undefined) throw new Error('no BTCUSDT');
    c.enqueue(inst, 100);
    expect(c.pendingPrice).toEqual([]);
    // Only the count matters to the queue: a stand-in plan order is enough.
    inst.plans.push({} as Order);
    c.enqueue(inst, 100);
    c.enqueue(inst, 100);
    c.enqueue(inst, 0);
    c.enqueue(inst, 101);
    expect(c.pendingPrice).toEqual([100, 101]);
  });
});
