/**
 * Wires margin into a simulator: the desk lends to the engine, the wallet push reads its debts, a failed write
 * reloads its records, interest starts on the clock, and the margin calls (and, under SIM_TEST_HOOKS=1, the crash
 * hook) are registered. app.ts calls `installMargin` once, after the context is built.
 */
import type { Account } from '../accounts/accounts';
import type { SimContext } from '../context';
import type { Router } from '../http/router';
import type { Market } from '../market/market';
import type { SyntheticMarket } from '../market/synth';
import { registerMarginRoutes } from '../api/margin';
import { MarginDesk, fromAtoms } from './desk';
import { bindMargin, type MarginServices } from './services';
import { registerMarginTestHooks } from './testHooks';
import { Upgrades } from './upgrade';

/** Builds and wires the margin services of a simulator. */
export function installMargin(
  ctx: SimContext,
  parts: { router: Router<Account>; market?: Market; synth?: SyntheticMarket },
): MarginServices {
  const deps = {
    engine: ctx.engine,
    accounts: ctx.accounts,
    clock: ctx.clock,
    store: ctx.store,
    db: ctx.store.db,
    pushPrivate: (accountId: string, topics: readonly string[], data: readonly unknown[]) => {
      ctx.pushPrivate(accountId, topics, data);
    },
  };
  const desk = new MarginDesk(deps);
  const upgrades = new Upgrades({ ...deps, owes: (id) => desk.book.open(id).length > 0 });
  ctx.engine.setLender(desk);
  if (parts.market !== undefined) {
    parts.market.borrowOf = (accountId, coin) => fromAtoms(desk.debt(accountId, coin)).toFixed();
    parts.market.equityOf = (accountId) => desk.equity(accountId);
  }
  // The desk's memory must match the database before the engine's restore runs (its auto-repay asks the desk).
  const restoreOthers = ctx.store.onFailure;
  ctx.store.onFailure = () => {
    desk.reload();
    upgrades.reload();
    restoreOthers();
  };
  desk.start();
  const svc = { desk, upgrades };
  bindMargin(ctx, svc);
  registerMarginRoutes(parts.router, ctx);
  if (process.env.SIM_TEST_HOOKS === '1' && parts.synth !== undefined) {
    registerMarginTestHooks(parts.router, parts.synth);
  }
  return svc;
}
