/**
 * Grid bot (spec §3 Grid): n intervals between min and max price, arithmetic ('grade') or geometric levels. On
 * activation (at once, or when the price reaches the trigger) it buys the base the intervals above the price need,
 * rests a buy at the low level of every interval below the price and a sell at the high level of every interval
 * above; each fill places the counter order one level away. A sell that closes a buy of the same interval completes
 * a pair: its profit is the sell's net proceeds minus what the base cost (buy value plus the buy fee). Take profit
 * and stop loss close the grid and sell its base.
 */
import { Decimal } from 'decimal.js';
import type { StrategyCreateRequest } from '../../workers/protocol/strategy';
import type { SymbolSpec } from '../market/symbols';
import type { ChildTrack, GridState, StrategyDoc, StrategyHost, StrategyLogic } from './types';
import { add, lotDown, sub, tick } from './math';

/** The engine's taker fee rate: the start purchase buys this much more so the sells are covered after its fee. */
const TAKER_FEE = '0.001';

type GridParams = Extract<StrategyCreateRequest, { kind: 'grid' }>;

/** The grid's levels, low to high, on the symbol's tick (n intervals: n + 1 levels). */
export function gridLevels(spec: SymbolSpec, p: GridParams): string[] {
  const n = p.gridNumber;
  const min = new Decimal(p.minPrice);
  const max = new Decimal(p.maxPrice);
  return Array.from({ length: n + 1 }, (_, i) =>
    p.type === 'grade'
      ? tick(spec, min.plus(max.minus(min).times(i).div(n)))
      : tick(spec, min.times(max.div(min).pow(new Decimal(i).div(n)))),
  );
}

/** Index of the level nearest the price: it stays empty, buys rest below it and sells above. */
function emptyLevel(levels: readonly string[], price: Decimal.Value): number {
  let best = 0;
  let dist: Decimal | undefined;
  levels.forEach((l, i) => {
    const d = new Decimal(l).minus(price).abs();
    if (dist === undefined || d.lt(dist)) {
      dist = d;
      best = i;
    }
  });
  return best;
}

/** Base quantity per grid order for an investment at a price (quote for the buys, base bought for the sells). */
export function gridQty(
  spec: SymbolSpec,
  levels: readonly string[],
  investment: string,
  price: string,
): string {
  const k = emptyLevel(levels, price);
  const n = levels.length - 1;
  let perUnit = new Decimal(price).times(n - k).times(new Decimal(1).plus(TAKER_FEE));
  for (let i = 0; i < k; i++) perUnit = perUnit.plus(levels[i] ?? '0');
  return perUnit.isZero() ? '0' : lotDown(spec, new Decimal(investment).div(perUnit));
}

function stateOf(doc: StrategyDoc): GridState | undefined {
  return doc.grid ?? undefined;
}

/** Places the working order of interval i (buy at its low level or sell at its high level). */
function placeInterval(h: StrategyHost, doc: StrategyDoc, g: GridState, i: number): void {
  const iv = g.intervals[i];
  if (iv === undefined) return;
  const price = g.levels[iv.side === 'buy' ? i : i + 1] ?? '0';
  const side = iv.side === 'buy' ? 'Buy' : 'Sell';
  const r = h.place(doc, { side, orderType: 'Limit', price, qty: g.qtyPerGrid, role: 'grid', slot: i });
  iv.orderId = r.ok ? r.value.orderId : '';
  if (!r.ok) {
    doc.rejected.push({ price, qty: g.qtyPerGrid, code: r.code, message: r.message });
    // Keep the report bounded: a grid may run for months.
    if (doc.rejected.length > 50) doc.rejected.splice(0, doc.rejected.length - 50);
  }
}

/** Starts trading: the start purchase, then one order per interval. */
function activate(h: StrategyHost, doc: StrategyDoc, g: GridState): void {
  const p = doc.params;
  if (p.kind !== 'grid') return;
  const spec = h.spec(doc);
  const price = h.engine.lastPrice(doc.symbol) ?? p.triggerPrice ?? g.levels[0] ?? '0';
  h.setStatus(doc, 'INITIALIZING');
  const qty = gridQty(spec, g.levels, p.investment, price);
  const n = g.levels.length - 1;
  const k = emptyLevel(g.levels, price);
  if (new Decimal(qty).lt(spec.minQty)) {
    h.setStatus(doc, 'COMPLETED', 'failedInitiation');
    return;
  }
  const grid: GridState = { ...g, qtyPerGrid: qty, runningSince: h.now() };
  doc.grid = grid;
  doc.size = new Decimal(qty).times(n).toFixed();
  let unitCost = '0';
  if (n - k > 0) {
    const need = new Decimal(qty).times(n - k).div(new Decimal(1).minus(TAKER_FEE));
    const buy = need.toDecimalPlaces(spec.quantityPrecision, Decimal.ROUND_UP).toFixed();
    const r = h.place(doc, { side: 'Buy', orderType: 'Market', qty: buy, role: 'init', slot: -1 });
    if (!r.ok || new Decimal(r.value.cumExecQty).isZero()) {
      if (!r.ok) doc.rejected.push({ price: '0', qty: buy, code: r.code, message: r.message });
      h.setStatus(doc, 'COMPLETED', 'failedInitiation');
      return;
    }
    // Each sell interval's base cost its share of the purchase, fee included.
    unitCost = new Decimal(r.value.cumExecValue).div(r.value.cumExecQty).times(qty).toFixed();
  }
  grid.intervals = Array.from({ length: n }, (_, i) =>
    i < k
      ? { side: 'buy' as const, cost: '0', orderId: '' }
      : { side: 'sell' as const, cost: unitCost, orderId: '' },
  );
  for (let i = 0; i < n; i++) placeInterval(h, doc, grid, i);
  h.setStatus(doc, 'RUNNING');
}

/** Closes the grid: cancel its orders, optionally sell the base it holds, complete with the reason. */
function close(
  h: StrategyHost,
  doc: StrategyDoc,
  reason: 'manual' | 'takeProfit' | 'stopLoss',
  sellBase: boolean,
): void {
  const g = stateOf(doc);
  h.setStatus(doc, 'CANCELLING');
  for (const id of Object.keys(doc.children)) h.cancel(doc, id);
  if (g !== undefined && sellBase) {
    const spec = h.spec(doc);
    const held = lotDown(spec, Decimal.max(0, g.baseHeld));
    if (new Decimal(held).gte(spec.minQty)) {
      const r = h.place(doc, { side: 'Sell', orderType: 'Market', qty: held, role: 'close', slot: -1 });
      if (!r.ok) doc.rejected.push({ price: '0', qty: held, code: r.code, message: r.message });
    }
  }
  h.setStatus(doc, 'COMPLETED', reason);
}

/** The grid bot strategy kind. */
export const grid: StrategyLogic = {
  start(h, doc) {
    const g = stateOf(doc);
    if (g === undefined) return;
    if (g.triggerDirection !== 0) h.setStatus(doc, 'AWAIT_ACTIVATION');
    else activate(h, doc, g);
  },
  onFill(_h, doc, child, _view, d) {
    const g = stateOf(doc);
    if (g === undefined) return;
    if (child.side === 'Buy') {
      g.quoteFlow = sub(g.quoteFlow, d.value);
      g.baseHeld = add(g.baseHeld, sub(d.qty, d.fee));
    } else {
      g.quoteFlow = add(g.quoteFlow, sub(d.value, d.fee));
      g.baseHeld = sub(g.baseHeld, d.qty);
    }
  },
  onClosed(h, doc, child: ChildTrack, view) {
    const g = stateOf(doc);
    if (g === undefined || child.role !== 'grid') return;
    const iv = g.intervals[child.slot];
    if (iv === undefined || iv.orderId !== child.orderId) return;
    iv.orderId = '';
    if (view.orderStatus !== 'Filled') return;
    if (iv.side === 'buy') {
      // The base cost the buy's value plus its fee (paid in base) valued at the fill price.
      const feeValue = new Decimal(child.cumFee).times(view.avgPrice);
      iv.side = 'sell';
      iv.cost = new Decimal(child.cumValue).plus(feeValue).toFixed();
    } else {
      g.completedPairs++;
      g.gridProfit = add(g.gridProfit, sub(sub(child.cumValue, child.cumFee), iv.cost));
      iv.side = 'buy';
      iv.cost = '0';
    }
    if (doc.status === 'RUNNING') placeInterval(h, doc, g, child.slot);
  },
  onTimer() {
    // A grid runs on fills and prices.
  },
  onPrice(h, doc, price) {
    const g = stateOf(doc);
    const p = doc.params;
    if (g === undefined || p.kind !== 'grid') return;
    const px = new Decimal(price);
    if (doc.status === 'AWAIT_ACTIVATION' && p.triggerPrice !== undefined) {
      const reached = g.triggerDirection === 1 ? px.gte(p.triggerPrice) : px.lte(p.triggerPrice);
      if (reached) activate(h, doc, g);
      return;
    }
    if (doc.status !== 'RUNNING') return;
    if (p.takeProfit !== undefined && px.gte(p.takeProfit)) close(h, doc, 'takeProfit', true);
    else if (p.stopLoss !== undefined && px.lte(p.stopLoss)) close(h, doc, 'stopLoss', true);
  },
  stop(h, doc, opts) {
    close(h, doc, 'manual', opts.sellBase);
  },
};
