/** What every part of the simulator shares: configuration, clock, engine, accounts, store and market data. */
import type { Accounts, Account } from './accounts/accounts';
import type { Engine } from './engine/engine';
import type { Store } from './store/store';
import type { SimClock } from './clock/clock';
import type { Router } from './http/router';

/** Simulator configuration (CLI flags and environment). */
export interface SimConfig {
  readonly host: string;
  readonly port: number;
  /** Book + trade messages per second on the storm symbol (BTCUSDT); 0 = the calm default market. */
  readonly rate: number;
  readonly seed: number;
  readonly dataDir: string;
  /** Built app to serve (vite's dist/); missing = API only. */
  readonly staticDir: string;
  /** Synthetic market off (tests that need a still book). */
  readonly quiet: boolean;
}

/** 24h statistics of one symbol (the v5 tickers shape's numbers, as strings). */
export interface TickerStats {
  readonly symbol: string;
  readonly lastPrice: string;
  readonly prevPrice24h: string;
  readonly highPrice24h: string;
  readonly lowPrice24h: string;
  readonly volume24h: string;
  readonly turnover24h: string;
  /** Fraction, e.g. "0.0196". */
  readonly price24hPcnt: string;
}

/** Market data the API layers read (implemented by server/market/market.ts). */
export interface MarketView {
  /** Opening time of a symbol in ms (0 = open since start). */
  openAt(symbol: string): number;
  /** 24h ticker of a symbol. */
  ticker(symbol: string): TickerStats | undefined;
}

/** Shared simulator context handed to every route module. */
export interface SimContext {
  readonly config: SimConfig;
  readonly now: () => number;
  /** The engine's clock: products schedule their timers here (tests move it with `POST /sim/test/clock`). */
  readonly clock: SimClock;
  readonly startedAt: number;
  readonly engine: Engine;
  readonly accounts: Accounts;
  readonly store: Store;
  readonly market: MarketView;
  /**
   * Pushes a private message (v5 envelope) to the account's connections on each topic name it subscribed; the
   * push waits for the current action's commit, so what is pushed is stored.
   */
  pushPrivate(accountId: string, topics: readonly string[], data: readonly unknown[]): void;
}

/** Route modules register their calls on the shared router. */
export type RouteModule = (router: Router<Account>, ctx: SimContext) => void;
