/**
 * The percentage slider's arithmetic: a share of the available balance turned into the draft's size field. Pure;
 * rounding is always down so the size never exceeds what the balance covers.
 */
import { divideDown, fractionOf, multiplyDown } from '../../lib/decimalInput';
import { hasLimitPrice, hasTrigger, sizeFieldOf, type OrderDraft } from '../../lib/orderDraft';

/** The price a size is worth at: the limit price, the trigger, the activation, else the last price. */
export function referencePrice(d: OrderDraft, lastPrice: string | null): string {
  if (hasLimitPrice(d) && d.price !== '') return d.price;
  if (hasTrigger(d) && d.trigger !== '') return d.trigger;
  if (d.kind === 'trailing' && d.activation !== '') return d.activation;
  return lastPrice ?? '';
}

/** The symbol's decimals the sizes are cut to. */
export interface SizePrecision {
  readonly quantity: number;
  readonly amount: number;
}

/**
 * The size patch for `pct` percent of the available balance: buys spend quote, sells spend base; the share is
 * converted at the reference price when the size field is in the other coin.
 */
export function sizeAtPercent(
  d: OrderDraft,
  pct: number,
  available: { readonly quote: string; readonly base: string },
  lastPrice: string | null,
  precision: SizePrecision,
): Pick<OrderDraft, 'amount'> | Pick<OrderDraft, 'qty'> {
  const f = pct / 100;
  const buy = d.side === 'Buy';
  const ref = referencePrice(d, lastPrice);
  const { quantity: qp, amount: ap } = precision;
  if (sizeFieldOf(d) === 'amount') {
    const amount = buy
      ? fractionOf(available.quote, f, ap)
      : multiplyDown(fractionOf(available.base, f, qp), ref, ap);
    return { amount };
  }
  const qty = buy
    ? divideDown(fractionOf(available.quote, f, ap), ref, qp)
    : fractionOf(available.base, f, qp);
  return { qty };
}
