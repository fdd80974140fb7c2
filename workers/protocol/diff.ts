/** The one answer a tab's pull gets: what changed in its interest since its cursor. */
import type { AccountDiff } from './account';
import type { ConnectionState } from './connection';
import type { BookFrame, CandleRow, TickerRow, TradeRow } from './market';
import type { WebConfig } from './webConfig';

/** What changed for one tab since its cursor; absent fields did not change. */
export interface HubDiff {
  /** Pass back on the next pull. */
  readonly cursor: number;
  readonly instanceId: string;
  /** Set when the tab must reload (a newer build is deployed). */
  readonly reload?: true;
  readonly connection?: ConnectionState;
  readonly book?: BookFrame;
  /** Newest first, at most 40. */
  readonly trades?: readonly TradeRow[];
  /** The forming candle (and the one it closed, if any), for klineInterval. */
  readonly candles?: readonly CandleRow[];
  readonly tickers?: readonly TickerRow[];
  /** Private data (the account reducers build it). */
  readonly account?: AccountDiff;
  /** The web config (compliance switches), when it changed since the cursor. */
  readonly config?: WebConfig;
}
