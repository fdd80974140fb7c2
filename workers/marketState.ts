/**
 * The market half of the hub: decodes every frame once, feeds the pure reducers of workers/market, and builds the
 * per-tab views (merged book, latest trades, live candles, tickers) lazily — at most once per pull, shared by every
 * tab with the same view, never per message.
 */
import type { BookFrame, CandleRow, SymbolInfo, TabInterest, TickerRow, TradeRow } from './api';
import { OrderBook } from './market/book';
import {
  createDepthOut,
  depthSteps,
  mergeDepth,
  stepToTicks,
  DEPTH_STRIDE,
  type DepthOut,
} from './market/depth';
import {
  klineQuery,
  mergeLiveCandle,
  parseKlineRest,
  planKlinePage,
  recordKlinePage,
  startKlinePaging,
  toWireInterval,
} from './market/klines';
import { applyTicker } from './market/ticker';
import { parseRecentTradesRest, TradeTape, TRADES_SHOWN } from './market/trades';
import { countFrame, createDecodeCounters, decodeFrame } from './protocol/decode';
import { intervalMs } from './protocol/intervals';
import { CALLS } from './protocol/paths';
import type { DecodedFrame } from './protocol/wire';

/** Book depth the hub subscribes: deep enough to fill 40 merged rows at coarse steps. */
export const BOOK_DEPTH = 200;

/** What the market state needs from the hub. */
export interface MarketHooks {
  /** High-resolution wall clock (ms since epoch). */
  readonly clock: () => number;
  readonly count: (key: string) => void;
  /** Something changed: returns the new hub version to stamp it with (and wakes waiting tabs). */
  readonly changed: () => number;
  /** A book lost sync: resubscribe this topic for a fresh snapshot. */
  readonly resubscribe: (topic: string) => void;
}

/** The tickers of one slow-lane slot: copied at its first read, so every reader of the slot sees the same rows. */
interface TickerSlot {
  readonly slot: number;
  /** The newest ticker change the copy holds. */
  readonly version: number;
  readonly rows: ReadonlyMap<string, { readonly row: TickerRow; readonly stamp: number }>;
}

interface SymbolState {
  readonly info: SymbolInfo;
  book: OrderBook;
  bookStamp: number;
  bookReceivedAt: number;
  readonly tape: TradeTape;
  tradesStamp: number;
  ticker: TickerRow | undefined;
  tickerStamp: number;
  readonly candles: Map<string, { rows: CandleRow[]; stamp: number }>;
  /** Merged frames by "step|rows", valid for one bookStamp. */
  readonly merged: Map<string, { stamp: number; frame: BookFrame }>;
}

/** The hub's market data. */
export class MarketState {
  private readonly symbols = new Map<string, SymbolState>();
  private readonly decodeCounters = createDecodeCounters();
  private readonly out: DepthOut = createDepthOut();
  private tickersStamp = 0;
  /** The tickers as the current slow-lane slot's first reader found them (see `tickers`). */
  private slotTickers: TickerSlot = { slot: -1, version: 0, rows: new Map() };

  constructor(private readonly hooks: MarketHooks) {}

  /** Installs (or refreshes) the symbol list; books of known symbols keep their state. */
  setSymbols(list: readonly SymbolInfo[]): void {
    for (const info of list) {
      const cur = this.symbols.get(info.symbol);
      if (cur !== undefined && cur.info.pricePrecision === info.pricePrecision) continue;
      this.symbols.set(info.symbol, {
        info,
        book: new OrderBook(info.symbol, info.pricePrecision),
        bookStamp: 0,
        bookReceivedAt: 0,
        tape: new TradeTape(),
        tradesStamp: 0,
        ticker: undefined,
        tickerStamp: 0,
        candles: new Map(),
        merged: new Map(),
      });
    }
  }

  /** True once the symbol list is known (books need each symbol's precision). */
  ready(): boolean {
    return this.symbols.size > 0;
  }

  /** Topics one tab's interest needs. */
  topicsFor(i: TabInterest): string[] {
    const t: string[] = [];
    if (i.symbol !== null && this.symbols.has(i.symbol)) {
      if (i.bookRows > 0) t.push(`orderbook.${BOOK_DEPTH}.${i.symbol}`);
      if (i.trades) t.push(`publicTrade.${i.symbol}`);
      const iv = i.klineInterval === null ? undefined : toWireInterval(i.klineInterval);
      if (iv !== undefined) t.push(`kline.${iv}.${i.symbol}`);
      t.push(`tickers.${i.symbol}`);
    }
    if (i.allTickers) for (const s of this.symbols.keys()) t.push(`tickers.${s}`);
    return t;
  }

  /** Drops per-view caches nobody uses any more (bounded memory whatever tabs do). */
  retain(interests: readonly TabInterest[]): void {
    const wanted = new Set(interests.map((i) => i.symbol));
    for (const [sym, s] of this.symbols) {
      if (wanted.has(sym)) continue;
      s.merged.clear();
      s.candles.clear();
      s.book.clear();
      s.tape.clear();
    }
  }

  /** After a reconnect every book waits for its fresh snapshot. */
  onReconnect(): void {
    for (const s of this.symbols.values()) s.book.invalidate();
  }

  /**
   * Decodes one socket frame (one `JSON.parse`), counts it and applies it if it is market data; returns it so the
   * hub routes the rest (private frames go to the account). Never throws.
   */
  ingest(text: string): DecodedFrame {
    const f = decodeFrame(text);
    countFrame(this.decodeCounters, f);
    this.apply(f);
    return f;
  }

  /** Applies one decoded market frame; other frames are left to the hub. */
  private apply(f: DecodedFrame): void {
    switch (f.type) {
      case 'bookSnapshot':
      case 'bookDelta': {
        const s = this.symbols.get(f.symbol);
        if (s === undefined) {
          this.hooks.count('book.unknownSymbol');
          return;
        }
        const status = f.type === 'bookSnapshot' ? s.book.applySnapshot(f.book) : s.book.applyDelta(f.book);
        if (status === 'gap') this.hooks.resubscribe(f.topic);
        if (status === 'ok' || status === 'reset' || status === 'gap') {
          s.bookReceivedAt = this.hooks.clock();
          s.bookStamp = this.hooks.changed();
        }
        return;
      }
      case 'trades': {
        const s = this.symbols.get(f.symbol);
        if (s === undefined) return;
        if (s.tape.add(f.trades) > 0) s.tradesStamp = this.hooks.changed();
        return;
      }
      case 'ticker': {
        const s = this.symbols.get(f.symbol);
        if (s === undefined) return;
        s.ticker = applyTicker(s.ticker, f.ticker);
        s.tickerStamp = this.tickersStamp = this.hooks.changed();
        return;
      }
      case 'kline': {
        const s = this.symbols.get(f.symbol);
        const series = s?.candles.get(f.interval);
        if (s === undefined) return;
        const entry = series ?? { rows: [], stamp: 0 };
        let changed = false;
        for (const row of f.rows) changed = mergeLiveCandle(entry.rows, row, 3) !== 'ignored' || changed;
        if (changed) {
          entry.stamp = this.hooks.changed();
          s.candles.set(f.interval, entry);
        }
        return;
      }
      case 'error':
        this.hooks.count('socket.errorFrame');
        return;
      case 'private':
      case 'ack':
      case 'pong':
      case 'bad':
        return;
    }
  }

  /** The merged book for a tab, or null if unchanged since `cursor`. */
  bookFrame(symbol: string, step: string | null, rows: number, cursor: number): BookFrame | null {
    const s = this.symbols.get(symbol);
    if (s === undefined || s.bookStamp === 0 || s.bookStamp <= cursor) return null;
    const steps = depthSteps(s.info.digitMerge, s.info.pricePrecision, step);
    const key = `${steps.selected}|${rows}`;
    const cached = s.merged.get(key);
    if (cached !== undefined && cached.stamp === s.bookStamp) return cached.frame;
    mergeDepth(s.book, stepToTicks(steps.selected, s.info.pricePrecision), rows, this.out);
    const o = this.out;
    const frame: BookFrame = {
      symbol,
      step: steps.selected,
      steps: steps.steps,
      // Copies: the merge buffer is reused for the next view; tabs get their own small arrays.
      bids: o.bids.slice(0, o.bidCount * DEPTH_STRIDE),
      asks: o.asks.slice(0, o.askCount * DEPTH_STRIDE),
      bidCount: o.bidCount,
      askCount: o.askCount,
      buyOnePrice: o.buyOnePrice,
      sellOnePrice: o.sellOnePrice,
      ratio: o.ratio,
      u: s.book.u,
      receivedAt: s.bookReceivedAt,
      resyncing: !s.book.valid,
    };
    s.merged.set(key, { stamp: s.bookStamp, frame });
    return frame;
  }

  /** The newest 40 trades, or null if unchanged since `cursor`. */
  trades(symbol: string, cursor: number): TradeRow[] | null {
    const s = this.symbols.get(symbol);
    if (s === undefined || s.tradesStamp === 0 || s.tradesStamp <= cursor) return null;
    return s.tape.newest(TRADES_SHOWN);
  }

  /** The forming candle (and the one it closed), or null if unchanged since `cursor`. */
  liveCandles(symbol: string, interval: string, cursor: number): CandleRow[] | null {
    const iv = toWireInterval(interval);
    const entry = iv === undefined ? undefined : this.symbols.get(symbol)?.candles.get(iv);
    if (entry === undefined || entry.stamp <= cursor) return null;
    return entry.rows.slice(-2);
  }

  /** Whether the live candles of an interval changed since `cursor`, without building the rows. */
  candlesChanged(symbol: string, interval: string, cursor: number): boolean {
    const iv = toWireInterval(interval);
    const entry = iv === undefined ? undefined : this.symbols.get(symbol)?.candles.get(iv);
    return entry !== undefined && entry.stamp > cursor;
  }

  /** Whether a ticker changed since `cursor` (one symbol, or any when symbol is null), without building the rows. */
  tickersChanged(symbol: string | null, cursor: number): boolean {
    if (this.tickersStamp <= cursor) return false;
    return symbol === null || (this.symbols.get(symbol)?.tickerStamp ?? 0) > cursor;
  }

  /**
   * Tickers changed since `cursor` (one symbol, or all when symbol is null), as they stood when the first diff of the
   * slow-lane `slot` read them; null if none. Every tab and paint feed that pulls in one slot gets the same rows, so
   * the header, the title and the book's last price never show two prices at once (they did: each puller read the
   * ticker of the moment it happened to pull, and a trade in between left them apart for a whole slot).
   */
  tickers(symbol: string | null, cursor: number, slot: number): TickerRow[] | null {
    const view = this.tickerSlot(slot);
    const out: TickerRow[] = [];
    if (symbol !== null) {
      const t = view.rows.get(symbol);
      if (t !== undefined && t.stamp > cursor) out.push(t.row);
    } else for (const t of view.rows.values()) if (t.stamp > cursor) out.push(t.row);
    return out.length === 0 ? null : out;
  }

  /** The version the slot's tickers stand at: a slow lane that took them has seen changes up to here only. */
  tickersVersion(slot: number): number {
    return this.tickerSlot(slot).version;
  }

  private tickerSlot(slot: number): TickerSlot {
    if (slot === this.slotTickers.slot) return this.slotTickers;
    const rows = new Map<string, { row: TickerRow; stamp: number }>();
    for (const [name, s] of this.symbols)
      if (s.ticker !== undefined) rows.set(name, { row: s.ticker, stamp: s.tickerStamp });
    this.slotTickers = { slot, version: this.tickersStamp, rows };
    return this.slotTickers;
  }

  /**
   * Seeds a symbol's latest trades over REST when its trades topic is (re)subscribed: the list shows the market's
   * last trades at once instead of staying empty until the next one, and after a reconnect it fills the gap.
   */
  async seedTrades(symbol: string, get: (path: string) => Promise<unknown>): Promise<void> {
    if (!this.symbols.has(symbol)) return;
    const q = new URLSearchParams({ category: 'spot', symbol, limit: '60' }).toString();
    let rows: ReturnType<typeof parseRecentTradesRest>;
    try {
      rows = parseRecentTradesRest(await get(`${CALLS.recentTrade.path}?${q}`), symbol);
    } catch {
      this.hooks.count('trades.seedFailed');
      return;
    }
    const s = this.symbols.get(symbol);
    if (s !== undefined && s.tape.seed(rows) > 0) s.tradesStamp = this.hooks.changed();
  }

  /** Loads candles over REST: a page of 500, then up to 3 more pages back (spec §7); [] on failure. */
  async fetchKlines(
    symbol: string,
    interval: string,
    end: number,
    get: (path: string) => Promise<unknown>,
    start?: number,
  ): Promise<CandleRow[]> {
    const iv = toWireInterval(interval);
    if (iv === undefined || !/^[A-Z0-9]{2,24}$/.test(symbol) || symbol.includes('undefined')) {
      this.hooks.count('klines.badRequest');
      return [];
    }
    // Default range: exactly one page (the forming candle plus 499 before it).
    let paging = startKlinePaging(start ?? end - 499 * intervalMs(iv), end);
    for (;;) {
      const plan = planKlinePage(paging);
      if (plan.type === 'done') return [...plan.candles];
      const q = new URLSearchParams(klineQuery(symbol, iv, plan)).toString();
      let page: CandleRow[] = [];
      try {
        page = parseKlineRest(await get(`${CALLS.kline.path}?${q}`));
      } catch {
        this.hooks.count('klines.fetchFailed');
      }
      paging = recordKlinePage(paging, page);
      if (page.length === 0) return [...paging.candles];
    }
  }

  /** Decode and reducer counters for the bench page and debugging. */
  counters(): Record<string, number> {
    const out: Record<string, number> = {
      'decode.frames': this.decodeCounters.frames,
      'decode.bad': this.decodeCounters.bad,
    };
    for (const [k, v] of Object.entries(this.decodeCounters.badByReason)) out[`decode.bad.${k}`] = v;
    let gaps = 0;
    let stale = 0;
    let dupTrades = 0;
    for (const s of this.symbols.values()) {
      const b = s.book.counters();
      gaps += b.gaps;
      stale += b.stale;
      dupTrades += s.tape.counters().duplicate;
    }
    out['book.gaps'] = gaps;
    out['book.stale'] = stale;
    out['trades.duplicate'] = dupTrades;
    return out;
  }
}
