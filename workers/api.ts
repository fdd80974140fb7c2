/**
 * The one contract between the hub (SharedWorker, or a dedicated Worker where SharedWorker is missing) and a tab.
 * Tabs only ever see this interface: `src/hub/client.ts` wraps it with Comlink, `workers/hub.ts` exposes it.
 *
 * Data flow is a long-poll pull: a visible tab calls `pull(cursor)` at most once per animation frame; the hub answers
 * as soon as anything in the tab's interest changed since `cursor` (or at once if something already did). A hidden tab
 * does not pull, so nothing accumulates for it; its next pull after a long pause returns one fresh snapshot.
 */
import type { AccountDiff, AverageLine, Fill, FillMarker } from './protocol/account';
import type { ConnectionState } from './protocol/connection';
import type { TabInterest } from './protocol/interest';
import type { BookFrame, CandleRow, TickerRow, TradeRow } from './protocol/market';
import type { HubDiff } from './protocol/diff';
import type { OrderEvent } from './protocol/orderEvent';
import type { SymbolInfo } from './protocol/symbols';
import type { WebConfig } from './protocol/webConfig';
import type { ConfirmFlag, Preferences, UserFacts, WriteOutcome } from './protocol/user';

export type {
  AccountDiff,
  AverageLine,
  BookFrame,
  CandleRow,
  ConfirmFlag,
  ConnectionState,
  Fill,
  FillMarker,
  HubDiff,
  OrderEvent,
  Preferences,
  SymbolInfo,
  TabInterest,
  TickerRow,
  TradeRow,
  UserFacts,
  WebConfig,
  WriteOutcome,
};
export { NO_INTEREST } from './protocol/interest';

/** A tab's first message. */
export interface TabHello {
  readonly tabId: string;
  /** The build the tab's code comes from. */
  readonly buildId: string;
  /** Name of the Web Lock the tab holds for its lifetime (the hub learns of a dead tab by taking it). */
  readonly lockName: string;
}

/** The hub's answer to hello. */
export interface HubHello {
  /** Changes when the browser restarts the hub: the tab must drop its cursor (it gets full snapshots anyway). */
  readonly instanceId: string;
  readonly buildId: string;
  /** true: the tab is of another build than the hub: it must reload. */
  readonly reload: boolean;
  /** 'shared' or 'dedicated' (the fallback). */
  readonly mode: 'shared' | 'dedicated';
}

/** Counters of input the hub dropped (bad frames, gaps…), for the bench page and debugging. */
export type HubCounters = Readonly<Record<string, number>>;

/** The hub API. Every method is safe to call with any input: bad input is answered, never thrown into the tab. */
export interface HubApi {
  /** Registers a tab. */
  hello(tab: TabHello): Promise<HubHello>;
  /** Replaces the tab's interest (subscriptions are refcounted across tabs). */
  setInterest(tabId: string, interest: TabInterest): Promise<void>;
  /**
   * Long-poll: resolves with what changed since `cursor` (0 = everything), or an empty diff after `waitMs`.
   * `lookAt` delays the look until that time, on the clock the hub and its tabs share (`performance.timeOrigin +
   * performance.now()`; at most 100 ms ahead, none when past or absent): a paint worker asks for the state as of just
   * before its next animation frame, so it draws data that fresh with one pull per frame (src/hub/framePuller.ts).
   */
  pull(tabId: string, cursor: number, waitMs: number, lookAt?: number): Promise<HubDiff>;
  /** The listed symbols (fetched once by the hub, refetched after a reconnect); [] while unavailable. */
  symbols(): Promise<readonly SymbolInfo[]>;
  /** Initial candles for the chart (REST page of 500 + up to 3 more pages back); [] on failure (spec §8). */
  klines(symbol: string, interval: string, endMs?: number, startMs?: number): Promise<readonly CandleRow[]>;
  /**
   * The logged-in account's fills of a symbol (last 90 days; REST first, then pushes) bucketed per candle of the wire
   * interval ("1", "30", "D", …), ascending; [] when logged out or on failure. Re-ask when `fillsVersion` changes.
   */
  fillMarkers(
    symbol: string,
    interval: string,
    fromMs?: number,
    toMs?: number,
  ): Promise<readonly FillMarker[]>;
  /** Fills by id (the trade-info modal behind a marker); unknown ids are skipped. */
  fillsByIds(symbol: string, ids: readonly string[]): Promise<readonly Fill[]>;
  /**
   * Average buy and sell prices of a symbol over `days` (7, 30, 60, 90, 180, 365, 730, 1095; classic accounts
   * capped at 90): server sums plus newer fills. null for a side not loaded or logged out. Re-ask when
   * `averagesVersion` changes.
   */
  averages(
    symbol: string,
    days: number,
  ): Promise<{ readonly buy: AverageLine | null; readonly sell: AverageLine | null }>;
  /**
   * Upserts server preferences (setPrefSetting upsert_keys): the one write path. On success the hub's copy takes the
   * server's answer and every tab gets it in its next account diff; resolves with the outcome, never rejects.
   */
  setPreferences(patch: Preferences): Promise<WriteOutcome>;
  /** Replaces the double-confirm flags (setDoubleConfirm), like setPreferences: one write path, every tab follows. */
  setConfirmFlags(flags: readonly ConfirmFlag[]): Promise<WriteOutcome>;
  /**
   * Serves this API on another port as well: a tab's paint worker (which owns an OffscreenCanvas) pulls its own
   * frames straight from the hub, so tick-rate data never crosses the tab's main thread. Pass with Comlink.transfer.
   */
  connect(port: MessagePort): Promise<void>;
  /** Logs the session out (POST /logout): every tab gets the visitor's account and the private topics are dropped. */
  logout(): Promise<WriteOutcome>;
  /** The tab is going away (pagehide); the Web Lock covers crashes. */
  bye(tabId: string): Promise<void>;
  /** Counters of dropped/bad input and other health figures. */
  counters(): Promise<HubCounters>;
  /** Recent hub log lines (Playwright cannot read a SharedWorker's console). */
  logs(): Promise<readonly string[]>;
}
