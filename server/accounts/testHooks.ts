/**
 * Accounts test hook (only with `SIM_TEST_HOOKS=1`, loopback only): POST /sim/test/kyc {"email", "level"} sets an
 * account's KYC level, so a test can see the trade dialog wait for verification (spec §5) on a real account. The
 * change is an account row written in the call's transaction; the user-info call reports it from then on.
 */
import { ParamError } from '../http/params';
import { ApiError, type Router } from '../http/router';
import type { Account, Accounts } from './accounts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Registers POST /sim/test/kyc. */
export function registerAccountTestHooks(router: Router<Account>, accounts: Accounts): void {
  router.on(
    { method: 'POST', path: '/sim/test/kyc', envelope: 'code', auth: false, specNamed: false },
    (rc) => {
      if (!LOOPBACK.has(rc.req.socket.remoteAddress ?? '')) throw new ApiError(10005, 'loopback only', 403);
      const email = rc.params.reqStr('email', { max: 120 }).trim().toLowerCase();
      const level = rc.params.int('level', { required: true, min: 0, max: 3 }) ?? 0;
      const a = accounts.all().find((x) => x.email === email);
      if (a === undefined) throw new ParamError('email is not a known account');
      accounts.update(a.id, { kycLevel: level });
      return { email, kycLevel: level };
    },
  );
}
