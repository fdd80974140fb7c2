/**
 * Margin test hook (only with `SIM_TEST_HOOKS=1`, loopback only): POST /sim/test/margin/crash
 * {"factor": 0.1, "symbols": "BTCUSDT,ETHUSDT"} moves the synthetic market of each symbol (default: every symbol
 * whose base is not a stablecoin) to factor × its price at once, so a test can push an account into overrun or
 * liquidation with a real market move.
 */
import type { Account } from '../accounts/accounts';
import { ParamError } from '../http/params';
import { ApiError, type Router } from '../http/router';
import { SYMBOLS, findSymbol } from '../market/symbols';
import type { SyntheticMarket } from '../market/synth';
import { STABLE_COINS } from './rates';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Registers the crash hook. */
export function registerMarginTestHooks(router: Router<Account>, synth: SyntheticMarket): void {
  router.on(
    { method: 'POST', path: '/sim/test/margin/crash', envelope: 'code', auth: false, specNamed: false },
    (rc) => {
      if (!LOOPBACK.has(rc.req.socket.remoteAddress ?? '')) throw new ApiError(10005, 'loopback only', 403);
      const factor = Number(rc.params.decimal('factor', { required: true, positive: true }));
      if (!(factor > 0 && factor <= 100)) throw new ParamError('factor must be in (0, 100]');
      const named = rc.params.list('symbols', { max: SYMBOLS.length });
      const specs =
        named.length > 0
          ? named.map((n) => {
              const s = findSymbol(n);
              if (s === undefined) throw new ParamError(`${n} is not a known symbol`);
              return s;
            })
          : SYMBOLS.filter((s) => !STABLE_COINS.has(s.base));
      for (const s of specs) synth.shift(s.symbol, factor);
      return { factor, symbols: specs.map((s) => s.symbol) };
    },
  );
}
