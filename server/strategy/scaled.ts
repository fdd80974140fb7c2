/**
 * Scaled order: N limit orders (2–100) between two prices, sizes flat, increasing (growing from the low price to
 * the high) or decreasing, sized by a total quantity or a total quote value, placed as one batch. Children the
 * engine refuses are reported one by one; the strategy completes when every placed child has closed.
 */
import { Decimal } from 'decimal.js';
import type { StrategyCreateRequest } from '../../workers/protocol/strategy';
import type { SymbolSpec } from '../market/symbols';
import type { StrategyLogic } from './types';
import { lotDown, tick } from './math';

/** The planned orders of a scaled request, low price first (quantities rounded down to the lot). */
export function planScaled(
  spec: SymbolSpec,
  p: Extract<StrategyCreateRequest, { kind: 'scaled' }>,
): { price: string; qty: string }[] {
  const n = p.orderCount;
  const low = new Decimal(p.priceLow);
  const step = new Decimal(p.priceHigh).minus(low).div(n - 1);
  const weights = Array.from({ length: n }, (_, i) =>
    p.distribution === 'flat' ? 1 : p.distribution === 'increasing' ? i + 1 : n - i,
  );
  const total = weights.reduce((a, b) => a + b, 0);
  return weights.map((w, i) => {
    const price = tick(spec, low.plus(step.times(i)));
    const share = new Decimal(w).div(total);
    const qty =
      p.totalValue !== undefined
        ? lotDown(spec, new Decimal(p.totalValue).times(share).div(price))
        : lotDown(spec, new Decimal(p.totalQty ?? '0').times(share));
    return { price, qty };
  });
}

/** The scaled-order strategy kind. */
export const scaled: StrategyLogic = {
  start(h, doc) {
    h.setStatus(doc, 'INITIALIZING');
    doc.plan.forEach((o, i) => {
      const r = h.place(doc, {
        side: doc.side,
        orderType: 'Limit',
        price: o.price,
        qty: o.qty,
        role: 'slice',
        slot: i,
      });
      if (!r.ok) doc.rejected.push({ price: o.price, qty: o.qty, code: r.code, message: r.message });
    });
    if (doc.childCount === 0) h.setStatus(doc, 'REJECTED', 'failedInitiation');
    else if (Object.keys(doc.children).length === 0) h.setStatus(doc, 'COMPLETED');
    else h.setStatus(doc, 'RUNNING');
  },
  onFill() {
    // Progress is the runner's bookkeeping.
  },
  onClosed(h, doc, child) {
    const others = Object.keys(doc.children).filter((id) => id !== child.orderId);
    if (others.length === 0 && doc.status === 'RUNNING') h.setStatus(doc, 'COMPLETED');
  },
  onTimer() {
    // Placed once, as one batch.
  },
  onPrice() {
    // Resting limit orders need no price watch.
  },
  stop(h, doc) {
    for (const id of Object.keys(doc.children)) h.cancel(doc, id);
  },
};
