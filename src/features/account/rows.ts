/**
 * REST rows of the account lists as typed rows: raw row in, typed row out (or null for a row the table cannot show).
 * Parsing lives here, not in the views; these get pointed at the typed decoders of `workers/protocol` later.
 */

/** One position of a unified account (queryPositions). */
export interface PositionRow {
  readonly symbol: string;
  readonly size: string;
  readonly unrealisedPnl: string;
}

/** One borrowed coin of a unified account (liabilityList). */
export interface BorrowRow {
  readonly coin: string;
  readonly borrowed: string;
  readonly borrowMax: string;
}

/** A wire field as display text: strings and numbers as they are, anything else empty. */
function text(x: unknown): string {
  return typeof x === 'string' ? x : typeof x === 'number' ? String(x) : '';
}

/** A queryPositions row as a position. */
export function toPositionRow(r: Readonly<Record<string, unknown>>): PositionRow {
  return { symbol: text(r.symbol), size: text(r.size), unrealisedPnl: text(r.unrealisedPnl) };
}

/** Whether a position is open: size-zero positions are hidden (spec §9); a missing size counts as zero. */
export function isOpenPosition(p: PositionRow): boolean {
  return Number(p.size || '0') !== 0;
}

/** The open positions of a queryPositions list, in the list's order. */
export function toOpenPositions(raw: readonly Readonly<Record<string, unknown>>[]): PositionRow[] {
  return raw.map(toPositionRow).filter(isOpenPosition);
}

/** A liabilityList row as a borrowed coin. */
export function toBorrowRow(r: Readonly<Record<string, unknown>>): BorrowRow {
  return { coin: text(r.currency), borrowed: text(r.borrowSize), borrowMax: text(r.borrowMaxSize) };
}
