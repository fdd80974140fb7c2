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
