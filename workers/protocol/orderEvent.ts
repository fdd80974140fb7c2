/**
 * One order as the hub and the tabs see it, and its decoder: a private `order` push row (v5 shape) or a REST order row
 * (product shape: open orders, order history, the order-create reply) validated and normalised once, at ingress.
 */
import { toStatusLabel, type OrderStatusLabel } from './orders';
import { isRecord, toDecimal, toDecimalOrZero, toId, toOrderType, toSide, toText, toTime } from './fields';

/** One order as the reducers hold it: the wire row validated and normalised (push and REST rows alike). */
export interface OrderEvent {
  readonly orderId: string;
  readonly clientOrderId: string;
  readonly symbol: string;
  readonly side: 'Buy' | 'Sell';
  readonly orderType: 'Limit' | 'Market';
  /** The product label (spec §4 mapping of the v5 status, or the REST row's own label). */
  readonly status: OrderStatusLabel;
  /** Plan type code of spec §3 (-1 ordinary). */
  readonly planType: number;
  readonly price: string;
  readonly qty: string;
  /** Quote value of a market-by-value order, else "0". */
  readonly amount: string;
  readonly marketUnit: 'baseCoin' | 'quoteCoin';
  /** What the size column shows: the amount for market-by-value orders, else qty. */
  readonly orderQtyForView: string;
  readonly timeInForce: string;
  readonly stopOrderType: string;
  readonly triggerPrice: string;
  readonly activationPrice: string;
  readonly trailingPercentage: string;
  readonly trailingValue: string;
  readonly takeProfit: string;
  readonly stopLoss: string;
  readonly cumExecQty: string;
  readonly cumExecValue: string;
  readonly leavesQty: string;
  readonly avgPrice: string;
  /** 'CreateByIceBerg' | 'CreateByTWAP' for strategy child orders, else ''. */
  readonly createType: string;
  readonly cancelType: string;
  /** OCO only: which leg triggered ('OcoTriggerByTp' | 'OcoTriggerBySl'), '' while untriggered. */
  readonly ocoTriggerBy?: string;
  readonly isLeverage: boolean;
  readonly createdTime: number;
  readonly updatedTime: number;
}

/** Validates one `order` push row (v5 shape) or one REST open-order row (product shape); undefined if unusable. */
export function toOrderEvent(row: unknown): OrderEvent | undefined {
  if (!isRecord(row)) return undefined;
  const orderId = toId(row.orderId);
  const symbol = toId(row.symbol) ?? toId(row.symbolName);
  const side = toSide(row.side);
  const orderType = toOrderType(row.orderType ?? row.type);
  const planType = toPlanType(row.planType ?? row.pltp);
  const status = toLabel(row, planType ?? -1);
  const createdTime = toTime(row.createdTime ?? row.time);
  const qty = toDecimalOrZero(row.qty ?? row.origQty);
  const cumExecQty = toDecimalOrZero(row.cumExecQty ?? row.executedQty);
  if (
    orderId === undefined ||
    symbol === undefined ||
    side === undefined ||
    orderType === undefined ||
    planType === undefined ||
    status === undefined ||
    createdTime === undefined ||
    qty === undefined ||
    cumExecQty === undefined
  ) {
    return undefined;
  }
  const marketUnit = row.marketUnit === 'quoteCoin' ? 'quoteCoin' : 'baseCoin';
  const amount = toDecimalOrZero(row.amount) ?? '0';
  return {
    orderId,
    clientOrderId: toText(row.orderLinkId ?? row.clientOrderId),
    symbol,
    side,
    orderType,
    status,
    planType,
    price: toDecimalOrZero(row.price) ?? '0',
    qty,
    amount,
    marketUnit,
    orderQtyForView:
      toDecimal(row.orderQtyForView) ?? (marketUnit === 'quoteCoin' && orderType === 'Market' ? amount : qty),
    timeInForce: toText(row.timeInForce),
    stopOrderType: toText(row.stopOrderType),
    triggerPrice: toDecimalOrZero(row.triggerPrice) ?? '0',
    activationPrice: toDecimalOrZero(row.activationPrice) ?? '0',
    trailingPercentage: toDecimalOrZero(row.trailingPercentage) ?? '0',
    trailingValue: toDecimalOrZero(row.trailingValue) ?? '0',
    takeProfit: toDecimalOrZero(row.takeProfit) ?? '0',
    stopLoss: toDecimalOrZero(row.stopLoss) ?? '0',
    cumExecQty,
    cumExecValue: toDecimalOrZero(row.cumExecValue ?? row.executedAmount) ?? '0',
    leavesQty: toDecimalOrZero(row.leavesQty) ?? '0',
    avgPrice: toDecimalOrZero(row.avgPrice) ?? '0',
    createType: toText(row.createType),
    cancelType: toText(row.cancelType),
    ocoTriggerBy: toText(row.ocoTriggerBy),
    isLeverage: row.isLeverage === true || row.isLeverage === 1 || row.isLeverage === '1',
    createdTime,
    // A row without updatedTime (some REST shapes) is as old as it can be: any push beats it.
    updatedTime: toTime(row.updatedTime) ?? createdTime,
  };
}

const PLAN_CODES: ReadonlySet<number> = new Set([-1, 1, 4, 5, 8, 10, 11]);

function toPlanType(x: unknown): number | undefined {
  if (x === undefined || x === null || x === '') return -1;
  const n = typeof x === 'string' ? Number(x) : x;
  return typeof n === 'number' && PLAN_CODES.has(n) ? n : undefined;
}

const LABELS: ReadonlySet<string> = new Set<OrderStatusLabel>([
  'UNKNOWN',
  'NEW',
  'PENDING_NEW',
  'PENDING_CANCEL',
  'ORDER_NEW',
  'ORDER_FILLED',
  'ORDER_CANCELED',
  'ORDER_REJECTED',
  'PARTIALLY_FILLED',
  'PARTIALLY_FILLED_CANCELED',
  'FILLED',
  'CANCELED',
  'REJECTED',
]);

function isLabel(x: unknown): x is OrderStatusLabel {
  return typeof x === 'string' && LABELS.has(x);
}

/** The v5 status wins when present (pushes); REST rows may carry only the product label. */
function toLabel(row: Readonly<Record<string, unknown>>, planType: number): OrderStatusLabel | undefined {
  if (typeof row.orderStatus === 'string') {
    const label = toStatusLabel(row.orderStatus, planType);
    return label === 'UNKNOWN' ? undefined : label;
  }
  return isLabel(row.status) && row.status !== 'UNKNOWN' ? row.status : undefined;
}
