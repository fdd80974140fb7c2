import { describe, expect, it } from 'vitest';
import { isOlderId, TRADES_KEPT, TradeTape } from '../../../../workers/market/trades';
import { decodeFrame } from '../../../../workers/protocol/decode';
import type { WireTrade } from '../../../../workers/protocol/wire';

const BASE_ID = 2290000001202469355n;

/** A publicTrade frame (bybit-wire.md §2.2) with trades of the given id offsets, oldest first. */
function tradeFrame(offsets: readonly number[]): string {
  const data = offsets.map((k) => ({
    i: String(BASE_ID + BigInt(k)),
    T: 1788335009000 + k,
    p: (77606.8 + k / 10).toFixed(1),
    v: '0.000712',
    S: k % 2 === 0 ? 'Buy' : 'Sell',
    seq: 113508069853 + k,
    s: 'BTCUSDT',
    BT: false,
    RPI: false,
  }));
  return JSON.stringify({ topic: 'publicTrade.BTCUSDT', ts: 1788335009483, type: 'snapshot', data });
}

function decoded(offsets: readonly number[]): readonly WireTrade[] {
  const f = decodeFrame(tradeFrame(offsets));
  if (f.type !== 'trades') throw new Error(`expected trades, got ${f.type}`);
  return f.trades;
}

const ids = (rows: readonly WireTrade[]): string[] => rows.map((t) => String(BigInt(t.id) - BASE_ID));

describe('TradeTape', () => {
  it('keeps trades newest first with their fields', () => {
    const tape = new TradeTape();
    expect(tape.add(decoded([1, 2, 3]))).toBe(3);
    expect(ids(tape.newest())).toEqual(['3', '2', '1']);
    expect(tape.at(0)).toEqual({
      id: String(BASE_ID + 3n),
      price: 77607.1,
      qty: 0.000712,
      time: 1788335009003,
      side: 'Sell',
    });
    expect(tape.size).toBe(3);
  });

  it('keeps 100 and shows 40', () => {
    const tape = new TradeTape();
    const offsets = Array.from({ length: 250 }, (_, i) => i + 1);
    tape.add(decoded(offsets.slice(0, 120)));
    tape.add(decoded(offsets.slice(120)));
    expect(tape.size).toBe(TRADES_KEPT);
    expect(tape.newest()).toHaveLength(40);
    expect(ids(tape.newest()).slice(0, 2)).toEqual(['250', '249']);
    expect(ids(tape.newest(1000))).toHaveLength(100);
    expect(ids(tape.newest(1000)).at(-1)).toBe('151');
  });

  it('drops duplicated ids (within a frame and across frames) and counts them', () => {
    const tape = new TradeTape();
    tape.add(decoded([1, 2, 2, 3]));
    const v = tape.version;
    expect(tape.add(decoded([2, 3]))).toBe(0);
    expect(tape.version).toBe(v);
    expect(ids(tape.newest())).toEqual(['3', '2', '1']);
    expect(tape.counters()).toEqual({ added: 3, duplicate: 3, late: 0 });
  });

  it('drops late (reordered) ids older than the newest, and counts them', () => {
    const tape = new TradeTape();
    tape.add(decoded([1, 3, 5]));
    expect(tape.add(decoded([4, 6, 2, 7]))).toBe(2);
    expect(ids(tape.newest())).toEqual(['7', '6', '5', '3', '1']);
    expect(tape.counters()).toMatchObject({ late: 2 });
  });

  it('a dropped-out id may come back only if it is newer; eviction frees its id', () => {
    const tape = new TradeTape(3);
    tape.add(decoded([1, 2, 3, 4]));
    expect(ids(tape.newest())).toEqual(['4', '3', '2']);
    expect(tape.add(decoded([1]))).toBe(0);
    expect(tape.counters().late).toBe(1);
    tape.clear();
    expect(tape.add(decoded([1]))).toBe(1);
  });

  it('orders numeric ids beyond 2^53 by value; never calls non-numeric ids late', () => {
    expect(isOlderId('9', '10')).toBe(true);
    expect(isOlderId('2290000001202469355', '2290000001202469356')).toBe(true);
    expect(isOlderId('2290000001202469356', '2290000001202469355')).toBe(false);
    expect(isOlderId('a1', 'b2')).toBe(false);
    const tape = new TradeTape();
    tape.add([
      { id: 'zz', price: 1, qty: 1, time: 1, side: 'Buy' },
      { id: 'aa', price: 1, qty: 1, time: 2, side: 'Sell' },
    ]);
    expect(tape.newest().map((t) => t.id)).toEqual(['aa', 'zz']);
  });
});
