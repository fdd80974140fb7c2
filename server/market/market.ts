/**
 * Market data of the simulator: listens to the engine, keeps candles, tickers, book feeds and pending trades per
 * symbol, answers the v5 market REST reads, and publishes the public and private realtime topics.
 */
import { Decimal } from 'decimal.js';
import type { Account } from '../accounts/accounts';
import type { MarketView, TickerStats } from '../context';
import type { Engine } from '../engine/engine';
import type { EngineListener, ExecutionView, OrderView, PublicTrade } from '../engine/types';
import type { AccountEquity } from '../margin/equity';
import { accountEquity, debtFreePositions } from '../margin/equity';
import type { RealtimeServer, TopicRegistry } from '../realtime/realtime';
import { BookFeed, type BookDepth, type BookMessage } from './bookFeed';
import type { Interval } from '../../workers/protocol/intervals';
import { bookFrame, candleKey, fixed, klineFrame, tickerFrame } from './frames';
import { SymbolKlines, type Candle } from './klines';
import { calmTurnoverPerMs } from './synth';
import type { SymbolSpec } from './symbols';
import { parsePublicTopic, PRIVATE_SET, PRIVATE_TOPICS } from './topics';

export { bookFrame, fixed, klineRow } from './frames';
export { parsePublicTopic, PRIVATE_TOPICS, type PublicTopic } from './topics';

/** Public trades kept per symbol for the REST recent-trade call (its limit is 60). */
export const RECENT_TRADES = 100;

interface SymbolMarket {
  readonly spec: SymbolSpec;
  readonly book: BookFeed;
  readonly klines: SymbolKlines;
  readonly pendingTrades: PublicTrade[];
  /** Newest last, at most RECENT_TRADES. */
  readonly recent: PublicTrade[];
  lastPrice: number;
  tickerKey: string;
  tickerSentAt: number;
}

interface KlineTopicState {
  readonly interval: Interval;
  readonly sym: SymbolMarket;
  lastStart: number;
  lastKey: string;
}

/** Everything market-data of the simulator. */
export class Market implements MarketView, TopicRegistry<Account> {
  private readonly symbols = new Map<string, SymbolMarket>();
  private readonly klineTopics = new Map<string, KlineTopicState>();
  private engine: Engine | null = null;
  private realtime: RealtimeServer<Account> | null = null;
  private cadence: NodeJS.Timeout | null = null;
  private slow: NodeJS.Timeout | null = null;

  /** Owed amount of a coin (server/margin sets it): the wallet push's borrowAmount / spotBorrow. */
  borrowOf: (accountId: string, coin: string) => string = () => '0';
  /** The account's equity net of its debts (server/margin sets it; without it nothing is owed). */
  equityOf: ((accountId: string) => AccountEquity) | null = null;

  /** The listener to hand to the engine's constructor. */
  readonly listener: EngineListener;

  constructor(
    specs: readonly SymbolSpec[],
    private readonly opts: { seed: number; startedAt: number; now: () => number; storm: boolean },
  ) {
    for (const spec of specs) {
      this.symbols.set(spec.symbol, {
        spec,
        book: new BookFeed(spec.symbol),
        klines: new SymbolKlines(
          spec.seedPrice,
          opts.seed + spec.symbolId * 1009,
          opts.startedAt,
          calmTurnoverPerMs(spec.symbol),
        ),
        pendingTrades: [],
        recent: [],
        lastPrice: spec.seedPrice,
        tickerKey: '',
        tickerSentAt: 0,
      });
    }
    this.listener = {
      level: (symbol, side, price, size) => {
        this.symbols.get(symbol)?.book.onLevel(side, price, size);
      },
      trade: (t) => {
        this.onTrade(t);
      },
      order: (o) => {
        this.onOrder(o);
      },
      execution: (e) => {
        this.onExecution(e);
      },
      wallet: (accountId) => {
        this.onWallet(accountId);
      },
    };
  }

  /** Wires the engine and realtime server, and starts the publish cadences. */
  attach(engine: Engine, realtime: RealtimeServer<Account>): void {
    this.engine = engine;
    this.realtime = realtime;
    for (const s of this.symbols.values()) {
      const lp = engine.lastPrice(s.spec.symbol);
      if (lp !== undefined) s.lastPrice = Number(lp);
    }
    // Book and trades at the exchange's fastest cadence (ob.50: 20 ms); klines and tickers at 100 ms.
    this.cadence = setInterval(() => {
      this.flushAll();
    }, 20);
    this.slow = setInterval(() => {
      this.pushKlines();
      this.pushTickers();
    }, 100);
  }

  /** Stops the publish cadences. */
  stop(): void {
    if (this.cadence !== null) clearInterval(this.cadence);
    if (this.slow !== null) clearInterval(this.slow);
  }

  /** Publishes a symbol's pending book changes and trades now (storm mode calls this per action). */
  flushSymbol(symbol: string): void {
    const s = this.symbols.get(symbol);
    if (s !== undefined) this.flush(s);
  }

  // ---- MarketView ----

  /** Opening time of a symbol. */
  openAt(symbol: string): number {
    const spec = this.symbols.get(symbol)?.spec;
    return spec === undefined || spec.openInMs === 0 ? 0 : this.opts.startedAt + spec.openInMs;
  }

  /** 24h ticker of a symbol. */
  ticker(symbol: string): TickerStats | undefined {
    const s = this.symbols.get(symbol);
    if (s === undefined) return undefined;
    const now = this.opts.now();
    const hours = s.klines.range('60', now, 25);
    const dayAgo = s.klines.candleAt('1', now - 86_400_000).open;
    let high = s.lastPrice;
    let low = s.lastPrice;
    let volume = 0;
    let turnover = 0;
    for (let i = 0; i < Math.min(24, hours.length); i++) {
      const c = hours[i];
      if (c === undefined) continue;
      if (c.high > high) high = c.high;
      if (c.low < low) low = c.low;
      volume += c.volume;
      turnover += c.turnover;
    }
    const dp = s.spec.pricePrecision;
    return {
      symbol,
      lastPrice: fixed(s.lastPrice, dp),
      prevPrice24h: fixed(dayAgo, dp),
      highPrice24h: fixed(high, dp),
      lowPrice24h: fixed(low, dp),
      volume24h: fixed(volume, s.spec.quantityPrecision),
      turnover24h: fixed(turnover, 4),
      price24hPcnt: fixed(dayAgo > 0 ? s.lastPrice / dayAgo - 1 : 0, 4),
    };
  }

  /** Candles newest first (REST kline). */
  candles(symbol: string, interval: Interval, end: number, limit: number, start?: number): Candle[] {
    const s = this.symbols.get(symbol);
    if (s === undefined) return [];
    const from = Math.max(start ?? -Infinity, s.klines.earliest(interval));
    return s.klines.range(interval, Math.min(end, this.opts.now()), limit, from);
  }

  /** The book feed's published snapshot at a depth (REST orderbook uses the engine directly). */
  bookSnapshot(symbol: string, depth: BookDepth): BookMessage | undefined {
    return this.symbols.get(symbol)?.book.snapshot(depth);
  }

  /** The newest public trades, newest first. */
  recentTrades(symbol: string, limit: number): PublicTrade[] {
    const r = this.symbols.get(symbol)?.recent ?? [];
    return r.slice(Math.max(0, r.length - limit)).reverse();
  }

  /** The symbol's spec. */
  spec(symbol: string): SymbolSpec | undefined {
    return this.symbols.get(symbol)?.spec;
  }

  // ---- TopicRegistry ----

  /** Validates a topic for a session. */
  check(topic: string, session: Account | null): string | null {
    if (PRIVATE_SET.has(topic)) return session === null ? 'private topic requires login' : null;
    return parsePublicTopic(topic) === undefined ? 'handler not found' : null;
  }

  /** True for account topics. */
  isPrivate(topic: string): boolean {
    return PRIVATE_SET.has(topic);
  }

  /** Activates a book depth or kline stream for its first subscriber. */
  firstSubscriber(topic: string): void {
    const t = parsePublicTopic(topic);
    if (t === undefined) return;
    const s = this.symbols.get(t.spec.symbol);
    if (s === undefined) return;
    if (t.kind === 'orderbook') {
      // Changes not yet flushed belong to the other depths' next message; publish them first so the new depth
      // starts from a clean mirror.
      this.flush(s);
      s.book.activate(t.depth);
    } else if (t.kind === 'kline') {
      const c = s.klines.candleAt(t.interval, this.opts.now());
      this.klineTopics.set(topic, {
        interval: t.interval,
        sym: s,
        lastStart: c.start,
        lastKey: candleKey(c),
      });
    }
  }

  /** Deactivates a book depth or kline stream when its last subscriber leaves. */
  lastUnsubscribed(topic: string): void {
    const t = parsePublicTopic(topic);
    if (t === undefined) return;
    if (t.kind === 'orderbook') this.symbols.get(t.spec.symbol)?.book.deactivate(t.depth);
    else if (t.kind === 'kline') this.klineTopics.delete(topic);
  }

  /** A new subscriber's first frames: the book snapshot, the ticker, the current candle. */
  initialFrames(topic: string): readonly string[] {
    const t = parsePublicTopic(topic);
    if (t === undefined) return [];
    const s = this.symbols.get(t.spec.symbol);
    if (s === undefined) return [];
    const now = this.opts.now();
    switch (t.kind) {
      case 'orderbook':
        return [bookFrame(topic, s.spec.symbol, s.book.snapshot(t.depth), now)];
      case 'tickers': {
        const tk = this.ticker(s.spec.symbol);
        return tk === undefined ? [] : [tickerFrame(topic, tk, now)];
      }
      case 'kline':
        return [klineFrame(topic, t.interval, s.spec, s.klines.candleAt(t.interval, now), false, now)];
      case 'publicTrade':
        return [];
    }
  }

  // ---- engine events ----

  private onTrade(t: PublicTrade): void {
    const s = this.symbols.get(t.symbol);
    if (s === undefined) return;
    const price = Number(t.price);
    s.lastPrice = price;
    s.klines.onTrade(price, Number(t.qty), t.time);
    s.pendingTrades.push(t);
    s.recent.push(t);
    if (s.recent.length > RECENT_TRADES * 2) s.recent.splice(0, s.recent.length - RECENT_TRADES);
    // A silent feed must not buffer unboundedly: bybit batches at most 1024 trades per frame.
    if (s.pendingTrades.length >= 1024) this.flushTrades(s);
  }

  private onOrder(o: OrderView): void {
    const rt = this.realtime;
    if (rt === null) return;
    const topics: string[] = [...PRIVATE_TOPICS.order];
    switch (o.planType) {
      case 1:
        topics.push(...PRIVATE_TOPICS.plan);
        break;
      case 8:
        topics.push(...PRIVATE_TOPICS.stopLimit);
        break;
      case 10:
      case 11:
        topics.push(...PRIVATE_TOPICS.oco);
        break;
      case 4:
      case 5:
        topics.push(...PRIVATE_TOPICS.trailing);
        break;
      case -1:
        break;
    }
    this.sendPrivate(o.accountId, topics, [o]);
  }

  private onExecution(e: ExecutionView): void {
    this.sendPrivate(e.accountId, PRIVATE_TOPICS.execution, [e]);
  }

  private onWallet(accountId: string): void {
    const engine = this.engine;
    if (engine === null || this.realtime === null) return;
    const wanted = PRIVATE_TOPICS.wallet.some(
      (t) => this.realtime?.hasPrivateSubscriber(accountId, t) === true,
    );
    if (!wanted) return;
    const balances = engine.balances(accountId);
    const eq =
      this.equityOf?.(accountId) ?? accountEquity(debtFreePositions(balances, (s) => engine.lastPrice(s)));
    const byCoin = new Map(eq.coins.map((c) => [c.coin, c]));
    const coin = balances.map((b) => {
      const c = byCoin.get(b.coin);
      return {
        coin: b.coin,
        // Equity is net of the coin's debt (interest included), and usdValue is that equity at mark: equity.ts.
        equity: c === undefined ? b.total : c.equity.toFixed(),
        walletBalance: b.total,
        free: b.free,
        locked: b.locked,
        usdValue: c === undefined ? '0' : c.equityValue.toFixed(4, Decimal.ROUND_DOWN),
        borrowAmount: this.borrowOf(accountId, b.coin),
        spotBorrow: this.borrowOf(accountId, b.coin),
      };
    });
    const totals = {
      totalEquity: eq.totalEquity.toFixed(4, Decimal.ROUND_DOWN),
      totalWalletBalance: eq.walletValue.toFixed(4, Decimal.ROUND_DOWN),
      totalLiabilities: eq.liabilities.toFixed(4, Decimal.ROUND_UP),
    };
    this.sendPrivate(accountId, PRIVATE_TOPICS.wallet, [{ accountType: 'UNIFIED', ...totals, coin }]);
  }

  /** Sends a private push (v5 envelope) on each of the topic names the account's connections subscribed. */
  sendPrivate(accountId: string, topics: readonly string[], data: readonly unknown[]): void {
    const rt = this.realtime;
    if (rt === null) return;
    const now = this.opts.now();
    for (const topic of topics) {
      if (!rt.hasPrivateSubscriber(accountId, topic)) continue;
      rt.publishPrivate(
        accountId,
        topic,
        JSON.stringify({ id: `${topic}-${now}`, topic, creationTime: now, data }),
      );
    }
  }

  // ---- publishing ----

  private flushAll(): void {
    for (const s of this.symbols.values()) this.flush(s);
  }

  private flush(s: SymbolMarket): void {
    const rt = this.realtime;
    if (rt === null) return;
    if (s.book.hasChanges()) {
      const now = this.opts.now();
      s.book.flush((depth, msg) => {
        const topic = `orderbook.${depth}.${s.spec.symbol}`;
        rt.publish(topic, bookFrame(topic, s.spec.symbol, msg, now));
      });
    }
    if (s.pendingTrades.length > 0) this.flushTrades(s);
  }

  private flushTrades(s: SymbolMarket): void {
    const rt = this.realtime;
    const trades = s.pendingTrades.splice(0, s.pendingTrades.length);
    if (rt === null || trades.length === 0) return;
    const topic = `publicTrade.${s.spec.symbol}`;
    if (!rt.hasSubscribers(topic)) return;
    const now = this.opts.now();
    const data = trades.map((t) => ({
      i: t.tradeId,
      T: t.time,
      p: t.price,
      v: t.qty,
      S: t.side,
      seq: t.seq,
      s: t.symbol,
      BT: false,
      RPI: false,
    }));
    rt.publish(topic, JSON.stringify({ topic, ts: now, type: 'snapshot', data }));
  }

  private pushKlines(): void {
    const rt = this.realtime;
    if (rt === null) return;
    const now = this.opts.now();
    for (const [topic, st] of this.klineTopics) {
      const c = st.sym.klines.candleAt(st.interval, now);
      if (c.start !== st.lastStart) {
        const closed = st.sym.klines.candleAt(st.interval, st.lastStart);
        rt.publish(topic, klineFrame(topic, st.interval, st.sym.spec, closed, true, now));
        st.lastStart = c.start;
        st.lastKey = '';
      }
      const key = candleKey(c);
      if (key !== st.lastKey) {
        st.lastKey = key;
        rt.publish(topic, klineFrame(topic, st.interval, st.sym.spec, c, false, now));
      }
    }
  }

  private pushTickers(): void {
    const rt = this.realtime;
    if (rt === null) return;
    const now = this.opts.now();
    for (const s of this.symbols.values()) {
      const topic = `tickers.${s.spec.symbol}`;
      if (!rt.hasSubscribers(topic)) continue;
      const key = String(s.lastPrice);
      if (key === s.tickerKey && now - s.tickerSentAt < 3000) continue;
      const tk = this.ticker(s.spec.symbol);
      if (tk === undefined) continue;
      s.tickerKey = key;
      s.tickerSentAt = now;
      rt.publish(topic, tickerFrame(topic, tk, now));
    }
  }
}
