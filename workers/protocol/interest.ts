/**
 * A tab's interest (what it wants the hub to send) and the two checks both ends need: the hub validates what a tab
 * sends, and the hub and the tab's client both compare interests to skip no-op updates.
 */

/** What one tab wants from the hub; replaced wholesale by `setInterest`. */
export interface TabInterest {
  /** Symbol of the page, e.g. "BTCUSDT"; null for none. */
  readonly symbol: string | null;
  /** Depth step (a digitMerge entry) for the merged book; null = the default step rule. */
  readonly step: string | null;
  /** Book rows per side to send (0 = no book). At most 40. */
  readonly bookRows: number;
  /** Latest trades wanted. */
  readonly trades: boolean;
  /** Live candles of this wire interval ("1s", "1", "5", …, "D", "W", "M"), or null. */
  readonly klineInterval: string | null;
  /** Tickers of every listed symbol (symbol list, header) — at most a few updates a second. */
  readonly allTickers: boolean;
  /** Private account data (orders, balances) for a logged-in tab. */
  readonly account: boolean;
}

/** An interest in nothing: a tab before it says what it shows. */
export const NO_INTEREST: TabInterest = {
  symbol: null,
  step: null,
  bookRows: 0,
  trades: false,
  klineInterval: null,
  allTickers: false,
  account: false,
};

/** True when two interests ask for the same thing (field by field). */
export function sameInterest(a: TabInterest, b: TabInterest): boolean {
  return (Object.keys(a) as (keyof TabInterest)[]).every((k) => a[k] === b[k]);
}

/** Validates an interest object coming from a tab (a tab is not trusted to send a well-formed one). */
export function isInterest(v: unknown): v is TabInterest {
  if (typeof v !== 'object' || v === null) return false;
  const i = v as Record<string, unknown>;
  return (
    (i.symbol === null || (typeof i.symbol === 'string' && /^[A-Z0-9]{2,24}$/.test(i.symbol))) &&
    (i.step === null || (typeof i.step === 'string' && i.step.length < 16)) &&
    typeof i.bookRows === 'number' &&
    Number.isInteger(i.bookRows) &&
    i.bookRows >= 0 &&
    i.bookRows <= 40 &&
    typeof i.trades === 'boolean' &&
    (i.klineInterval === null || (typeof i.klineInterval === 'string' && i.klineInterval.length < 4)) &&
    typeof i.allTickers === 'boolean' &&
    typeof i.account === 'boolean'
  );
}
