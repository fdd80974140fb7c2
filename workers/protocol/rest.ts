/**
 * Typed decoders of the REST rows the tab lists (order history, trade history, positions, borrowing) and of the
 * order-create reply, so the UI renders typed rows instead of reading raw `Record<string, unknown>` or running the
 * hub's reducer code. Each returns undefined for a row it cannot read (the list skips it).
 */
import { isRecord } from './fields';
import { toOrderEvent, type OrderEvent } from './orderEvent';

/** A number or string field as text ('' when absent): REST rows carry decimals as strings, some ids as numbers. */
function text(x: unknown): string {
  return typeof x === 'string' ? x : typeof x === 'number' ? String(x) : '';
}

/** One order-history row (getHistoryOrders `result.list[]`); undefined if unusable. */
export function decodeOrderRow(row: unknown): OrderEvent | undefined {
  return toOrderEvent(row);
}

/** The order of an orderCreate / orderModify reply (`{code: 0, result: order}`); undefined for anything else. */
export function decodeOrderReply(reply: unknown): OrderEvent | undefined {
  if (!isRecord(reply) || reply.code !== 0) return undefined;
  return toOrderEvent(reply.result);
}

/** One trade-history row as the trades list shows it. */
export interface TradeHistoryRow {
  /** execId: the row key and the page cursor. */
  readonly id: string;
  /** Execution time, ms. */
  readonly time: number;
  readonly symbol: string;
  readonly side: 'Buy' | 'Sell';
  readonly price: string;
  readonly qty: string;
  readonly value: string;
  /** Fee and its coin, e.g. "0.01 USDT". */
  readonly fee: string;
}

/** One getTradeHistory row; undefined without an execId. */
export function decodeTradeRow(row: unknown): TradeHistoryRow | undefined {
  if (!isRecord(row)) return undefined;
  const id = text(row.execId);
  if (id === '') return undefined;
  return {
    id,
    time: Number(row.execTime),
    symbol: text(row.symbol),
    side: row.side === 'Sell' ? 'Sell' : 'Buy',
    price: text(row.execPrice),
    qty: text(row.execQty),
    value: text(row.execValue),
    fee: `${text(row.execFee)} ${text(row.feeCurrency)}`,
  };
}

/** One queryPositions row. */
export interface PositionRow {
  readonly symbol: string;
  /** Size as the server writes it; '' when absent. */
  readonly size: string;
  readonly unrealisedPnl: string;
  /** The perpetual position fields (server/perp), present when the row has them: 'Buy' long, 'Sell' short. */
  readonly side?: string;
  readonly avgPrice?: string;
  readonly markPrice?: string;
  readonly cumRealisedPnl?: string;
}

/** Optional text fields of a position row, only those the row carries. */
const POSITION_EXTRAS = ['side', 'avgPrice', 'markPrice', 'cumRealisedPnl'] as const;

/** One queryPositions row; undefined when it is not an object with a symbol. */
export function decodePositionRow(row: unknown): PositionRow | undefined {
  if (!isRecord(row)) return undefined;
  const symbol = text(row.symbol);
  if (symbol === '') return undefined;
  const extras: Record<string, string> = {};
  for (const k of POSITION_EXTRAS) if (row[k] !== undefined) extras[k] = text(row[k]);
  return { symbol, size: text(row.size), unrealisedPnl: text(row.unrealisedPnl), ...extras };
}

/** True for a position with a non-zero size (spec §9 hides the others). */
export function isOpenPosition(p: PositionRow): boolean {
  return Number(p.size || '0') !== 0;
}

/** One liability-list row (borrowing). */
export interface BorrowingRow {
  readonly currency: string;
  readonly borrowSize: string;
  readonly borrowMaxSize: string;
}

/** One liabilityList row; undefined when it is not an object with a currency. */
export function decodeBorrowingRow(row: unknown): BorrowingRow | undefined {
  if (!isRecord(row)) return undefined;
  const currency = text(row.currency);
  if (currency === '') return undefined;
  return { currency, borrowSize: text(row.borrowSize), borrowMaxSize: text(row.borrowMaxSize) };
}
