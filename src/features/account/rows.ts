/**
 * The account lists' REST rows as the views show them, through the protocol's typed decoders (`workers/protocol/rest`):
 * a row the decoder cannot read is skipped, and size-zero positions are hidden (spec §9).
 */
import {
  decodeBorrowingRow,
  decodePositionRow,
  isOpenPosition,
  type BorrowingRow,
  type PositionRow,
} from '../../../workers/protocol/rest';

export { isOpenPosition, type BorrowingRow, type PositionRow };

/** The open positions of a queryPositions list, in the list's order. */
export function toOpenPositions(raw: readonly unknown[]): PositionRow[] {
  const out: PositionRow[] = [];
  for (const r of raw) {
    const p = decodePositionRow(r);
    if (p !== undefined && isOpenPosition(p)) out.push(p);
  }
  return out;
}

/** The borrowed coins of a liabilityList list, in the list's order. */
export function toBorrowRows(raw: readonly unknown[]): BorrowingRow[] {
  const out: BorrowingRow[] = [];
  for (const r of raw) {
    const b = decodeBorrowingRow(r);
    if (b !== undefined) out.push(b);
  }
  return out;
}

/** Every row a decoder can read, in the list's order (the margin lists: loans, repayments, liabilities). */
export function decodeAll<T>(raw: readonly unknown[], decode: (row: unknown) => T | undefined): T[] {
  const out: T[] = [];
  for (const r of raw) {
    const d = decode(r);
    if (d !== undefined) out.push(d);
  }
  return out;
}
