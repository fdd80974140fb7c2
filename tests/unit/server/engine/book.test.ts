import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BookEntry } from '../../../../server/engine/book';
import { BookSide } from '../../../../server/engine/book';
import type { Engine } from '../../../../server/engine/engine';
import type { DepthView, Side } from '../../../../server/engine/types';
import type { Recorded } from './helpers';
import { expectOk, fund, world } from './helpers';

function entry(lots: number): BookEntry {
  return { leavesLots: lots, level: undefined, slot: 0 };
}

describe('BookSide', () => {
  it('keeps levels sorted best-first and queues FIFO with lazy deletion', () => {
    const asks = new BookSide<BookEntry>('Sell');
    const a = entry(1);
    const b = entry(2);
    const c = entry(3);
    asks.add(a, 101);
    asks.add(b, 100);
    asks.add(c, 101);
    expect(asks.top(5)).toEqual([
      [100, 2],
      [101, 4],
    ]);
    expect(asks.best()?.price).toBe(100);
    asks.remove(b);
    expect(asks.best()?.front()).toBe(a);
    asks.remove(a);
    expect(asks.best()?.front()).toBe(c);
    asks.reduce(c, 1);
    expect(asks.top(5)).toEqual([[101, 2]]);
    asks.reduce(c, 2);
    expect(asks.depth).toBe(0);
    expect(c.level).toBeUndefined();
  });

  it('compacts a level after many cancels without losing order', () => {
    const bids = new BookSide<BookEntry>('Buy');
    const all = Array.from({ length: 200 }, () => entry(1));
    for (const e of all) bids.add(e, 50);
    for (let i = 0; i < 200; i++) if (i % 4 !== 3) bids.remove(all[i] ?? entry(0));
    const level = bids.best();
    expect(level?.size).toBe(50);
    expect(level?.entries()).toEqual(all.filter((_, i) => i % 4 === 3));
    expect(level?.queue.length).toBeLessThan(200);
  });

  it('reports only levels whose size changed since the last drain', () => {
    const bids = new BookSide<BookEntry>('Buy');
    const e = entry(5);
    bids.add(e, 10);
    const seen: [number, number][] = [];
    bids.drain((p, s) => seen.push([p, s]));
    expect(seen).toEqual([[10, 5]]);
    const tmp = entry(1);
    bids.add(tmp, 10);
    bids.remove(tmp);
    bids.add(entry(2), 11);
    seen.length = 0;
    bids.drain((p, s) => seen.push([p, s]));
    expect(seen).toEqual([[11, 2]]);
  });
});

/** Replays level events into per-side maps and renders them like depth(). */
function replay(events: Recorded, symbol: string): DepthView {
  const sides: Record<Side, Map<string, string>> = { Buy: new Map(), Sell: new Map() };
  for (const [s, side, price, size] of events.levels) {
    if (s !== symbol) continue;
    if (size === '0') sides[side].delete(price);
    else sides[side].set(price, size);
  }
  const sorted = (m: Map<string, string>, dir: number) =>
    [...m].sort(([a], [b]) => (Number(a) - Number(b)) * dir).map(([p, q]) => [p, q] as const);
  return { symbol, bids: sorted(sides.Buy, -1), asks: sorted(sides.Sell, 1) };
}

function assertSane(engine: Engine, symbol: string): void {
  const d = engine.depth(symbol, 100_000);
  const bids = d.bids.map(([p]) => Number(p));
  const asks = d.asks.map(([p]) => Number(p));
  for (let i = 1; i < bids.length; i++) expect(bids[i]).toBeLessThan(bids[i - 1] ?? Infinity);
  for (let i = 1; i < asks.length; i++) expect(asks[i]).toBeGreaterThan(asks[i - 1] ?? -Infinity);
  for (const [, q] of [...d.bids, ...d.asks]) expect(Number(q)).toBeGreaterThan(0);
  if (bids.length > 0 && asks.length > 0) expect(bids[0]).toBeLessThan(asks[0] ?? Infinity);
}

const command = fc.oneof(
  fc.record({
    kind: fc.constant('limit' as const),
    side: fc.constantFrom<Side>('Buy', 'Sell'),
    ticks: fc.integer({ min: 9900, max: 10100 }),
    lots: fc.integer({ min: 200, max: 5000 }),
  }),
  fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('market' as const),
    side: fc.constantFrom<Side>('Buy', 'Sell'),
    lots: fc.integer({ min: 200, max: 20000 }),
  }),
);

describe('book invariants through the engine', () => {
  it('random system limit / market / cancel sequences never leave the book crossed or unsorted', () => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 120 }), (cmds) => {
        const { engine, events } = world();
        const open: string[] = [];
        for (const c of cmds) {
          if (c.kind === 'limit') {
            const o = expectOk(
              engine.placeOrder({
                accountId: 'mm',
                clientOrderId: '',
                symbol: 'TSTUSDT',
                side: c.side,
                orderType: 'Limit',
                price: (c.ticks / 100).toFixed(2),
                qty: (c.lots / 10000).toFixed(4),
              }),
            );
            if (o.orderStatus === 'New' || o.orderStatus === 'PartiallyFilled') open.push(o.orderId);
          } else if (c.kind === 'cancel') {
            if (open.length === 0) continue;
            const [id] = open.splice(c.pick % open.length, 1);
            engine.cancelOrder({ accountId: 'mm', orderId: id ?? '' });
          } else {
            expectOk(
              engine.placeOrder({
                accountId: 'mm2',
                clientOrderId: '',
                symbol: 'TSTUSDT',
                side: c.side,
                orderType: 'Market',
                marketUnit: 'baseCoin',
                qty: (c.lots / 10000).toFixed(4),
              }),
            );
          }
          assertSane(engine, 'TSTUSDT');
        }
        expect(replay(events, 'TSTUSDT')).toEqual(engine.depth('TSTUSDT', 100_000));
      }),
      { numRuns: 60 },
    );
  });

  it('level events replay to depth() with user orders, fills, modifies and triggers', () => {
    const { engine, events } = world();
    fund(engine, 'alice', { USDT: '100000', TST: '100' });
    engine.setLastPrice('TSTUSDT', '100');
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 48271) % 2147483647;
      return seed % n;
    };
    const ids: string[] = [];
    for (let i = 0; i < 2000; i++) {
      const side: Side = rnd(2) === 0 ? 'Buy' : 'Sell';
      const price = (95 + rnd(1000) / 100).toFixed(2);
      const r = rnd(10);
      if (r < 5) {
        const o = engine.placeOrder({
          accountId: rnd(3) === 0 ? 'alice' : 'mm',
          clientOrderId: '',
          symbol: 'TSTUSDT',
          side,
          orderType: 'Limit',
          price,
          qty: ((1 + rnd(50)) / 100).toFixed(2),
        });
        if (o.ok) ids.push(o.value.orderId);
      } else if (r < 7 && ids.length > 0) {
        const id = ids[rnd(ids.length)] ?? '';
        engine.cancelOrder({ accountId: 'mm', orderId: id });
        engine.cancelOrder({ accountId: 'alice', orderId: id });
      } else if (r < 8 && ids.length > 0) {
        engine.modifyOrder({ accountId: 'alice', orderId: ids[rnd(ids.length)] ?? '', price, qty: '0.3' });
      } else if (r < 9) {
        engine.placeOrder({
          accountId: 'alice',
          clientOrderId: '',
          symbol: 'TSTUSDT',
          side,
          orderType: 'Market',
          planType: 1,
          marketUnit: 'baseCoin',
          triggerPrice: price,
          qty: '0.2',
        });
      } else {
        engine.placeOrder({
          accountId: 'mm2',
          clientOrderId: '',
          symbol: 'TSTUSDT',
          side,
          orderType: 'Market',
          marketUnit: 'baseCoin',
          qty: ((1 + rnd(100)) / 100).toFixed(2),
        });
      }
    }
    expect(events.trades.length).toBeGreaterThan(100);
    expect(engine.orderHistory('alice', { planTypes: [1] }).some((o) => o.orderStatus === 'Triggered')).toBe(
      true,
    );
    expect(replay(events, 'TSTUSDT')).toEqual(engine.depth('TSTUSDT', 100_000));
    assertSane(engine, 'TSTUSDT');
    // Locks always equal what the open orders hold.
    const usdt = engine.balance('alice', 'USDT');
    const tst = engine.balance('alice', 'TST');
    expect(Number(usdt.free)).toBeGreaterThanOrEqual(0);
    expect(Number(tst.free)).toBeGreaterThanOrEqual(0);
    engine.cancelAll({ accountId: 'alice' });
    engine.cancelAll({ accountId: 'alice', planType: 1 });
    expect(engine.balance('alice', 'USDT').locked).toBe('0');
    expect(engine.balance('alice', 'TST').locked).toBe('0');
  });

  it('survives 20,000 system maker place / cancel operations on a deep book', () => {
    const { engine } = world({ listener: { level: () => undefined } });
    const resting: string[] = [];
    for (let i = 0; i < 300; i++) {
      const buy = expectOk(
        engine.placeOrder({
          accountId: 'mm',
          clientOrderId: '',
          symbol: 'BTCUSDT',
          side: 'Buy',
          orderType: 'Limit',
          price: (63999 - i).toFixed(2),
          qty: '0.01',
        }),
      );
      const sell = expectOk(
        engine.placeOrder({
          accountId: 'mm',
          clientOrderId: '',
          symbol: 'BTCUSDT',
          side: 'Sell',
          orderType: 'Limit',
          price: (64001 + i).toFixed(2),
          qty: '0.01',
        }),
      );
      resting.push(buy.orderId, sell.orderId);
    }
    for (let i = 0; i < 10_000; i++) {
      const side: Side = i % 2 === 0 ? 'Buy' : 'Sell';
      const off = (i * 7919) % 300;
      const o = expectOk(
        engine.placeOrder({
          accountId: 'mm',
          clientOrderId: '',
          symbol: 'BTCUSDT',
          side,
          orderType: 'Limit',
          price: (side === 'Buy' ? 63999 - off : 64001 + off).toFixed(2),
          qty: '0.002',
        }),
      );
      expectOk(engine.cancelOrder({ accountId: 'mm', orderId: o.orderId }));
    }
    expect(engine.depth('BTCUSDT', 1000).bids).toHaveLength(300);
    expect(engine.bestBid('BTCUSDT')).toBe('63999');
    expect(engine.bestAsk('BTCUSDT')).toBe('64001');
  });
});
