/**
 * The orderCreate call (spec §7): reads the shared `CreateOrderRequest` fields in the order the checks are
 * documented (idempotent retry first, then the attempt limit, then the fields), then the zone quota, then the engine.
 */
import type { CreateOrderField } from '../../workers/protocol/orders';
import { CREATE_ERRORS } from '../../workers/protocol/orders';
import { CALLS } from '../../workers/protocol/paths';
import type { Account } from '../accounts/accounts';
import type { RouteModule, SimContext } from '../context';
import type { LegSpec, OrderType, PlaceOrderRequest } from '../engine/types';
import { ParamError, type Params } from '../http/params';
import { ApiError } from '../http/router';
import type { SymbolSpec } from '../market/symbols';
import { me, persist, planTypeOf, readSymbol, unwrap } from './orderParams';
import { toProductOrder } from './productOrder';
import { checkMarginOrder } from '../margin/services';

/** Order attempts allowed per account per window before the trade-try-limit code. */
export const CREATE_BURST = 40;
const CREATE_WINDOW_MS = 10_000;
const CLIENT_ID = /^[A-Za-z0-9_\-:.]{1,64}$/;

/** A create field name, checked against the shared request type so the two cannot drift apart. */
function field<K extends CreateOrderField>(name: K): K {
  return name;
}

/** Rolling order-attempt counter per account (trade-try-limit). */
class AttemptLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(private readonly now: () => number) {}

  /** Counts one attempt; false once the account is over the burst in the window. */
  allow(accountId: string): boolean {
    const t = this.now();
    const list = (this.hits.get(accountId) ?? []).filter((x) => t - x < CREATE_WINDOW_MS);
    list.push(t);
    this.hits.set(accountId, list);
    return list.length <= CREATE_BURST;
  }
}

function readSide(p: Params): 'Buy' | 'Sell' {
  const name = field('side');
  const v = p.reqStr(name, { max: 8 }).toLowerCase();
  if (v === 'buy' || v === '0') return 'Buy';
  if (v === 'sell' || v === '1') return 'Sell';
  throw new ParamError(`${name} must be buy or sell`);
}

function readType(p: Params, name: CreateOrderField, required: boolean): OrderType | undefined {
  const v = p.str(name, { max: 16, required })?.toLowerCase();
  if (v === undefined) return undefined;
  if (v === 'limit') return 'Limit';
  if (v === 'market') return 'Market';
  throw new ParamError(`${name} must be limit or market`);
}

function readLeg(p: Params, prefix: 'tp' | 'sl'): LegSpec | undefined {
  const triggerPrice = p.decimal(field(`${prefix}_trigger_price`), { positive: true });
  if (triggerPrice === undefined) return undefined;
  const orderType = readType(p, field(`${prefix}_order_type`), false) ?? 'Market';
  const limitName = field(`${prefix}_limit_price`);
  const limitPrice = p.decimal(limitName, { positive: true });
  if (orderType === 'Limit' && limitPrice === undefined) throw new ParamError(`${limitName} is required`);
  return limitPrice === undefined ? { triggerPrice, orderType } : { triggerPrice, orderType, limitPrice };
}

/** A positive decimal create field. */
function positive(p: Params, name: CreateOrderField): string | undefined {
  return p.decimal(name, { positive: true });
}

/** The engine request of the fields after the side, type, plan type and leverage checks, in wire order. */
function readRest(
  p: Params,
  base: Pick<
    PlaceOrderRequest,
    'accountId' | 'clientOrderId' | 'symbol' | 'side' | 'orderType' | 'planType' | 'isLeverage'
  >,
): PlaceOrderRequest {
  const price = positive(p, 'price');
  const qty = positive(p, 'quantity');
  const amount = positive(p, 'amount');
  const marketUnit = p.oneOf(field('market_unit'), ['baseCoin', 'quoteCoin'] as const);
  const tif = p.oneOf(field('time_in_force'), ['GTC', 'IOC', 'FOK', 'PostOnly'] as const, { def: 'GTC' });
  const triggerPrice = positive(p, 'trigger_price');
  const takeProfit = readLeg(p, 'tp');
  const stopLoss = readLeg(p, 'sl');
  const activationPrice = positive(p, 'activation_price');
  const trailingPercentage = positive(p, 'trailing_percentage');
  const trailingValue = positive(p, 'trailing_value');
  return {
    ...base,
    timeInForce: tif ?? 'GTC',
    ...(price === undefined ? {} : { price }),
    ...(qty === undefined ? {} : { qty }),
    ...(amount === undefined ? {} : { amount }),
    ...(marketUnit === undefined ? {} : { marketUnit }),
    ...(triggerPrice === undefined ? {} : { triggerPrice }),
    ...(takeProfit === undefined ? {} : { takeProfit }),
    ...(stopLoss === undefined ? {} : { stopLoss }),
    ...(activationPrice === undefined ? {} : { activationPrice }),
    ...(trailingPercentage === undefined ? {} : { trailingPercentage }),
    ...(trailingValue === undefined ? {} : { trailingValue }),
  };
}

/** Quote value an order counts against a zone quota: the amount, else price × qty, else 0. */
function quotaValue(req: PlaceOrderRequest): number {
  const { amount, price, qty } = req;
  return Number(amount ?? (price !== undefined && qty !== undefined ? Number(price) * Number(qty) : 0));
}

function quotaCheck(
  ctx: SimContext,
  a: Account,
  spec: SymbolSpec,
  side: 'Buy' | 'Sell',
  value: number,
): void {
  if (spec.quota === '' || side !== 'Buy' || a.isUTA) return;
  const used = Number(ctx.accounts.settings().quotaUsed[a.id]?.[spec.symbol] ?? '0');
  if (used + value > Number(spec.quota)) {
    throw new ApiError(
      CREATE_ERRORS.innovationQuota,
      `innovation zone quota exceeded: ${Math.max(0, Number(spec.quota) - used)} ${spec.quote} left`,
    );
  }
}

function quotaUse(ctx: SimContext, a: Account, spec: SymbolSpec, side: 'Buy' | 'Sell', value: number): void {
  if (spec.quota === '' || side !== 'Buy' || a.isUTA) return;
  const q = ctx.accounts.settings().quotaUsed;
  const mine = (q[a.id] ??= {});
  mine[spec.symbol] = String(Number(mine[spec.symbol] ?? '0') + value);
  ctx.accounts.changed(a.id);
}

/** Registers orderCreate. */
export const registerCreateRoute: RouteModule = (router, ctx) => {
  const limiter = new AttemptLimiter(ctx.now);

  router.on(CALLS.orderCreate, ({ params, session }) => {
    const a = me(session);
    const spec = readSymbol(params);
    const clientOrderId = params.reqStr(field('client_order_id'), { pattern: CLIENT_ID });
    // A retried create answers the first order, before any other check can fail it differently.
    const existing = ctx.engine.getOrderByClientId(a.id, clientOrderId);
    if (existing !== undefined) return toProductOrder(existing);
    if (!limiter.allow(a.id))
      throw new ApiError(CREATE_ERRORS.tradeTryLimit, 'too many order attempts, please try again later');
    const side = readSide(params);
    const orderType = readType(params, 'type', true) ?? 'Limit';
    const planType = planTypeOf(params, -1) ?? -1;
    const isLeverage = params.bool(field('is_leverage'));
    if (isLeverage && !a.isUTA) {
      throw new ApiError(
        CREATE_ERRORS.standardAccountLimit,
        'margin trading needs a unified trading account',
      );
    }
    if (isLeverage) checkMarginOrder(ctx, a);
    const req = readRest(params, {
      accountId: a.id,
      clientOrderId,
      symbol: spec.symbol,
      side,
      orderType,
      planType,
      isLeverage,
    });
    const value = quotaValue(req);
    quotaCheck(ctx, a, spec, side, value);
    const order = unwrap(ctx.engine.placeOrder(req));
    quotaUse(ctx, a, spec, side, value);
    persist(ctx);
    return toProductOrder(order);
  });
};
