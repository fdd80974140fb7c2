/**
 * The Tools tab's calls: strategy create and stop (paths chosen here, documented in workers/protocol/paths.ts) and
 * the strategy list of spec §7 (status 2 active / 3 history, category and strategyType lists, pageSize 80 or 20,
 * symbol; `cursor`, a strategy id, pages on after it), all answered from the strategy engine's real records.
 * Sub-accounts get no tools (spec §6).
 */
import { CALLS } from '../../workers/protocol/paths';
import { LIST_STRATEGY_TYPES } from '../../workers/protocol/strategy';
import type { Account } from '../accounts/accounts';
import type { RouteModule } from '../context';
import { ParamError } from '../http/params';
import { ApiError, type RequestContext } from '../http/router';
import { PRIVATE_TOPICS } from '../market/topics';
import { findSymbol } from '../market/symbols';
import { buildDoc, readCreateRequest } from '../strategy/create';
import { StrategyRunner } from '../strategy/runner';
import type { StrategyTap } from '../strategy/tap';

const CATEGORY_RE = /^[A-Za-z0-9_]{1,32}$/;
/** Active strategies an account may run at once. */
export const MAX_ACTIVE_STRATEGIES = 100;
/** Error codes of the tools calls. */
export const STRATEGY_ERRORS = {
  /** Sub-accounts: tools not available (spec §6). */
  subAccount: 10403,
  tooMany: 170300,
  notFound: 170213,
} as const;

function me(rc: RequestContext<Account>): Account {
  if (rc.session === null) throw new ApiError(10007, 'login required', 401);
  return rc.session;
}

/** Registers the strategy calls and starts the strategy engine, fed by `tap` (already wrapping the engine listener). */
export function strategyRoutes(tap: StrategyTap, onRunner?: (r: StrategyRunner) => void): RouteModule {
  return (router, ctx) => {
    const runner = new StrategyRunner({
      engine: ctx.engine,
      clock: ctx.clock,
      store: ctx.store,
      push: (accountId, row) => {
        ctx.pushPrivate(accountId, PRIVATE_TOPICS.strategy, [row]);
      },
    });
    tap.bind(runner);
    // A failed write restores memory from the database: strategies too.
    const restore = ctx.store.onFailure;
    ctx.store.onFailure = () => {
      restore();
      runner.load();
    };
    runner.load();
    onRunner?.(runner);

    router.on(CALLS.strategyCreate, (rc) => {
      const a = me(rc);
      if (a.isSub)
        throw new ApiError(STRATEGY_ERRORS.subAccount, 'tools are not available to sub-accounts', 403);
      const req = readCreateRequest(rc.params);
      if (runner.activeCount(a.id) >= MAX_ACTIVE_STRATEGIES)
        throw new ApiError(STRATEGY_ERRORS.tooMany, `at most ${MAX_ACTIVE_STRATEGIES} active strategies`);
      return runner.create(buildDoc(ctx.engine, a.id, req, ctx.clock.now()));
    });

    router.on(CALLS.strategyStop, (rc) => {
      const a = me(rc);
      const id = rc.params.reqStr('strategyId', { max: 20, pattern: /^\d+$/ });
      const row = runner.stop(a.id, id, rc.params.bool('sellBase'));
      if (row === undefined) throw new ApiError(STRATEGY_ERRORS.notFound, 'strategy does not exist');
      return row;
    });

    router.on(CALLS.strategyList, (rc) => {
      const a = me(rc);
      const status = rc.params.oneOf('status', ['2', '3'], { required: true });
      const categories = rc.params.list('category', { max: 20 });
      for (const c of categories) {
        if (!CATEGORY_RE.test(c)) throw new ParamError('category entries must be 1 to 32 of A-Z a-z 0-9 _');
      }
      const types = rc.params.list('strategyType', { max: 20 });
      for (const t of types) {
        if (!LIST_STRATEGY_TYPES.includes(t)) {
          throw new ParamError(`strategyType entries must be among ${LIST_STRATEGY_TYPES.join(', ')}`);
        }
      }
      const pageSize = rc.params.intOr('pageSize', status === '3' ? 20 : 80, { min: 1, max: 100 });
      let symbol: string | undefined;
      if (rc.params.has('symbol')) {
        const key = rc.params.reqStr('symbol', { max: 32 });
        const spec = findSymbol(key);
        if (spec === undefined) throw new ParamError('symbol is not a known symbol');
        symbol = spec.symbol;
      }
      // Paging (the history tab's next page): rows after the cursor's strategy in the list's newest-first order.
      const cursor = rc.params.has('cursor') ? rc.params.reqStr('cursor', { max: 20, pattern: /^\d+$/ }) : '';
      const wanted = Number(status);
      const all = runner.list(a.id);
      const at = cursor === '' ? -1 : all.findIndex((r) => r.strategyId === cursor);
      // An unknown cursor (not this account's strategy) has nothing after it.
      const list = (cursor !== '' && at < 0 ? [] : all.slice(at + 1))
        .filter(
          (r) =>
            r.status === wanted &&
            (categories.length === 0 || categories.includes(r.category)) &&
            (types.length === 0 || types.includes(r.strategyType)) &&
            (symbol === undefined || r.symbol === symbol),
        )
        .slice(0, pageSize);
      return { list, pageSize };
    });
  };
}
