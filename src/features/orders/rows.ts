/**
 * The orders panel's REST rows as the views show them, through the protocol's typed decoders
 * (`workers/protocol/rest`): a row the decoder cannot read is skipped.
 */
import type { OrderEvent } from '../../../workers/api';
import { decodeOrderRow, decodeTradeRow, type TradeHistoryRow } from '../../../workers/protocol/rest';
import { toStrategyRow, type StrategyRow } from '../../../workers/protocol/strategy';

/** One fill of the trade history. */
export type TradeRow = TradeHistoryRow;

/** A tradeHistory row as a trade row; null without an execution id. */
export function toTradeRow(r: Readonly<Record<string, unknown>>): TradeRow | null {
  return decodeTradeRow(r) ?? null;
}

/** An orderHistory row as an order; null when it lacks what an order needs. */
export function toHistoryOrder(r: Readonly<Record<string, unknown>>): OrderEvent | null {
  return decodeOrderRow(r) ?? null;
}

/** A strategy list row (the tools tab's history) as a strategy; null when it lacks what a strategy needs. */
export function toStrategyListRow(r: Readonly<Record<string, unknown>>): StrategyRow | null {
  return toStrategyRow(r) ?? null;
}

/** Typed rows of a list, dropping the rows the parser refuses (keeps the list's order). */
export function parseRows<T>(
  raw: readonly Readonly<Record<string, unknown>>[],
  parse: (r: Readonly<Record<string, unknown>>) => T | null,
): T[] {
  const out: T[] = [];
  for (const r of raw) {
    const row = parse(r);
    if (row !== null) out.push(row);
  }
  return out;
}
