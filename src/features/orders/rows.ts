/**
 * REST rows of the orders panel's lists as typed rows: raw row in, typed row out (or null for a row the table cannot
 * show). Parsing lives here, not in the views; these get pointed at the typed decoders of `workers/protocol` later.
 */
import type { OrderEvent } from '../../../workers/api';
import { toOrderEvent } from '../../../workers/protocol/orderEvent';

/** One fill of the trade history. */
export interface TradeRow {
  readonly id: string;
  readonly time: number;
  readonly symbol: string;
  readonly side: 'Buy' | 'Sell';
  readonly price: string;
  readonly qty: string;
  readonly value: string;
  /** Fee with its currency, as shown ("0.01 USDT"). */
  readonly fee: string;
}

/** A wire field as display text: strings and numbers as they are, anything else empty. */
function text(x: unknown): string {
  return typeof x === 'string' ? x : typeof x === 'number' ? String(x) : '';
}

/** A tradeHistory row as a trade row; null without an execution id. */
export function toTradeRow(r: Readonly<Record<string, unknown>>): TradeRow | null {
  const s = (k: string): string => text(r[k]);
  if (s('execId') === '') return null;
  return {
    id: s('execId'),
    time: Number(r.execTime),
    symbol: s('symbol'),
    side: r.side === 'Sell' ? 'Sell' : 'Buy',
    price: s('execPrice'),
    qty: s('execQty'),
    value: s('execValue'),
    fee: `${s('execFee')} ${s('feeCurrency')}`,
  };
}

/** An orderHistory row as an order; null when it lacks what an order needs. */
export function toHistoryOrder(r: Readonly<Record<string, unknown>>): OrderEvent | null {
  return toOrderEvent(r) ?? null;
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
