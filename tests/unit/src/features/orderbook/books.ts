/** Book frames for the order book and panel tests. */
import type { BookFrame } from '../../../../../workers/api';

/**
 * A book of n rows a side around 100: asks 100.5, 101.5…, bids 99.5, 98.5…, amount 1 each, in the hub's stride-4
 * rows (price, amount, cumulative amount, cumulative value). `over` replaces fields (symbol, update id…).
 */
export function bookOf(n: number, over: Partial<BookFrame> = {}): BookFrame {
  const side = (start: number, dir: number): Float64Array => {
    const a = new Float64Array(n * 4);
    let cum = 0;
    let cumQ = 0;
    for (let i = 0; i < n; i++) {
      const p = start + dir * i;
      cum += 1;
      cumQ += p;
      a.set([p, 1, cum, cumQ], i * 4);
    }
    return a;
  };
  return {
    symbol: 'X',
    step: '1',
    steps: ['1'],
    bids: side(99.5, -1),
    asks: side(100.5, 1),
    bidCount: n,
    askCount: n,
    buyOnePrice: 99.5,
    sellOnePrice: 100.5,
    ratio: 0.5,
    u: 1,
    receivedAt: 0,
    resyncing: false,
    ...over,
  };
}
