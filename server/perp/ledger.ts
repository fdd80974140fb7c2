/**
 * Pure position math of the perpetual ledger (decimal strings in, decimal strings out): a fill on a position gives
 * its new size and average entry and the P&L it realised; unrealised P&L and initial margin follow from state.
 */
import { Decimal } from 'decimal.js';

/** One account's position in one contract (the `perpPosition` record's document). */
export interface PerpPosition {
  readonly symbol: string;
  /** Signed size in base: positive long, negative short, "0" flat. */
  readonly size: string;
  /** Average entry price of the open size ("0" when flat). */
  readonly entryPrice: string;
  /** Leverage the margin is taken at (1–10). */
  readonly leverage: number;
  /** Initial margin held in USDT: |size| × entry / leverage (what the account's USDT gave up). */
  readonly positionIM: string;
  /** Realised P&L since the position was first opened, fees included (USDT). */
  readonly cumRealisedPnl: string;
  /** Fees paid on the perpetual leg (USDT). */
  readonly cumFee: string;
  readonly createdTime: number;
  readonly updatedTime: number;
}

/** What one fill did to a position. */
export interface FillOutcome {
  readonly size: string;
  readonly entryPrice: string;
  /** P&L realised by the part of the fill that reduced the position (before fees). */
  readonly realised: string;
}

/**
 * Applies a fill of `qty` (> 0) at `price` on side `side` (+1 buys, −1 sells) to a position of `size` at `entry`:
 * adding averages the entry; reducing realises (price − entry) × closed × direction and keeps the entry; a fill
 * larger than the position closes it and opens the rest the other way at the fill price.
 */
export function applyFill(
  size: string,
  entry: string,
  side: 1 | -1,
  qty: string,
  price: string,
): FillOutcome {
  const s = new Decimal(size);
  const e = new Decimal(entry);
  const q = new Decimal(qty);
  const p = new Decimal(price);
  if (s.isZero() || s.s === side) {
    const total = s.abs().plus(q);
    const avg = s.abs().mul(e).plus(q.mul(p)).div(total);
    return { size: s.plus(q.mul(side)).toString(), entryPrice: avg.toString(), realised: '0' };
  }
  const closed = Decimal.min(q, s.abs());
  const realised = p.minus(e).mul(closed).mul(s.s);
  const left = s.plus(q.mul(side));
  if (left.isZero()) return { size: '0', entryPrice: '0', realised: realised.toString() };
  // Same direction as before: the entry stays; flipped: the rest opened at the fill price.
  const entryPrice = left.s === s.s ? e : p;
  return { size: left.toString(), entryPrice: entryPrice.toString(), realised: realised.toString() };
}

/** Unrealised P&L at `mark`: size × (mark − entry). */
export function unrealisedPnl(size: string, entry: string, mark: string): string {
  return new Decimal(size).mul(new Decimal(mark).minus(entry)).toString();
}

/** Initial margin of a position: |size| × entry / leverage, rounded up at 8 decimals. */
export function initialMargin(size: string, entry: string, leverage: number): string {
  return new Decimal(size).abs().mul(entry).div(leverage).toDecimalPlaces(8, Decimal.ROUND_UP).toString();
}

/** A flat position of a contract (before the first fill). */
export function flatPosition(symbol: string, leverage: number, now: number): PerpPosition {
  return {
    symbol,
    size: '0',
    entryPrice: '0',
    leverage,
    positionIM: '0',
    cumRealisedPnl: '0',
    cumFee: '0',
    createdTime: now,
    updatedTime: now,
  };
}
