/**
 * The order form's draft (what the trader typed) and how it becomes an orderCreate request. Pure: the form component
 * holds a draft in an atom, validation (validation.ts) reads it, `toCreateParams` turns it into the wire request.
 * Every number is a canonical decimal string ("" = empty field).
 */
import Decimal from 'decimal.js';
import type { CreateOrderRequest } from '../../workers/protocol/orders';
import { toDecimal } from './decimalInput';
import type { SymbolInfo } from '../../workers/api';

/** The orderCreate request a draft becomes: the shared wire type, without the client order id (added per send). */
export type CreateOrderParams = Omit<CreateOrderRequest, 'client_order_id'>;

/** The order types of the order panel (spec §2, §5). */
export type OrderKind = 'limit' | 'market' | 'conditional' | 'stopLimit' | 'oco' | 'trailing';

/** Every order type, in tab order. */
export const ORDER_KINDS: readonly OrderKind[] = [
  'limit',
  'market',
  'conditional',
  'stopLimit',
  'oco',
  'trailing',
];

/** Plan type code sent for each kind (spec §3): limit/market -1, conditional 1, stop-limit 8, OCO 10, trailing 4. */
export const PLAN_TYPE_OF: Readonly<Record<OrderKind, number>> = {
  limit: -1,
  market: -1,
  conditional: 1,
  stopLimit: 8,
  oco: 10,
  trailing: 4,
};

/** One leg of an OCO order, or the take-profit / stop-loss attached to a limit order. */
export interface LegDraft {
  readonly trigger: string;
  readonly type: 'Limit' | 'Market';
  /** Limit price when type is Limit. */
  readonly limit: string;
}

/** What the trader entered. */
export interface OrderDraft {
  readonly kind: OrderKind;
  readonly side: 'Buy' | 'Sell';
  readonly price: string;
  readonly trigger: string;
  readonly qty: string;
  readonly amount: string;
  /** Market (and conditional market) sizing: base quantity or quote value. */
  readonly marketUnit: 'baseCoin' | 'quoteCoin';
  /** Conditional orders: limit or market once triggered. */
  readonly conditionalType: 'Limit' | 'Market';
  /** OCO legs; also the TP/SL of a limit order when `tpsl` is on. */
  readonly tp: LegDraft;
  readonly sl: LegDraft;
  /** TP/SL attached to a limit order (unified non-demo accounts, spec §2). */
  readonly tpsl: boolean;
  readonly trailingMode: 'rate' | 'distance';
  /** Retracement rate in percent ("1.5" = 1.5 %). */
  readonly trailingRate: string;
  readonly trailingDistance: string;
  readonly activation: string;
  readonly timeInForce: 'GTC' | 'IOC' | 'FOK';
  readonly postOnly: boolean;
  /** Max slippage in percent for market orders sized in base; "" = none. */
  readonly slippage: string;
  /** Margin (leverage) order of a unified account. */
  readonly leverage: boolean;
}

const EMPTY_LEG: LegDraft = { trigger: '', type: 'Market', limit: '' };

/** A fresh draft. */
export const EMPTY_DRAFT: OrderDraft = {
  kind: 'limit',
  side: 'Buy',
  price: '',
  trigger: '',
  qty: '',
  amount: '',
  marketUnit: 'quoteCoin',
  conditionalType: 'Limit',
  tp: EMPTY_LEG,
  sl: EMPTY_LEG,
  tpsl: false,
  trailingMode: 'rate',
  trailingRate: '',
  trailingDistance: '',
  activation: '',
  timeInForce: 'GTC',
  postOnly: false,
  slippage: '',
  leverage: false,
};

/** True when the order executes at market once placed or triggered (no limit price of its own). */
export function isMarketLike(d: Pick<OrderDraft, 'kind' | 'conditionalType'>): boolean {
  return (
    d.kind === 'market' ||
    d.kind === 'trailing' ||
    (d.kind === 'conditional' && d.conditionalType === 'Market')
  );
}

/** True when the order carries its own limit price. */
export function hasLimitPrice(d: Pick<OrderDraft, 'kind' | 'conditionalType'>): boolean {
  return (
    d.kind === 'limit' ||
    d.kind === 'stopLimit' ||
    (d.kind === 'conditional' && d.conditionalType === 'Limit')
  );
}

/** True when the order has a trigger price field. */
export function hasTrigger(d: Pick<OrderDraft, 'kind'>): boolean {
  return d.kind === 'conditional' || d.kind === 'stopLimit';
}

/**
 * Which size field the order uses (spec §5 "Market orders use amount for buy by value and quantity for sell, or the
 * reverse by market unit"): market-like orders follow the market unit, everything else is sized in base.
 */
export function sizeFieldOf(
  d: Pick<OrderDraft, 'kind' | 'conditionalType' | 'marketUnit'>,
): 'qty' | 'amount' {
  if (d.kind === 'market' || (d.kind === 'conditional' && d.conditionalType === 'Market'))
    return d.marketUnit === 'quoteCoin' ? 'amount' : 'qty';
  return 'qty';
}

/** The default market unit of a side: buys by value, sells by quantity. */
export function defaultMarketUnit(side: 'Buy' | 'Sell'): 'baseCoin' | 'quoteCoin' {
  return side === 'Buy' ? 'quoteCoin' : 'baseCoin';
}

/**
 * The price the order form's summary sizes against (max buy/sell): the typed limit price, else the trigger; null when
 * it is the last price. Only then do the summary's figures, `orderValue` included, depend on the ticker, so only then
 * does the summary follow it.
 */
export function summaryPriceOf(d: OrderDraft): string | null {
  if (hasLimitPrice(d) && d.price !== '') return d.price;
  if (hasTrigger(d)) return d.trigger;
  return null;
}

/**
 * The order's value in quote: price × qty for limit-priced orders, the amount for value-sized ones, qty × the
 * reference price (trigger, activation or last) otherwise; null when not computable.
 */
export function orderValue(d: OrderDraft, lastPrice: string | null): Decimal | null {
  if (sizeFieldOf(d) === 'amount') return toDecimal(d.amount);
  const qty = toDecimal(d.qty);
  if (qty === null) return null;
  let ref: Decimal | null;
  if (hasLimitPrice(d)) ref = toDecimal(d.price);
  else if (d.kind === 'conditional') ref = toDecimal(d.trigger);
  else if (d.kind === 'trailing') ref = toDecimal(d.activation) ?? toDecimal(lastPrice ?? '');
  else if (d.kind === 'oco') {
    // The smaller leg value is what must clear the minimum (the simulator checks both).
    const a = legPrice(d.tp);
    const b = legPrice(d.sl);
    ref = a === null ? b : b === null ? a : Decimal.min(a, b);
  } else ref = toDecimal(lastPrice ?? '');
  return ref === null ? null : ref.times(qty);
}

function legPrice(leg: LegDraft): Decimal | null {
  return leg.type === 'Limit' ? toDecimal(leg.limit) : toDecimal(leg.trigger);
}

function legParams(prefix: 'tp' | 'sl', leg: LegDraft): Record<string, string> {
  const out: Record<string, string> = {
    [`${prefix}_trigger_price`]: leg.trigger,
    [`${prefix}_order_type`]: leg.type === 'Limit' ? 'limit' : 'market',
  };
  if (leg.type === 'Limit') out[`${prefix}_limit_price`] = leg.limit;
  return out;
}

/** The price a max-slippage market order may trade at: last ± slippage, on the price grid (towards the market). */
export function protectedPrice(
  side: 'Buy' | 'Sell',
  last: string,
  slippagePct: string,
  pricePrecision: number,
): string {
  const l = toDecimal(last);
  const s = toDecimal(slippagePct);
  if (l === null || s === null) return '';
  const f = side === 'Buy' ? new Decimal(1).plus(s.dividedBy(100)) : new Decimal(1).minus(s.dividedBy(100));
  return l
    .times(f)
    .toDecimalPlaces(pricePrecision, side === 'Buy' ? Decimal.ROUND_DOWN : Decimal.ROUND_UP)
    .toFixed(pricePrecision);
}

/** The orderCreate request of a validated draft (spec §7 Orders; simulator parameter names). */
export function toCreateParams(
  d: OrderDraft,
  symbol: SymbolInfo,
  opts: { readonly unified: boolean; readonly lastPrice: string | null },
): CreateOrderParams {
  const side = d.side === 'Buy' ? 'buy' : 'sell';
  const base = { symbol_id: symbol.symbolId, side, ...(d.leverage ? { is_leverage: true } : {}) } as const;
  switch (d.kind) {
    case 'limit': {
      const tif = d.postOnly ? 'PostOnly' : d.timeInForce;
      const legs =
        d.tpsl && opts.unified
          ? {
              plan_type: 11,
              ...(d.tp.trigger === '' ? {} : legParams('tp', d.tp)),
              ...(d.sl.trigger === '' ? {} : legParams('sl', d.sl)),
            }
          : {};
      return { ...base, type: 'limit', price: d.price, quantity: d.qty, time_in_force: tif, ...legs };
    }
    case 'market': {
      if (d.marketUnit === 'quoteCoin')
        return { ...base, type: 'market', market_unit: 'quoteCoin', amount: d.amount };
      const limit =
        d.slippage !== '' && opts.lastPrice !== null
          ? protectedPrice(d.side, opts.lastPrice, d.slippage, symbol.pricePrecision)
          : '';
      // A max slippage turns the market order into an immediate-or-cancel limit at the protected price.
      if (limit !== '')
        return { ...base, type: 'limit', price: limit, quantity: d.qty, time_in_force: 'IOC' };
      return { ...base, type: 'market', market_unit: 'baseCoin', quantity: d.qty };
    }
    case 'conditional':
      if (d.conditionalType === 'Limit') {
        return {
          ...base,
          type: 'limit',
          plan_type: 1,
          trigger_price: d.trigger,
          price: d.price,
          quantity: d.qty,
        };
      }
      return d.marketUnit === 'quoteCoin'
        ? {
            ...base,
            type: 'market',
            plan_type: 1,
            trigger_price: d.trigger,
            market_unit: 'quoteCoin',
            amount: d.amount,
          }
        : {
            ...base,
            type: 'market',
            plan_type: 1,
            trigger_price: d.trigger,
            market_unit: 'baseCoin',
            quantity: d.qty,
          };
    case 'stopLimit':
      return {
        ...base,
        type: 'limit',
        plan_type: 8,
        trigger_price: d.trigger,
        price: d.price,
        quantity: d.qty,
      };
    case 'oco':
      return {
        ...base,
        type: 'limit',
        plan_type: 10,
        quantity: d.qty,
        ...legParams('tp', d.tp),
        ...legParams('sl', d.sl),
      };
    case 'trailing': {
      const rate = toDecimal(d.trailingRate);
      return {
        ...base,
        type: 'market',
        plan_type: 4,
        quantity: d.qty,
        ...(d.activation === '' ? {} : { activation_price: d.activation }),
        ...(d.trailingMode === 'rate'
          ? { trailing_percentage: rate === null ? '' : rate.dividedBy(100).toFixed() }
          : { trailing_value: d.trailingDistance }),
      };
    }
  }
}
