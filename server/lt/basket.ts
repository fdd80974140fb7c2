/**
 * The basket behind one leveraged token, per token unit: a position in the underlying and cash, fixed at each
 * rebalance so that position value = target × NAV. Between rebalances the position does not change, so
 * NAV(P) = cash + position × P = refNav × (1 + sign × target × (P / refPrice − 1)), and the actual leverage drifts:
 * up for a long when the underlying falls, down when it rises (the reverse for a short). Pure and exact (decimal.js).
 */
import { Decimal } from 'decimal.js';

/** NAV and leverage are computed to this many decimals before display rounding. */
const DP = 12;

/** The basket as of its last rebalance (what the store keeps). */
export interface Basket {
  /** Underlying price at the last rebalance. */
  readonly refPrice: string;
  /** NAV per token at the last rebalance. */
  readonly refNav: string;
  /** Clock time of the last rebalance, ms. */
  readonly at: number;
}

/** How a basket is leveraged. */
export interface Leverage {
  readonly sign: 1 | -1;
  readonly target: number;
}

/** Underlying units held per token (negative for a short): sign × target × refNav / refPrice. */
export function positionPerToken(b: Basket, l: Leverage): Decimal {
  return new Decimal(b.refNav)
    .mul(l.target * l.sign)
    .div(b.refPrice)
    .toDecimalPlaces(DP, Decimal.ROUND_HALF_UP);
}

/** Cash per token in the quote coin (negative: borrowed by a long; a short holds its sale proceeds). */
export function cashPerToken(b: Basket, l: Leverage): Decimal {
  return new Decimal(b.refNav).mul(1 - l.sign * l.target).toDecimalPlaces(DP, Decimal.ROUND_HALF_UP);
}

/** NAV per token at underlying price `price`; never below 0 (the basket is closed out before it could be). */
export function navAt(b: Basket, l: Leverage, price: string | Decimal): Decimal {
  const move = new Decimal(price).div(b.refPrice).minus(1);
  const nav = new Decimal(b.refNav).mul(move.mul(l.sign * l.target).plus(1));
  return Decimal.max(0, nav.toDecimalPlaces(DP, Decimal.ROUND_HALF_UP));
}

/** Actual leverage at `price`: |position| × price / NAV; Infinity when NAV reached 0. */
export function leverageAt(b: Basket, l: Leverage, price: string | Decimal): number {
  const nav = navAt(b, l, price);
  if (nav.isZero()) return Infinity;
  return new Decimal(b.refNav).mul(l.target).mul(price).div(b.refPrice).div(nav).toNumber();
}

/** The basket after a rebalance at `price` and time `at`: NAV is kept, the position is reset to the target. */
export function rebalance(b: Basket, l: Leverage, price: string | Decimal, at: number): Basket {
  return { refPrice: new Decimal(price).toString(), refNav: navAt(b, l, price).toString(), at };
}

/** Whether the leverage at `price` has left the band [min, max] (a threshold rebalance is due). */
export function isOutOfBand(
  b: Basket,
  l: Leverage,
  price: string | Decimal,
  min: number,
  max: number,
): boolean {
  const lev = leverageAt(b, l, price);
  return lev < min || lev > max;
}
