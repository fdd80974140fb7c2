/**
 * Request validation: wire strings → ticks, lots and atoms, with the error codes of ENGINE_ERRORS in the documented
 * order (numbers → price decimals → qty decimals → qty limits → value limits → trigger sides). Account, symbol,
 * opening time, banned side and balance are checked by the engine around this.
 */

import type { Dec } from './decimal';
import { parseDec, pow10, toUnits } from './decimal';
import type { LockShape } from './funds';
import type { Instrument } from './instrument';
import { ATOM_DP } from './ledger';
import type { Leg } from './order';
import { directionOf } from './triggers';
import type {
  EngineResult,
  LegSpec,
  MarketUnit,
  OrderType,
  PlaceOrderRequest,
  PlanType,
  Side,
  TimeInForce,
} from './types';
import { ENGINE_ERRORS } from './types';

/** A create request after validation, in engine units. */
export interface ParsedOrder extends LockShape {
  readonly timeInForce: TimeInForce;
  readonly isLeverage: boolean;
  readonly triggerDirection: 0 | 1 | 2;
}

/** A validation failure; thrown inside this module and the engine's modify path, never out of the engine. */
export class Reject extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** Runs a validating function, turning a Reject into an error result. */
export function guard<T>(fn: () => T): EngineResult<T> {
  try {
    return { ok: true, value: fn() };
  } catch (e) {
    if (e instanceof Reject) return { ok: false, code: e.code, message: e.message };
    throw e;
  }
}

const PLAN_TYPES: ReadonlySet<unknown> = new Set([-1, 1, 4, 5, 8, 10, 11]);
const TIFS: ReadonlySet<unknown> = new Set(['GTC', 'IOC', 'FOK', 'PostOnly']);

/** Parses a required positive number; missing, zero, negative or garbage → param. */
export function required(text: string | undefined, name: string): Dec {
  const d = parseDec(text);
  if (d === undefined || d.int === 0n)
    throw new Reject(ENGINE_ERRORS.param, `${name} must be a positive number`);
  return d;
}

/** Parses an optional number: absent, empty or zero → undefined; garbage → param. */
export function optional(text: string | undefined, name: string): Dec | undefined {
  if (text === undefined || text === '') return undefined;
  const d = parseDec(text);
  if (d === undefined) throw new Reject(ENGINE_ERRORS.param, `${name} must be a number`);
  return d.int === 0n ? undefined : d;
}

/** Exact conversion to a safe integer count of 10^-dp units, else the given code. */
function units(d: Dec | undefined, dp: number, code: number, name: string): number {
  if (d === undefined) return 0;
  const u = toUnits(d, dp);
  if (u === undefined) throw new Reject(code, `${name} has too many decimals`);
  if (u > BigInt(Number.MAX_SAFE_INTEGER)) throw new Reject(ENGINE_ERRORS.param, `${name} is out of range`);
  return Number(u);
}

/** Price-like value → ticks (priceDecimals when finer than the tick). */
export function priceTicks(inst: Instrument, d: Dec | undefined, name: string): number {
  return units(d, inst.pp, ENGINE_ERRORS.priceDecimals, name);
}

/** Quantity → lots (qtyDecimals when finer than the lot). */
export function qtyLots(inst: Instrument, d: Dec | undefined): number {
  return units(d, inst.qp, ENGINE_ERRORS.qtyDecimals, 'qty');
}

/** Checks a quantity against the symbol's min/max. */
export function checkQtyLimits(inst: Instrument, lots: number): void {
  const atoms = BigInt(lots) * inst.lotAtoms;
  if (atoms < inst.minQtyAtoms) throw new Reject(ENGINE_ERRORS.qtyTooSmall, 'qty below the minimum');
  if (atoms > inst.maxQtyAtoms) throw new Reject(ENGINE_ERRORS.qtyTooLarge, 'qty above the maximum');
}

/** Checks an order value (quote atoms) against the symbol's min/max amount. */
export function checkValueLimits(inst: Instrument, atoms: bigint): void {
  if (atoms < inst.minAmountAtoms)
    throw new Reject(ENGINE_ERRORS.valueTooSmall, 'order value below the minimum');
  if (atoms > inst.maxAmountAtoms)
    throw new Reject(ENGINE_ERRORS.valueTooLarge, 'order value above the maximum');
}

/** Trailing rate: a fraction strictly between 0 and 1. */
export function checkRate(d: Dec | undefined): void {
  if (d !== undefined && d.int >= 10n ** BigInt(d.scale)) {
    throw new Reject(ENGINE_ERRORS.param, 'trailingPercentage must be a fraction below 1');
  }
}

interface RawLeg {
  readonly orderType: OrderType;
  readonly trigger: Dec;
  readonly limit: Dec | undefined;
}

function rawLeg(spec: LegSpec | undefined, name: string): RawLeg | undefined {
  if (spec === undefined) return undefined;
  const type: string = spec.orderType;
  if (type !== 'Limit' && type !== 'Market')
    throw new Reject(ENGINE_ERRORS.param, `${name}.orderType is invalid`);
  return {
    orderType: type,
    trigger: required(spec.triggerPrice, `${name}.triggerPrice`),
    limit: spec.orderType === 'Limit' ? required(spec.limitPrice, `${name}.limitPrice`) : undefined,
  };
}

function legTicks(inst: Instrument, raw: RawLeg | undefined, name: string): Leg | undefined {
  if (raw === undefined) return undefined;
  return {
    orderType: raw.orderType,
    triggerTicks: priceTicks(inst, raw.trigger, `${name}.triggerPrice`),
    limitTicks: priceTicks(inst, raw.limit, `${name}.limitPrice`),
  };
}

/** The price a leg's order would execute around: its limit price, else its trigger. */
function legPrice(leg: Leg): number {
  return leg.orderType === 'Limit' ? leg.limitTicks : leg.triggerTicks;
}

/**
 * Checks that a pair of legs sits on the right sides of `around`: a sell takes profit above and stops below;
 * a buy takes profit below and stops above.
 */
export function checkLegSides(side: Side, tp: Leg | undefined, sl: Leg | undefined, around: number): void {
  const sell = side === 'Sell';
  if (tp !== undefined && (sell ? tp.triggerTicks <= around : tp.triggerTicks >= around)) {
    throw new Reject(
      ENGINE_ERRORS.triggerSide,
      `take-profit trigger must be ${sell ? 'above' : 'below'} the price`,
    );
  }
  if (sl !== undefined && (sell ? sl.triggerTicks >= around : sl.triggerTicks <= around)) {
    throw new Reject(
      ENGINE_ERRORS.triggerSide,
      `stop-loss trigger must be ${sell ? 'below' : 'above'} the price`,
    );
  }
}

/** Reference price for trigger directions; a plan order with no market at all is refused. */
function referenceOrReject(inst: Instrument): number {
  const ref = inst.reference();
  if (ref === 0) throw new Reject(ENGINE_ERRORS.param, 'no market price to place a trigger order against');
  return ref;
}

/** Validates a create request (everything but account, symbol, opening, banned side and balance). */
export function validatePlace(req: PlaceOrderRequest, inst: Instrument): EngineResult<ParsedOrder> {
  return guard(() => parsePlace(req, inst));
}

function parsePlace(req: PlaceOrderRequest, inst: Instrument): ParsedOrder {
  const P = ENGINE_ERRORS.param;
  // Typed, but the REST layer may pass wire text through: check the enums at runtime too.
  const side: string = req.side;
  if (side !== 'Buy' && side !== 'Sell') throw new Reject(P, 'side must be Buy or Sell');
  const planType: PlanType = req.planType ?? -1;
  if (!PLAN_TYPES.has(planType)) throw new Reject(P, 'unknown planType');
  const rawType: string = req.orderType;
  if (rawType !== 'Limit' && rawType !== 'Market') throw new Reject(P, 'orderType must be Limit or Market');
  let orderType: OrderType = rawType;
  // Stop-limit is limit by definition; trailing orders fire market orders.
  if (planType === 8) orderType = 'Limit';
  if (planType === 4 || planType === 5) orderType = 'Market';
  if (planType === 11 && orderType !== 'Limit') throw new Reject(P, 'TP/SL attaches to limit orders');
  const timeInForce = req.timeInForce ?? 'GTC';
  if (!TIFS.has(timeInForce)) throw new Reject(P, 'unknown timeInForce');
  const isOco = planType === 10;
  const unit: string = isOco
    ? 'baseCoin'
    : (req.marketUnit ?? (side === 'Buy' && orderType === 'Market' ? 'quoteCoin' : 'baseCoin'));
  if (unit !== 'baseCoin' && unit !== 'quoteCoin') throw new Reject(P, 'unknown marketUnit');
  const marketUnit: MarketUnit = unit;
  const byValue = orderType === 'Market' && marketUnit === 'quoteCoin';
  const plan = planType !== -1 && planType !== 11;
  if (byValue && side === 'Sell' && plan) throw new Reject(P, 'plan market sells are sized in base (qty)');

  // 1. numbers
  const price = orderType === 'Limit' && !isOco ? required(req.price, 'price') : undefined;
  const qty = byValue ? undefined : required(req.qty, 'qty');
  const amount = byValue ? required(req.amount, 'amount') : undefined;
  const trigger = planType === 1 || planType === 8 ? required(req.triggerPrice, 'triggerPrice') : undefined;
  let rawTp: RawLeg | undefined;
  let rawSl: RawLeg | undefined;
  if (isOco || planType === 11) {
    rawTp = rawLeg(req.takeProfit, 'takeProfit');
    rawSl = rawLeg(req.stopLoss, 'stopLoss');
    if (isOco && (rawTp === undefined || rawSl === undefined)) throw new Reject(P, 'OCO needs both legs');
    if (rawTp === undefined && rawSl === undefined)
      throw new Reject(P, 'TP/SL needs a take-profit or a stop-loss');
  }
  let activation: Dec | undefined;
  let rate: Dec | undefined;
  let distance: Dec | undefined;
  if (planType === 4 || planType === 5) {
    activation = optional(req.activationPrice, 'activationPrice');
    rate = optional(req.trailingPercentage, 'trailingPercentage');
    distance = optional(req.trailingValue, 'trailingValue');
    if ((rate === undefined) === (distance === undefined)) {
      throw new Reject(P, 'exactly one of trailingPercentage and trailingValue is required');
    }
    checkRate(rate);
  }

  // 2. price decimals
  const pTicks = priceTicks(inst, price, 'price');
  const tTicks = priceTicks(inst, trigger, 'triggerPrice');
  const tp = legTicks(inst, rawTp, 'takeProfit');
  const sl = legTicks(inst, rawSl, 'stopLoss');
  const aTicks = priceTicks(inst, activation, 'activationPrice');
  const vTicks = priceTicks(inst, distance, 'trailingValue');

  // 3. quantity decimals (and the amount's, which has no code of its own)
  const lots = qtyLots(inst, qty);
  let amountAtoms = 0n;
  if (amount !== undefined) {
    const a = toUnits(amount, inst.ap);
    if (a === undefined) throw new Reject(P, 'amount has too many decimals');
    amountAtoms = a * pow10(ATOM_DP - inst.ap);
  }

  // 4. quantity limits
  if (!byValue) checkQtyLimits(inst, lots);

  // 5. value limits
  const isTrailing = planType === 4 || planType === 5;
  if (byValue) checkValueLimits(inst, amountAtoms);
  else if (orderType === 'Limit' && !isOco) checkValueLimits(inst, inst.value(pTicks, lots));
  else if (isOco && tp !== undefined && sl !== undefined) {
    const a = inst.value(legPrice(tp), lots);
    const b = inst.value(legPrice(sl), lots);
    checkValueLimits(inst, a < b ? a : b);
    checkValueLimits(inst, a < b ? b : a);
  } else {
    // Market sized in base: value at the trigger, or at the best opposite / last price when there is one.
    const at = plan && !isTrailing ? tTicks : isTrailing && aTicks > 0 ? aTicks : marketEstimate(inst, side);
    if (at > 0) checkValueLimits(inst, inst.value(at, lots));
  }

  // 6. trigger sides and directions
  let triggerDirection: 0 | 1 | 2 = 0;
  if (planType === 1 || planType === 8) triggerDirection = directionOf(tTicks, referenceOrReject(inst));
  else if (isOco) checkLegSides(side, tp, sl, referenceOrReject(inst));
  else if (planType === 11) checkLegSides(side === 'Buy' ? 'Sell' : 'Buy', tp, sl, pTicks);
  else if (isTrailing) {
    referenceOrReject(inst);
    triggerDirection = side === 'Sell' ? 2 : 1;
  }

  return {
    side,
    planType,
    orderType,
    timeInForce,
    marketUnit,
    isLeverage: req.isLeverage === true,
    priceTicks: pTicks,
    qtyLots: lots,
    amountAtoms,
    triggerTicks: tTicks,
    triggerDirection,
    tp,
    sl,
    activationTicks: aTicks,
    trailRate: rate,
    trailValueTicks: vTicks,
  };
}

/** Price a market order sized in base would roughly trade at: best opposite, else last; 0 when unknown. */
function marketEstimate(inst: Instrument, side: Side): number {
  return inst.opposite(side).best()?.price ?? inst.last;
}
