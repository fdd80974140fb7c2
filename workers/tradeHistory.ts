/**
 * The account's trade history as the chart reads it: 90-day fills (the markers and the trade-info modal) and the
 * average buy and sell lines. Each is loaded over REST when a tab first asks for a symbol (or a day span), then kept by
 * execution pushes, and loaded again after every reconnect so a fill made while the socket was down is not lost.
 * AccountState feeds it the pushes and serves its versions in the account diff.
 */
import {
  averageRequestParams,
  AveragePrices,
  effectiveAverageDays,
  parseAverageResult,
  toAverageDays,
  type AccountKind,
} from './account/averages';
import {
  bucketMarkers,
  FillHistory,
  parseClassicFills,
  parseUnifiedFills,
  toCandleInterval,
} from './account/fills';
import type { AverageDays, AverageLine, Fill, FillMarker } from './protocol/account';
import { CALLS } from './protocol/paths';

/** What the trade history needs from the hub and from the account it belongs to. */
export interface TradeHistoryHooks {
  readonly now: () => number;
  readonly getJson: (path: string) => Promise<unknown>;
  readonly count: (key: string) => void;
  readonly log: (line: string) => void;
  /** Listed symbol's id and price precision; undefined when not listed. */
  readonly symbolInfo: (
    symbol: string,
  ) => { readonly symbolId: number; readonly pricePrecision: number } | undefined;
  /** The account's kind of the moment (its endpoints differ). */
  readonly kind: () => AccountKind;
  readonly loggedIn: () => boolean;
  /** A REST answer changed the fills or a line: the account diff must go out again. */
  readonly changed: () => void;
}

/** Most ids one fillsByIds call answers. */
const MAX_FILL_IDS = 1000;

/** Fills and average lines of the logged-in account. */
export class TradeHistory {
  private readonly fills = new FillHistory();
  private readonly lines = new AveragePrices();
  /** Symbols whose 90-day fills were asked for: loaded over REST once, then kept by pushes; reloaded on refresh. */
  private readonly fillLoads = new Map<string, Promise<void>>();
  /** Day span of each average line asked for, by "symbol|side"; an answer for another span is dropped. */
  private readonly spans = new Map<string, AverageDays>();
  private readonly averageLoads = new Map<string, Promise<void>>();

  constructor(private readonly hooks: TradeHistoryHooks) {}

  /** See AccountDiff.fillsVersion. */
  get fillsVersion(): number {
    return this.fills.version;
  }

  /** See AccountDiff.averagesVersion. */
  get averagesVersion(): number {
    return this.lines.version;
  }

  /** Pushed fills; the ones not seen before (they move the average lines too). */
  addPushed(rows: readonly Fill[]): Fill[] {
    const added = this.fills.add(rows, this.hooks.now());
    if (added.length > 0) this.lines.applyFills(added);
    return added;
  }

  /** Logged out: everything goes, and nothing loaded is reloaded. */
  clear(): void {
    this.fills.clear();
    this.lines.clear();
    this.fillLoads.clear();
    this.spans.clear();
    this.averageLoads.clear();
  }

  /** Loads again every symbol's fills and every line the tabs asked for (after a login or a reconnect). */
  reload(): Promise<unknown> {
    return Promise.all([
      ...[...this.fillLoads.keys()].map((sym) => this.fetchFills(sym)),
      ...[...this.spans].map(([key, days]) => this.fetchAverage(key, days)),
    ]);
  }

  /** Fill markers of a symbol per candle of a wire interval; [] when logged out, unknown symbol or interval. */
  async fillMarkers(symbol: string, interval: string, from?: number, to?: number): Promise<FillMarker[]> {
    const iv = toCandleInterval(interval);
    const info = this.hooks.symbolInfo(symbol);
    if (!this.hooks.loggedIn() || iv === undefined || info === undefined) return [];
    let load = this.fillLoads.get(symbol);
    if (load === undefined) {
      load = this.fetchFills(symbol);
      this.fillLoads.set(symbol, load);
    }
    await load;
    return bucketMarkers(this.fills.list(symbol), iv, {
      ...(from === undefined || !Number.isFinite(from) ? {} : { from }),
      ...(to === undefined || !Number.isFinite(to) ? {} : { to }),
      pricePrecision: info.pricePrecision,
    });
  }

  /** Fills by id (the trade-info modal). */
  fillsByIds(symbol: string, ids: readonly string[]): Fill[] {
    if (!this.hooks.loggedIn() || !Array.isArray(ids)) return [];
    return this.fills.byIds(
      symbol,
      ids.slice(0, MAX_FILL_IDS).filter((x) => typeof x === 'string'),
    );
  }

  /** Average buy and sell lines over `days`; loads each side once per span. */
  async averages(
    symbol: string,
    days: number,
  ): Promise<{ readonly buy: AverageLine | null; readonly sell: AverageLine | null }> {
    if (!this.hooks.loggedIn() || this.hooks.symbolInfo(symbol) === undefined)
      return { buy: null, sell: null };
    const span = toAverageDays(days);
    await Promise.all(
      (['Buy', 'Sell'] as const).map((side) => {
        const key = `${symbol}|${side}`;
        let load = this.averageLoads.get(key);
        if (load === undefined || this.spans.get(key) !== span) {
          this.lines.drop(symbol, side);
          this.spans.set(key, span);
          load = this.fetchAverage(key, span);
          this.averageLoads.set(key, load);
        }
        return load;
      }),
    );
    return {
      buy: this.lines.line(symbol, 'Buy') ?? null,
      sell: this.lines.line(symbol, 'Sell') ?? null,
    };
  }

  private async fetchFills(symbol: string): Promise<void> {
    const info = this.hooks.symbolInfo(symbol);
    if (info === undefined) return;
    const now = this.hooks.now();
    const unified = this.hooks.kind() === 'unified';
    const path = unified
      ? `${CALLS.tradeInfoUnified.path}?contractType=6&symbol=${encodeURIComponent(symbol)}`
      : `${CALLS.tradeInfoClassic.path}?symbol_id=${info.symbolId}&start_time=${now - 90 * 86_400_000}&end_time=${now}`;
    try {
      const json = (await this.hooks.getJson(path)) as { result?: unknown } | null;
      const r = unified ? parseUnifiedFills(symbol, json?.result) : parseClassicFills(symbol, json?.result);
      if (r === undefined) {
        this.hooks.count('account.badFills');
        return;
      }
      if (r.bad > 0) this.hooks.count('account.badFill');
      const added = this.fills.add(r.fills, this.hooks.now());
      this.lines.applyFills(added);
      this.hooks.changed();
    } catch (e) {
      this.hooks.log(`fills of ${symbol} failed: ${String(e)}`);
    }
  }

  private async fetchAverage(key: string, days: AverageDays): Promise<void> {
    const [symbol = '', sideName] = key.split('|');
    const side = sideName === 'Sell' ? 'Sell' : 'Buy';
    const info = this.hooks.symbolInfo(symbol);
    if (info === undefined) return;
    const kind = this.hooks.kind();
    const params = averageRequestParams(
      kind,
      { symbol, symbolId: info.symbolId, side, days },
      this.hooks.now(),
    );
    const query = new URLSearchParams(
      Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
    ).toString();
    const path = kind === 'unified' ? CALLS.avgUnified.path : CALLS.avgClassic.path;
    try {
      const json = (await this.hooks.getJson(`${path}?${query}`)) as { result?: unknown } | null;
      // The user picked another span meanwhile, or logged out: this answer is for nobody.
      if (this.spans.get(key) !== days || !this.hooks.loggedIn()) return;
      const snap = parseAverageResult(kind, json?.result);
      if (snap === undefined) {
        this.hooks.count('account.badAverage');
        return;
      }
      this.lines.setServer(symbol, side, effectiveAverageDays(days, kind), snap);
      this.hooks.changed();
    } catch (e) {
      this.hooks.log(`average ${key} failed: ${String(e)}`);
    }
  }
}
