import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bookFrame, klineRow } from '../../../../server/market/market';
import { SYMBOL_BY_NAME } from '../../../../server/market/symbols';
import {
  countFrame,
  createDecodeCounters,
  decodeFrame,
  wireNumber,
} from '../../../../workers/protocol/decode';
import type { DecodedFrame } from '../../../../workers/protocol/wire';

// Frames verbatim from bybit-wire.md.
const SNAPSHOT =
  '{"topic":"orderbook.50.BTCUSDT","ts":1672304484978,"type":"snapshot","data":{"s":"BTCUSDT","b":[["16493.50","0.006"],["16493.00","0.100"]],"a":[["16611.00","0.029"],["16612.00","0.213"]],"u":18521288,"seq":7961638724},"cts":1672304484976}';
const DELTA =
  '{"topic":"orderbook.50.BTCUSDT","ts":1672304485000,"type":"delta","data":{"s":"BTCUSDT","b":[["16493.00","0"]],"a":[["16611.00","0.030"]],"u":18521289,"seq":7961638800},"cts":1672304484998}';
const TRADES =
  '{"topic":"publicTrade.BTCUSDT","ts":1788335009483,"type":"snapshot","data":[{"i":"2290000001202469355","T":1788335009482,"p":"77606.8","v":"0.000712","S":"Buy","seq":113508069853,"s":"BTCUSDT","BT":false,"RPI":false}]}';
const TICKER =
  '{"topic":"tickers.BTCUSDT","ts":1673853746003,"type":"snapshot","cs":2588407389,"data":{"symbol":"BTCUSDT","lastPrice":"21109.77","highPrice24h":"21426.99","lowPrice24h":"20575","prevPrice24h":"20704.93","volume24h":"6780.866843","turnover24h":"141946527.22907118","price24hPcnt":"0.0196","usdIndexPrice":"21120.24"}}';
const KLINE =
  '{"topic":"kline.5.BTCUSDT","data":[{"start":1672324800000,"end":1672325099999,"interval":"5","open":"16649.5","close":"16677","high":"16677","low":"16608","volume":"2.081","turnover":"34666.4005","confirm":false,"timestamp":1672324988882}],"ts":1672324988882,"type":"snapshot"}';

function expectBad(text: string, reason?: string): void {
  const f = decodeFrame(text);
  expect(f.type).toBe('bad');
  if (reason !== undefined && f.type === 'bad') expect(f.reason).toBe(reason);
}

/** Rebuilds a frame from the snapshot example with one field of data replaced. */
function bookWith(patch: Record<string, unknown>, type = 'delta'): string {
  const base = JSON.parse(SNAPSHOT) as { data: Record<string, unknown> };
  return JSON.stringify({ ...base, type, data: { ...base.data, ...patch } });
}

describe('decodeFrame: public topics', () => {
  it('decodes the book snapshot and delta examples into flat number pairs', () => {
    expect(decodeFrame(SNAPSHOT)).toEqual({
      type: 'bookSnapshot',
      topic: 'orderbook.50.BTCUSDT',
      symbol: 'BTCUSDT',
      depth: 50,
      ts: 1672304484978,
      book: {
        u: 18521288,
        seq: 7961638724,
        bids: [16493.5, 0.006, 16493, 0.1],
        asks: [16611, 0.029, 16612, 0.213],
      },
    });
    const d = decodeFrame(DELTA);
    expect(d.type).toBe('bookDelta');
    if (d.type === 'bookDelta')
      expect(d.book).toEqual({ u: 18521289, seq: 7961638800, bids: [16493, 0], asks: [16611, 0.03] });
  });

  it("decodes the simulator's own book frames", () => {
    const text = bookFrame(
      'orderbook.200.ETHUSDT',
      'ETHUSDT',
      { type: 'delta', b: [['3199.99', '1.5']], a: [], u: 7, seq: 3 },
      1_700_000_000_000,
    );
    const f = decodeFrame(text);
    expect(f).toMatchObject({
      type: 'bookDelta',
      depth: 200,
      symbol: 'ETHUSDT',
      book: { u: 7, bids: [3199.99, 1.5], asks: [] },
    });
  });

  it('decodes trades, ticker and kline examples', () => {
    expect(decodeFrame(TRADES)).toEqual({
      type: 'trades',
      topic: 'publicTrade.BTCUSDT',
      symbol: 'BTCUSDT',
      ts: 1788335009483,
      trades: [
        { id: '2290000001202469355', price: 77606.8, qty: 0.000712, time: 1788335009482, side: 'Buy' },
      ],
    });
    expect(decodeFrame(TICKER)).toMatchObject({
      type: 'ticker',
      symbol: 'BTCUSDT',
      ticker: {
        last: 21109.77,
        high24h: 21426.99,
        low24h: 20575,
        prev24h: 20704.93,
        volume24h: 6780.866843,
        change24h: 0.0196,
      },
    });
    expect(decodeFrame(KLINE)).toMatchObject({
      type: 'kline',
      interval: '5',
      rows: [
        {
          start: 1672324800000,
          end: 1672325099999,
          open: 16649.5,
          close: 16677,
          high: 16677,
          low: 16608,
          volume: 2.081,
          confirm: false,
        },
      ],
    });
  });

  it("decodes the simulator's kline rows, including the 1 s interval", () => {
    const spec = SYMBOL_BY_NAME.get('BTCUSDT');
    if (spec === undefined) throw new Error('no BTCUSDT');
    const row = klineRow(
      '1s',
      spec,
      { start: 1000, open: 1, high: 2, low: 0.5, close: 1.5, volume: 3, turnover: 4 },
      true,
      2000,
    );
    const f = decodeFrame(
      JSON.stringify({ topic: 'kline.1s.BTCUSDT', data: [row], ts: 2000, type: 'snapshot' }),
    );
    expect(f).toMatchObject({
      type: 'kline',
      interval: '1s',
      rows: [{ start: 1000, end: 1999, close: 1.5, confirm: true }],
    });
  });
});

describe('decodeFrame: control and private frames', () => {
  it('classifies acks, pongs (both op spellings) and error frames', () => {
    expect(
      decodeFrame(
        '{"success":true,"ret_msg":"subscribe","conn_id":"2324d924-x","req_id":"10001","op":"subscribe"}',
      ),
    ).toEqual({
      type: 'ack',
      op: 'subscribe',
      reqId: '10001',
    });
    expect(decodeFrame('{"success":true,"ret_msg":"pong","conn_id":"c","op":"ping"}')).toEqual({
      type: 'pong',
      reqId: null,
    });
    expect(decodeFrame('{"success":true,"ret_msg":"","conn_id":"c","req_id":7,"op":"pong"}')).toEqual({
      type: 'pong',
      reqId: '7',
    });
    expect(decodeFrame('{"success":false,"ret_msg":"args size >10","conn_id":"c","op":"subscribe"}')).toEqual(
      {
        type: 'error',
        op: 'subscribe',
        reqId: null,
        message: 'args size >10',
      },
    );
    expect(
      decodeFrame(
        '{"success":false,"ret_msg":"error:handler not found,topic:orderbook.7.X","op":"subscribe"}',
      ),
    ).toMatchObject({
      type: 'error',
    });
  });

  it('passes private data through unvalidated', () => {
    const text = JSON.stringify({
      id: 'order-1',
      topic: 'order',
      creationTime: 1700000000000,
      data: [{ orderId: '1', orderStatus: 'New' }],
    });
    expect(decodeFrame(text)).toEqual({
      type: 'private',
      topic: 'order',
      creationTime: 1700000000000,
      data: [{ orderId: '1', orderStatus: 'New' }],
    });
    expect(decodeFrame('{"topic":"user.uta.spot.order","creationTime":1,"data":[]}')).toMatchObject({
      type: 'private',
    });
    expectBad('{"topic":"order","creationTime":1,"data":{}}', 'shape');
    expectBad('{"topic":"wallet","data":[]}', 'number');
  });
});

describe('decodeFrame: bad input', () => {
  it.each([
    ['malformed JSON', '{"topic":', 'json'],
    ['empty text', '', 'json'],
    ['not an object', '[1,2]', 'shape'],
    ['null', 'null', 'shape'],
    ['no topic nor op', '{"hello":1}', 'shape'],
    ['unknown topic', SNAPSHOT.replace('orderbook.50.BTCUSDT', 'orderbook2.50.BTCUSDT'), 'topic'],
    ['unknown kline interval', KLINE.replace('kline.5.', 'kline.7.'), 'topic'],
    ['lower-case symbol', TRADES.replace('publicTrade.BTCUSDT', 'publicTrade.btcusdt'), 'topic'],
    ['NaN price', bookWith({ b: [['abc', '1']] }), 'number'],
    ['zero price', bookWith({ b: [['0', '1']] }), 'number'],
    ['negative price', bookWith({ a: [['-1', '1']] }), 'number'],
    ['negative size', bookWith({ b: [['100', '-0.1']] }), 'number'],
    ['absurd price', bookWith({ b: [['1e16', '1']] }), 'number'],
    ['absurd size', bookWith({ a: [['100', '2e15']] }), 'number'],
    ['infinite price', bookWith({ b: [['Infinity', '1']] }), 'number'],
    ['empty size', bookWith({ b: [['100', '']] }), 'number'],
    ['short level', bookWith({ b: [['100']] }), 'number'],
    ['missing bids', bookWith({ b: undefined }), 'number'],
    ['missing u', bookWith({ u: undefined }), 'number'],
    ['u of 0', bookWith({ u: 0 }), 'number'],
    ['fractional u', bookWith({ u: 1.5 }), 'number'],
    ['string u', bookWith({ u: '5' }), 'number'],
    ['symbol mismatch', bookWith({ s: 'ETHUSDT' }), 'symbol'],
    ['unknown book type', bookWith({}, 'partial'), 'shape'],
    ['trade without id', TRADES.replace('"i":"2290000001202469355",', ''), 'shape'],
    ['trade bad side', TRADES.replace('"S":"Buy"', '"S":"buy"'), 'shape'],
    ['trade zero size', TRADES.replace('"v":"0.000712"', '"v":"0"'), 'number'],
    ['trade NaN time', TRADES.replace('"T":1788335009482', '"T":"soon"'), 'number'],
    ['trades not an array', TRADES.replace(/"data":\[.*\]/, '"data":{}'), 'shape'],
    ['ticker NaN last', TICKER.replace('"lastPrice":"21109.77"', '"lastPrice":"x"'), 'number'],
    ['ticker negative volume', TICKER.replace('"volume24h":"6780.866843"', '"volume24h":"-1"'), 'number'],
    ['ticker missing change', TICKER.replace('"price24hPcnt":"0.0196",', ''), 'number'],
    ['kline without confirm', KLINE.replace('"confirm":false,', ''), 'shape'],
    ['kline absurd high', KLINE.replace('"high":"16677"', '"high":"1e20"'), 'number'],
    ['kline row interval differs', KLINE.replace('"interval":"5"', '"interval":"15"'), 'shape'],
    ['control without success', '{"op":"subscribe"}', 'shape'],
  ])('%s → bad (%s)', (_name, text, reason) => {
    expectBad(text, reason);
  });

  it('counts frames and bad frames by reason', () => {
    const c = createDecodeCounters();
    for (const t of [
      SNAPSHOT,
      DELTA,
      '{',
      '{"topic":"nope.BTCUSDT","ts":1}',
      bookWith({ b: [['NaN', '1']] }),
      '{"topic":"x"',
    ])
      countFrame(c, decodeFrame(t));
    expect(c.frames).toBe(6);
    expect(c.bad).toBe(4);
    expect(c.badByReason).toEqual({ json: 2, shape: 0, topic: 1, number: 1, symbol: 0 });
  });

  it('never throws, whatever the text or JSON value', () => {
    const safe = (text: string): DecodedFrame => decodeFrame(text);
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(() => safe(s)).not.toThrow();
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(() => safe(JSON.stringify(v))).not.toThrow();
        expect(() =>
          safe(JSON.stringify({ topic: 'orderbook.50.BTCUSDT', type: 'delta', ts: 1, data: v })),
        ).not.toThrow();
        expect(() => safe(JSON.stringify({ topic: 'publicTrade.BTCUSDT', ts: 1, data: [v] }))).not.toThrow();
        expect(() => safe(JSON.stringify({ topic: 'kline.1.BTCUSDT', ts: 1, data: [v] }))).not.toThrow();
        expect(() => safe(JSON.stringify({ topic: 'tickers.BTCUSDT', ts: 1, data: v }))).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });
});

describe('wireNumber', () => {
  it('is bit-identical to Number() on wire decimals (fast path) and on anything else (fallback)', () => {
    const decimal = fc
      .tuple(fc.stringMatching(/^\d{1,12}$/), fc.option(fc.stringMatching(/^\d{0,10}$/)))
      .map(([i, f]) => (f === null ? i : `${i}.${f}`));
    fc.assert(
      fc.property(fc.oneof(decimal, fc.string({ maxLength: 20 })), (s) => {
        const want = s === '' ? NaN : Number(s);
        expect(Object.is(wireNumber(s), want)).toBe(true);
      }),
      { numRuns: 2000 },
    );
    for (const s of [
      '64000.01',
      '0.000712',
      '1.',
      '.5',
      '1e3',
      ' 7',
      '-1',
      '0x10',
      '.',
      '1.2.3',
      '1234567890123456',
      '0.1000000000000001',
    ])
      expect(Object.is(wireNumber(s), Number(s))).toBe(true);
    expect(wireNumber('')).toBeNaN();
    expect(wireNumber(12.5)).toBe(12.5);
    expect(wireNumber(null)).toBeNaN();
  });
});
