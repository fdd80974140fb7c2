/**
 * LT test hooks (only with `SIM_TEST_HOOKS=1`, loopback only), so every LT check can be reached:
 * POST /sim/test/lt {"symbol", "st"?, "riskState"?, "riskSwitch"?, "dailyPurchaseLimit"?, "dailyRedeemLimit"?,
 * "rebalance"?: true} sets a token's operations status (1–4), risk state (0, 4, 5), risk switch (0/1), daily limits,
 * and starts a rebalance (status 5 for REBALANCE_MS; `POST /sim/test/clock` ends it). Answers the symbol info.
 */
import type { Account } from '../accounts/accounts';
import { ParamError } from '../http/params';
import { ApiError, type Router } from '../http/router';
import { findSymbol } from '../market/symbols';
import type { LtService } from './service';
import { findLtToken } from './tokens';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Registers POST /sim/test/lt. */
export function registerLtTestHooks(router: Router<Account>, lt: LtService): void {
  router.on(
    { method: 'POST', path: '/sim/test/lt', envelope: 'code', auth: false, specNamed: false },
    (rc) => {
      if (!LOOPBACK.has(rc.req.socket.remoteAddress ?? '')) throw new ApiError(10005, 'loopback only', 403);
      const p = rc.params;
      const spec = findSymbol(p.str('symbol', { required: true, max: 32 }));
      const t = spec === undefined ? undefined : findLtToken(spec.symbol);
      if (t === undefined) throw new ParamError('symbol is not a leveraged-token symbol');
      const s = lt.state(t);
      const st = p.int('st', { min: 1, max: 4 });
      if (st !== undefined) s.adminStatus = st;
      const risk = p.oneOf('riskState', ['0', '4', '5']);
      if (risk !== undefined) s.riskOverride = Number(risk);
      const sw = p.oneOf('riskSwitch', ['0', '1']);
      if (sw !== undefined) s.riskSwitchOn = sw === '1';
      const dp = p.decimal('dailyPurchaseLimit');
      if (dp !== undefined) s.dailyPurchaseLimit = dp;
      const dr = p.decimal('dailyRedeemLimit');
      if (dr !== undefined) s.dailyRedeemLimit = dr;
      lt.save(t);
      if (p.bool('rebalance')) lt.startRebalance(t, 'manual');
      return lt.view(t);
    },
  );
}
