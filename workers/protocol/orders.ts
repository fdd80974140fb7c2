/** Order status and plan type vocabulary shared by the simulator and the client (spec §3, §4). */

/** v5 order statuses (bybit-wire.md §4). */
export type WireOrderStatus =
  | 'New'
  | 'PartiallyFilled'
  | 'Untriggered'
  | 'Rejected'
  | 'PartiallyFilledCanceled'
  | 'Filled'
  | 'Cancelled'
  | 'Triggered'
  | 'Deactivated';

/** The product's status labels (spec §3 "Order status labels"). */
export type OrderStatusLabel =
  | 'UNKNOWN'
  | 'NEW'
  | 'PENDING_NEW'
  | 'PENDING_CANCEL'
  | 'ORDER_NEW'
  | 'ORDER_FILLED'
  | 'ORDER_CANCELED'
  | 'ORDER_REJECTED'
  | 'PARTIALLY_FILLED'
  | 'PARTIALLY_FILLED_CANCELED'
  | 'FILLED'
  | 'CANCELED'
  | 'REJECTED';

/** Plan type codes (spec §3): ordinary -1, conditional 1, stop-limit 8, OCO 10, TP/SL 11, trailing 4 and 5. */
export const PLAN_TYPES = {
  ordinary: -1,
  conditional: 1,
  trailingStop: 4,
  trailingProfit: 5,
  stopLimit: 8,
  oco: 10,
  tpsl: 11,
} as const;

/** True for the plan types whose cancel/reject map to ORDER_* labels (spec §4). */
export function isPlanType(planType: number): boolean {
  return (
    planType === 1 || planType === 8 || planType === 10 || planType === 11 || planType === 4 || planType === 5
  );
}

/** The unified status mapping of spec §4. */
export function toStatusLabel(status: string, planType: number): OrderStatusLabel {
  switch (status) {
    case 'Filled':
      return 'FILLED';
    case 'PartiallyFilledCanceled':
      return 'PARTIALLY_FILLED_CANCELED';
    case 'PartiallyFilled':
      return 'PARTIALLY_FILLED';
    case 'New':
      return 'NEW';
    case 'Deactivated':
      return 'ORDER_CANCELED';
    case 'Triggered':
      return 'ORDER_FILLED';
    case 'Untriggered':
      return 'ORDER_NEW';
    case 'Cancelled':
      return isPlanType(planType) ? 'ORDER_CANCELED' : 'CANCELED';
    case 'Rejected':
      return isPlanType(planType) ? 'ORDER_REJECTED' : 'REJECTED';
    default:
      return 'UNKNOWN';
  }
}

/** The product's order-create error codes (spec §8) and the simulator's reasons for them. */
export const CREATE_ERRORS = {
  /** Too many order attempts in a short window: the trade-try-limit state. */
  tradeTryLimit: 170348,
  /** A standard (classic) account tried a unified-only feature: the standard-account-limit state. */
  standardAccountLimit: 32329,
  /** Innovation-zone remaining quota exceeded. */
  innovationQuota: 170350,
  /** A leveraged order of a non-unified account cannot be modified. */
  modifyLeverage: 170351,
  /** Cancel during liquidation (spec §8 81001). */
  liquidation: 81001,
} as const;

/**
 * The orderCreate request body (spec §7) as it travels: the wire field names the simulator reads, every field as
 * the simulator accepts it. Decimals are strings; `symbol_id`, `plan_type` and `is_leverage` may also arrive as a
 * JSON number / boolean, which the simulator reads the same as their string forms.
 */
export interface CreateOrderRequest {
  /** Symbol name or numeric id; `symbol` is read when absent. */
  readonly symbol_id?: string | number;
  readonly symbol?: string;
  /** 1–64 characters of [A-Za-z0-9_-:.]; a repeat answers the first order (idempotent retry). */
  readonly client_order_id: string;
  /** "buy" / "sell" (any case), or "0" / "1". */
  readonly side: string;
  /** "limit" / "market" (any case). */
  readonly type: string;
  /** Plan code of spec §3 (-1 ordinary; default). */
  readonly plan_type?: string | number;
  /** Margin order; only unified accounts may send true. */
  readonly is_leverage?: boolean | string;
  readonly price?: string;
  readonly quantity?: string;
  readonly amount?: string;
  readonly market_unit?: 'baseCoin' | 'quoteCoin';
  /** Default GTC. */
  readonly time_in_force?: 'GTC' | 'IOC' | 'FOK' | 'PostOnly';
  readonly trigger_price?: string;
  /** OCO / TP-SL legs, flattened: trigger price, "limit" / "market" (default market), limit price for limit legs. */
  readonly tp_trigger_price?: string;
  readonly tp_order_type?: string;
  readonly tp_limit_price?: string;
  readonly sl_trigger_price?: string;
  readonly sl_order_type?: string;
  readonly sl_limit_price?: string;
  /** Trailing orders: optional activation price and exactly one of rate (fraction) or distance. */
  readonly activation_price?: string;
  readonly trailing_percentage?: string;
  readonly trailing_value?: string;
}

/** A field name of the orderCreate request. */
export type CreateOrderField = keyof CreateOrderRequest;
