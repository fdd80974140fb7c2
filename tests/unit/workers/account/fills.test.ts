import { describe, expect, it } from 'vitest';
import { INTERVALS, periodStart } from '../../../../workers/protocol/intervals';
import {
  bucketMarkers,
  candleStart,
  DAY_MS,
  FillHistory,
  fromExecutionRow,
  parseClassicFills,
  parseUnifiedFills,
  toCandleInterval,
} from '../../../../workers/account/fills';
import type { Fill } from '../../../../workers/protocol/account';
import { CALLS } from '../../../../workers/protocol/paths';
import { frame, limit, place, quote, sim, type Sim } from './helpers';
import { restOf } from './rest';

/** ME buys (or sells) `qty` at `price` against a fresh maker quote, at the clock's current time. */
function trade(s: Sim, side: 'Buy' | 'Sell', price: string, qty: string, symbol = 'BTCUSDT'): void {
  quote(s, side === 'Buy' ? 'Sell' : 'Buy', price, qty, symbol);
  limit(s, side, price, qty, symbol);
}

/** The execution pushes of the engine so far, read as the hub reads them. */
function pushed(s: Sim, from = 0): Fill[] {
  return s.executions(from).map((e) => {
    const f = fromExecutionRow(frame('execution', [e], e.execTime).data[0]);
    if (f === undefined) throw new Error(`unreadable execution ${JSON.stringify(e)}`);
    return f;
  });
}

describe('fill rows', () => {
  it('reads execution pushes and both REST shapes into the same fills, keyed by execId = tradeId', () => {
    const s = sim();
    trade(s, 'Buy', '64000', '0.5');
    trade(s, 'Sell', '64100', '0.2');
    trade(s, 'Buy', '3200', '1', 'ETHUSDT');
    const push = pushed(s).filter((f) => f.symbol === 'BTCUSDT');
    expect(push.map((f) => [f.side, f.price, f.qty, f.value, f.orderType])).toEqual([
      ['Buy', '64000', '0.5', '32000', 'Limit'],
      ['Sell', '64100', '0.2', '12820', 'Limit'],
    ]);
    const classic = parseClassicFills(
      'BTCUSDT',
      restOf(s, 'classic')(CALLS.tradeInfoClassic, { symbol_id: 1 }),
    );
    const unified = parseUnifiedFills(
      'BTCUSDT',
      restOf(s, 'unified')(CALLS.tradeInfoUnified, { symbol: 'BTCUSDT', contractType: 6 }),
    );
    const key = (fs: readonly Fill[]) =>
      [...fs].sort((a, b) => a.time - b.time || Number(a.id) - Number(b.id));
    expect(classic?.bad).toBe(0);
    expect(unified?.bad).toBe(0);
    expect(key(classic?.fills ?? [])).toEqual(push);
    expect(key(unified?.fills ?? [])).toEqual(push);
    expect(classic?.version).toBe(push[push.length - 1]?.id);
    expect(unified?.version).toBe(classic?.version);
  });

  it('counts unreadable rows and refuses non-results', () => {
    expect(parseUnifiedFills('BTCUSDT', { list: [{ tradeId: '1' }, null] })).toEqual({
      fills: [],
      version: '0',
      bad: 2,
    });
    expect(parseClassicFills('BTCUSDT', { buys: [] })).toBeUndefined();
    expect(parseUnifiedFills('BTCUSDT', null)).toBeUndefined();
    expect(
      fromExecutionRow({ execId: '1', symbol: 'BTCUSDT', side: 'Buy', execTime: 1, execPrice: 'x' }),
    ).toBeUndefined();
  });
});

describe('FillHistory', () => {
  it('dedupes a fill seen in REST and as a push (and pushes seen twice), keeping time order', () => {
    const s = sim();
    trade(s, 'Buy', '64000', '0.1');
    const restBefore = parseUnifiedFills(
      'BTCUSDT',
      restOf(s, 'unified')(CALLS.tradeInfoUnified, { symbol: 'BTCUSDT' }),
    );
    trade(s, 'Sell', '64500', '0.1');
    trade(s, 'Buy', '63900', '0.3');
    const h = new FillHistory();
    const now = s.clock.t;
    const fromPush = h.add([...pushed(s), ...pushed(s)], now);
    expect(fromPush).toHaveLength(3);
    const v = h.version;
    expect(h.add(restBefore?.fills ?? [], now)).toEqual([]);
    expect(h.version).toBe(v);
    expect(h.list('BTCUSDT').map((f) => f.price)).toEqual(['64000', '64500', '63900']);
    expect(h.list('BTCUSDT')).toBe(h.list('BTCUSDT'));
    expect(h.byIds('BTCUSDT', [fromPush[1]?.id ?? ''])).toEqual([fromPush[1]]);
  });

  it('keeps the 90-day window: older fills are not added, and leave as time passes', () => {
    const s = sim();
    trade(s, 'Buy', '64000', '0.1');
    s.clock.t += 50 * DAY_MS;
    trade(s, 'Buy', '64000', '0.2');
    s.clock.t += 45 * DAY_MS;
    trade(s, 'Buy', '64000', '0.3');
    const h = new FillHistory();
    const added = h.add(pushed(s), s.clock.t);
    expect(added.map((f) => f.qty)).toEqual(['0.2', '0.3']);
    // The server's 90-day answer holds the same two.
    const rest = parseClassicFills(
      'BTCUSDT',
      restOf(s, 'classic')(CALLS.tradeInfoClassic, { symbol_id: 'BTCUSDT' }),
    );
    expect(rest?.fills.map((f) => f.qty).sort()).toEqual(['0.2', '0.3']);
    // 46 days on, the middle fill (45 days old now) is 91 days old.
    expect(h.prune(s.clock.t + 46 * DAY_MS)).toBe(1);
    expect(h.list('BTCUSDT').map((f) => f.qty)).toEqual(['0.3']);
    expect(h.prune(s.clock.t + 46 * DAY_MS)).toBe(0);
  });
});

describe('bucketMarkers', () => {
  /** Fills of ME at exact UTC times (the clock does not tick: every call of a trade shares the time). */
  function fillsAt(rows: readonly [string, 'Buy' | 'Sell', string, string][]): Fill[] {
    const s = sim(0);
    for (const [iso, side, price, qty] of rows) {
      s.clock.t = Date.parse(iso);
      trade(s, side, price, qty);
    }
    return pushed(s);
  }

  it('1m: one marker per side per minute, with count, total qty, average price and the fill ids', () => {
    const fills = fillsAt([
      ['2024-03-01T10:00:10Z', 'Buy', '64000', '0.1'],
      ['2024-03-01T10:00:30Z', 'Sell', '64100', '0.2'],
      ['2024-03-01T10:00:50Z', 'Buy', '64300', '0.2'],
      ['2024-03-01T10:01:00Z', 'Buy', '64200', '0.5'],
    ]);
    const m = bucketMarkers(fills, toCandleInterval('1m') ?? 0, { pricePrecision: 2 });
    const minute = Date.parse('2024-03-01T10:00:00Z');
    expect(m).toEqual([
      {
        time: minute,
        side: 'Buy',
        count: 2,
        qty: '0.3',
        value: '19260',
        avgPrice: '64200',
        fillIds: [fills[0]?.id, fills[2]?.id],
      },
      {
        time: minute,
        side: 'Sell',
        count: 1,
        qty: '0.2',
        value: '12820',
        avgPrice: '64100',
        fillIds: [fills[1]?.id],
      },
      {
        time: minute + 60_000,
        side: 'Buy',
        count: 1,
        qty: '0.5',
        value: '32100',
        avgPrice: '64200',
        fillIds: [fills[3]?.id],
      },
    ]);
  });

  it('1h, 1D, 1W and 1M buckets start at the candle start in UTC (weeks on Monday, months on the 1st)', () => {
    const fills = fillsAt([
      ['2024-02-29T22:59:59Z', 'Buy', '64000', '0.1'],
      ['2024-02-29T23:00:00Z', 'Buy', '64000', '0.1'],
      ['2024-02-29T23:59:59Z', 'Buy', '64000', '0.1'],
      ['2024-03-01T00:00:00Z', 'Buy', '64000', '0.1'],
      ['2024-03-03T23:59:59Z', 'Buy', '64000', '0.1'],
      ['2024-03-04T00:00:00Z', 'Buy', '64000', '0.1'],
    ]);
    const starts = (code: string): [string, number][] =>
      bucketMarkers(fills, toCandleInterval(code) ?? 0).map((x) => [new Date(x.time).toISOString(), x.count]);
    expect(starts('1h')).toEqual([
      ['2024-02-29T22:00:00.000Z', 1],
      ['2024-02-29T23:00:00.000Z', 2],
      ['2024-03-01T00:00:00.000Z', 1],
      ['2024-03-03T23:00:00.000Z', 1],
      ['2024-03-04T00:00:00.000Z', 1],
    ]);
    expect(starts('1D')).toEqual([
      ['2024-02-29T00:00:00.000Z', 3],
      ['2024-03-01T00:00:00.000Z', 1],
      ['2024-03-03T00:00:00.000Z', 1],
      ['2024-03-04T00:00:00.000Z', 1],
    ]);
    expect(starts('1W')).toEqual([
      ['2024-02-26T00:00:00.000Z', 5],
      ['2024-03-04T00:00:00.000Z', 1],
    ]);
    expect(starts('1M')).toEqual([
      ['2024-02-01T00:00:00.000Z', 3],
      ['2024-03-01T00:00:00.000Z', 3],
    ]);
    // A 7-day length in ms is the calendar week too.
    expect(bucketMarkers(fills, 7 * DAY_MS).map((x) => x.time)).toEqual(
      bucketMarkers(fills, 'W').map((x) => x.time),
    );
  });

  it('agrees with the simulator candle starts for every interval', () => {
    const times = [
      0,
      1,
      59_999,
      Date.parse('2023-12-31T23:59:59.999Z'),
      Date.parse('2024-01-01T00:00:00Z'),
      1_709_251_199_999,
      1_741_000_000_123,
    ];
    for (const iv of INTERVALS) {
      const ci = toCandleInterval(iv);
      expect(ci, iv).toBeDefined();
      for (const t of times) expect(candleStart(ci ?? 0, t), `${iv} ${t}`).toBe(periodStart(iv, t));
    }
    expect(toCandleInterval('7m')).toBeUndefined();
    expect(toCandleInterval('toString')).toBeUndefined();
  });

  it('respects the loaded range and sorts unsorted input', () => {
    const fills = fillsAt([
      ['2024-03-01T10:00:00Z', 'Buy', '64000', '0.1'],
      ['2024-03-01T11:00:00Z', 'Sell', '64000', '0.1'],
      ['2024-03-01T12:00:00Z', 'Buy', '64000', '0.1'],
    ]);
    const from = Date.parse('2024-03-01T10:30:00Z');
    const to = Date.parse('2024-03-01T12:00:00Z');
    expect(bucketMarkers([...fills].reverse(), 3_600_000, { from, to }).map((x) => x.side)).toEqual(['Sell']);
    expect(bucketMarkers([...fills].reverse(), 3_600_000).map((x) => x.time)).toEqual(
      fills.map((f) => f.time),
    );
    expect(bucketMarkers([], 60_000)).toEqual([]);
  });

  it('market orders sized by value bucket like any fill', () => {
    const s = sim(0);
    s.clock.t = Date.parse('2024-03-01T10:00:00Z');
    quote(s, 'Sell', '64000', '0.01');
    quote(s, 'Sell', '64010', '1');
    place(s, { symbol: 'BTCUSDT', side: 'Buy', orderType: 'Market', amount: '1280.1' });
    const [m] = bucketMarkers(pushed(s), 60_000, { pricePrecision: 2 });
    expect(m).toMatchObject({ count: 2, qty: '0.02', value: '1280.1', avgPrice: '64005' });
  });
});
