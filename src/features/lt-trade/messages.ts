/**
 * The `lt` namespace keys of LT failures and notices (spec §8 LT messages): which key a failure of a subscription or
 * a redemption reads, and the title of a record's notice (spec §4: status 1 success, 3 failure). Pure.
 */
import { ltMessageKey, type LtMessageKey } from '../../../workers/protocol/ltChecks';
import { LT_ORDER_TYPE, type LtOrder, type LtOrderType } from '../../../workers/protocol/lt';

export type { LtMessageKey };

/** The message of a failure key for an order type; null for a key this page does not know (generic text shows). */
export function failureMessageKey(orderType: LtOrderType, key: string): LtMessageKey | null {
  return ltMessageKey(orderType, key);
}

/** Title of an order's notice. */
export function noticeTitleKey(
  o: Pick<LtOrder, 'orderType' | 'status'>,
): 'notice.subscribeOk' | 'notice.subscribeFail' | 'notice.redeemOk' | 'notice.redeemFail' {
  const sub = o.orderType === LT_ORDER_TYPE.subscription;
  if (o.status === 1) return sub ? 'notice.subscribeOk' : 'notice.redeemOk';
  return sub ? 'notice.subscribeFail' : 'notice.redeemFail';
}

/** What the trader paid and received, as "amount coin" texts (the received side is empty for a failure). */
export function dealTexts(o: LtOrder): { readonly paid: string; readonly received: string } {
  const sub = o.orderType === LT_ORDER_TYPE.subscription;
  const paid = `${o.orderQuantity} ${sub ? o.quote : o.token}`;
  const received = o.status === 1 ? `${o.dealQuantity} ${sub ? o.token : o.quote}` : '';
  return { paid, received };
}
