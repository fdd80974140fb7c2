/**
 * Realtime frame decoder: one `JSON.parse`, then checks of only the fields the reducers use. Runs on every frame
 * (tens of thousands a second in a storm), so it never throws, builds few objects and caches topic parsing.
 */
import {
  PRIVATE_TOPICS,
  WIRE_INTERVALS,
  type BadReason,
  type BookMessage,
  type DecodedFrame,
  type WireInterval,
  type WireKline,
  type WireTicker,
  type WireTrade,
} from './wire';

/** Largest price, size or amount accepted from the wire; anything above is a corrupt frame, not a market. */
export const MAX_WIRE_NUMBER = 1e15;

/** Times outside ±this many ms (year 2286) are corrupt. */
const MAX_TIME = 1e13;

/** A JSON object as parsed. */
export type Obj = Readonly<Record<string, unknown>>;

type TopicInfo =
  | { readonly kind: 'book'; readonly depth: number; readonly symbol: string }
  | { readonly kind: 'trades'; readonly symbol: string }
  | { readonly kind: 'ticker'; readonly symbol: string }
  | { readonly kind: 'kline'; readonly interval: WireInterval; readonly symbol: string }
  | { readonly kind: 'private' }
  | { readonly kind: 'unknown' };

const PRIVATE_SET: ReadonlySet<string> = new Set(PRIVATE_TOPICS);
const INTERVAL_SET: ReadonlySet<string> = new Set(WIRE_INTERVALS);
const SYMBOL_RE = /^[A-Z0-9]{2,32}$/;
const DEPTH_RE = /^[1-9]\d{0,3}$/;

// A connection carries a handful of topics: caching their parse saves a split per frame. Bounded so a feed of
// garbage topic names cannot grow it.
const TOPIC_CACHE_MAX = 256;
const topicCache = new Map<string, TopicInfo>();

/** Counters of decoded frames by outcome, for the hub's health figures. */
export interface DecodeCounters {
  frames: number;
  bad: number;
  readonly badByReason: Record<BadReason, number>;
}

/** Fresh zeroed decode counters. */
export function createDecodeCounters(): DecodeCounters {
  return { frames: 0, bad: 0, badByReason: { json: 0, shape: 0, topic: 0, number: 0, symbol: 0 } };
}

/** Counts one decoded frame (bad ones by reason). */
export function countFrame(counters: DecodeCounters, frame: DecodedFrame): void {
  counters.frames++;
  if (frame.type === 'bad') {
    counters.bad++;
    counters.badByReason[frame.reason]++;
  }
}

/** Decodes one realtime text frame; malformed or implausible input yields `{ type: 'bad' }`, never an exception. */
export function decodeFrame(text: string): DecodedFrame {
  let msg: unknown;
  try {
    msg = JSON.parse(text);
  } catch {
    return bad('json', 'malformed JSON');
  }
  if (!isObj(msg)) return bad('shape', 'frame is not an object');
  const topic = msg.topic;
  if (typeof topic === 'string') return decodeTopicFrame(topic, msg);
  if (typeof msg.success === 'boolean' || typeof msg.op === 'string') return decodeControl(msg);
  return bad('shape', 'frame has neither topic nor op');
}

function decodeTopicFrame(topic: string, msg: Obj): DecodedFrame {
  const info = topicInfo(topic);
  switch (info.kind) {
    case 'book':
      return decodeBook(topic, info.symbol, info.depth, msg);
    case 'trades':
      return decodeTrades(topic, info.symbol, msg);
    case 'ticker':
      return decodeTicker(topic, info.symbol, msg);
    case 'kline':
      return decodeKline(topic, info.symbol, info.interval, msg);
    case 'private': {
      const creationTime = msg.creationTime;
      if (!isTime(creationTime)) return bad('number', 'private creationTime');
      const data = msg.data;
      if (!Array.isArray(data)) return bad('shape', 'private data is not an array');
      return { type: 'private', topic, creationTime, data: data as readonly unknown[] };
    }
    case 'unknown':
      return bad('topic', `unknown topic ${topic.slice(0, 64)}`);
    default:
      return assertNever(info);
  }
}

function decodeControl(msg: Obj): DecodedFrame {
  const op = typeof msg.op === 'string' ? msg.op : '';
  const retMsg = typeof msg.ret_msg === 'string' ? msg.ret_msg : '';
  const rawReq = msg.req_id;
  const reqId = typeof rawReq === 'string' || typeof rawReq === 'number' ? String(rawReq) : null;
  if (msg.success === false) return { type: 'error', op, reqId, message: retMsg };
  // Captures disagree on the pong's op ("ping" or "pong"): ret_msg is the reliable mark (bybit-wire.md §1).
  if (retMsg === 'pong' || op === 'pong') return { type: 'pong', reqId };
  if (msg.success === true) return { type: 'ack', op, reqId };
  return bad('shape', 'control frame without success');
}

function decodeBook(topic: string, symbol: string, depth: number, msg: Obj): DecodedFrame {
  const kind = msg.type;
  if (kind !== 'snapshot' && kind !== 'delta') return bad('shape', 'book type');
  const ts = msg.ts;
  if (!isTime(ts)) return bad('number', 'book ts');
  const data = msg.data;
  if (!isObj(data)) return bad('shape', 'book data');
  if (data.s !== symbol) return bad('symbol', 'book symbol differs from topic');
  const u = data.u;
  if (typeof u !== 'number' || !Number.isSafeInteger(u) || u < 1) return bad('number', 'book u');
  const rawSeq = data.seq;
  const seq = typeof rawSeq === 'number' && Number.isFinite(rawSeq) ? rawSeq : 0;
  const bids = levels(data.b);
  if (bids === null) return bad('number', 'book bids');
  const asks = levels(data.a);
  if (asks === null) return bad('number', 'book asks');
  const book: BookMessage = { u, seq, bids, asks };
  return { type: kind === 'snapshot' ? 'bookSnapshot' : 'bookDelta', topic, symbol, depth, ts, book };
}

/** Flat [price, size, …] pairs, or null when the side is missing or any level is implausible. */
function levels(raw: unknown): number[] | null {
  if (!Array.isArray(raw)) return null;
  const out: number[] = [];
  for (const lv of raw as readonly unknown[]) {
    if (!Array.isArray(lv) || lv.length < 2) return null;
    const p = wireNumber(lv[0]);
    const s = wireNumber(lv[1]);
    // Written as negated ranges so NaN fails them too.
    if (!(p > 0 && p <= MAX_WIRE_NUMBER) || !(s >= 0 && s <= MAX_WIRE_NUMBER)) return null;
    out.push(p, s);
  }
  return out;
}

function decodeTrades(topic: string, symbol: string, msg: Obj): DecodedFrame {
  const ts = msg.ts;
  if (!isTime(ts)) return bad('number', 'trades ts');
  const data = msg.data;
  if (!Array.isArray(data)) return bad('shape', 'trades data');
  const trades: WireTrade[] = [];
  for (const t of data as readonly unknown[]) {
    if (!isObj(t)) return bad('shape', 'trade row');
    const id = t.i;
    if (typeof id !== 'string' || id.length === 0 || id.length > 64) return bad('shape', 'trade id');
    const side = t.S;
    if (side !== 'Buy' && side !== 'Sell') return bad('shape', 'trade side');
    const time = t.T;
    if (!isTime(time)) return bad('number', 'trade time');
    const price = wireNumber(t.p);
    const qty = wireNumber(t.v);
    if (!(price > 0 && price <= MAX_WIRE_NUMBER) || !(qty > 0 && qty <= MAX_WIRE_NUMBER))
      return bad('number', 'trade price or size');
    if (t.s !== undefined && t.s !== symbol) return bad('symbol', 'trade symbol differs from topic');
    trades.push({ id, price, qty, time, side });
  }
  return { type: 'trades', topic, symbol, ts, trades };
}

function decodeTicker(topic: string, symbol: string, msg: Obj): DecodedFrame {
  const ts = msg.ts;
  if (!isTime(ts)) return bad('number', 'ticker ts');
  const d = msg.data;
  if (!isObj(d)) return bad('shape', 'ticker data');
  if (d.symbol !== symbol) return bad('symbol', 'ticker symbol differs from topic');
  const last = wireNumber(d.lastPrice);
  const high24h = wireNumber(d.highPrice24h);
  const low24h = wireNumber(d.lowPrice24h);
  const prev24h = wireNumber(d.prevPrice24h);
  const volume24h = wireNumber(d.volume24h);
  const turnover24h = wireNumber(d.turnover24h);
  const change24h = wireNumber(d.price24hPcnt);
  if (!(last > 0 && last <= MAX_WIRE_NUMBER)) return bad('number', 'ticker lastPrice');
  // A symbol without a trade in 24 h reports zeros: only negatives, NaN and absurd values are corrupt.
  if (
    !inRange(high24h) ||
    !inRange(low24h) ||
    !inRange(prev24h) ||
    !inRange(volume24h) ||
    !inRange(turnover24h)
  )
    return bad('number', 'ticker 24h figures');
  if (!(Math.abs(change24h) <= MAX_WIRE_NUMBER)) return bad('number', 'ticker price24hPcnt');
  const ticker: WireTicker = { symbol, last, high24h, low24h, prev24h, volume24h, turnover24h, change24h };
  return { type: 'ticker', topic, symbol, ts, ticker };
}

function decodeKline(topic: string, symbol: string, interval: WireInterval, msg: Obj): DecodedFrame {
  const ts = msg.ts;
  if (!isTime(ts)) return bad('number', 'kline ts');
  const data = msg.data;
  if (!Array.isArray(data)) return bad('shape', 'kline data');
  const rows: WireKline[] = [];
  for (const k of data as readonly unknown[]) {
    if (!isObj(k)) return bad('shape', 'kline row');
    const start = k.start;
    if (!isTime(start) || !Number.isInteger(start)) return bad('number', 'kline start');
    const confirm = k.confirm;
    if (typeof confirm !== 'boolean') return bad('shape', 'kline confirm');
    if (k.interval !== undefined && k.interval !== interval) return bad('shape', 'kline interval differs');
    const open = wireNumber(k.open);
    const high = wireNumber(k.high);
    const low = wireNumber(k.low);
    const close = wireNumber(k.close);
    const volume = wireNumber(k.volume);
    const turnover = wireNumber(k.turnover);
    if (!isPrice(open) || !isPrice(high) || !isPrice(low) || !isPrice(close))
      return bad('number', 'kline price');
    if (!inRange(volume) || !inRange(turnover)) return bad('number', 'kline volume');
    const end = isTime(k.end) ? k.end : NaN;
    rows.push({ start, end, interval, open, high, low, close, volume, turnover, confirm });
  }
  return { type: 'kline', topic, symbol, interval, ts, rows };
}

function topicInfo(topic: string): TopicInfo {
  const hit = topicCache.get(topic);
  if (hit !== undefined) return hit;
  const info = parseTopic(topic);
  if (topicCache.size >= TOPIC_CACHE_MAX) topicCache.clear();
  topicCache.set(topic, info);
  return info;
}

function parseTopic(topic: string): TopicInfo {
  if (PRIVATE_SET.has(topic)) return { kind: 'private' };
  const parts = topic.split('.');
  const [head, a, b] = parts;
  if (parts.length === 3 && head === 'orderbook' && a !== undefined && b !== undefined) {
    if (DEPTH_RE.test(a) && SYMBOL_RE.test(b)) return { kind: 'book', depth: Number(a), symbol: b };
  } else if (parts.length === 3 && head === 'kline' && a !== undefined && b !== undefined) {
    if (INTERVAL_SET.has(a) && SYMBOL_RE.test(b))
      return { kind: 'kline', interval: a as WireInterval, symbol: b };
  } else if (parts.length === 2 && a !== undefined && SYMBOL_RE.test(a)) {
    if (head === 'publicTrade') return { kind: 'trades', symbol: a };
    if (head === 'tickers') return { kind: 'ticker', symbol: a };
  }
  return { kind: 'unknown' };
}

/** A wire number: bybit sends decimal strings; plain JSON numbers are accepted too. NaN for anything else. */
export function wireNumber(x: unknown): number {
  if (typeof x === 'string') return parseDecimal(x);
  return typeof x === 'number' ? x : NaN;
}

// Exact powers of ten (all below 2^53 · 2^k with an odd part under 2^53, so each is a double without rounding).
const POW10 = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16];

/**
 * `Number(s)` for wire decimals, 2–3× faster: V8 sends non-integer strings to a slow runtime path, and decode parses
 * several per frame. Plain "123.456" with at most 15 digits is read as an integer mantissa (exact below 2^53)
 * divided by an exact power of ten: one correctly rounded division, so the result is bit-identical to Number(s).
 * Anything else (signs, exponents, blanks, long strings) goes to Number; "" is NaN, not 0.
 */
function parseDecimal(s: string): number {
  const n = s.length;
  if (n === 0) return NaN;
  if (n > 16) return Number(s);
  let m = 0;
  let frac = -1;
  let digits = 0;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      m = m * 10 + (c - 48);
      digits++;
      if (frac >= 0) frac++;
    } else if (c === 46 && frac < 0) frac = 0;
    else return Number(s);
  }
  if (digits === 0 || digits > 15) return Number(s);
  return frac > 0 ? m / (POW10[frac] ?? NaN) : m;
}

function isPrice(x: number): boolean {
  return x > 0 && x <= MAX_WIRE_NUMBER;
}

function inRange(x: number): boolean {
  return x >= 0 && x <= MAX_WIRE_NUMBER;
}

function isTime(x: unknown): x is number {
  return typeof x === 'number' && x >= -MAX_TIME && x <= MAX_TIME;
}

/** True for a plain JSON object (not null, not an array). */
export function isObj(x: unknown): x is Obj {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function bad(reason: BadReason, detail: string): DecodedFrame {
  return { type: 'bad', reason, detail };
}

function assertNever(x: never): never {
  throw new Error(`unexpected ${JSON.stringify(x)}`);
}
