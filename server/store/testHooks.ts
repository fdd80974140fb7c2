/**
 * Test-only calls, registered only when `SIM_TEST_HOOKS=1` and answered only to loopback peers:
 * POST /sim/test/fail-writes {"count": n} makes the next n commits fail (the chaos script and unit tests use it).
 */
import type { Account } from '../accounts/accounts';
import { ApiError, type Router } from '../http/router';
import type { Store } from './store';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Registers the test hooks on the router. */
export function registerTestHooks(router: Router<Account>, store: Store): void {
  router.on(
    { method: 'POST', path: '/sim/test/fail-writes', envelope: 'code', auth: false, specNamed: false },
    (rc) => {
      if (!LOOPBACK.has(rc.req.socket.remoteAddress ?? '')) throw new ApiError(10005, 'loopback only', 403);
      const count = rc.params.intOr('count', 1, { min: 0, max: 1000 });
      store.failNext(count);
      return { count };
    },
  );
}
