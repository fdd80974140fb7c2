/**
 * Wires the perpetuals into a simulator: their market (book, index, mark), the ledger of positions and the
 * combinations, reloaded after a failed write; the combination call is registered, and the linear tickers and
 * queryPositions find the service through `perpOf(ctx)`. app.ts calls `installPerp` once, after the context.
 */
import type { Account } from '../accounts/accounts';
import type { SimContext } from '../context';
import type { Router } from '../http/router';
import { ParamError } from '../http/params';
import { perpRoutes } from '../api/perp';
import { PERP_CONTRACTS, findContract } from './contracts';
import { Combinations } from './combination';
import { PerpMarket, type PerpTicker } from './market';
import { PerpPositions } from './positions';

/** The perpetual services of one simulator. */
export interface PerpService {
  readonly market: PerpMarket;
  readonly positions: PerpPositions;
  readonly combinations: Combinations;
  /** The linear tickers, all or one symbol (ParamError when not listed). */
  tickers(symbol: string | undefined): PerpTicker[];
}

const byContext = new WeakMap<SimContext, PerpService>();

/** The perpetual services of a context; undefined when not installed (bare route tests). */
export function perpOf(ctx: SimContext): PerpService | undefined {
  return byContext.get(ctx);
}

/** Builds the perpetuals of a simulator and registers their call; their flow starts unless the simulator is quiet. */
export function installPerp(ctx: SimContext, parts: { readonly router: Router<Account> }): PerpService {
  const market = new PerpMarket(ctx.engine, { seed: ctx.config.seed, now: ctx.clock.now });
  const positions = new PerpPositions(ctx, market);
  const combinations = new Combinations(ctx, market, positions);
  const restoreOthers = ctx.store.onFailure;
  ctx.store.onFailure = () => {
    positions.reload();
    combinations.reload();
    restoreOthers();
  };
  const svc: PerpService = {
    market,
    positions,
    combinations,
    tickers: (symbol) => {
      if (symbol === undefined) return PERP_CONTRACTS.map((c) => market.ticker(c));
      const c = findContract(symbol.toUpperCase());
      if (c === undefined) throw new ParamError(`symbol ${symbol} is not listed`);
      return [market.ticker(c)];
    },
  };
  byContext.set(ctx, svc);
  perpRoutes(svc)(parts.router, ctx);
  if (!ctx.config.quiet) market.start();
  return svc;
}
