/**
 * LT subscription (quote → tokens at NAV, less the fee) and redemption (tokens → quote at NAV, less the fee). The
 * spec §5 checks run first, in order, then the daily limits; a refused request is still an order, with status 3
 * and the message key of its failure, so the trader sees it in the records and gets the failure notice. Balances
 * move through the engine's ledger in one action (`Engine.convert`).
 */
import { Decimal } from 'decimal.js';
import type { SimContext } from '../context';
import { checkRedemption, checkSubscription } from '../../workers/protocol/ltChecks';
import { LT_ORDER_STATUS, LT_ORDER_TYPE, type LtOrder, type LtOrderType } from '../../workers/protocol/lt';
import { ParamError } from '../http/params';
import type { LtService } from './service';
import type { LtTokenSpec } from './tokens';

/** The server-only failure: the day's subscription or redemption limit would be passed. */
export const DAILY_LIMIT_FAILURE = 'largeAmount';

/**
 * The order a retried request made (same account and client id), or undefined for a new request. An id reused for
 * another request (other token, type or quantity) is a parameter error: answering the first order would mislead.
 */
export function findRetry(
  lt: LtService,
  accountId: string,
  clientOrderId: string,
  t: LtTokenSpec,
  orderType: LtOrderType,
  quantity: string,
): LtOrder | undefined {
  if (clientOrderId === '') return undefined;
  const first = lt.orders.byClientId(accountId, clientOrderId);
  if (first === undefined) return undefined;
  if (
    first.symbolId !== t.spec.symbolId ||
    first.orderType !== orderType ||
    !new Decimal(first.orderQuantity).eq(quantity)
  )
    throw new ParamError('client_order_id was already used for another request');
  return first;
}

/**
 * Subscribes or redeems for an account; answers the order stored (success or failure). With a client id, a repeat
 * answers the first order and moves nothing (`findRetry`); the id is stored with the order, so this holds across
 * a restart.
 */
export function placeLtOrder(
  ctx: SimContext,
  lt: LtService,
  accountId: string,
  t: LtTokenSpec,
  orderType: LtOrderType,
  quantity: string,
  clientOrderId = '',
): LtOrder {
  const retried = findRetry(lt, accountId, clientOrderId, t, orderType, quantity);
  if (retried !== undefined) return retried;
  const spec = t.spec;
  const now = ctx.clock.now();
  const sub = orderType === LT_ORDER_TYPE.subscription;
  const state = lt.checkState(t);
  const s = lt.state(t);
  const order = (status: LtOrder['status'], deal: Partial<LtOrder>): LtOrder => {
    const o: LtOrder = {
      orderId: lt.orders.newId(),
      symbolId: spec.symbolId,
      symbolName: spec.symbol,
      token: spec.base,
      quote: spec.quote,
      orderType,
      orderQuantity: new Decimal(quantity).toString(),
      status,
      nav: '0',
      fee: '0',
      dealQuantity: '0',
      failReason: '',
      failValues: {},
      createdTime: now,
      ...(clientOrderId === '' ? {} : { clientOrderId }),
      ...deal,
    };
    lt.orders.add(accountId, o);
    return o;
  };
  const refuse = (key: string, values: Readonly<Record<string, string>> = {}): LtOrder =>
    order(LT_ORDER_STATUS.failure, { failReason: key, failValues: values, nav: state.nav });

  const free = (coin: string): string => ctx.engine.balance(accountId, coin).free;
  const check = sub
    ? checkSubscription(quantity, free(spec.quote), state)
    : checkRedemption(quantity, free(spec.base), state);
  if (!check.ok) return refuse(check.key, check.values);

  const q = new Decimal(quantity);
  const usage = lt.dailyUsage(t, accountId);
  if (q.gt(sub ? usage.dailyPurchaseRemaining : usage.dailyRedeemRemaining))
    return refuse(DAILY_LIMIT_FAILURE);

  const nav = new Decimal(state.nav);
  const rate = new Decimal(t.feeRate);
  let fee: Decimal;
  let deal: Decimal;
  if (sub) {
    // The fee comes off the amount; tokens are rounded down to the lot, the dust stays in the basket.
    fee = q.mul(rate).toDecimalPlaces(spec.amountPrecision, Decimal.ROUND_UP);
    deal = q.minus(fee).div(nav).toDecimalPlaces(spec.quantityPrecision, Decimal.ROUND_DOWN);
    if (deal.lte(0)) return refuse('minAmount', { value: t.minPurchase, currency: spec.quote });
  } else {
    const gross = q.mul(nav);
    fee = gross.mul(rate).toDecimalPlaces(spec.amountPrecision, Decimal.ROUND_UP);
    deal = gross.minus(fee).toDecimalPlaces(spec.amountPrecision, Decimal.ROUND_DOWN);
    if (deal.lte(0)) return refuse('minQuantity', { value: t.minRedeem, currency: spec.base });
  }
  const moved = sub
    ? ctx.engine.convert(
        accountId,
        { coin: spec.quote, amount: q.toString() },
        { coin: spec.base, amount: deal.toString() },
      )
    : ctx.engine.convert(
        accountId,
        { coin: spec.base, amount: q.toString() },
        { coin: spec.quote, amount: deal.toString() },
      );
  if (!moved.ok)
    return refuse(sub ? 'usdtNotEnough' : 'amountNotEnough', { currency: sub ? spec.quote : spec.base });
  s.supply = (
    sub ? new Decimal(s.supply).plus(deal) : Decimal.max(0, new Decimal(s.supply).minus(q))
  ).toString();
  lt.save(t);
  return order(LT_ORDER_STATUS.success, {
    nav: nav.toFixed(spec.pricePrecision),
    fee: fee.toString(),
    dealQuantity: deal.toString(),
  });
}
