/**
 * How the chart writes prices: the locale's grouping at the symbol's precision ("64,000.00", not "64000.00") on the
 * axis, the last-price label and the crosshair, like the rest of the page.
 */
import { formatFixed } from '../../lib/format';

/** The library's custom price format (the main series and the overlays on its pane share one). */
export interface CustomPriceFormat {
  readonly type: 'custom';
  readonly minMove: number;
  readonly formatter: (price: number) => string;
}

/**
 * lightweight-charts formats the same few prices (axis ticks, line labels, last value) on every paint; Intl
 * formatting is the dearest part of a repaint, so results are kept (bounded) per formatter.
 */
export function memoFormatter(format: (price: number) => string): (price: number) => string {
  const cache = new Map<number, string>();
  return (price) => {
    let s = cache.get(price);
    if (s === undefined) {
      if (cache.size >= 4096) cache.clear();
      s = format(price);
      cache.set(price, s);
    }
    return s;
  };
}

/** A memoised price formatter for a precision and locale. */
export function priceFormatter(precision: number, locale: string): (price: number) => string {
  return memoFormatter((price: number) => formatFixed(price, precision, locale));
}

/** The price format handed to a series: one tick of the symbol's precision, written by `formatter`. */
export function customPriceFormat(
  precision: number,
  formatter: (price: number) => string,
): CustomPriceFormat {
  return { type: 'custom', minMove: Math.pow(10, -precision), formatter };
}
