/**
 * Tools form validation, like the order form (spec §5): required fields, price precision and floor, quantity
 * min / max, value min / max, balance and the price band, in that order; the first failure is toasted. Messages the
 * spec words are the order form's keys (`trade:validation.*`); the tools' own rules use `tools:validation.*`.
 * Strategies trade from the account's own balance (they never borrow), so the balance rule holds for every account.
 */
import Decimal from 'decimal.js';
import type { SymbolInfo } from '../../../workers/api';
import { STRATEGY_LIMITS as L } from '../../../workers/protocol/strategy';
import type { ValidationKey } from '../../lib/orderValidation';
import { num, scaledPlan, type FormTool, type ToolDraft } from './draft';

/** The price band of spec §9: a buy limit at most 110 %, a sell at least 90 % of the reference price. */
export const BAND_HIGH = new Decimal('1.1');
/** Lower edge of the price band. */
export const BAND_LOW = new Decimal('0.9');

/** Keys of the tools' own validation messages (`tools:validation.<key>`). */
export type ToolValidationKey =
  | 'priceDecimals'
  | 'distanceRequired'
  | 'sliceRequired'
  | 'sliceCountRange'
  | 'sliceAboveTotal'
  | 'durationRange'
  | 'intervalRange'
  | 'priceRangeOrder'
  | 'orderCountRange'
  | 'gridNumberRange'
  | 'investmentRequired'
  | 'takeProfitAboveMax'
  | 'stopLossBelowMin'
  | 'priceBandBuy'
  | 'priceBandSell';

/** A failed rule: the message (the order form's wording, or the tools' own), its parameters, the field to focus. */
export type ToolFailure = (
  | { readonly ns: 'trade'; readonly key: ValidationKey }
  | { readonly ns: 'tools'; readonly key: ToolValidationKey }
) & {
  readonly params: Readonly<Record<string, string>>;
  readonly field: keyof ToolDraft;
};

/** What the rules look at besides the draft. */
export interface ToolContext {
  readonly symbol: SymbolInfo;
  readonly freeQuote: string;
  readonly freeBase: string;
  /** Last price; null when unknown (value and band rules then wait for the server's checks). */
  readonly lastPrice: string | null;
}

const msg = (
  key: ValidationKey,
  field: keyof ToolDraft,
  params: Readonly<Record<string, string>> = {},
): ToolFailure => ({
  ns: 'trade',
  key,
  params,
  field,
});
const own = (
  key: ToolValidationKey,
  field: keyof ToolDraft,
  params: Readonly<Record<string, string>> = {},
): ToolFailure => ({ ns: 'tools', key, params, field });

function decimals(v: string): number {
  const i = v.indexOf('.');
  return i < 0 ? 0 : v.length - i - 1;
}

/** Required, positive, on the tick, above the one-tick floor (spec: 'order price lower limit'). */
function priceRule(
  d: ToolDraft,
  field: keyof ToolDraft,
  c: ToolContext,
  required = true,
): ToolFailure | null {
  const raw = d[field];
  const p = num(raw);
  if (p === null || p.isZero())
    return required ? msg(d.side === 'Buy' ? 'priceRequiredBuy' : 'priceRequiredSell', field) : null;
  const floor = new Decimal(10).pow(-c.symbol.pricePrecision);
  if (p.lt(floor)) return msg('priceLowerLimit', field, { value: floor.toFixed() });
  if (decimals(raw) > c.symbol.pricePrecision)
    return own('priceDecimals', field, { n: String(c.symbol.pricePrecision) });
  return null;
}

/** Quantity min / max ('order quantity lower / upper limit'). */
function qtyRule(
  q: Decimal,
  side: 'Buy' | 'Sell',
  field: keyof ToolDraft,
  c: ToolContext,
): ToolFailure | null {
  const type = side === 'Buy' ? 'bought' : 'sold';
  const coin = c.symbol.base;
  if (q.lt(c.symbol.minTradeQuantity))
    return msg('quantityLowerLimit', field, { type, quantity: c.symbol.minTradeQuantity, coin });
  if (q.gt(c.symbol.maxTradeQuantity))
    return msg('quantityUpperLimit', field, { type, quantity: c.symbol.maxTradeQuantity, coin });
  return null;
}

/** Value min / max of one order ('max amount', 'buy / sell amount lower limit'). */
function valueRule(
  v: Decimal,
  side: 'Buy' | 'Sell',
  field: keyof ToolDraft,
  c: ToolContext,
): ToolFailure | null {
  const coin = c.symbol.quote;
  if (v.gt(c.symbol.maxTradeAmount)) return msg('maxAmount', field, { value: c.symbol.maxTradeAmount, coin });
  if (v.lt(c.symbol.minTradeAmount))
    return msg(side === 'Buy' ? 'amountLowerLimitBuy' : 'amountLowerLimitSell', field, {
      value: c.symbol.minTradeAmount,
      coin,
    });
  return null;
}

/** Balance: a buy's value within free quote, a sell's quantity within free base ('balance not enough'). */
function balanceRule(
  side: 'Buy' | 'Sell',
  qty: Decimal,
  value: Decimal,
  field: keyof ToolDraft,
  c: ToolContext,
) {
  if (side === 'Buy' && value.gt(num(c.freeQuote) ?? 0))
    return msg('balanceNotEnough', field, { coin: c.symbol.quote });
  if (side === 'Sell' && qty.gt(num(c.freeBase) ?? 0))
    return msg('balanceNotEnough', field, { coin: c.symbol.base });
  return null;
}

/** Price band around the last price (spec §9: 90 % and 110 %). */
function bandRule(
  side: 'Buy' | 'Sell',
  price: Decimal,
  field: keyof ToolDraft,
  c: ToolContext,
): ToolFailure | null {
  const last = num(c.lastPrice ?? '');
  if (last === null) return null;
  if (side === 'Buy' && price.gt(last.times(BAND_HIGH)))
    return own('priceBandBuy', field, { value: last.times(BAND_HIGH).toFixed() });
  if (side === 'Sell' && price.lt(last.times(BAND_LOW)))
    return own('priceBandSell', field, { value: last.times(BAND_LOW).toFixed() });
  return null;
}

function requiredQty(d: ToolDraft, field: keyof ToolDraft): Decimal | ToolFailure {
  const q = num(d[field]);
  if (q === null || q.isZero()) return msg(d.side === 'Buy' ? 'qtyRequiredBuy' : 'qtyRequiredSell', field);
  return q;
}

function intIn(v: string, min: number, max: number): boolean {
  const n = Number(v);
  return Number.isInteger(n) && n >= min && n <= max;
}

function validateIceberg(d: ToolDraft, c: ToolContext): ToolFailure | null {
  const q = requiredQty(d, 'totalQty');
  if (!(q instanceof Decimal)) return q;
  if (d.priceMode === 'fixed') {
    const f = priceRule(d, 'price', c);
    if (f !== null) return f;
  } else if (num(d.priceDistance) === null) return own('distanceRequired', 'priceDistance');
  const slice =
    d.sliceMode === 'qty'
      ? num(d.sliceQty)
      : intIn(d.sliceCount, 1, L.icebergMaxSlices)
        ? q.div(d.sliceCount).toDecimalPlaces(c.symbol.quantityPrecision, Decimal.ROUND_DOWN)
        : null;
  if (slice === null || slice.isZero())
    return d.sliceMode === 'qty'
      ? own('sliceRequired', 'sliceQty')
      : own('sliceCountRange', 'sliceCount', { max: String(L.icebergMaxSlices) });
  if (slice.gt(q)) return own('sliceAboveTotal', 'sliceQty');
  const f =
    qtyRule(slice, d.side, d.sliceMode === 'qty' ? 'sliceQty' : 'sliceCount', c) ??
    qtyRule(q, d.side, 'totalQty', c);
  if (f !== null) return f;
  const price = d.priceMode === 'fixed' ? num(d.price) : num(c.lastPrice ?? '');
  if (price === null) return null;
  return (
    valueRule(slice.times(price), d.side, 'totalQty', c) ??
    balanceRule(d.side, q, q.times(price), 'totalQty', c) ??
    (d.priceMode === 'fixed' ? bandRule(d.side, price, 'price', c) : null)
  );
}

function validateTwap(d: ToolDraft, c: ToolContext): ToolFailure | null {
  const q = requiredQty(d, 'totalQty');
  if (!(q instanceof Decimal)) return q;
  const minutes = Number(d.durationMin);
  if (!(minutes * 60_000 >= L.twapMinDurationMs && minutes * 60_000 <= L.twapMaxDurationMs))
    return own('durationRange', 'durationMin');
  const seconds = Number(d.intervalSec);
  if (!(seconds * 1000 >= L.twapMinIntervalMs && seconds * 1000 <= minutes * 60_000))
    return own('intervalRange', 'intervalSec', {
      min: String(L.twapMinIntervalMs / 1000),
    });
  const slices = Math.floor((minutes * 60) / seconds);
  const slice = q.div(slices).toDecimalPlaces(c.symbol.quantityPrecision, Decimal.ROUND_DOWN);
  const f =
    priceRule(d, 'priceLimit', c, false) ??
    qtyRule(slice, d.side, 'totalQty', c) ??
    qtyRule(q, d.side, 'totalQty', c);
  if (f !== null) return f;
  const price = num(d.priceLimit) ?? num(c.lastPrice ?? '');
  if (price === null) return null;
  return (
    valueRule(slice.times(price), d.side, 'totalQty', c) ??
    balanceRule(d.side, q, q.times(price), 'totalQty', c)
  );
}

function validateScaled(d: ToolDraft, c: ToolContext): ToolFailure | null {
  const f = priceRule(d, 'priceLow', c) ?? priceRule(d, 'priceHigh', c);
  if (f !== null) return f;
  if (!(num(d.priceHigh) ?? new Decimal(0)).gt(num(d.priceLow) ?? 0))
    return own('priceRangeOrder', 'priceHigh');
  if (!intIn(d.orderCount, L.scaledMinOrders, L.scaledMaxOrders))
    return own('orderCountRange', 'orderCount', {
      min: String(L.scaledMinOrders),
      max: String(L.scaledMaxOrders),
    });
  const sizeField = d.sizeMode === 'qty' ? 'totalQty' : 'totalValue';
  const total = num(d[sizeField]);
  if (total === null || total.isZero())
    return d.sizeMode === 'qty'
      ? msg(d.side === 'Buy' ? 'qtyRequiredBuy' : 'qtyRequiredSell', sizeField)
      : msg('amountRequired', sizeField);
  const plan = scaledPlan(d, c.symbol);
  let qty = new Decimal(0);
  let value = new Decimal(0);
  for (const o of plan) {
    const q = new Decimal(o.qty);
    const v = q.times(o.price);
    const g = qtyRule(q, d.side, sizeField, c) ?? valueRule(v, d.side, sizeField, c);
    if (g !== null) return g;
    qty = qty.plus(q);
    value = value.plus(v);
  }
  const hi = d.side === 'Buy' ? num(d.priceHigh) : num(d.priceLow);
  return (
    balanceRule(d.side, qty, value, sizeField, c) ??
    (hi === null ? null : bandRule(d.side, hi, d.side === 'Buy' ? 'priceHigh' : 'priceLow', c))
  );
}

function validateGrid(d: ToolDraft, c: ToolContext): ToolFailure | null {
  const f = priceRule(d, 'minPrice', c) ?? priceRule(d, 'maxPrice', c);
  if (f !== null) return f;
  const min = num(d.minPrice) ?? new Decimal(0);
  const max = num(d.maxPrice) ?? new Decimal(0);
  if (!max.gt(min)) return own('priceRangeOrder', 'maxPrice');
  if (!intIn(d.gridNumber, L.gridMinNumber, L.gridMaxNumber))
    return own('gridNumberRange', 'gridNumber', {
      min: String(L.gridMinNumber),
      max: String(L.gridMaxNumber),
    });
  const inv = num(d.investment);
  if (inv === null || inv.isZero()) return own('investmentRequired', 'investment');
  const g =
    priceRule(d, 'triggerPrice', c, false) ??
    priceRule(d, 'takeProfit', c, false) ??
    priceRule(d, 'stopLoss', c, false);
  if (g !== null) return g;
  const tp = num(d.takeProfit);
  if (tp !== null && !tp.gt(max)) return own('takeProfitAboveMax', 'takeProfit');
  const sl = num(d.stopLoss);
  if (sl !== null && !sl.lt(min)) return own('stopLossBelowMin', 'stopLoss');
  // Each grid order holds about investment ÷ grids of value: it must reach the minimum order value.
  const perGrid = inv.div(d.gridNumber);
  const mid = num(c.lastPrice ?? '') ?? min.plus(max).div(2);
  const h =
    qtyRule(perGrid.div(mid), 'Buy', 'investment', c) ??
    valueRule(perGrid, 'Buy', 'investment', c) ??
    balanceRule('Buy', new Decimal(0), inv, 'investment', c);
  return h;
}

/** The first failure of a tool's draft, or null when it may be sent. */
export function validateTool(tool: FormTool, d: ToolDraft, c: ToolContext): ToolFailure | null {
  switch (tool) {
    case 'iceberg':
      return validateIceberg(d, c);
    case 'twap':
      return validateTwap(d, c);
    case 'scaled':
      return validateScaled(d, c);
    case 'grid':
      return validateGrid(d, c);
  }
}
