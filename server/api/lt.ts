/**
 * Leveraged-token calls: the LT symbol info (spec §7, live NAV, statuses, risk and basket; with a session, the
 * trader's remaining daily limits), subscription and redemption (idempotent per `client_order_id`) and the LT order
 * records. The state lives in `server/lt/`; test hooks to drive statuses and rebalances
 * are added when `SIM_TEST_HOOKS=1`.
 */
import type { Account } from '../accounts/accounts';
import type { RouteModule, SimContext } from '../context';
import type { Router } from '../http/router';
import { ParamError, type Params } from '../http/params';
import { findSymbol } from '../market/symbols';
import { LtService } from '../lt/service';
import { findLtToken, type LtTokenSpec } from '../lt/tokens';
import { placeLtOrder } from '../lt/trade';
import { registerLtTestHooks } from '../lt/testHooks';
import { LT_ORDER_TYPE, type LtOrderType } from '../../workers/protocol/lt';
import { CALLS } from '../../workers/protocol/paths';
import { me } from './orderParams';

/** Most records one list call answers. */
const MAX_LIST = 200;

function readToken(p: Params): LtTokenSpec {
  const key = p.str('symbol_id', { max: 32 }) ?? p.str('symbol', { max: 32 });
  if (key === undefined) throw new ParamError('symbol_id is required');
  const spec = findSymbol(key);
  if (spec === undefined) throw new ParamError('symbol_id is not a known symbol');
  const t = findLtToken(spec.symbol);
  if (t === undefined) throw new ParamError('symbol_id is not a leveraged-token symbol');
  return t;
}

/** A positive-or-zero decimal with at most `dp` decimals (the form limits decimals to the precision, spec §5). */
function readAmount(p: Params, name: string, dp: number): string {
  const v = p.decimal(name, { required: true }) ?? '0';
  if (!/^\d+(\.\d+)?$/.test(v)) throw new ParamError(`${name} must be a plain decimal`);
  const decimals = v.split('.')[1]?.length ?? 0;
  if (decimals > dp) throw new ParamError(`${name} has more than ${dp} decimals`);
  return v;
}

/** The pattern of a client id (as orderCreate's `client_order_id`). */
const CLIENT_ID = /^[A-Za-z0-9_\-:.]{1,64}$/;

/** The optional `client_order_id` of a subscription or redemption ('' when none: no retry protection). */
function readClientId(p: Params): string {
  return p.str('client_order_id', { pattern: CLIENT_ID }) ?? '';
}

/** Registers the LT calls on a simulator's LT service (and the LT test hooks under SIM_TEST_HOOKS=1). */
export function ltRoutes(lt: LtService): RouteModule {
  return (router, ctx) => {
    registerCalls(router, ctx, lt);
  };
}

/** Registers the LT calls on a service of their own (tests that need no synthetic market). */
export const registerLtRoutes: RouteModule = (router, ctx) => {
  registerCalls(router, ctx, new LtService(ctx));
};

function registerCalls(router: Router<Account>, ctx: SimContext, lt: LtService): void {
  router.on(CALLS.ltSymbolInfo, (rc) => {
    const id = rc.params.int('symbol_id', { required: true, min: 1 }) ?? 0;
    const spec = findSymbol(id);
    if (spec === undefined) throw new ParamError('symbol_id is not a known symbol');
    const t = findLtToken(spec.symbol);
    if (t === undefined) throw new ParamError('symbol_id is not a leveraged-token symbol');
    // A logged-in trader also gets what is left of today's limits for them (visitors: the token's info only).
    return rc.session === null ? lt.view(t) : { ...lt.view(t), ...lt.dailyUsage(t, rc.session.id) };
  });

  router.on(CALLS.ltSubscribe, (rc) => {
    const acct = me(rc.session);
    const t = readToken(rc.params);
    const amount = readAmount(rc.params, 'amount', t.spec.amountPrecision);
    const cid = readClientId(rc.params);
    return { order: placeLtOrder(ctx, lt, acct.id, t, LT_ORDER_TYPE.subscription, amount, cid) };
  });

  router.on(CALLS.ltRedeem, (rc) => {
    const acct = me(rc.session);
    const t = readToken(rc.params);
    const quantity = readAmount(rc.params, 'quantity', t.spec.quantityPrecision);
    const cid = readClientId(rc.params);
    return { order: placeLtOrder(ctx, lt, acct.id, t, LT_ORDER_TYPE.redemption, quantity, cid) };
  });

  router.on(CALLS.ltOrders, (rc) => {
    const acct = me(rc.session);
    const type = rc.params.oneOf('orderType', ['1', '2']);
    const orderType: LtOrderType | undefined = type === undefined ? undefined : type === '1' ? 1 : 2;
    const symbolId = rc.params.int('symbol_id', { min: 1 });
    const limit = rc.params.intOr('limit', 50, { min: 1, max: MAX_LIST });
    const list = lt.orders.list(acct.id, {
      limit,
      ...(orderType === undefined ? {} : { orderType }),
      ...(symbolId === undefined ? {} : { symbolId }),
    });
    return { list };
  });

  if (process.env.SIM_TEST_HOOKS === '1') registerLtTestHooks(router, lt);
}
