/** The browser title (spec §2): pair, last price and a rise/fall arrow. Pure. */

/**
 * The least time between two title writes: a guard against a flood, not the pace. The hub's slow lane already hands
 * the ticker over at most every 250 ms (workers/diff.ts SLOW_LANE_MS), so a title change that arrives with it is
 * written at once, in the task that renders the header's price, and both show in the same frame. A guard equal to
 * the slow lane put nearly every write into a timer task of its own, a few ms to a whole slot after the header.
 */
export const TITLE_MIN_INTERVAL_MS = 100;

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
