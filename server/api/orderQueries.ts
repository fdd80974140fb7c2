/** Order queries (spec §7 Orders): open orders, open plan orders, UTA orders, order and trade history. */
import { CALLS } from '../../workers/protocol/paths';
import type { Account } from '../accounts/accounts';
import type { RouteModule } from '../context';
import type { OrderView, PlanType } from '../engine/types';
import { ParamError, type Params } from '../http/params';
import { findSymbol, type SymbolSpec } from '../market/symbols';
import { DAY, execFilter, me, optionalSymbol, PLAN_TYPES, planTypeOf } from './orderParams';
import { toProductOrder } from './productOrder';

/** Registers the open-order lists and the order / trade history calls. */
export const registerOrderQueryRoutes: RouteModule = (router, ctx) => {
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
};
