import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../../../server/app';
import { klineRow } from '../../../../server/market/market';
import { SYMBOL_BY_NAME } from '../../../../server/market/symbols';
import {
  KLINE_INTERVAL_NAMES,
  klineQuery,
  mergeLiveCandle,
  parseKlineRest,
  planKlinePage,
  recordKlinePage,
  startKlinePaging,
  toIntervalName,
  toWireInterval,
  type KlinePaging,
} from '../../../../workers/market/klines';
import { decodeFrame } from '../../../../workers/protocol/decode';
import type { CandleRow } from '../../../../workers/protocol/market';
import { WIRE_INTERVALS, type WireKline } from '../../../../workers/protocol/wire';
import { startTestSim } from '../../../support/sim';

const MIN = 60_000;

/** A REST kline body (bybit-wire.md §3): list newest first, string fields. */
function restBody(starts: readonly number[]): unknown {
  const list = [...starts]
    .sort((a, b) => b - a)
    .map((t) => [String(t), '100.5', '101', '99.9', '100.7', '12.5', '1258.75']);
  return {
    retCode: 0,
    retMsg: 'OK',
    result: { category: 'spot', symbol: 'BTCUSDT', list },
    retExtInfo: {},
    time: 1,
  };
}

/** `n` one-minute candle starts ending at `last`, ascending. */
function starts(n: number, last: number): number[] {
  return Array.from({ length: n }, (_, i) => last - (n - 1 - i) * MIN);
}

describe('interval mapping (spec §9 ↔ wire)', () => {
  it('maps every spec name to its wire code and back', () => {
    const pairs = KLINE_INTERVAL_NAMES.map((n) => [n, toWireInterval(n)]);
    expect(pairs).toEqual([
      ['1s', '1s'],
      ['1m', '1'],
      ['3m', '3'],
      ['5m', '5'],
      ['15m', '15'],
      ['30m', '30'],
      ['1h', '60'],
      ['2h', '120'],
      ['4h', '240'],
      ['6h', '360'],
      ['12h', '720'],
      ['1d', 'D'],
      ['1w', 'W'],
      ['1M', 'M'],
    ]);
    for (const code of WIRE_INTERVALS) expect(toWireInterval(toIntervalName(code) ?? '')).toBe(code);
  });

  it('accepts wire codes and the favourites spelling, rejects the rest', () => {
    expect(toWireInterval('240')).toBe('240');
    expect(toWireInterval('1D')).toBe('D');
    expect(toWireInterval('1W')).toBe('W');
    expect(toWireInterval('1M')).toBe('M');
    expect(toWireInterval('1m')).toBe('1');
    expect(toWireInterval('2m')).toBeUndefined();
    expect(toIntervalName('7')).toBeUndefined();
  });
});

describe('parseKlineRest', () => {
  it('returns candles ascending; all but the newest closed', () => {
    const c = parseKlineRest(restBody([3 * MIN, MIN, 2 * MIN]));
    expect(c.map((x) => x.time)).toEqual([MIN, 2 * MIN, 3 * MIN]);
    expect(c[0]).toEqual({
      time: MIN,
      open: 100.5,
      high: 101,
      low: 99.9,
      close: 100.7,
      volume: 12.5,
      turnover: 1258.75,
      confirm: true,
    });
    expect(c.map((x) => x.confirm)).toEqual([true, true, false]);
  });

  it.each([
    ['not an object', 'oops'],
    ['non-zero retCode', { retCode: 10001, retMsg: 'bad', result: {} }],
    ['no result', { retCode: 0 }],
    ['list not an array', { retCode: 0, result: { list: {} } }],
    ['short row', { retCode: 0, result: { list: [['1', '2', '3']] } }],
    ['NaN price', { retCode: 0, result: { list: [['60000', 'x', '1', '1', '1', '1', '1']] } }],
    ['negative volume', { retCode: 0, result: { list: [['60000', '1', '1', '1', '1', '-1', '1']] } }],
    ['fractional time', { retCode: 0, result: { list: [['60000.5', '1', '1', '1', '1', '1', '1']] } }],
    [
      'duplicate times',
      {
        retCode: 0,
        result: {
          list: [
            ['60000', '1', '1', '1', '1', '1', '1'],
            ['60000', '1', '1', '1', '1', '1', '1'],
          ],
        },
      },
    ],
  ])('fails to [] on %s (spec §8)', (_name, body) => {
    expect(parseKlineRest(body)).toEqual([]);
  });

  it('an empty list is an empty page', () => {
    expect(parseKlineRest({ retCode: 0, result: { list: [] } })).toEqual([]);
  });
});

describe('kline paging (spec §7)', () => {
  const now = 10_000 * MIN;

  /** Runs the plan against a fake server holding `available` one-minute candles ending at `now`. */
  function load(
    start: number,
    available: number,
    failAt = -1,
  ): { fetches: number[]; candles: readonly CandleRow[] } {
    let s: KlinePaging = startKlinePaging(start, now);
    const fetches: number[] = [];
    for (;;) {
      const plan = planKlinePage(s);
      if (plan.type === 'done') return { fetches, candles: plan.candles };
      expect(plan.limit).toBe(500);
      fetches.push(plan.end);
      const all = starts(available, now).filter((t) => t <= plan.end);
      const page = fetches.length - 1 === failAt ? [] : parseKlineRest(restBody(all.slice(-500)));
      s = recordKlinePage(s, page);
    }
  }

  it('first asks for 500 ending now', () => {
    expect(planKlinePage(startKlinePaging(0, now))).toEqual({ type: 'fetch', end: now, limit: 500 });
  });

  it('pages back from the oldest start − 1, stopping after 3 extra pages', () => {
    const r = load(-Infinity, 100_000);
    expect(r.fetches).toEqual([now, now - 499 * MIN - 1, now - 999 * MIN - 1, now - 1499 * MIN - 1]);
    expect(r.candles).toHaveLength(2000);
    const times = r.candles.map((c) => c.time);
    expect(times).toEqual(starts(2000, now));
    // Only the very newest candle may still be forming.
    expect(r.candles.filter((c) => !c.confirm).map((c) => c.time)).toEqual([now]);
  });

  it('stops when a page comes back with fewer than 500 rows', () => {
    const r = load(-Infinity, 700);
    expect(r.fetches).toHaveLength(2);
    expect(r.candles).toHaveLength(700);
  });

  it('stops once the oldest candle reaches the requested start', () => {
    expect(load(now - 499 * MIN, 100_000).fetches).toHaveLength(1);
    expect(load(now - 500 * MIN, 100_000).fetches).toHaveLength(2);
    expect(load(now - 800 * MIN, 100_000).fetches).toHaveLength(2);
    expect(load(now - 1000 * MIN, 100_000).fetches).toHaveLength(3);
  });

  it('a failed first page leaves the chart empty; a failed later page keeps what came', () => {
    expect(load(-Infinity, 100_000, 0)).toEqual({ fetches: [now], candles: [] });
    const r = load(-Infinity, 100_000, 1);
    expect(r.fetches).toHaveLength(2);
    expect(r.candles).toHaveLength(500);
  });

  it('a server that ignores `end` cannot make it loop or duplicate', () => {
    let s = startKlinePaging(-Infinity, now);
    const page = parseKlineRest(restBody(starts(500, now)));
    s = recordKlinePage(s, page);
    s = recordKlinePage(s, page);
    expect(planKlinePage(s).type).toBe('done');
    expect(s.candles).toHaveLength(500);
  });

  it('builds the v5 query', () => {
    expect(klineQuery('BTCUSDT', '30', { end: 123.7, limit: 500 })).toEqual({
      category: 'spot',
      symbol: 'BTCUSDT',
      interval: '30',
      end: '123',
      limit: '500',
    });
  });
});

describe('kline paging against the simulator', () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startTestSim();
  });
  afterAll(async () => {
    await sim.close();
  });

  it('loads 2,000 one-minute candles in four pages, ascending, no duplicates', async () => {
    let s = startKlinePaging(-Infinity, Date.now());
    let fetches = 0;
    for (;;) {
      const plan = planKlinePage(s);
      if (plan.type === 'done') break;
      fetches++;
      const q = new URLSearchParams(klineQuery('BTCUSDT', '1', plan));
      const res = await fetch(`${sim.url}/v5/market/kline?${q.toString()}`);
      s = recordKlinePage(s, parseKlineRest(await res.json()));
    }
    expect(fetches).toBe(4);
    expect(s.candles).toHaveLength(2000);
    for (let i = 1; i < s.candles.length; i++)
      expect((s.candles[i]?.time ?? 0) - (s.candles[i - 1]?.time ?? 0)).toBe(MIN);
  });

  it('an unknown symbol fails to an empty chart', async () => {
    const res = await fetch(`${sim.url}/v5/market/kline?category=spot&symbol=NOPEUSDT&interval=1`);
    expect(parseKlineRest(await res.json())).toEqual([]);
  });
});

describe('mergeLiveCandle', () => {
  const found = SYMBOL_BY_NAME.get('BTCUSDT');
  if (found === undefined) throw new Error('no BTCUSDT');
  const spec = found;

  /** A live row through the simulator's encoder and our decoder. */
  function live(start: number, close: number, confirm: boolean): WireKline {
    const row = klineRow(
      '1',
      spec,
      {
        start,
        open: 100,
        high: Math.max(100, close),
        low: Math.min(100, close),
        close,
        volume: 1,
        turnover: 100,
      },
      confirm,
      start + 1,
    );
    const f = decodeFrame(
      JSON.stringify({ topic: 'kline.1.BTCUSDT', data: [row], ts: start + 1, type: 'snapshot' }),
    );
    if (f.type !== 'kline' || f.rows[0] === undefined) throw new Error('expected a kline row');
    return f.rows[0];
  }

  function series(): CandleRow[] {
    return parseKlineRest(restBody(starts(3, 3 * MIN)));
  }

  it('updates the forming candle, confirm closes it, a new start appends', () => {
    const c = series();
    expect(mergeLiveCandle(c, live(3 * MIN, 105, false))).toBe('updated');
    expect(c.at(-1)).toMatchObject({ time: 3 * MIN, close: 105, high: 105, confirm: false });
    expect(mergeLiveCandle(c, live(3 * MIN, 106, true))).toBe('updated');
    expect(c.at(-1)).toMatchObject({ close: 106, confirm: true });
    // A late unconfirmed row does not reopen a closed candle.
    expect(mergeLiveCandle(c, live(3 * MIN, 90, false))).toBe('ignored');
    expect(c.at(-1)?.close).toBe(106);
    expect(mergeLiveCandle(c, live(4 * MIN, 107, false))).toBe('appended');
    expect(c.map((x) => x.time)).toEqual([MIN, 2 * MIN, 3 * MIN, 4 * MIN]);
  });

  it('appending closes a forming last candle whose confirm was missed', () => {
    const c = series();
    expect(mergeLiveCandle(c, live(5 * MIN, 101, false))).toBe('appended');
    expect(c.at(-2)).toMatchObject({ time: 3 * MIN, confirm: true });
  });

  it('an older start replaces an existing candle (as closed) or is ignored', () => {
    const c = series();
    expect(mergeLiveCandle(c, live(2 * MIN, 120, true))).toBe('replaced');
    expect(c[1]).toMatchObject({ time: 2 * MIN, close: 120, confirm: true });
    expect(mergeLiveCandle(c, live(MIN / 2, 120, true))).toBe('ignored');
    expect(mergeLiveCandle(c, live(0, 120, true))).toBe('ignored');
    expect(c).toHaveLength(3);
  });

  it('keeps the series bounded, dropping the oldest', () => {
    const c: CandleRow[] = [];
    for (let i = 0; i < 30; i++) mergeLiveCandle(c, live(i * MIN, 100, false), 10);
    expect(c).toHaveLength(10);
    expect(c[0]?.time).toBe(20 * MIN);
    expect(mergeLiveCandle([], live(0, 1, false))).toBe('appended');
  });
});
