/**
 * Order-form validation, in the order of spec §5 "Order form": each rule is a pure function of the draft and its
 * context returning the first failure it finds (a message key of the `trade` namespace under `validation.` and its
 * parameters) or null. `validateOrder` runs them in order and stops at the first failure; the form toasts it.
 * Gate checks (terms, risk tests, disclaimers) answer a dialog to open instead of a message.
 */
import Decimal from 'decimal.js';
import { toDecimal } from './decimalInput';
import type { SymbolInfo } from '../../workers/api';
import {
  hasLimitPrice,
  hasTrigger,
  isMarketLike,
  orderValue,
  sizeFieldOf,
  type LegDraft,
  type OrderDraft,
} from './orderDraft';

/** Message keys of validation failures (`trade:validation.<key>`). */
export type ValidationKey =
  | 'triggerPriceRequired'
  | 'priceRequiredBuy'
  | 'priceRequiredSell'
  | 'qtyRequiredBuy'
  | 'qtyRequiredSell'
  | 'amountRequired'
  | 'tpTriggerRequired'
  | 'tpLimitRequired'
  | 'slTriggerRequired'
  | 'slLimitRequired'
  | 'trailingRateRequired'
  | 'trailingDistanceRequired'
  | 'trailingRateRange'
  | 'priceLowerLimit'
  | 'quantityLowerLimit'
  | 'quantityUpperLimit'
  | 'maxAmount'
  | 'amountLowerLimitBuy'
  | 'amountLowerLimitSell'
  | 'totalOrderMinimumValue'
  | 'balanceNotEnough'
  | 'innovateTradeFail'
  | 'triggerBandBuy'
  | 'triggerBandSell'
  | 'ocoBuyTpBelowLast'
  | 'ocoBuySlAboveLast'
  | 'ocoSellTpAboveLast'
  | 'ocoSellSlBelowLast'
  | 'planMarketSellByQty'
  | 'willUpdate'
  | 'liquidationErrorInfo'
  | 'overrunErrorInfo'
  | 'isolatedModeNotSupportNewTip'
  | 'leverageOffTradeTip'
  | 'modifyQuantityLess'
  | 'modifyLeverageError';

/** Dialogs a gate check opens; accepting records the acknowledgement and places the order. */
export type GateDialog = 'suiTerms' | 'ltRiskTest' | 'disclaimer' | 'zoneRisk';

/** The field a failure is about (the form focuses it). */
export type DraftField =
  | 'price'
  | 'trigger'
  | 'qty'
  | 'amount'
  | 'tp.trigger'
  | 'tp.limit'
  | 'sl.trigger'
  | 'sl.limit'
  | 'trailing'
  | 'activation'
  | 'leverage';

/** A failed rule. `params.type` is 'bought' or 'sold' where a message names the side (translated by the form). */
export type Failure =
  | {
      readonly type: 'message';
      readonly key: ValidationKey;
      readonly params: Readonly<Record<string, string>>;
      readonly field?: DraftField;
    }
  | { readonly type: 'gate'; readonly gate: GateDialog };

/** Everything besides the draft that the rules look at. */
export interface ValidationContext {
  readonly symbol: SymbolInfo;
  readonly unified: boolean;
  /** UTA margin mode; isolated blocks leveraged trading. */
  readonly marginMode: 'cross' | 'isolated';
  /** The newer minimum-value wording (user grayFlag). */
  readonly minValueV2: boolean;
  /** Free balances of the pair's coins (classic balance check). */
  readonly freeQuote: string;
  readonly freeBase: string;
  /** Remaining innovation/adventure quota in quote; null = unlimited or unknown. */
  readonly quotaRemain: string | null;
  /** Last traded price of the symbol; null when unknown. */
  readonly lastPrice: string | null;
  /** Web2 upgrade notice in force: trading blocked with 'will update'. */
  readonly upgradeNotice: boolean;
  /** Acknowledgements already given (stored per user). */
  readonly accepted: Readonly<Record<GateDialog, boolean>>;
  /** Account status of the unified account info (4 liquidation, 5 overrun). */
  readonly accountStatus: number;
  /** Leverage (margin trading) switched on for the account. */
  readonly leverageEnabled: boolean;
}

/** One rule. */
export type Rule = (d: OrderDraft, c: ValidationContext) => Failure | null;

const msg = (
  key: ValidationKey,
  params: Readonly<Record<string, string>> = {},
  field?: DraftField,
): Failure =>
  field === undefined ? { type: 'message', key, params } : { type: 'message', key, params, field };

const isEmpty = (v: string): boolean => toDecimal(v) === null || (toDecimal(v)?.isZero() ?? true);

/** Smallest price of a symbol: one tick. */
export function minPriceOf(symbol: SymbolInfo): string {
  return new Decimal(10).pow(-symbol.pricePrecision).toFixed(symbol.pricePrecision);
}

function legRequired(prefix: 'tp' | 'sl', leg: LegDraft): Failure | null {
  if (isEmpty(leg.trigger)) return msg(`${prefix}TriggerRequired`, {}, `${prefix}.trigger`);
  if (leg.type === 'Limit' && isEmpty(leg.limit)) return msg(`${prefix}LimitRequired`, {}, `${prefix}.limit`);
  return null;
}

/** 1. Required fields: trigger, price (buy/sell wording), quantity (buy/sell wording), amount, OCO legs. */
export const requiredRule: Rule = (d) => {
  const buy = d.side === 'Buy';
  if (hasTrigger(d) && isEmpty(d.trigger)) return msg('triggerPriceRequired', {}, 'trigger');
  if (hasLimitPrice(d) && isEmpty(d.price))
    return msg(buy ? 'priceRequiredBuy' : 'priceRequiredSell', {}, 'price');
  if (d.kind === 'trailing') {
    if (d.trailingMode === 'rate') {
      if (isEmpty(d.trailingRate)) return msg('trailingRateRequired', {}, 'trailing');
      if (toDecimal(d.trailingRate)?.greaterThanOrEqualTo(100) === true)
        return msg('trailingRateRange', { max: '100' }, 'trailing');
    } else if (isEmpty(d.trailingDistance)) return msg('trailingDistanceRequired', {}, 'trailing');
  }
  if (sizeFieldOf(d) === 'qty') {
    if (isEmpty(d.qty)) return msg(buy ? 'qtyRequiredBuy' : 'qtyRequiredSell', {}, 'qty');
  } else if (isEmpty(d.amount)) return msg('amountRequired', {}, 'amount');
  if (d.kind === 'oco' || (d.kind === 'limit' && d.tpsl)) {
    const legs: ['tp' | 'sl', LegDraft][] = [
      ['tp', d.tp],
      ['sl', d.sl],
    ];
    for (const [prefix, leg] of legs) {
      // A limit order's TP/SL may carry one leg only; an OCO needs both.
      if (d.kind === 'limit' && isEmpty(leg.trigger) && isEmpty(leg.limit)) continue;
      const f = legRequired(prefix, leg);
      if (f !== null) return f;
    }
    if (d.kind === 'limit' && isEmpty(d.tp.trigger) && isEmpty(d.sl.trigger))
      return msg('tpTriggerRequired', {}, 'tp.trigger');
  }
  return null;
};

/** 2. Price below the symbol's minimum: 'order price lower limit' with the value; the trigger has the same floor. */
export const priceFloorRule: Rule = (d, c) => {
  const min = new Decimal(minPriceOf(c.symbol));
  const below = (v: string): boolean => {
    const x = toDecimal(v);
    return x !== null && x.lessThan(min);
  };
  const value = min.toFixed(c.symbol.pricePrecision);
  if (hasLimitPrice(d) && below(d.price)) return msg('priceLowerLimit', { value }, 'price');
  if (hasTrigger(d) && below(d.trigger)) return msg('priceLowerLimit', { value }, 'trigger');
  if (d.kind === 'oco' || (d.kind === 'limit' && d.tpsl)) {
    for (const p of ['tp', 'sl'] as const) {
      const leg = d[p];
      if (below(leg.trigger)) return msg('priceLowerLimit', { value }, `${p}.trigger`);
      if (leg.type === 'Limit' && below(leg.limit)) return msg('priceLowerLimit', { value }, `${p}.limit`);
    }
  }
  if (d.kind === 'trailing' && below(d.activation)) return msg('priceLowerLimit', { value }, 'activation');
  return null;
};

/** 3. Quantity below the minimum / above the maximum ('order quantity lower/upper limit': type, quantity, coin). */
export const quantityLimitRule: Rule = (d, c) => {
  if (sizeFieldOf(d) !== 'qty') return null;
  const q = toDecimal(d.qty);
  if (q === null) return null;
  const type = d.side === 'Buy' ? 'bought' : 'sold';
  const coin = c.symbol.base;
  if (q.lessThan(c.symbol.minTradeQuantity))
    return msg('quantityLowerLimit', { type, quantity: c.symbol.minTradeQuantity, coin }, 'qty');
  if (q.greaterThan(c.symbol.maxTradeQuantity))
    return msg('quantityUpperLimit', { type, quantity: c.symbol.maxTradeQuantity, coin }, 'qty');
  return null;
};

/** 4. Amount above the maximum ('max amount'); below the minimum (buy/sell wording, or the gray-flag wording). */
export const amountLimitRule: Rule = (d, c) => {
  const value = orderValue(d, c.lastPrice);
  if (value === null) return null;
  const coin = c.symbol.quote;
  const field: DraftField = sizeFieldOf(d) === 'amount' ? 'amount' : 'qty';
  if (value.greaterThan(c.symbol.maxTradeAmount))
    return msg('maxAmount', { value: c.symbol.maxTradeAmount, coin }, field);
  if (value.lessThan(c.symbol.minTradeAmount)) {
    const key = c.minValueV2
      ? 'totalOrderMinimumValue'
      : d.side === 'Buy'
        ? 'amountLowerLimitBuy'
        : 'amountLowerLimitSell';
    return msg(key, { value: c.symbol.minTradeAmount, coin }, field);
  }
  return null;
};

/** 5. Balance (non-unified only): the amount within free quote (buy), the quantity within free base (sell). */
export const balanceRule: Rule = (d, c) => {
  if (c.unified) return null;
  if (d.side === 'Buy') {
    const value = orderValue(d, c.lastPrice);
    if (value !== null && value.greaterThan(toDecimal(c.freeQuote) ?? 0))
      return msg('balanceNotEnough', { coin: c.symbol.quote }, sizeFieldOf(d));
    return null;
  }
  let qty = toDecimal(d.qty);
  if (sizeFieldOf(d) === 'amount') {
    const a = toDecimal(d.amount);
    const last = toDecimal(c.lastPrice ?? '');
    qty = a !== null && last !== null && !last.isZero() ? a.dividedBy(last) : null;
  }
  if (qty !== null && qty.greaterThan(toDecimal(c.freeBase) ?? 0))
    return msg('balanceNotEnough', { coin: c.symbol.base }, sizeFieldOf(d));
  return null;
};

/** 6. Innovation-zone remaining quota (non-unified buys): 'innovate trade fail'. */
export const quotaRule: Rule = (d, c) => {
  if (c.unified || d.side !== 'Buy' || c.quotaRemain === null) return null;
  const remain = toDecimal(c.quotaRemain);
  const value = orderValue(d, c.lastPrice);
  if (remain === null || value === null) return null;
  if (value.greaterThan(remain))
    return msg('innovateTradeFail', { value: c.quotaRemain, coin: c.symbol.quote }, sizeFieldOf(d));
  return null;
};

/** Price band of spec §9: 110 % of trigger for buys, 90 % for sells. */
export const BAND_BUY = new Decimal('1.1');
export const BAND_SELL = new Decimal('0.9');

function bandFailure(
  side: 'Buy' | 'Sell',
  price: string,
  trigger: string,
  precision: number,
  field: DraftField,
): Failure | null {
  const p = toDecimal(price);
  const t = toDecimal(trigger);
  if (p === null || t === null) return null;
  if (side === 'Buy') {
    const max = t.times(BAND_BUY);
    if (p.greaterThan(max))
      return msg(
        'triggerBandBuy',
        { value: max.toDecimalPlaces(precision, Decimal.ROUND_DOWN).toFixed() },
        field,
      );
  } else {
    const min = t.times(BAND_SELL);
    if (p.lessThan(min))
      return msg(
        'triggerBandSell',
        { value: min.toDecimalPlaces(precision, Decimal.ROUND_UP).toFixed() },
        field,
      );
  }
  return null;
}

/** 7. Conditional / stop-limit limit price within 110 % (buy) or 90 % (sell) of the trigger; per leg for OCO. */
export const triggerBandRule: Rule = (d, c) => {
  const pp = c.symbol.pricePrecision;
  if ((d.kind === 'conditional' && d.conditionalType === 'Limit') || d.kind === 'stopLimit')
    return bandFailure(d.side, d.price, d.trigger, pp, 'price');
  if (d.kind === 'oco') {
    for (const p of ['tp', 'sl'] as const) {
      const leg = d[p];
      if (leg.type !== 'Limit') continue;
      const f = bandFailure(d.side, leg.limit, leg.trigger, pp, `${p}.limit`);
      if (f !== null) return f;
    }
  }
  return null;
};

/**
 * 8. OCO: the legs on the right side of the last price. A buy takes profit below it and stops above it; a sell
 * takes profit above it and stops below it (four messages).
 */
export const ocoSideRule: Rule = (d, c) => {
  if (d.kind !== 'oco') return null;
  const last = toDecimal(c.lastPrice ?? '');
  const tp = toDecimal(d.tp.trigger);
  const sl = toDecimal(d.sl.trigger);
  if (last === null || tp === null || sl === null) return null;
  const value = c.lastPrice ?? last.toFixed();
  if (d.side === 'Buy') {
    if (!tp.lessThan(last)) return msg('ocoBuyTpBelowLast', { value }, 'tp.trigger');
    if (!sl.greaterThan(last)) return msg('ocoBuySlAboveLast', { value }, 'sl.trigger');
  } else {
    if (!tp.greaterThan(last)) return msg('ocoSellTpAboveLast', { value }, 'tp.trigger');
    if (!sl.lessThan(last)) return msg('ocoSellSlBelowLast', { value }, 'sl.trigger');
  }
  return null;
};

/**
 * 9. Market order units: a market order is sized by value or by quantity per its unit (buys by value and sells by
 * quantity by default); a conditional market sell is always sized by quantity.
 */
export const marketUnitRule: Rule = (d) => {
  if (!isMarketLike(d)) return null;
  if (d.kind === 'conditional' && d.side === 'Sell' && d.marketUnit === 'quoteCoin')
    return msg('planMarketSellByQty', {}, 'amount');
  return null;
};

/**
 * 10. Gate checks before placing: the web2 upgrade notice; SUI terms; the leveraged-token risk test; the MNT/BIT
 * disclaimer; the innovation/adventure risk acknowledgement; account status 4 in margin mode and 5 with leverage.
 */
export const gateRule: Rule = (d, c) => {
  if (c.upgradeNotice) return msg('willUpdate');
  if (c.symbol.base === 'SUI' && !c.accepted.suiTerms) return { type: 'gate', gate: 'suiTerms' };
  if (c.symbol.ltDirection !== '' && !c.accepted.ltRiskTest) return { type: 'gate', gate: 'ltRiskTest' };
  if ((c.symbol.base === 'MNT' || c.symbol.base === 'BIT') && !c.accepted.disclaimer)
    return { type: 'gate', gate: 'disclaimer' };
  if ((c.symbol.mark === 'innovation' || c.symbol.mark === 'adventure') && !c.accepted.zoneRisk)
    return { type: 'gate', gate: 'zoneRisk' };
  if (c.unified && d.leverage && c.accountStatus === 4) return msg('liquidationErrorInfo', {}, 'leverage');
  if (c.unified && d.leverage && c.accountStatus === 5) return msg('overrunErrorInfo', {}, 'leverage');
  return null;
};

/** 11. Leverage: isolated margin under UTA blocks leveraged trading; leverage switched off blocks it too. */
export const leverageRule: Rule = (d, c) => {
  if (!d.leverage) return null;
  if (c.unified && c.marginMode === 'isolated') return msg('isolatedModeNotSupportNewTip', {}, 'leverage');
  if (!c.leverageEnabled) return msg('leverageOffTradeTip', {}, 'leverage');
  return null;
};

/** The rules in spec order. */
export const ORDER_RULES: readonly (readonly [string, Rule])[] = [
  ['required', requiredRule],
  ['priceFloor', priceFloorRule],
  ['quantityLimit', quantityLimitRule],
  ['amountLimit', amountLimitRule],
  ['balance', balanceRule],
  ['quota', quotaRule],
  ['triggerBand', triggerBandRule],
  ['ocoSide', ocoSideRule],
  ['marketUnit', marketUnitRule],
  ['gate', gateRule],
  ['leverage', leverageRule],
];

/** Runs every rule in order; the first failure, or null when the order may be placed. */
export function validateOrder(d: OrderDraft, c: ValidationContext): Failure | null {
  for (const [, rule] of ORDER_RULES) {
    const f = rule(d, c);
    if (f !== null) return f;
  }
  return null;
}

/** What an edit is checked against (spec §5 "Edit"). */
export interface ModifyContext {
  readonly executedQty: string;
  readonly isLeverage: boolean;
  readonly unified: boolean;
  readonly side: 'Buy' | 'Sell';
  readonly lastPrice: string | null;
  /** Trigger direction of a plan order: 1 fires when the price rises to it, 2 when it falls; 0 none. */
  readonly triggerDirection: 0 | 1 | 2;
}

/** Hints an edit may need confirming: quantity equal to what executed, price at market, trigger crossing market. */
export type ModifyHint = 'qtyEqualsExecuted' | 'priceEqualsMarket' | 'triggerCrossesMarket';

/** Result of checking an edit: rejected with a message, a hint to confirm, or fine. */
export type ModifyCheck =
  | { readonly type: 'reject'; readonly key: ValidationKey }
  | { readonly type: 'hint'; readonly hint: ModifyHint }
  | { readonly type: 'ok' };

/**
 * Checks an edit (spec §5 "Edit"): leveraged orders of a non-unified account cannot be modified; a new quantity
 * below the executed one is rejected; equal to it, a price at market or a trigger already crossed asks to confirm.
 */
export function checkModify(
  change: { readonly price?: string; readonly qty?: string; readonly trigger?: string },
  c: ModifyContext,
): ModifyCheck {
  if (c.isLeverage && !c.unified) return { type: 'reject', key: 'modifyLeverageError' };
  const qty = toDecimal(change.qty ?? '');
  const executed = toDecimal(c.executedQty) ?? new Decimal(0);
  if (qty !== null && qty.lessThan(executed)) return { type: 'reject', key: 'modifyQuantityLess' };
  if (qty !== null && qty.equals(executed) && !executed.isZero())
    return { type: 'hint', hint: 'qtyEqualsExecuted' };
  const last = toDecimal(c.lastPrice ?? '');
  const price = toDecimal(change.price ?? '');
  if (price !== null && last !== null && price.equals(last))
    return { type: 'hint', hint: 'priceEqualsMarket' };
  const trigger = toDecimal(change.trigger ?? '');
  if (trigger !== null && last !== null) {
    const crossed =
      (c.triggerDirection === 1 && trigger.lessThanOrEqualTo(last)) ||
      (c.triggerDirection === 2 && trigger.greaterThanOrEqualTo(last));
    if (crossed) return { type: 'hint', hint: 'triggerCrossesMarket' };
  }
  return { type: 'ok' };
}
