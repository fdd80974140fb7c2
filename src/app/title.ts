/** The browser title (spec §2): pair, last price and a rise/fall arrow. Pure. */

/** At most this many title updates a second. */
export const TITLE_MIN_INTERVAL_MS = 250;

/** "BTC/USDT 65,432.10 ▲ | Spot"; without a price just the pair. */
export function formatTitle(
  pair: string,
  price: string | null,
  direction: 'up' | 'down' | 'flat',
  suffix: string,
): string {
  const arrow = direction === 'up' ? ' ▲' : direction === 'down' ? ' ▼' : '';
  const head = price === null ? pair : `${pair} ${price}${arrow}`;
  return suffix === '' ? head : `${head} | ${suffix}`;
}
