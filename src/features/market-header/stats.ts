/** Market-header stats that fit (spec §2: hidden one by one when space is short; §9: re-measured 300 ms after resize). */

/** Debounce of the header's re-measure after a resize. */
export const HEADER_RESIZE_DEBOUNCE_MS = 300;

/**
 * How many of the stats (in order) fit in `available` px: stats are dropped from the end until the rest fit.
 * `widths` are the stats' natural widths, `gap` the space between two.
 */
export function fittingStatCount(available: number, widths: readonly number[], gap: number): number {
  let used = 0;
  for (let n = 0; n < widths.length; n++) {
    used += (widths[n] ?? 0) + (n > 0 ? gap : 0);
    if (used > available) return n;
  }
  return widths.length;
}
