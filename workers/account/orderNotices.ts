/**
 * Every notice one order push gives (spec §4 "Notifications on order push events", §8 "Other notices"): the toast
 * decision of notifications.ts refined by why the order ended (post-only, reduce-only, trial-margin overuse, a market
 * order that found nothing to fill), plus what that module does not announce: an OCO's trigger result and an
 * amended price, quantity or trigger price of a working order. Pure: the caller passes the order it held before.
 */
import type { OrderStatusLabel } from '../protocol/orders';
import type { OrderEvent } from '../protocol/orderEvent';
import { decideNotification, SILENT_CREATE_TYPES } from './notifications';
import { isTerminalStatus } from './orders';

/** What a notice is about (the tab picks its words and its way of showing by this). */
export type OrderNoticeKind =
  | 'filled'
  | 'partialFilledCanceled'
  | 'canceled'
  | 'postOnly'
  | 'reduceOnly'
  | 'trialMargin'
  | 'marketFail'
  | 'amendedPrice'
  | 'amendedQty'
  | 'amendedTrigger'
  | 'ocoTp'
  | 'ocoSl'
  | 'ocoUntriggered';

/** One notice to send the tabs. */
export interface OrderNotice {
  readonly kind: OrderNoticeKind;
  readonly sound: boolean;
}

/** Cancel types that have their own message (the engine's and the exchange's names). */
const CANCEL_REASONS: Readonly<Record<string, OrderNoticeKind>> = {
  CancelByPostOnly: 'postOnly',
  CancelByReduceOnly: 'reduceOnly',
  CancelByTrialMarginOveruse: 'trialMargin',
};

/** OCO plan type (spec §3). */
const OCO = 10;

/** The notices of one order event, given the order held before it (undefined when new) and its status. */
export function orderNoticesOf(
  before: OrderEvent | undefined,
  prevStatus: OrderStatusLabel | undefined,
  ev: OrderEvent,
): readonly OrderNotice[] {
  if (SILENT_CREATE_TYPES.has(ev.createType)) return [];
  const d = decideNotification(prevStatus, ev);
  if (d.type !== 'none') {
    if (ev.status === 'CANCELED' || ev.status === 'PARTIALLY_FILLED_CANCELED') {
      const reason = CANCEL_REASONS[ev.cancelType];
      if (reason !== undefined) return [{ kind: reason, sound: false }];
      // A market order the book could not fill at all (IOC remainder cancelled with nothing done).
      if (ev.orderType === 'Market' && ev.status === 'CANCELED' && !/[1-9]/.test(ev.cumExecQty))
        return [{ kind: 'marketFail', sound: false }];
    }
    return [{ kind: d.kind, sound: d.withSound }];
  }
  const wasFinal = prevStatus !== undefined && isTerminalStatus(prevStatus);
  if (ev.planType === OCO && !wasFinal) {
    if (ev.status === 'ORDER_FILLED')
      return [{ kind: ev.ocoTriggerBy === 'OcoTriggerBySl' ? 'ocoSl' : 'ocoTp', sound: true }];
    if (ev.status === 'ORDER_CANCELED' && ev.cancelType !== 'CancelByUser' && ev.cancelType !== '')
      return [{ kind: 'ocoUntriggered', sound: false }];
  }
  if (before === undefined || wasFinal || isTerminalStatus(ev.status) || before.status !== ev.status)
    return [];
  const out: OrderNotice[] = [];
  if (before.price !== ev.price) out.push({ kind: 'amendedPrice', sound: false });
  if (before.qty !== ev.qty) out.push({ kind: 'amendedQty', sound: false });
  if (before.triggerPrice !== ev.triggerPrice) out.push({ kind: 'amendedTrigger', sound: false });
  return out;
}
