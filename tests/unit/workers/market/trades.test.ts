import { describe, expect, it } from 'vitest';
import { isOlderId, parseRecentTradesRest, TRADES_KEPT, TradeTape } from '../../../../workers/market/trades';
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

  it('seeds from a REST page: empty tape takes it all; after live trades the older rows fill the old end', () => {
    const fresh = new TradeTape();
    expect(fresh.seed(decoded([1, 2, 3]))).toBe(3);
    expect(ids(fresh.newest())).toEqual(['3', '2', '1']);

    // Live trades 5 and 6 came first; the page (1..6, oldest first) answers late: 1..4 go under them, 5 and 6 are
    // duplicates, and nothing is counted late.
    const tape = new TradeTape();
    tape.add(decoded([5, 6]));
    expect(tape.seed(decoded([1, 2, 3, 4, 5, 6]))).toBe(4);
    expect(ids(tape.newest())).toEqual(['6', '5', '4', '3', '2', '1']);
    expect(tape.counters().late).toBe(0);

    // After a reconnect the page also carries trades newer than the head: they are added at the head.
    expect(tape.seed(decoded([5, 6, 7, 8]))).toBe(2);
    expect(ids(tape.newest(3))).toEqual(['8', '7', '6']);
  });

  it('seeding never grows the tape past its capacity', () => {
    const tape = new TradeTape(4);
    tape.add(decoded([10, 11]));
    expect(tape.seed(decoded([1, 2, 3, 4, 5]))).toBe(2);
    expect(ids(tape.newest())).toEqual(['11', '10', '5', '4']);
  });
});

describe('parseRecentTradesRest', () => {
  const row = (k: number, over: Record<string, unknown> = {}): Record<string, unknown> => ({
    execId: String(BASE_ID + BigInt(k)),
    symbol: 'BTCUSDT',
    price: '77606.8',
    size: '0.000712',
    side: k % 2 === 0 ? 'Buy' : 'Sell',
    time: String(1788335009000 + k),
    isBlockTrade: false,
    seq: String(113508069853 + k),
    ...over,
  });
  const page = (list: unknown[]): unknown => ({
    retCode: 0,
    retMsg: 'OK',
    result: { category: 'spot', list },
  });

  it('turns a newest-first v5 page into tape rows, oldest first', () => {
    const rows = parseRecentTradesRest(page([row(3), row(2), row(1)]), 'BTCUSDT');
    expect(ids(rows)).toEqual(['1', '2', '3']);
    expect(rows[0]).toEqual({
      id: String(BASE_ID + 1n),
      price: 77606.8,
      qty: 0.000712,
      time: 1788335009001,
      side: 'Sell',
    });
  });

  it('skips bad rows and answers [] for a bad envelope', () => {
    const rows = parseRecentTradesRest(
      page([
        row(6),
        row(5, { price: 'NaN' }),
        row(4, { size: '-1' }),
        row(3, { side: 'Short' }),
        row(2, { symbol: 'ETHUSDT' }),
        row(1, { execId: '' }),
        null,
      ]),
      'BTCUSDT',
    );
    expect(ids(rows)).toEqual(['6']);
    expect(parseRecentTradesRest({ retCode: 10001, result: {} }, 'BTCUSDT')).toEqual([]);
    expect(parseRecentTradesRest('<html>', 'BTCUSDT')).toEqual([]);
    expect(parseRecentTradesRest({ retCode: 0, result: { list: 'x' } }, 'BTCUSDT')).toEqual([]);
  });
});
