/**
 * The LT subscription and redemption checks of spec §5, in the spec's order: the first failure is the answer, with
 * its message key (spec §8 LT messages) and the values the message shows. Risk state 5 on a subscription is a
 * warning, never a failure. Pure; the form runs it before sending and the simulator runs it again on receipt, so the
 * two refuse alike.
 */
import { Decimal } from 'decimal.js';
import { LT_RISK } from './lt';

/** What the checks read of a token (the LT symbol info, spec §3 LT) besides the trader's input and balance. */
export interface LtCheckState {
  /** Kline status `st` (1–5). */
  readonly st: number;
  /** Risk state (0, 4 or 5). */
  readonly riskState: number;
  /** Risk-control switch (riskSwitchStatus 1). */
  readonly riskSwitchOn: boolean;
  /** NAV per token, decimal string. */
  readonly nav: string;
  readonly minPurchase: string;
  readonly maxPurchase: string;
  readonly minRedeem: string;
  readonly maxRedeem: string;
  /** Quote and token names for the messages ("USDT", "BTC3L"). */
  readonly quote: string;
  readonly token: string;
}

/** Message keys of the subscription failures, in check order (spec §5, §8). */
export const SUBSCRIPTION_FAILURES = [
  'failedInputAmount',
  'usdtNotEnough',
  'closed',
  'changePosition',
  'closePosition',
  'invalidValue',
  'maxAmount',
  'minAmount',
] as const;
/** One subscription failure key. */
export type SubscriptionFailure = (typeof SUBSCRIPTION_FAILURES)[number];

/** Message keys of the redemption failures, in check order (spec §5, §8). */
export const REDEMPTION_FAILURES = [
  'failedInputQuantity',
  'amountNotEnough',
  'closed',
  'changePosition',
  'wearPosition',
  'netWorth',
  'minQuantity',
  'maxQuantity',
] as const;
/** One redemption failure key. */
export type RedemptionFailure = (typeof REDEMPTION_FAILURES)[number];

/** A check's answer: the first failure with its message values, or a pass with an optional warning key. */
export type LtCheckResult<K extends string> =
  | { readonly ok: false; readonly key: K; readonly values: Readonly<Record<string, string>> }
  | { readonly ok: true; readonly warning: 'wearPosition' | null };

/** A decimal, or null when the text is not a plain non-negative number. */
function dec(text: string): Decimal | null {
  const t = text.trim();
  if (!/^\d+(\.\d+)?$|^\d*\.\d+$/.test(t)) return null;
  return new Decimal(t);
}

function failed<K extends string>(key: K, values: Record<string, string> = {}): LtCheckResult<K> {
  return { ok: false, key, values };
}

/** The 9 subscription checks (8 failures and the risk-5 warning) for a quote `amount` against `available` quote. */
export function checkSubscription(
  amount: string,
  available: string,
  s: LtCheckState,
): LtCheckResult<SubscriptionFailure> {
  const a = dec(amount);
  if (a === null || a.isZero()) return failed('failedInputAmount');
  if (a.gt(dec(available) ?? 0)) return failed('usdtNotEnough', { currency: s.quote });
  if (s.st === 3 || s.st === 4) return failed('closed');
  if (s.st === 5) return failed('changePosition');
  if (s.riskState === LT_RISK.closing && s.riskSwitchOn) return failed('closePosition');
  const nav = dec(s.nav);
  if (nav === null || nav.isZero()) return failed('invalidValue');
  const max = dec(s.maxPurchase);
  if (max !== null && a.gt(max)) return failed('maxAmount', { value: s.maxPurchase, currency: s.quote });
  const min = dec(s.minPurchase);
  if (min !== null && a.lt(min)) return failed('minAmount', { value: s.minPurchase, currency: s.quote });
  return { ok: true, warning: s.riskState === LT_RISK.wear ? 'wearPosition' : null };
}

/** The 8 redemption checks for a token `quantity` against the `available` token balance. */
export function checkRedemption(
  quantity: string,
  available: string,
  s: LtCheckState,
): LtCheckResult<RedemptionFailure> {
  const q = dec(quantity);
  if (q === null || q.isZero()) return failed('failedInputQuantity');
  if (q.gt(dec(available) ?? 0)) return failed('amountNotEnough', { currency: s.token });
  if (s.st === 2 || s.st === 4) return failed('closed');
  if (s.st === 5) return failed('changePosition');
  if (s.riskState === LT_RISK.closing) return failed('wearPosition');
  const nav = dec(s.nav);
  if (nav === null || nav.isZero()) return failed('netWorth');
  const min = dec(s.minRedeem);
  if (min !== null && q.lt(min)) return failed('minQuantity', { value: s.minRedeem, currency: s.token });
  const max = dec(s.maxRedeem);
  if (max !== null && q.gt(max)) return failed('maxQuantity', { value: s.maxRedeem, currency: s.token });
  return { ok: true, warning: null };
}

/** The failure keys the simulator adds to the checks (the daily limits), and the risk-5 warning. */
type SubscriptionMessage = SubscriptionFailure | 'largeAmount' | 'wearPosition';
type RedemptionMessage = RedemptionFailure | 'largeAmount';

/** A failure or warning message key, scoped by order type as the `lt` namespace files hold them. */
export type LtMessageKey = `subscribe.${SubscriptionMessage}` | `redeem.${RedemptionMessage}`;

const SUBSCRIPTION_MESSAGES: ReadonlySet<string> = new Set<string>([
  ...SUBSCRIPTION_FAILURES,
  'largeAmount',
  'wearPosition',
]);
const REDEMPTION_MESSAGES: ReadonlySet<string> = new Set<string>([...REDEMPTION_FAILURES, 'largeAmount']);

function isSubscriptionMessage(k: string): k is SubscriptionMessage {
  return SUBSCRIPTION_MESSAGES.has(k);
}

function isRedemptionMessage(k: string): k is RedemptionMessage {
  return REDEMPTION_MESSAGES.has(k);
}

/** The message key of a stored failure (order type 1 subscription, 2 redemption); null for an unknown reason. */
export function ltMessageKey(orderType: number, reason: string): LtMessageKey | null {
  if (orderType === 1) return isSubscriptionMessage(reason) ? `subscribe.${reason}` : null;
  if (orderType === 2) return isRedemptionMessage(reason) ? `redeem.${reason}` : null;
  return null;
}
