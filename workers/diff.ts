/**
 * Composes one tab's diff: everything in its interest newer than its cursor. Pure: the hub's state comes in as
 * `DiffSources`, the tab's slow-lane state comes in and its next value goes out, and nothing here reads a clock or
 * sets a timer (the caller wakes the tab when `wakeInMs` says so), so it is tested without timers.
 */
import type { AccountDiff } from './protocol/account';
import type { ConnectionState } from './protocol/connection';
import type { HubDiff } from './protocol/diff';
import type { TabInterest } from './protocol/interest';
import type { BookFrame, CandleRow, TickerRow, TradeRow } from './protocol/market';
import type { WebConfig } from './protocol/webConfig';

/**
 * Tickers and the live candle reach a tab at most once in each slot of this length, in one answer: the header and
 * title update a few times a second, and the chart draws a live candle at most as often (ChartArea's LIVE_APPLY_MS).
 * Sending the candle on every trade would wake the tab's main thread up to 60 times a second in a storm for data it
 * then drops.
 */
export const SLOW_LANE_MS = 250;

/** Where the slow lane (tickers and the live candle) stands for one tab. */
export interface SlowLane {
  /**
   * The slot (`now` / SLOW_LANE_MS) in which the slow lane last went to this tab. Slots are the hub's, not the tab's:
   * every tab and paint worker gets the slow lane at the same boundaries, so the header's last price and the order
   * book's (which reach the page by different pulls) change together.
   */
  readonly slot: number;
  /**
   * The hub version up to which the slow lane went to this tab. Kept apart from the pull's cursor: the tab pulls for
   * its book, trades or account far more often than the slow lane may go, and what changed while it was held back
   * must still go once it may.
   */
  readonly cursor: number;
}

/** A tab the slow lane never went to. */
export const NO_SLOW_LANE: SlowLane = { slot: -1, cursor: 0 };

/** The market views a diff reads (MarketState's; each null when unchanged since the cursor). */
export interface MarketViews {
  bookFrame(symbol: string, step: string | null, rows: number, cursor: number): BookFrame | null;
  trades(symbol: string, cursor: number): readonly TradeRow[] | null;
  candlesChanged(symbol: string, interval: string, cursor: number): boolean;
  liveCandles(symbol: string, interval: string, cursor: number): readonly CandleRow[] | null;
  tickersChanged(symbol: string | null, cursor: number): boolean;
  /** Tickers changed since the cursor as the slow-lane slot's first reader found them (the same for every puller). */
  tickers(symbol: string | null, cursor: number, slot: number): readonly TickerRow[] | null;
  /** The change version the slot's tickers stand at. */
  tickersVersion(slot: number): number;
}

/** The hub's state as one diff reads it. */
export interface DiffSources {
  /** The hub's version: the cursor the diff hands back. */
  readonly version: number;
  readonly instanceId: string;
  /** Wall clock (ms since epoch): picks the slow-lane slot. */
  readonly now: number;
  /** Version at which the connection state last changed. */
  readonly connectionVersion: number;
  /** Version at which the hub learned the tabs must reload (0: never). */
  readonly reloadVersion: number;
  readonly connection: () => ConnectionState;
  readonly market: MarketViews;
  /** The account diff since a cursor, or null when unchanged. */
  readonly account: (cursor: number) => AccountDiff | null;
  /** The web config when it changed since a cursor, else null. */
  readonly config?: (cursor: number) => WebConfig | null;
}

/** A composed diff, the tab's next slow-lane state, and when to wake the tab for a held-back slow lane. */
export interface ComposedDiff {
  /** null: nothing in the interest is newer than the cursor. */
  readonly diff: HubDiff | null;
  readonly slow: SlowLane;
  /** Set when the slow lane has news it may not send yet: answer the tab's pull again in this many ms. */
  readonly wakeInMs: number | null;
}

/** Everything in `interest` newer than `cursor` (0: a full answer). */
export function composeDiff(
  interest: TabInterest,
  cursor: number,
  slowLane: SlowLane,
  sources: DiffSources,
): ComposedDiff {
  const i = interest;
  const { market } = sources;
  let slow = slowLane;
  let wakeInMs: number | null = null;
  let any = false;
  let connection: ConnectionState | undefined;
  let book: BookFrame | undefined;
  let trades: readonly TradeRow[] | undefined;
  let candles: readonly CandleRow[] | undefined;
  let tickers: readonly TickerRow[] | undefined;
  let account: AccountDiff | undefined;
  if (sources.connectionVersion > cursor) {
    connection = sources.connection();
    any = true;
  }
  if (i.symbol !== null) {
    if (i.bookRows > 0) {
      book = market.bookFrame(i.symbol, i.step, i.bookRows, cursor) ?? undefined;
      any ||= book !== undefined;
    }
    if (i.trades) {
      trades = market.trades(i.symbol, cursor) ?? undefined;
      any ||= trades !== undefined;
    }
  }
  // The slow lane: tickers and the live candle, together, at most every SLOW_LANE_MS (a full answer at once).
  const candleSymbol = i.klineInterval === null ? null : i.symbol;
  const wantsTickers = i.allTickers || i.symbol !== null;
  const tickersOf = i.allTickers ? null : i.symbol;
  const slowSince = cursor === 0 ? 0 : slow.cursor;
  if (
    (candleSymbol !== null &&
      i.klineInterval !== null &&
      market.candlesChanged(candleSymbol, i.klineInterval, slowSince)) ||
    (wantsTickers && market.tickersChanged(tickersOf, slowSince))
  ) {
    const slot = Math.floor(sources.now / SLOW_LANE_MS);
    if (cursor === 0 || slot > slow.slot) {
      if (candleSymbol !== null && i.klineInterval !== null)
        candles = market.liveCandles(candleSymbol, i.klineInterval, slowSince) ?? undefined;
      if (wantsTickers) tickers = market.tickers(tickersOf, slowSince, slot) ?? undefined;
      // Tickers that came after the slot's copy are not in it: the next slot must still see them as new.
      const seen = wantsTickers ? Math.min(sources.version, market.tickersVersion(slot)) : sources.version;
      slow = { slot, cursor: seen };
      any ||= candles !== undefined || tickers !== undefined;
    } else wakeInMs = (slot + 1) * SLOW_LANE_MS - sources.now;
  }
  if (i.account) {
    account = sources.account(cursor) ?? undefined;
    any ||= account !== undefined;
  }
  const config = sources.config?.(cursor) ?? undefined;
  any ||= config !== undefined;
  const reload = sources.reloadVersion > cursor;
  if (!any && !reload) return { diff: null, slow, wakeInMs };
  return {
    diff: {
      cursor: sources.version,
      instanceId: sources.instanceId,
      ...(reload ? { reload: true as const } : {}),
      ...(connection === undefined ? {} : { connection }),
      ...(book === undefined ? {} : { book }),
      ...(trades === undefined ? {} : { trades }),
      ...(candles === undefined ? {} : { candles }),
      ...(tickers === undefined ? {} : { tickers }),
      ...(account === undefined ? {} : { account }),
      ...(config === undefined ? {} : { config }),
    },
    slow,
    wakeInMs,
  };
}
