/** Decimal helpers of the strategies: exact string arithmetic (decimal.js) snapped to a symbol's steps. */
import { Decimal } from 'decimal.js';
import type { SymbolSpec } from '../market/symbols';

/** Sum of decimal strings, as a plain string. */
export function add(...xs: string[]): string {
  let s = new Decimal(0);
  for (const x of xs) s = s.plus(x);
  return s.toFixed();
}

/** a − b as a plain string. */
export function sub(a: string, b: string): string {
  return new Decimal(a).minus(b).toFixed();
}

/** A quantity rounded down to the symbol's lot. */
export function lotDown(spec: SymbolSpec, x: Decimal.Value): string {
  return new Decimal(x).toDecimalPlaces(spec.quantityPrecision, Decimal.ROUND_DOWN).toFixed();
}

/** A price rounded to the nearest tick. */
export function tick(spec: SymbolSpec, x: Decimal.Value): string {
  return new Decimal(x).toDecimalPlaces(spec.pricePrecision, Decimal.ROUND_HALF_UP).toFixed();
}

/** True when a decimal string is above zero. */
export function isPositive(x: string): boolean {
  return new Decimal(x).gt(0);
}

/** Average price of value ÷ qty at the symbol's price precision ('0' before any fill). */
export function avgOf(spec: SymbolSpec, value: string, qty: string): string {
  const q = new Decimal(qty);
  return q.isZero()
    ? '0'
    : new Decimal(value).div(q).toDecimalPlaces(Math.max(spec.pricePrecision, 8)).toFixed();
}
