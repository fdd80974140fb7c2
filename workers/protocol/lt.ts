/**
 * Leveraged-token shapes of the contract (spec §3 LT, §7 LT calls and the `lt_order` / `user.lt.order` topics): the
 * LT order row the simulator stores, answers and pushes, its decoder, and the statuses. Shared by server/, the hub
 * and the UI so the three cannot drift apart.
 */
import { isRecord, toDecimal, toId, toText, toTime } from './fields';

/** LT order types (spec §3): 1 subscription (quote → token), 2 redemption (token → quote). */
export const LT_ORDER_TYPE = { subscription: 1, redemption: 2 } as const;
/** One LT order type. */
export type LtOrderType = (typeof LT_ORDER_TYPE)[keyof typeof LT_ORDER_TYPE];

/** LT order statuses the realtime push carries (spec §4): 1 success, 3 failure. */
export const LT_ORDER_STATUS = { success: 1, failure: 3 } as const;
/** One LT order status. */
export type LtOrderStatus = (typeof LT_ORDER_STATUS)[keyof typeof LT_ORDER_STATUS];

/** Kline status `st` of an LT (spec §5): 1 open, 2 redemption closed, 3 subscription closed, 4 both, 5 rebalancing. */
export const LT_STATUS = {
  open: 1,
  redemptionClosed: 2,
  subscriptionClosed: 3,
  closed: 4,
  rebalancing: 5,
} as const;

/** Risk states of an LT (spec §5): 0 normal, 4 closing a position, 5 position wear (warning on subscription). */
export const LT_RISK = { normal: 0, closing: 4, wear: 5 } as const;

/** One LT subscription or redemption record (spec §3 LT order: orderType, orderQuantity, status, plus the deal). */
export interface LtOrder {
  readonly orderId: string;
  readonly symbolId: number;
  /** "BTC3LUSDT". */
  readonly symbolName: string;
  /** The token ("BTC3L") and the quote coin ("USDT"). */
  readonly token: string;
  readonly quote: string;
  readonly orderType: LtOrderType;
  /** What the trader asked: a quote amount to subscribe, or a token quantity to redeem. */
  readonly orderQuantity: string;
  readonly status: LtOrderStatus;
  /** NAV the order was priced at ("0" when refused before pricing). */
  readonly nav: string;
  /** Fee in the quote coin ("0" on failure). */
  readonly fee: string;
  /** What the trader received: tokens for a subscription, quote for a redemption ("0" on failure). */
  readonly dealQuantity: string;
  /** Why a failed order was refused: an `lt` message key (spec §8 LT messages); '' on success. */
  readonly failReason: string;
  /** The failure message's values ({currency}, {value}); empty on success. */
  readonly failValues: Readonly<Record<string, string>>;
  /** Creation time, ms. */
  readonly createdTime: number;
  /** The client's id of the request (a retry with it answers this order); absent when the client sent none. */
  readonly clientOrderId?: string;
}

/** Decodes one LT order row (push or REST); undefined when it is not one. */
export function toLtOrder(x: unknown): LtOrder | undefined {
  if (!isRecord(x)) return undefined;
  const orderId = toId(x.orderId);
  const symbolId =
    typeof x.symbolId === 'number' && Number.isSafeInteger(x.symbolId) ? x.symbolId : undefined;
  const orderType = x.orderType === 1 || x.orderType === 2 ? x.orderType : undefined;
  const status = x.status === 1 || x.status === 3 ? x.status : undefined;
  const orderQuantity = toDecimal(x.orderQuantity);
  const nav = toDecimal(x.nav);
  const fee = toDecimal(x.fee);
  const dealQuantity = toDecimal(x.dealQuantity);
  const createdTime = toTime(x.createdTime);
  const symbolName = toText(x.symbolName);
  if (
    orderId === undefined ||
    symbolId === undefined ||
    orderType === undefined ||
    status === undefined ||
    orderQuantity === undefined ||
    nav === undefined ||
    fee === undefined ||
    dealQuantity === undefined ||
    createdTime === undefined ||
    symbolName === ''
  )
    return undefined;
  return {
    orderId,
    symbolId,
    symbolName,
    token: toText(x.token),
    quote: toText(x.quote),
    orderType,
    orderQuantity,
    status,
    nav,
    fee,
    dealQuantity,
    failReason: toText(x.failReason),
    failValues: toTextRecord(x.failValues),
    createdTime,
    ...(typeof x.clientOrderId === 'string' && x.clientOrderId !== ''
      ? { clientOrderId: x.clientOrderId }
      : {}),
  };
}

/** The string entries of an object (at most 8), {} for anything else. */
function toTextRecord(x: unknown): Readonly<Record<string, string>> {
  if (!isRecord(x)) return {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(x).slice(0, 8)) if (typeof v === 'string') out[k] = v;
  return out;
}
