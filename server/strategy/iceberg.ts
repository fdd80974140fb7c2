/**
 * Iceberg: a large limit order shown one slice at a time. Exactly one slice rests; when it fills the next is placed
 * (at the fixed price, or at the given distance from the best price of its own side); cancelling the resting slice
 * by hand, or a slice the engine refuses, ends the strategy.
 */
import { Decimal } from 'decimal.js';
import type { StrategyHost, StrategyLogic, StrategyDoc } from './types';
import { lotDown, sub, tick } from './math';

/** Price of the next slice: the fixed limit, or best bid − distance (buys) / best ask + distance (sells). */
function slicePrice(h: StrategyHost, doc: StrategyDoc): string | undefined {
  const p = doc.params;
  if (p.kind !== 'iceberg') return undefined;
  if (p.price !== undefined) return p.price;
  const spec = h.spec(doc);
  const best = doc.side === 'Buy' ? h.engine.bestBid(doc.symbol) : h.engine.bestAsk(doc.symbol);
  const ref = best ?? h.engine.lastPrice(doc.symbol);
  if (ref === undefined) return undefined;
  const d = new Decimal(p.priceDistance ?? '0');
  const price = doc.side === 'Buy' ? new Decimal(ref).minus(d) : new Decimal(ref).plus(d);
  return price.gt(0) ? tick(spec, price) : undefined;
}

/** Places the next slice, or completes the strategy when nothing is left. */
function next(h: StrategyHost, doc: StrategyDoc): void {
  const left = sub(doc.size, doc.executedSize);
  const spec = h.spec(doc);
  const qty = lotDown(spec, Decimal.min(doc.sliceQty, left));
  if (!new Decimal(qty).gt(0) || new Decimal(qty).lt(spec.minQty)) {
    h.setStatus(doc, 'COMPLETED');
    return;
  }
  const price = slicePrice(h, doc);
  if (price === undefined) {
    h.setStatus(doc, doc.childCount === 0 ? 'REJECTED' : 'COMPLETED', 'failedInitiation');
    return;
  }
  const r = h.place(doc, {
    side: doc.side,
    orderType: 'Limit',
    price,
    qty,
    role: 'slice',
    slot: doc.childCount,
  });
  if (!r.ok) {
    doc.rejected.push({ price, qty, code: r.code, message: r.message });
    h.setStatus(doc, doc.childCount === 0 ? 'REJECTED' : 'COMPLETED', 'failedInitiation');
  }
}

/** The iceberg strategy kind. */
export const iceberg: StrategyLogic = {
  start(h, doc) {
    h.setStatus(doc, 'RUNNING');
    next(h, doc);
  },
  onFill() {
    // Progress is the runner's bookkeeping; the next slice waits for this one to close.
  },
  onClosed(h, doc, _child, view) {
    if (doc.status !== 'RUNNING') return;
    if (view.orderStatus === 'Filled') next(h, doc);
    else h.setStatus(doc, 'COMPLETED', 'manual');
  },
  onTimer() {
    // Icebergs run on fills, not on time.
  },
  onPrice() {
    // Prices do not move an iceberg: a distance price is taken when each slice is placed.
  },
  stop(h, doc) {
    for (const id of Object.keys(doc.children)) h.cancel(doc, id);
  },
};
