/**
 * TWAP: the total spread evenly over the duration, one slice every interval on the engine's clock (slice k at
 * start + k × interval, k = 1…n). A slice trades at once (market, or limit IOC at the price limit); when the best
 * opposite price is beyond the limit the slice is skipped and reported in the record, not silently dropped.
 */
import { Decimal } from 'decimal.js';
import type { StrategyHost, StrategyLogic, StrategyDoc } from './types';
import { lotDown, sub } from './math';

/** Fires the slice that fell due and schedules the next one. */
function fire(h: StrategyHost, doc: StrategyDoc): void {
  const p = doc.params;
  if (p.kind !== 'twap' || doc.status !== 'RUNNING') return;
  const spec = h.spec(doc);
  // Slice k is due at start + k × interval: the timer's own time says which slice this is.
  const index = Math.round((doc.nextAt - doc.createdTime) / p.intervalMs);
  const last = index >= doc.plannedChildren;
  const planned = new Decimal(doc.sliceQty).times(index - 1);
  // The last slice takes whatever the even split left over (rounding to the lot).
  const qty = last ? lotDown(spec, new Decimal(doc.size).minus(planned)) : doc.sliceQty;
  const best = doc.side === 'Buy' ? h.engine.bestAsk(doc.symbol) : h.engine.bestBid(doc.symbol);
  const limit = p.priceLimit;
  const beyond =
    limit !== undefined &&
    (best === undefined || (doc.side === 'Buy' ? new Decimal(best).gt(limit) : new Decimal(best).lt(limit)));
  if (beyond) {
    doc.skipped.push({ time: h.now(), qty, marketPrice: best ?? '' });
    h.touch(doc);
  } else {
    const r = h.place(doc, {
      side: doc.side,
      orderType: limit === undefined ? 'Market' : 'Limit',
      ...(limit === undefined ? {} : { price: limit, timeInForce: 'IOC' as const }),
      qty,
      role: 'slice',
      slot: index,
    });
    if (!r.ok) doc.rejected.push({ price: limit ?? '', qty, code: r.code, message: r.message });
  }
  if (last) {
    doc.nextAt = 0;
    h.setStatus(doc, 'COMPLETED');
    return;
  }
  const at = doc.createdTime + (index + 1) * p.intervalMs;
  doc.nextAt = at;
  h.schedule(doc, at);
}

/** The TWAP strategy kind. */
export const twap: StrategyLogic = {
  start(h, doc) {
    const p = doc.params;
    if (p.kind !== 'twap') return;
    h.setStatus(doc, 'RUNNING');
    doc.nextAt = doc.createdTime + p.intervalMs;
    h.schedule(doc, doc.nextAt);
  },
  onFill() {
    // Slices trade at once; progress is the runner's bookkeeping.
  },
  onClosed(h, doc, _child, view) {
    // The unfilled rest of an IOC slice (thin book, or the limit reached mid-walk) is reported, not retried.
    const rest = sub(view.qty, view.cumExecQty);
    if (view.orderStatus !== 'Filled' && new Decimal(rest).gt(0)) {
      doc.skipped.push({ time: h.now(), qty: rest, marketPrice: view.avgPrice });
      h.touch(doc);
    }
  },
  onTimer(h, doc) {
    fire(h, doc);
  },
  onPrice() {
    // TWAP runs on time.
  },
  stop(h, doc) {
    doc.nextAt = 0;
    for (const id of Object.keys(doc.children)) h.cancel(doc, id);
  },
};
