/**
 * What a subscription or redemption would give at the current NAV, as the simulator prices it (server/lt/trade.ts):
 * subscription (amount − fee) / NAV rounded down to the token's lot, redemption quantity × NAV − fee rounded down
 * to the amount precision, the fee rounded up. Pure; null when the input or NAV does not allow an estimate.
 */
import { Decimal } from 'decimal.js';

/** The estimate: fee in quote, what is received (tokens or quote). */
export interface LtEstimate {
  readonly fee: string;
  readonly receive: string;
}

function dec(s: string): Decimal | null {
  return /^\d+(\.\d+)?$/.test(s) ? new Decimal(s) : null;
}

/** Estimate of a subscription of `amount` quote or a redemption of `quantity` tokens. */
export function estimateLt(
  kind: 'subscription' | 'redemption',
  input: string,
  nav: string,
  feeRate: string,
  p: { readonly quantityPrecision: number; readonly amountPrecision: number },
): LtEstimate | null {
  const q = dec(input);
  const n = dec(nav);
  const rate = dec(feeRate) ?? new Decimal(0);
  if (q === null || n === null || q.isZero() || n.isZero()) return null;
  if (kind === 'subscription') {
    const fee = q.mul(rate).toDecimalPlaces(p.amountPrecision, Decimal.ROUND_UP);
    const receive = q.minus(fee).div(n).toDecimalPlaces(p.quantityPrecision, Decimal.ROUND_DOWN);
    return receive.lte(0) ? null : { fee: fee.toString(), receive: receive.toString() };
  }
  const gross = q.mul(n);
  const fee = gross.mul(rate).toDecimalPlaces(p.amountPrecision, Decimal.ROUND_UP);
  const receive = gross.minus(fee).toDecimalPlaces(p.amountPrecision, Decimal.ROUND_DOWN);
  return receive.lte(0) ? null : { fee: fee.toString(), receive: receive.toString() };
}
