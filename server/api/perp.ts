/**
 * The future spread's call: `POST /unified/integrated/v5/combinationOrder` (symbol, direction longBasis or
 * shortBasis, qty in base, leverage 1–10, optional client_order_id), answered with the combination row. The checks
 * and the legs are server/perp/combination.ts.
 */
import type { Account } from '../accounts/accounts';
import type { RouteModule } from '../context';
import { HTTP_ERRORS } from '../http/envelope';
import { ParamError } from '../http/params';
import { ApiError } from '../http/router';
import { CALLS } from '../../workers/protocol/paths';
import { COMBINATION_DIRECTIONS } from '../../workers/protocol/perp';
import { webConfigOf } from './config';
import { findContract, PERP_LEVERAGE } from '../perp/contracts';
import type { PerpService } from '../perp/install';

/** Registers the combination call on a simulator's router. */
export function perpRoutes(svc: PerpService): RouteModule {
  return (router, ctx) => {
    router.on(CALLS.combinationOrder, (rc) => {
      const a: Account | null = rc.session;
      if (a === null) throw new ApiError(HTTP_ERRORS.auth, 'login required', 401);
      const symbol = rc.params.reqStr('symbol', { max: 32 });
      const contract = findContract(symbol.toUpperCase());
      if (contract === undefined) throw new ParamError(`symbol ${symbol} is not a listed perpetual`);
      const direction =
        rc.params.oneOf('direction', COMBINATION_DIRECTIONS, { required: true }) ?? 'longBasis';
      const qty = rc.params.reqStr('qty', { max: 40 });
      const leverage = rc.params.intOr('leverage', PERP_LEVERAGE.default, {
        min: PERP_LEVERAGE.min,
        max: PERP_LEVERAGE.max,
      });
      const clientOrderId = rc.params.str('client_order_id', { max: 36, pattern: /^[A-Za-z0-9_-]*$/ }) ?? '';
      return svc.combinations.place(a, {
        contract,
        direction,
        qty,
        leverage,
        clientOrderId,
        flagOn: webConfigOf(ctx, a.id).futureSpread,
      });
    });
  };
}
