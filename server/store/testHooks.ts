/**
 * Test-only calls, registered only when `SIM_TEST_HOOKS=1` and answered only to loopback peers:
 * POST /sim/test/fail-writes {"count": n} makes the next n commits fail (the chaos script and unit tests use it);
 * POST /sim/test/clock {"advanceMs": n} moves the engine's clock forward and fires the timers that fell due.
 */
import type { Account } from '../accounts/accounts';
import { ApiError, type Router } from '../http/router';
import type { Store } from './store';
import type { SimClock } from '../clock/clock';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Registers the test hooks on the router. */
export function registerTestHooks(router: Router<Account>, store: Store, clock: SimClock): void {
  router.on(
    { method: 'POST', path: '/sim/test/fail-writes', envelope: 'code', auth: false, specNamed: false },
    (rc) => {
      if (!LOOPBACK.has(rc.req.socket.remoteAddress ?? '')) throw new ApiError(10005, 'loopback only', 403);
      const count = rc.params.intOr('count', 1, { min: 0, max: 1000 });
      store.failNext(count);
      return { count };
    },
  );
  router.on(
    { method: 'POST', path: '/sim/test/clock', envelope: 'code', auth: false, specNamed: false },
    (rc) => {
      if (!LOOPBACK.has(rc.req.socket.remoteAddress ?? '')) throw new ApiError(10005, 'loopback only', 403);
      const advanceMs = rc.params.intOr('advanceMs', 0, { min: 0, max: 366 * 24 * 3600 * 1000 });
      clock.advance(advanceMs);
      return { now: clock.now(), pending: clock.pending() };
    },
  );
}
