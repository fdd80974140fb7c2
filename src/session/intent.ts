/**
 * What other panels ask the order form to fill in: a click on an order-book row (its price, and for a cumulative
 * click the summed quantity), a click on a latest trade, the chart's quick-order price. The order form reads it,
 * applies it to its fields (snapped to the symbol's precision) and leaves it; `nonce` makes a repeated click count.
 */
import { atom } from 'jotai';

export interface OrderFormIntent {
  /** Decimal string, as shown. */
  readonly price: string;
  /** Summed base quantity for a cumulative click; absent: keep the form's quantity. */
  readonly qty?: string;
  /** Switch the form to this side; absent: keep the side. */
  readonly side?: 'Buy' | 'Sell';
  /** Increments per request. */
  readonly nonce: number;
}

export const orderFormIntentAtom = atom<OrderFormIntent | null>(null);
orderFormIntentAtom.debugLabel = 'orderFormIntentAtom';

let nonce = 0;

/** Writer for panels: `set(orderFormIntentAtom, intent({ price }))`. */
export function intent(fields: Omit<OrderFormIntent, 'nonce'>): OrderFormIntent {
  nonce += 1;
  return { ...fields, nonce };
}
