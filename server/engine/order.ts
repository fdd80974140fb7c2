/** The engine's mutable order record and its conversion to the wire-shaped OrderView. */

import type { BookEntry } from './book';
import type { Dec } from './decimal';
import { formatDec, formatUnits, pow10 } from './decimal';
import type { Instrument } from './instrument';
import { ATOM_DP } from './ledger';
import type {
  MarketUnit,
  OcoTriggerBy,
  OrderStatus,
  OrderType,
  OrderView,
  PlanType,
  Side,
  TimeInForce,
} from './types';

/** One OCO / TP-SL leg in ticks; limitTicks is 0 for a market leg. */
export interface Leg {
  readonly triggerTicks: number;
  readonly orderType: OrderType;
  readonly limitTicks: number;
}

/**
 * An order inside the engine. Prices are ticks, quantities lots, money bigint atoms (10^-18).
 * `leavesLots` is the book's field: for limit orders the unfilled quantity; for market orders the remaining lot cap.
 */
export interface Order extends BookEntry {
  readonly id: string;
  /** Numeric id, for newest-first ordering. */
  readonly idNum: number;
  readonly accountId: string;
  readonly system: boolean;
  readonly clientOrderId: string;
  readonly inst: Instrument;
  readonly side: Side;
  orderType: OrderType;
  readonly timeInForce: TimeInForce;
  readonly planType: PlanType;
  readonly marketUnit: MarketUnit;
  readonly isLeverage: boolean;
  /** Limit price (0 for market orders). */
  priceTicks: number;
  /** Ordered quantity (0 for orders sized by quote value). */
  qtyLots: number;
  /** Quote value of market-by-value orders (0n otherwise). */
  amountAtoms: bigint;
  status: OrderStatus;
  cancelType: string;
  filledLots: number;
  execValue: bigint;
  /** Fees paid, in the fee currency (base for buys, quote for sells). */
  fee: bigint;
  /** Funds this order still holds locked: quote atoms for buys, base atoms for sells. */
  locked: bigint;
  /** A market order whose size was cut to what the balance covers (ends PartiallyFilledCanceled, not Filled). */
  capped: boolean;
  triggerTicks: number;
  triggerDirection: 0 | 1 | 2;
  tp: Leg | undefined;
  sl: Leg | undefined;
  ocoTriggerBy: OcoTriggerBy;
  activationTicks: number;
  /** Trailing retracement as a fraction. */
  trailRate: Dec | undefined;
  trailValueTicks: number;
  trailActive: boolean;
  /** Peak (sell) or trough (buy) since activation, ticks. */
  trailExtreme: number;
  readonly parentOrderId: string;
  /** Strategy child orders: the strategy id and createType ('' otherwise). */
  readonly strategyId: string;
  readonly createType: string;
  readonly createdTime: number;
  updatedTime: number;
  /** Book time priority rank while resting (lower = earlier). */
  priority: number;
  /** Bumped on every change; events are emitted only when it moved since the last one. */
  rev: number;
  emittedRev: number;
}

/** Fields a new order is created from; the rest start at their neutral values. */
export interface OrderInit {
  readonly id: string;
  readonly idNum: number;
  readonly accountId: string;
  readonly system: boolean;
  readonly clientOrderId: string;
  readonly inst: Instrument;
  readonly side: Side;
  readonly orderType: OrderType;
  readonly timeInForce: TimeInForce;
  readonly planType: PlanType;
  readonly marketUnit: MarketUnit;
  readonly isLeverage: boolean;
  readonly priceTicks: number;
  readonly qtyLots: number;
  readonly amountAtoms: bigint;
  readonly status: OrderStatus;
  readonly parentOrderId: string;
  readonly time: number;
  /** Strategy child orders only (default ''). */
  readonly strategyId?: string;
  readonly createType?: string;
}

/** Builds an order record with every field present (one hidden class for all orders). */
export function newOrder(i: OrderInit): Order {
  return {
    id: i.id,
    idNum: i.idNum,
    accountId: i.accountId,
    system: i.system,
    clientOrderId: i.clientOrderId,
    inst: i.inst,
    side: i.side,
    orderType: i.orderType,
    timeInForce: i.timeInForce,
    planType: i.planType,
    marketUnit: i.marketUnit,
    isLeverage: i.isLeverage,
    priceTicks: i.priceTicks,
    qtyLots: i.qtyLots,
    amountAtoms: i.amountAtoms,
    status: i.status,
    cancelType: '',
    filledLots: 0,
    execValue: 0n,
    fee: 0n,
    locked: 0n,
    capped: false,
    triggerTicks: 0,
    triggerDirection: 0,
    tp: undefined,
    sl: undefined,
    ocoTriggerBy: '',
    activationTicks: 0,
    trailRate: undefined,
    trailValueTicks: 0,
    trailActive: false,
    trailExtreme: 0,
    parentOrderId: i.parentOrderId,
    strategyId: i.strategyId ?? '',
    createType: i.createType ?? '',
    createdTime: i.time,
    updatedTime: i.time,
    priority: 0,
    rev: 1,
    emittedRev: 0,
    leavesLots: i.qtyLots,
    level: undefined,
    slot: 0,
  };
}

/** True for plan types that wait for a trigger (everything but ordinary and TP/SL-attached limit orders). */
export function isPlan(planType: PlanType): boolean {
  return planType !== -1 && planType !== 11;
}

/** True while the order is open (resting, or waiting for its trigger). */
export function isOpenStatus(status: OrderStatus): boolean {
  return status === 'New' || status === 'PartiallyFilled' || status === 'Untriggered';
}

/** The v5 stopOrderType of a plan type. */
export function stopOrderTypeOf(planType: PlanType): string {
  switch (planType) {
    case -1:
      return '';
    case 1:
      return 'Stop';
    case 8:
      return 'StopLimit';
    case 10:
      return 'OcoOrder';
    case 11:
      return 'tpslOrder';
    case 4:
      return 'TrailingStop';
    case 5:
      return 'TrailingProfit';
  }
}

/** The coin an order locks and pays with: quote for buys, base for sells. */
export function lockCoinOf(o: Order): string {
  return o.side === 'Buy' ? o.inst.quote : o.inst.base;
}

/** The coin fees are charged in: what the order receives. */
export function feeCoinOf(o: Order): string {
  return o.side === 'Buy' ? o.inst.base : o.inst.quote;
}

/** Formats atoms (10^-18) as a trimmed decimal. */
export function fmtAtoms(v: bigint): string {
  return formatUnits(v, ATOM_DP);
}

/** Average fill price: truncated to max(pricePrecision, 8) decimals, trimmed; "0" before any fill. */
export function avgPriceOf(inst: Instrument, filledLots: number, execValue: bigint): string {
  if (filledLots === 0) return '0';
  const dp = Math.max(inst.pp, 8);
  const avg = (execValue * pow10(dp + inst.qp)) / (BigInt(filledLots) * pow10(ATOM_DP));
  return formatUnits(avg, dp);
}

/** Current stop price of a trailing order (ticks), 0 while not activated. */
export function trailingStopTicks(o: Order): number {
  if (!o.trailActive) return 0;
  if (o.trailRate === undefined) {
    return o.side === 'Sell' ? o.trailExtreme - o.trailValueTicks : o.trailExtreme + o.trailValueTicks;
  }
  const den = pow10(o.trailRate.scale);
  const ext = BigInt(o.trailExtreme);
  // Sell stops round down and buy stops up: the price must retrace at least the full rate.
  if (o.side === 'Sell') return Number((ext * (den - o.trailRate.int)) / den);
  return Number((ext * (den + o.trailRate.int) + den - 1n) / den);
}

/** Builds the wire view of an order. */
export function toView(o: Order): OrderView {
  const inst = o.inst;
  const open = isOpenStatus(o.status);
  const resting = o.status === 'New' || o.status === 'PartiallyFilled';
  const isTrailing = o.planType === 4 || o.planType === 5;
  let leavesQty = '0';
  let leavesValue = '0';
  if (open && o.orderType === 'Limit') {
    const leaves = resting ? o.leavesLots : o.qtyLots;
    leavesQty = inst.qty(leaves);
    leavesValue = fmtAtoms(inst.value(o.priceTicks, leaves));
  } else if (open && o.qtyLots > 0) {
    leavesQty = inst.qty(o.qtyLots - o.filledLots);
  } else if (open && o.amountAtoms > 0n) {
    leavesValue = fmtAtoms(o.amountAtoms - o.execValue);
  }
  const trigger = isTrailing ? trailingStopTicks(o) : o.triggerTicks;
  const view: OrderView = {
    orderId: o.id,
    orderLinkId: o.clientOrderId,
    accountId: o.accountId,
    symbol: inst.symbol,
    side: o.side,
    orderType: o.orderType,
    price: inst.price(o.priceTicks),
    qty: inst.qty(o.qtyLots),
    amount: fmtAtoms(o.amountAtoms),
    marketUnit: o.marketUnit,
    timeInForce: o.timeInForce,
    orderStatus: o.status,
    planType: o.planType,
    stopOrderType: stopOrderTypeOf(o.planType),
    triggerPrice: inst.price(trigger),
    triggerDirection: o.triggerDirection,
    takeProfit: o.tp === undefined ? '0' : inst.price(o.tp.triggerTicks),
    stopLoss: o.sl === undefined ? '0' : inst.price(o.sl.triggerTicks),
    tpOrderType: o.tp === undefined ? '' : o.tp.orderType,
    slOrderType: o.sl === undefined ? '' : o.sl.orderType,
    tpLimitPrice: o.tp === undefined ? '0' : inst.price(o.tp.limitTicks),
    slLimitPrice: o.sl === undefined ? '0' : inst.price(o.sl.limitTicks),
    ocoTriggerBy: o.ocoTriggerBy,
    activationPrice: inst.price(o.activationTicks),
    trailingPercentage: o.trailRate === undefined ? '0' : formatDec(o.trailRate),
    trailingValue: inst.price(o.trailValueTicks),
    cumExecQty: inst.qty(o.filledLots),
    cumExecValue: fmtAtoms(o.execValue),
    cumExecFee: fmtAtoms(o.fee),
    feeCurrency: feeCoinOf(o),
    leavesQty,
    leavesValue,
    avgPrice: avgPriceOf(inst, o.filledLots, o.execValue),
    cancelType: o.cancelType,
    rejectReason: '',
    parentOrderId: o.parentOrderId,
    isLeverage: o.isLeverage,
    createdTime: o.createdTime,
    updatedTime: o.updatedTime,
  };
  // Only strategy children carry the two fields, so every other view keeps its shape on the wire.
  return o.strategyId === '' ? view : { ...view, strategyId: o.strategyId, createType: o.createType };
}
