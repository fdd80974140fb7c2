/**
 * How each order notice is shown (spec §4 "Notifications on order push events", §8 "Other notices"): pure mapping
 * from the hub's notice (kind + order) to a message: its words (keys of the `notices` namespace), tone, whether it
 * stays in the notice centre as a notice (not only a 2.5 s toast), its sound, and its delay (the market-order-fail
 * notice shows after 100 ms).
 */
import type { OrderEvent, SymbolInfo } from '../../../workers/api';

/** The notice kinds the hub sends (workers/account/orderNotices.ts). */
export const NOTICE_KINDS = [
  'filled',
  'partialFilledCanceled',
  'canceled',
  'postOnly',
  'reduceOnly',
  'trialMargin',
  'marketFail',
  'amendedPrice',
  'amendedQty',
  'amendedTrigger',
  'ocoTp',
  'ocoSl',
  'ocoUntriggered',
] as const;

/** One kind. */
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** Spec §8: the market-order-fail notice shows 100 ms after the event. */
export const MARKET_FAIL_DELAY_MS = 100;

/** A notice as the hub sends it (AccountDiff.notices). */
export interface HubNotice {
  readonly id: string;
  readonly kind: string;
  readonly sound: boolean;
  readonly order: OrderEvent;
}

/** What the body names: side, size with its coin, pair, and the amended value where one changed. */
export interface NoticeParams {
  readonly side: 'buy' | 'sell';
  readonly qty: string;
  readonly pair: string;
  readonly value: string;
}

/** One message to show. */
export interface NoticeMessage {
  readonly id: string;
  readonly kind: NoticeKind;
  readonly tone: 'success' | 'error' | 'info';
  /** Kept in the notice centre as an unread notice, beyond the toast. */
  readonly persistent: boolean;
  /** The fill sound plays (when the trader's success-audio flag is on). */
  readonly sound: boolean;
  readonly delayMs: number;
  readonly params: NoticeParams;
}

/** True for a kind this page knows. */
export function isNoticeKind(k: string): k is NoticeKind {
  return (NOTICE_KINDS as readonly string[]).includes(k);
}

function toneOf(kind: NoticeKind): NoticeMessage['tone'] {
  switch (kind) {
    case 'filled':
    case 'partialFilledCanceled':
    case 'ocoTp':
    case 'ocoSl':
      return 'success';
    case 'postOnly':
    case 'reduceOnly':
    case 'trialMargin':
    case 'marketFail':
      return 'error';
    case 'canceled':
    case 'amendedPrice':
    case 'amendedQty':
    case 'amendedTrigger':
    case 'ocoUntriggered':
      return 'info';
  }
}

/** Spec §4: a fill stays as a notice unless the order was a market order; the §8 notices all stay. */
function isPersistent(kind: NoticeKind, order: OrderEvent): boolean {
  switch (kind) {
    case 'filled':
      return order.orderType !== 'Market';
    case 'partialFilledCanceled':
    case 'canceled':
      return false;
    case 'postOnly':
    case 'reduceOnly':
    case 'trialMargin':
    case 'marketFail':
    case 'amendedPrice':
    case 'amendedQty':
    case 'amendedTrigger':
    case 'ocoTp':
    case 'ocoSl':
    case 'ocoUntriggered':
      return true;
  }
}

/** The message of one hub notice; null for a kind this build does not know (a newer hub). */
export function toNoticeMessage(n: HubNotice, info: SymbolInfo | undefined): NoticeMessage | null {
  if (!isNoticeKind(n.kind)) return null;
  const o = n.order;
  const byValue = o.orderType === 'Market' && o.marketUnit === 'quoteCoin';
  const coin = info === undefined ? '' : byValue ? info.quote : info.base;
  const value =
    n.kind === 'amendedPrice'
      ? o.price
      : n.kind === 'amendedQty'
        ? o.qty
        : n.kind === 'amendedTrigger'
          ? o.triggerPrice
          : '';
  return {
    id: n.id,
    kind: n.kind,
    tone: toneOf(n.kind),
    persistent: isPersistent(n.kind, o),
    // Spec §4: a cancellation is silent whatever the hub says.
    sound: n.sound && n.kind !== 'canceled',
    delayMs: n.kind === 'marketFail' ? MARKET_FAIL_DELAY_MS : 0,
    params: {
      side: o.side === 'Buy' ? 'buy' : 'sell',
      qty: `${o.orderQtyForView} ${coin}`.trim(),
      pair: info === undefined ? o.symbol : `${info.base}/${info.quote}`,
      value,
    },
  };
}
