/**
 * The future spread's wire (spec §2 Tools "future spread", §7 private.position, unified.mix.pnl,
 * combination.trade.notify): the linear perpetual ticker, the position row of queryPositions and the position push,
 * the combination row, the combination's error codes and the form's quantity checks. Shared by the simulator
 * (server/perp), the hub and the spread view, so what the form refuses is what the server refuses.
 */
import { isRecord, toDecimal, toSignedDecimal, toText, toTime } from './fields';

/** Direction of a combination: long basis buys spot and sells the perpetual; short basis the reverse. */
export type CombinationDirection = 'longBasis' | 'shortBasis';

/** Both directions, in the form's order. */
export const COMBINATION_DIRECTIONS: readonly CombinationDirection[] = ['longBasis', 'shortBasis'];

/** Business codes of the combination call (engine codes of bybit-wire.md §4 where one fits; 342xxxx are ours). */
export const COMBINATION_ERRORS = {
  /** Not a demo account, or the futureSpread switch is off (spec §5: the spread is for demo users with the flag). */
  notAvailable: 3420001,
  /** Sub-accounts: tools not available (spec §6). */
  subAccount: 3420002,
  qtyDecimals: 170135,
  qtyTooSmall: 170136,
  qtyTooLarge: 170137,
  balance: 170131,
  /** The perpetual's (or the spot pair's) book cannot fill the quantity: nothing is placed. */
  noLiquidity: 170212,
} as const;

/** One linear perpetual's ticker (`GET /v5/market/tickers?category=linear`). */
export interface PerpTickerRow {
  readonly symbol: string;
  readonly spotSymbol: string;
  readonly lastPrice: string;
  readonly markPrice: string;
  readonly indexPrice: string;
  /** mark − index (quote). */
  readonly basis: string;
  /** (mark − index) / index. */
  readonly basisRate: string;
}

/** A linear ticker row; undefined when a price is missing. */
export function decodePerpTicker(row: unknown): PerpTickerRow | undefined {
  if (!isRecord(row)) return undefined;
  const markPrice = toDecimal(row.markPrice);
  const indexPrice = toDecimal(row.indexPrice);
  const basis = toSignedDecimal(row.basis);
  const basisRate = toSignedDecimal(row.basisRate);
  const symbol = toText(row.symbol);
  if (markPrice === undefined || indexPrice === undefined || basis === undefined || basisRate === undefined)
    return undefined;
  if (symbol === '') return undefined;
  return {
    symbol,
    spotSymbol: toText(row.spotSymbol),
    lastPrice: toDecimal(row.lastPrice) ?? markPrice,
    markPrice,
    indexPrice,
    basis,
    basisRate,
  };
}

/** One perpetual position as queryPositions answers it and private.position pushes it (v5 position fields). */
export interface PerpPositionRow {
  readonly category: 'linear';
  readonly symbol: string;
  /** 'Buy' long, 'Sell' short, '' flat. */
  readonly side: 'Buy' | 'Sell' | '';
  /** Absolute size in base ("0" when flat: lists hide it, spec §9). */
  readonly size: string;
  readonly avgPrice: string;
  readonly markPrice: string;
  readonly leverage: string;
  readonly positionValue: string;
  /** Initial margin held (USDT). */
  readonly positionIM: string;
  /** size × (mark − entry), signed by the side. */
  readonly unrealisedPnl: string;
  /** Realised since the position opened, fees included. */
  readonly cumRealisedPnl: string;
  readonly createdTime: number;
  readonly updatedTime: number;
}

/** A position row; undefined when unusable. */
export function decodePerpPosition(row: unknown): PerpPositionRow | undefined {
  if (!isRecord(row)) return undefined;
  const symbol = toText(row.symbol);
  const size = toDecimal(row.size);
  const unrealisedPnl = toSignedDecimal(row.unrealisedPnl);
  const cumRealisedPnl = toSignedDecimal(row.cumRealisedPnl) ?? '0';
  if (symbol === '' || size === undefined || unrealisedPnl === undefined) return undefined;
  const side = row.side === 'Buy' || row.side === 'Sell' ? row.side : '';
  return {
    category: 'linear',
    symbol,
    side,
    size,
    avgPrice: toDecimal(row.avgPrice) ?? '0',
    markPrice: toDecimal(row.markPrice) ?? '0',
    leverage: toText(row.leverage),
    positionValue: toDecimal(row.positionValue) ?? '0',
    positionIM: toDecimal(row.positionIM) ?? '0',
    unrealisedPnl,
    cumRealisedPnl,
    createdTime: toTime(row.createdTime) ?? 0,
    updatedTime: toTime(row.updatedTime) ?? 0,
  };
}

/** One combination's fill (the call's answer and the combination.trade.notify push). */
export interface CombinationRow {
  readonly combinationId: string;
  readonly clientOrderId: string;
  readonly symbol: string;
  readonly spotSymbol: string;
  readonly direction: CombinationDirection;
  readonly qty: string;
  readonly spotOrderId: string;
  readonly spotAvgPrice: string;
  readonly spotFee: string;
  readonly spotFeeCoin: string;
  readonly perpAvgPrice: string;
  readonly perpFee: string;
  /** perp average − spot average: the basis the trader locked in. */
  readonly basis: string;
  readonly createdTime: number;
}

/** A combination row; undefined when unusable. */
export function decodeCombination(row: unknown): CombinationRow | undefined {
  if (!isRecord(row)) return undefined;
  const combinationId = toText(row.combinationId);
  const qty = toDecimal(row.qty);
  const direction =
    row.direction === 'longBasis' || row.direction === 'shortBasis' ? row.direction : undefined;
  if (combinationId === '' || qty === undefined || direction === undefined) return undefined;
  return {
    combinationId,
    clientOrderId: toText(row.clientOrderId),
    symbol: toText(row.symbol),
    spotSymbol: toText(row.spotSymbol),
    direction,
    qty,
    spotOrderId: toText(row.spotOrderId),
    spotAvgPrice: toDecimal(row.spotAvgPrice) ?? '0',
    spotFee: toDecimal(row.spotFee) ?? '0',
    spotFeeCoin: toText(row.spotFeeCoin),
    perpAvgPrice: toDecimal(row.perpAvgPrice) ?? '0',
    perpFee: toDecimal(row.perpFee) ?? '0',
    basis: toSignedDecimal(row.basis) ?? '0',
    createdTime: toTime(row.createdTime) ?? 0,
  };
}

/** A quantity check's failure: the i18n key (namespace `spread`) and its values. */
export interface QtyFailure {
  readonly key: 'qtyEmpty' | 'qtyDecimals' | 'qtyMax';
  readonly values: Readonly<Record<string, string>>;
}

/**
 * Checks a combination quantity against a contract's lot (`lot` = "0.001", also the minimum: a positive quantity
 * with the lot's decimals is at least one lot), in the order form's order (spec §5): empty or zero, decimals,
 * maximum; undefined when it passes.
 */
export function checkCombinationQty(qty: string, lot: string, max: string): QtyFailure | undefined {
  const q = qty.trim();
  if (q === '' || !/^\d*\.?\d*$/.test(q) || !(Number(q) > 0)) return { key: 'qtyEmpty', values: {} };
  const decimals = lot.split('.')[1]?.length ?? 0;
  const given = q.split('.')[1]?.replace(/0+$/, '').length ?? 0;
  if (given > decimals) return { key: 'qtyDecimals', values: { n: String(decimals) } };
  if (Number(q) > Number(max)) return { key: 'qtyMax', values: { value: max } };
  return undefined;
}
