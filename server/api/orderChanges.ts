/** Order changes (spec §7 Orders): cancel, modify (ordinary and plan orders) and cancel-all. */
import { CREATE_ERRORS } from '../../workers/protocol/orders';
import { CALLS } from '../../workers/protocol/paths';
import type { Account } from '../accounts/accounts';
import type { RouteModule } from '../context';
import type { PlanType } from '../engine/types';
import { ParamError, type Params } from '../http/params';
import { ApiError, RawReply } from '../http/router';
import { findSymbol } from '../market/symbols';
import { me, optionalSymbol, persist, planTypeOf, unwrap } from './orderParams';
import { toProductOrder } from './productOrder';

/** Registers cancelOrder, cancelPlanOrder, orderModify, planOrderModify, cancelAll and cancelAllPlan. */
export const registerOrderChangeRoutes: RouteModule = (router, ctx) => {
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
    persist(ctx);
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
    persist(ctx);
    return toProductOrder(o);
  };
  router.on(CALLS.orderModify, ({ params, session }) => modify(params, session, false));
  router.on(CALLS.planOrderModify, ({ params, session }) => modify(params, session, true));

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
    persist(ctx);
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
    persist(ctx);
    return cancelAllReply(cancelled.length);
  });
};
