/**
 * The simulator's own REST handlers (orders, fills, averages, balances) called in-process over a test engine, so the
 * reducers read exactly the `result` shapes the server answers, at a clock the test controls.
 */
import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import type { Account } from '../../../../server/accounts/accounts';
import { registerAccountRoutes } from '../../../../server/api/account';
import { registerOrderRoutes } from '../../../../server/api/orders';
import type { SimContext } from '../../../../server/context';
import { Params } from '../../../../server/http/params';
import { Router, type Handler } from '../../../../server/http/router';
import type { CallDef } from '../../../../workers/protocol/paths';
import { ME, type Sim } from './helpers';

/** A router that also keeps its handlers by path, for direct calls. */
class CapturingRouter extends Router<Account> {
  readonly handlers = new Map<string, Handler<Account>>();

  override on(def: CallDef, handler: Handler<Account>): this {
    this.handlers.set(def.path, handler);
    return super.on(def, handler);
  }
}

/** Calls a REST handler as ME; answers its `result` (JSON round-tripped), or throws the handler's error. */
export type RestCall = (def: CallDef, params?: Readonly<Record<string, unknown>>) => unknown;

/** The REST calls of a test engine, as a classic or unified account. */
export function restOf(s: Sim, kind: 'classic' | 'unified'): RestCall {
  const router = new CapturingRouter(() => null, 'sid');
  // Only what these handlers read: the engine, the clock, a no-op store and a market view without tickers.
  const ctx = {
    now: () => s.clock.t,
    startedAt: s.clock.t,
    engine: s.engine,
    store: { commit: () => undefined },
    market: { openAt: () => 0, ticker: () => undefined },
  } as unknown as SimContext;
  registerOrderRoutes(router, ctx);
  registerAccountRoutes(router, ctx);
  const session = {
    id: ME,
    email: `${kind}@test`,
    kind,
    isUTA: kind === 'unified',
    unifiedAccount: kind === 'unified' ? 2 : 0,
    marginMode: 'cross',
    isDemo: false,
    isSub: false,
    isCopyTradingLeader: false,
    grayFlag: { IsUTA: kind === 'unified', minValueV2: false },
    salt: '',
    hash: '',
    createdAt: 0,
  } satisfies Account;
  return (def, params = {}) => {
    const handler = router.handlers.get(def.path);
    if (handler === undefined) throw new Error(`no handler for ${def.path}`);
    const out = handler({
      // Unread by these handlers, but typed as a real request.
      req: new IncomingMessage(new Socket()),
      url: new URL(`http://sim${def.path}`),
      params: new Params(params),
      session,
      token: null,
    });
    return JSON.parse(JSON.stringify(out)) as unknown;
  };
}
