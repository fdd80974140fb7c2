/**
 * Which order push events the user is told about (spec §4 "Notifications on order push events"). Pure: the caller
 * passes the status it held before the event (OpenOrders.apply returns it as prevStatus), so a duplicate terminal
 * push (a cancel racing a fill yields two `Filled`) finds its own status already held and stays silent.
 */
import type { OrderStatusLabel } from '../protocol/orders';
import { isTerminalStatus } from './orders';
import { toDecimal } from '../protocol/fields';
import type { OrderEvent } from '../protocol/orderEvent';
import { assertNever } from './wire';

/** Order creators whose fills the strategy panel reports instead (spec §4: iceberg and TWAP skipped). */
export const SILENT_CREATE_TYPES: ReadonlySet<string> = new Set(['CreateByIceBerg', 'CreateByTWAP']);

/** What the toast says. */
export type ToastKind = 'partialFilledCanceled' | 'filled' | 'canceled';

/** Why nothing is shown. */
export type SilentReason =
  /** Iceberg or TWAP child order. */
  | 'strategy'
  /** The order had already reached a terminal status: this event is a duplicate or a late contradiction. */
  | 'alreadyFinal'
  /** A partial fill while the order keeps working. */
  | 'partialFill'
  /** A status the spec does not announce (new, plan-order states, rejections). */
  | 'notAnnounced';

/** The notification decision for one order event. */
export type NotificationDecision =
  | { readonly type: 'none'; readonly reason: SilentReason }
  | { readonly type: 'toast'; readonly kind: ToastKind; readonly withSound: boolean }
  /** A toast plus a notice (the persistent "order filled" notification). */
  | { readonly type: 'toastAndNotice'; readonly kind: ToastKind; readonly withSound: boolean };

/**
 * Decides the notification of one order event given the status held before it. Terminal statuses are announced at
 * most once per order: once final, an order never notifies again (never twice for the same orderId and status).
 */
export function decideNotification(
  prevStatus: OrderStatusLabel | undefined,
  event: Pick<OrderEvent, 'status' | 'orderType' | 'createType'>,
): NotificationDecision {
  if (SILENT_CREATE_TYPES.has(event.createType)) return { type: 'none', reason: 'strategy' };
  if (prevStatus !== undefined && isTerminalStatus(prevStatus))
    return { type: 'none', reason: 'alreadyFinal' };
  switch (event.status) {
    case 'PARTIALLY_FILLED':
      return { type: 'none', reason: 'partialFill' };
    case 'PARTIALLY_FILLED_CANCELED':
      return { type: 'toast', kind: 'partialFilledCanceled', withSound: true };
    case 'FILLED':
      // A market order fills at once while the user watches: the toast is enough, no notice.
      return event.orderType === 'Market'
        ? { type: 'toast', kind: 'filled', withSound: true }
        : { type: 'toastAndNotice', kind: 'filled', withSound: true };
    case 'CANCELED':
      return { type: 'toast', kind: 'canceled', withSound: false };
    case 'UNKNOWN':
    case 'NEW':
    case 'PENDING_NEW':
    case 'PENDING_CANCEL':
    case 'ORDER_NEW':
    case 'ORDER_FILLED':
    case 'ORDER_CANCELED':
    case 'ORDER_REJECTED':
    case 'REJECTED':
      return { type: 'none', reason: 'notAnnounced' };
    default:
      return assertNever(event.status);
  }
}

/** A strategy (tools) order as the strategy list returns it: what the finish message looks at. */
export interface StrategyOrderState {
  readonly strategyType: string;
  /** The strategy list's status code (3: finished, in the history list). */
  readonly status: number;
  readonly executedSize: string;
}

/**
 * Spec §4: a finished iceberg or TWAP order (status 3) that executed something shows 'strategyFinishMessage'. The
 * caller shows it once per strategy id, as for order toasts.
 */
export function isStrategyFinished(s: StrategyOrderState): boolean {
  return (
    (s.strategyType === 'iceberg' || s.strategyType === 'twap') &&
    s.status === 3 &&
    toDecimal(s.executedSize) !== undefined &&
    // A plain decimal is nonzero exactly when it has a nonzero digit.
    /[1-9]/.test(s.executedSize)
  );
}
