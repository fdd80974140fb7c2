/**
 * Hub ingest hot path: real wire text frames (an orderbook.200 snapshot, then deltas touching a few levels, plus
 * publicTrade bursts) through decode → book → 40-row merge → trades, against bare `JSON.parse` of the same frames
 * and a straightforward reference (a price-keyed object, fully sorted and turned into fresh row objects per message).
 */
import { bookFrame } from '../../server/market/market';
import { makeRng } from '../../server/market/rng';
import { OrderBook } from '../../workers/market/book';
import { createDepthOut, mergeDepth } from '../../workers/market/depth';
import { TradeTape } from '../../workers/market/trades';
import { decodeFrame } from '../../workers/protocol/decode';
import { measure, type BenchResult } from '../measure';

const SYMBOL = 'BTCUSDT';
const BOOK_TOPIC = `orderbook.200.${SYMBOL}`;
const TRADE_TOPIC = `publicTrade.${SYMBOL}`;
const MID = 6_400_000; // ticks of 0.01: 64,000.00
const BAND = 320; // levels live within this many ticks of the mid
const ROWS = 40;

const price = (ticks: number): string => (ticks / 100).toFixed(2);

/** A seeded feed of wire frames: one snapshot of 200 levels a side, then ~80 % deltas and ~20 % trade bursts. */
export function buildIngestFeed(frames: number, seed: number): string[] {
  const rng = makeRng(seed);
  const sides: [Map<number, string>, Map<number, string>] = [
    new Map<number, string>(),
    new Map<number, string>(),
  ];
  const size = (): string => (0.0005 + rng() * 2).toFixed(6);
  for (let s = 0; s < 2; s++) {
    const side = sides[s as 0 | 1];
    while (side.size < 200) {
      const off = 1 + Math.floor(rng() * BAND);
      side.set(s === 0 ? MID - off : MID + off, size());
    }
  }
  const sorted = (s: 0 | 1): [string, string][] =>
    [...sides[s].entries()]
      .sort((x, y) => (s === 0 ? y[0] - x[0] : x[0] - y[0]))
      .map(([t, v]) => [price(t), v]);
  const out: string[] = [];
  let u = 1;
  let t0 = 1_700_000_000_000;
  out.push(bookFrame(BOOK_TOPIC, SYMBOL, { type: 'snapshot', b: sorted(0), a: sorted(1), u, seq: u }, t0));
  let tradeId = 2_290_000_001_202_469_355n;
  while (out.length < frames) {
    t0 += 7;
    if (rng() < 0.2) {
      const n = 1 + Math.floor(rng() * 12);
      const data = [];
      for (let i = 0; i < n; i++) {
        tradeId += 1n;
        const buy = rng() < 0.5;
        data.push({
          i: String(tradeId),
          T: t0,
          p: price(buy ? MID + 1 : MID - 1),
          v: (rng() * 0.5 + 0.000048).toFixed(6),
          S: buy ? 'Buy' : 'Sell',
          seq: Number(tradeId % 1_000_000_000n),
          s: SYMBOL,
          BT: false,
          RPI: false,
        });
      }
      out.push(JSON.stringify({ topic: TRADE_TOPIC, ts: t0, type: 'snapshot', data }));
      continue;
    }
    const b: [string, string][] = [];
    const a: [string, string][] = [];
    const k = 1 + Math.floor(rng() * 4);
    for (let i = 0; i < k; i++) {
      const s = rng() < 0.5 ? 0 : 1;
      const side = sides[s];
      const list = s === 0 ? b : a;
      const r = rng();
      const keys = [...side.keys()];
      // Mostly near the top of the book, as real traffic is.
      const pick = keys.sort((x, y) => (s === 0 ? y - x : x - y))[Math.floor(rng() ** 3 * keys.length)];
      if (r < 0.5 && pick !== undefined) {
        const v = size();
        side.set(pick, v);
        list.push([price(pick), v]);
      } else if (pick !== undefined && side.size >= 200) {
        // Structural changes alternate around 200 levels, so the book keeps the size of an orderbook.200 feed.
        side.delete(pick);
        list.push([price(pick), '0']);
      } else {
        const off = 1 + Math.floor(rng() ** 2 * BAND);
        const ticks = s === 0 ? MID - off : MID + off;
        const v = size();
        side.set(ticks, v);
        list.push([price(ticks), v]);
      }
    }
    u++;
    out.push(bookFrame(BOOK_TOPIC, SYMBOL, { type: 'delta', b, a, u, seq: u }, t0));
  }
  return out;
}

function parseOnly(frames: readonly string[]): number {
  let sink = 0;
  for (const f of frames) {
    const v: unknown = JSON.parse(f);
    if (typeof v === 'object') sink++;
  }
  return sink;
}

function pipeline(frames: readonly string[]): number {
  const book = new OrderBook(SYMBOL, 2);
  const tape = new TradeTape();
  const out = createDepthOut();
  let sink = 0;
  for (const text of frames) {
    const f = decodeFrame(text);
    switch (f.type) {
      case 'bookSnapshot':
        book.applySnapshot(f.book);
        mergeDepth(book, 1, ROWS, out);
        sink += out.bidCount + out.askCount;
        break;
      case 'bookDelta':
        if (book.applyDelta(f.book) === 'ok') {
          mergeDepth(book, 1, ROWS, out);
          sink += out.bidCount + out.askCount;
        }
        break;
      case 'trades':
        sink += tape.add(f.trades);
        break;
      case 'ticker':
      case 'kline':
      case 'ack':
      case 'pong':
      case 'error':
      case 'private':
      case 'bad':
        throw new Error(`bench feed produced ${f.type}`);
    }
  }
  return sink;
}

interface NaiveRow {
  price: number;
  amount: number;
  total: number;
  value: number;
}

interface NaiveTrade {
  id: string;
  price: number;
  qty: number;
  time: number;
  side: string;
}

/** The reference a main-thread implementation would write: string-keyed objects, sort everything per message. */
function naive(frames: readonly string[]): number {
  let bids: Record<string, number> = {};
  let asks: Record<string, number> = {};
  let trades: NaiveTrade[] = [];
  let sink = 0;
  const top = (side: Record<string, number>, desc: boolean): NaiveRow[] => {
    const keys = Object.keys(side).sort((x, y) => (desc ? Number(y) - Number(x) : Number(x) - Number(y)));
    const rows: NaiveRow[] = [];
    let total = 0;
    let value = 0;
    for (const k of keys.slice(0, ROWS)) {
      const amount = side[k] ?? 0;
      total += amount;
      value += amount * Number(k);
      rows.push({ price: Number(k), amount, total, value });
    }
    return rows;
  };
  for (const text of frames) {
    const m = JSON.parse(text) as {
      topic: string;
      type: string;
      data: { b: [string, string][]; a: [string, string][] } | Record<string, string | number>[];
    };
    if (m.topic === TRADE_TOPIC && Array.isArray(m.data)) {
      for (const t of m.data) {
        const id = String(t.i);
        if (trades.some((x) => x.id === id)) continue;
        trades.unshift({ id, price: Number(t.p), qty: Number(t.v), time: Number(t.T), side: String(t.S) });
      }
      trades = trades.slice(0, 100);
      sink += trades.length;
      continue;
    }
    if (Array.isArray(m.data)) continue;
    if (m.type === 'snapshot') {
      bids = {};
      asks = {};
    }
    for (const [sideLevels, side] of [
      [m.data.b, bids],
      [m.data.a, asks],
    ] as const) {
      for (const [p, s] of sideLevels) {
        // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- the naive reference is an object keyed by price
        if (Number(s) === 0) delete side[p];
        else side[p] = Number(s);
      }
    }
    sink += top(bids, true).length + top(asks, false).length;
  }
  return sink;
}

/** Runs the ingest benches. */
export function runIngestBench(quick: boolean): BenchResult[] {
  const frames = buildIngestFeed(quick ? 5_000 : 20_000, 11);
  const parse = measure('ingest.parseMsgsPerSec', () => parseOnly(frames), frames.length, quick);
  const ours = measure('ingest.pipelineMsgsPerSec', () => pipeline(frames), frames.length, quick);
  const ref = measure('ingest.naiveMsgsPerSec', () => naive(frames), frames.length, quick);
  return [
    parse,
    ours,
    ref,
    { key: 'ingest.ratioToParse', value: ours.value / parse.value, unit: '×', spread: 0 },
    { key: 'ingest.speedupVsNaive', value: ours.value / ref.value, unit: '×', spread: 0 },
  ];
}
