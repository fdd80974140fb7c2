/** Order calls (spec §7 Orders), fills and averages (spec §7 Fills and averages). */
import { CALLS } from '../../workers/protocol/paths';
import { CREATE_ERRORS, toStatusLabel } from '../../workers/protocol/orders';
import type { Account } from '../accounts/accounts';
import type { RouteModule, SimContext } from '../context';
import type { EngineResult, ExecutionView, LegSpec, OrderType, OrderView, PlanType } from '../engine/types';
import { ApiError, RawReply } from '../http/router';
import { ParamError, type Params } from '../http/params';
import Decimal from 'decimal.js';
import { findSymbol, SYMBOL_BY_NAME, type SymbolSpec } from '../market/symbols';

const DAY = 86_400_000;
/** Fill history window (spec §9). */
export const FILL_WINDOW_DAYS = 90;
/** Order attempts allowed per account per window before the trade-try-limit code. */
export const CREATE_BURST = 40;
const CREATE_WINDOW_MS = 10_000;
const CLIENT_ID = /^[A-Za-z0-9_\-:.]{1,64}$/;
const PLAN_TYPES: readonly string[] = ['-1', '1', '4', '5', '8', '10', '11'];

/** The product's order shape (spec §3 Order) with the v5 fields alongside. */
export function toProductOrder(o: OrderView): Record<string, unknown> {
  const spec = SYMBOL_BY_NAME.get(o.symbol);
  return {
    ...o,
    clientOrderId: o.orderLinkId,
    symbolId: spec?.symbolId ?? 0,
    symbolName: o.symbol,
    baseTokenId: spec?.base ?? '',
    quoteTokenId: spec?.quote ?? '',
    type: o.orderType.toUpperCase(),
    status: toStatusLabel(o.orderStatus, o.planType),
    origQty: o.qty,
    executedQty: o.cumExecQty,
    executedAmount: o.cumExecValue,
    leavesAmount: o.leavesValue,
    orderQtyForView: o.marketUnit === 'quoteCoin' && o.orderType === 'Market' ? o.amount : o.qty,
    time: o.createdTime,
    specialTradeFrom: 1,
    createType: '',
    borrowSize: '0',
    syb: o.symbol,
    mtp: 'spot',
    pltp: o.planType,
  };
}

function readSymbol(p: Params): SymbolSpec {
  const key = p.str('symbol_id', { max: 32 }) ?? p.str('symbol', { max: 32 });
  if (key === undefined) throw new ParamError('symbol_id is required');
  const spec = findSymbol(key);
  if (spec === undefined) throw new ParamError(`symbol ${key} is not listed`);
  return spec;
}

function optionalSymbol(p: Params, name = 'symbol_id'): SymbolSpec | undefined {
  const key = p.str(name, { max: 32 });
  if (key === undefined) return undefined;
  const spec = findSymbol(key);
  if (spec === undefined) throw new ParamError(`${name} ${key} is not listed`);
  return spec;
}

function readSide(p: Params, name = 'side'): 'Buy' | 'Sell' {
  const v = p.reqStr(name, { max: 8 }).toLowerCase();
  if (v === 'buy' || v === '0') return 'Buy';
  if (v === 'sell' || v === '1') return 'Sell';
  throw new ParamError(`${name} must be buy or sell`);
}

function readType(p: Params, name: string, required: boolean): OrderType | undefined {
  const v = p.str(name, { max: 16, required })?.toLowerCase();
  if (v === undefined) return undefined;
  if (v === 'limit') return 'Limit';
  if (v === 'market') return 'Market';
  throw new ParamError(`${name} must be limit or market`);
}

function readLeg(p: Params, prefix: 'tp' | 'sl'): LegSpec | undefined {
  const triggerPrice = p.decimal(`${prefix}_trigger_price`, { positive: true });
  if (triggerPrice === undefined) return undefined;
  const orderType = readType(p, `${prefix}_order_type`, false) ?? 'Market';
  const limitPrice = p.decimal(`${prefix}_limit_price`, { positive: true });
  if (orderType === 'Limit' && limitPrice === undefined)
    throw new ParamError(`${prefix}_limit_price is required`);
  return limitPrice === undefined ? { triggerPrice, orderType } : { triggerPrice, orderType, limitPrice };
}

function unwrap<T>(r: EngineResult<T>): T {
  if (!r.ok) throw new ApiError(r.code, r.message);
  return r.value;
}

function planTypeOf(p: Params, def: PlanType | undefined): PlanType | undefined {
  const v = p.oneOf('plan_type', PLAN_TYPES, def === undefined ? {} : { def: String(def) });
  return v === undefined ? undefined : (Number(v) as PlanType);
}

/** Rolling order-attempt counter per account (trade-try-limit). */
class AttemptLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(private readonly now: () => number) {}

  allow(accountId: string): boolean {
    const t = this.now();
    const list = (this.hits.get(accountId) ?? []).filter((x) => t - x < CREATE_WINDOW_MS);
    list.push(t);
    this.hits.set(accountId, list);
    return list.length <= CREATE_BURST;
  }
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
  ctx.accounts.changed();
}

function execFilter(
  ctx: SimContext,
  a: Account,
  spec: SymbolSpec | undefined,
  since: number,
  until = Infinity,
): ExecutionView[] {
  return ctx.engine
    .executions(a.id, spec === undefined ? { since } : { symbol: spec.symbol, since })
    .filter((e) => e.execTime <= until);
}

/** Registers the order, fill and average calls. */
export const registerOrderRoutes: RouteModule = (router, ctx) => {
  const limiter = new AttemptLimiter(ctx.now);
  const persist = (): void => {
    ctx.store.commit('engine');
  };
  const me = (s: Account | null): Account => {
    if (s === null) throw new ApiError(10007, 'login required', 401);
    return s;
  };

  router.on(CALLS.orderCreate, ({ params, session }) => {
    const a = me(session);
    const spec = readSymbol(params);
    const clientOrderId = params.reqStr('client_order_id', { pattern: CLIENT_ID });
    // A retried create answers the first order, before any other check can fail it differently.
    const existing = ctx.engine.getOrderByClientId(a.id, clientOrderId);
    if (existing !== undefined) return toProductOrder(existing);
    if (!limiter.allow(a.id))
      throw new ApiError(CREATE_ERRORS.tradeTryLimit, 'too many order attempts, please try again later');
    const side = readSide(params);
    const orderType = readType(params, 'type', true) ?? 'Limit';
    const planType = planTypeOf(params, -1) ?? -1;
    const isLeverage = params.bool('is_leverage');
    if (isLeverage && !a.isUTA) {
      throw new ApiError(
        CREATE_ERRORS.standardAccountLimit,
        'margin trading needs a unified trading account',
      );
    }
    const price = params.decimal('price', { positive: true });
    const qty = params.decimal('quantity', { positive: true });
    const amount = params.decimal('amount', { positive: true });
    const marketUnit = params.oneOf('market_unit', ['baseCoin', 'quoteCoin'] as const);
    const tif = params.oneOf('time_in_force', ['GTC', 'IOC', 'FOK', 'PostOnly'] as const, { def: 'GTC' });
    const triggerPrice = params.decimal('trigger_price', { positive: true });
    const takeProfit = readLeg(params, 'tp');
    const stopLoss = readLeg(params, 'sl');
    const activationPrice = params.decimal('activation_price', { positive: true });
    const trailingPercentage = params.decimal('trailing_percentage', { positive: true });
    const trailingValue = params.decimal('trailing_value', { positive: true });
    const value = Number(
      amount ?? (price !== undefined && qty !== undefined ? Number(price) * Number(qty) : 0),
    );
    quotaCheck(ctx, a, spec, side, value);
    const order = unwrap(
      ctx.engine.placeOrder({
        accountId: a.id,
        clientOrderId,
        symbol: spec.symbol,
        side,
        orderType,
        planType,
        isLeverage,
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
      }),
    );
    quotaUse(ctx, a, spec, side, value);
    persist();
    return toProductOrder(order);
  });

  const cancel = (params: Params, session: Account | null, plan: boolean): Record<string, unknown> => {
    const a = me(session);
    const orderId = params.str('order_id', { max: 64 });
    const clientOrderId = params.str('client_order_id', { max: 64 });
    if (orderId === undefined && clientOrderId === undefined)
      throw new ParamError('order_id or client_order_id is required');
    if (plan) planTypeOf(params, undefined);
    const target =
      orderId !== undefined
        ? ctx.engine.getOrder(orderId)
        : ctx.engine.getOrderByClientId(a.id, clientOrderId ?? '');
    if (target === undefined || target.accountId !== a.id) throw new ApiError(170213, 'order does not exist');
    if (plan !== (target.planType !== -1 && target.orderStatus === 'Untriggered')) {
      throw new ApiError(
        170213,
        plan ? 'not an untriggered plan order' : 'plan orders are cancelled with cancelPlanOrder',
      );
    }
    const o = unwrap(ctx.engine.cancelOrder({ accountId: a.id, orderId: target.orderId }));
    persist();
    return toProductOrder(o);
  };
  router.on(CALLS.cancelOrder, ({ params, session }) => cancel(params, session, false));
  router.on(CALLS.cancelPlanOrder, ({ params, session }) => cancel(params, session, true));

  const modify = (params: Params, session: Account | null, plan: boolean): Record<string, unknown> => {
    const a = me(session);
    const orderId = params.str('order_id', { max: 64 });
    const clientOrderId = params.str('client_order_id', { max: 64 });
    if (orderId === undefined && clientOrderId === undefined)
      throw new ParamError('order_id or client_order_id is required');
    optionalSymbol(params);
    const target =
      orderId !== undefined
        ? ctx.engine.getOrder(orderId)
        : ctx.engine.getOrderByClientId(a.id, clientOrderId ?? '');
    if (target === undefined || target.accountId !== a.id) throw new ApiError(170213, 'order does not exist');
    if (target.isLeverage && !a.isUTA)
      throw new ApiError(CREATE_ERRORS.modifyLeverage, 'leveraged orders cannot be modified');
    const price = params.decimal('price', { positive: true });
    const qty = params.decimal('quantity', { positive: true });
    const extra = plan
      ? {
          triggerPrice: params.decimal('trigger_price', { positive: true }),
          activationPrice: params.decimal('activation_price', { positive: true }),
          trailingPercentage: params.decimal('trailing_percentage', { positive: true }),
          trailingValue: params.decimal('trailing_value', { positive: true }),
        }
      : {};
    if (plan) planTypeOf(params, undefined);
    const defined = Object.fromEntries(
      Object.entries({ price, qty, ...extra }).filter(([, v]) => v !== undefined),
    ) as Record<string, string>;
    if (Object.keys(defined).length === 0) throw new ParamError('nothing to modify');
    const o = unwrap(ctx.engine.modifyOrder({ accountId: a.id, orderId: target.orderId, ...defined }));
    persist();
    return toProductOrder(o);
  };
  router.on(CALLS.orderModify, ({ params, session }) => modify(params, session, false));
  router.on(CALLS.planOrderModify, ({ params, session }) => modify(params, session, true));

  const page = (orders: readonly OrderView[], params: Params): Record<string, unknown>[] => {
    const from = params.str('from_order_id', { max: 32, pattern: /^\d+$/ }) ?? '0';
    const limit = params.intOr('limit', 100, { min: 1, max: 100 });
    const after = from === '0' ? orders : orders.filter((o) => BigInt(o.orderId) < BigInt(from));
    return after.slice(0, limit).map(toProductOrder);
  };

  /**
   * Ordinary orders are those working on the book (a limit order carrying TP/SL has planType 11 and is one);
   * plan orders are those waiting for a trigger. `planType` -1 asks for the first, a plan code for the second.
   */
  const openOf = (a: Account, spec: SymbolSpec | undefined, planType: PlanType | undefined): OrderView[] => {
    const all = ctx.engine.openOrders(a.id, spec === undefined ? {} : { symbol: spec.symbol });
    if (planType === undefined) return all;
    if (planType === -1) return all.filter((o) => o.orderStatus !== 'Untriggered');
    return all.filter((o) => o.orderStatus === 'Untriggered' && o.planType === planType);
  };

  router.on(CALLS.getOpenOrders, ({ params, session }) => {
    const a = me(session);
    return { list: page(openOf(a, optionalSymbol(params), -1), params) };
  });

  router.on(CALLS.getOpenPlanOrders, ({ params, session }) => {
    const a = me(session);
    const spec = optionalSymbol(params);
    const pt = planTypeOf(params, undefined);
    const list =
      pt === undefined || pt === -1
        ? openOf(a, spec, undefined).filter((o) => o.orderStatus === 'Untriggered')
        : openOf(a, spec, pt);
    return { list: page(list, params) };
  });

  router.on(CALLS.getUTAOrders, ({ params, session }) => {
    const a = me(session);
    const pt = params.oneOf('planType', PLAN_TYPES);
    params.oneOf('specialTradeFrom', ['0', '1', '2'], { def: '0' });
    const base = params.str('baseTokenId', { max: 16 });
    const quote = params.str('quoteTokenId', { max: 16 });
    const spec = base !== undefined && quote !== undefined ? findSymbol(`${base}${quote}`) : undefined;
    if (base !== undefined && quote !== undefined && spec === undefined) {
      throw new ParamError(`pair ${base}/${quote} is not listed`);
    }
    return { list: page(openOf(a, spec, pt === undefined ? undefined : (Number(pt) as PlanType)), params) };
  });

  router.on(CALLS.queryOpenOrders, ({ params, session }) => {
    const a = me(session);
    params.oneOf('marketType', ['spot', 'SPOT', 'all', 'ALL'], { def: 'spot' });
    params.bool('supportFutureSpread');
    const spec = optionalSymbol(params, 'symbol');
    const list = ctx.engine.openOrders(a.id, spec === undefined ? {} : { symbol: spec.symbol });
    return { list: list.slice(0, 400).map(toProductOrder), downgrading: false };
  });

  const cancelAllReply = (n: number): RawReply =>
    new RawReply({
      status: 200,
      body: { code: 0, success: true, message: 'cancel success', result: { cancelled: n } },
    });

  router.on(CALLS.cancelAll, ({ params, session }) => {
    const a = me(session);
    const ids = params.list('symbol_ids', { max: 50 });
    const symbols = ids.map((k) => {
      const s = findSymbol(k);
      if (s === undefined) throw new ParamError(`symbol_ids: ${k} is not listed`);
      return s.symbol;
    });
    const scope = symbols.length === 0 ? {} : { symbols };
    // Ordinary orders include limit orders carrying TP/SL (planType 11, working on the book).
    const cancelled = [
      ...ctx.engine.cancelAll({ accountId: a.id, ...scope }),
      ...ctx.engine.cancelAll({ accountId: a.id, planType: 11, ...scope }),
    ];
    persist();
    return cancelAllReply(cancelled.length);
  });

  router.on(CALLS.cancelAllPlan, ({ params, session }) => {
    const a = me(session);
    const spec = optionalSymbol(params);
    const planType = Number(
      params.oneOf('plan_type', ['1', '4', '5', '8', '10', '11'], { required: true }),
    ) as PlanType;
    const cancelled = ctx.engine.cancelAll({
      accountId: a.id,
      planType,
      ...(spec === undefined ? {} : { symbols: [spec.symbol] }),
    });
    persist();
    return cancelAllReply(cancelled.length);
  });

  const since = (params: Params): number => {
    const days = Number(params.oneOf('days', ['7', '30', '180'], { def: '7' }));
    return ctx.now() - days * DAY;
  };

  router.on(CALLS.orderHistory, ({ params, session }) => {
    const a = me(session);
    const spec = optionalSymbol(params);
    const pt = planTypeOf(params, undefined);
    const list = ctx.engine.orderHistory(a.id, {
      since: since(params),
      ...(spec === undefined ? {} : { symbol: spec.symbol }),
      ...(pt === undefined ? {} : { planTypes: pt === -1 ? [-1] : [pt] }),
    });
    return { list: page(list, params) };
  });

  router.on(CALLS.tradeHistory, ({ params, session }) => {
    const a = me(session);
    const spec = optionalSymbol(params);
    const limit = params.intOr('limit', 20, { min: 1, max: 100 });
    const from = params.str('from_trade_id', { max: 32, pattern: /^\d+$/ });
    const list = execFilter(ctx, a, spec, since(params)).filter(
      (e) => from === undefined || BigInt(e.execId) < BigInt(from),
    );
    return { list: list.slice(0, limit) };
  });

  // ---- fills and averages ----

  const fillWindow = (params: Params): [number, number] => {
    const now = ctx.now();
    const end = params.int('end_time', { min: 0 }) ?? now;
    const start = params.int('start_time', { min: 0 }) ?? end - FILL_WINDOW_DAYS * DAY;
    if (start > end) throw new ParamError('start_time must not be after end_time');
    if (end - start > FILL_WINDOW_DAYS * DAY + DAY)
      throw new ParamError(`the window is at most ${FILL_WINDOW_DAYS} days`);
    return [start, end];
  };
  const maxVersion = (list: readonly ExecutionView[]): string => list[0]?.execId ?? '0';

  router.on(CALLS.tradeInfoClassic, ({ params, session }) => {
    const a = me(session);
    const spec = readSymbol(params);
    const [start, end] = fillWindow(params);
    const fills = execFilter(ctx, a, spec, start, end);
    const row = (e: ExecutionView): Record<string, unknown> => ({
      matchTime: e.execTime,
      price: e.execPrice,
      amount: e.execValue,
      quantity: e.execQty,
      tokenFee: e.execFee,
      feeTokenId: e.feeCurrency,
      orderType: e.orderType.toUpperCase(),
      tradeId: e.execId,
      orderId: e.orderId,
    });
    return {
      lastTradeId: maxVersion(fills),
      buys: fills.filter((e) => e.side === 'Buy').map(row),
      sells: fills.filter((e) => e.side === 'Sell').map(row),
    };
  });

  router.on(CALLS.tradeInfoUnified, ({ params, session }) => {
    const a = me(session);
    params.oneOf('contractType', ['6'], { def: '6' });
    const spec = readSymbol(params);
    const fills = execFilter(ctx, a, spec, ctx.now() - FILL_WINDOW_DAYS * DAY);
    return {
      maxMarginVersion: maxVersion(fills),
      list: fills.map((e) => ({
        tradeTime: e.execTime,
        side: e.side,
        execPrice: e.execPrice,
        execValue: e.execValue,
        execQty: e.execQty,
        execFee: e.execFee,
        feeCurrency: e.feeCurrency,
        orderType: e.orderType,
        tradeId: e.execId,
        orderId: e.orderId,
        symbolId: spec.symbolId,
      })),
    };
  });

  const sums = (fills: readonly ExecutionView[]): [string, string] => {
    let value = new Decimal(0);
    let qty = new Decimal(0);
    for (const e of fills) {
      value = value.plus(e.execValue);
      qty = qty.plus(e.execQty);
    }
    return [value.toFixed(), qty.toFixed()];
  };

  router.on(CALLS.avgUnified, ({ params, session }) => {
    const a = me(session);
    params.oneOf('contractType', ['6'], { def: '6' });
    const spec = readSymbol(params);
    // Spec §7: side is 0 buy / 1 sell "plus 1", so 1 = buy and 2 = sell on the wire.
    const side = params.oneOf('side', ['1', '2'], { required: true }) === '1' ? 'Buy' : 'Sell';
    const days = params.intOr('daySpan', 7, { min: 1, max: 1095 });
    const fills = execFilter(ctx, a, spec, ctx.now() - days * DAY).filter((e) => e.side === side);
    const [sumExecValue, sumExecQty] = sums(fills);
    return { maxMarginVersion: maxVersion(fills), sumExecValue, sumExecQty };
  });

  router.on(CALLS.avgClassic, ({ params, session }) => {
    const a = me(session);
    const spec = readSymbol(params);
    const side = params.oneOf('side', ['0', '1'], { required: true }) === '0' ? 'Buy' : 'Sell';
    params.intOr('limit', 1000, { min: 1, max: 1000 });
    // Classic averages are capped at 90 days (spec §9).
    const days = Math.min(FILL_WINDOW_DAYS, params.intOr('daySpan', 7, { min: 1, max: 1095 }));
    const end = params.int('end_time', { min: 0 }) ?? ctx.now();
    const start = Math.max(params.int('start_time', { min: 0 }) ?? 0, end - days * DAY);
    const fills = execFilter(ctx, a, spec, start, end).filter((e) => e.side === side);
    const [priceTotal, quantitySum] = sums(fills);
    return { lastTradeId: maxVersion(fills), priceTotal, quantitySum };
  });
};
