/** Where the route modules find the margin desk and the upgrades of a simulator (one pair per context). */
import type { Account } from '../accounts/accounts';
import type { SimContext } from '../context';
import { ApiError } from '../http/router';
import { MARGIN_ERRORS } from '../../workers/protocol/margin';
import type { MarginDesk } from './desk';
import type { Upgrades } from './upgrade';

/** The margin services of one simulator. */
export interface MarginServices {
  readonly desk: MarginDesk;
  readonly upgrades: Upgrades;
}

const byContext = new WeakMap<SimContext, MarginServices>();

/** Binds the services to their simulator's context (install.ts). */
export function bindMargin(ctx: SimContext, s: MarginServices): void {
  byContext.set(ctx, s);
}

/** The margin services of a context; undefined when margin is not installed (bare route tests). */
export function marginOf(ctx: SimContext): MarginServices | undefined {
  return byContext.get(ctx);
}

/**
 * Refuses a margin order the account may not place now, in the spec's order (§5): isolated mode, leverage off,
 * liquidation (status 4), overrun (status 5). A classic account's margin order is refused earlier (32329).
 */
export function checkMarginOrder(ctx: SimContext, a: Account): void {
  if (a.marginMode === 'isolated') {
    throw new ApiError(MARGIN_ERRORS.isolated, 'isolated-margin mode does not support leveraged trading');
  }
  const m = marginOf(ctx);
  if (m === undefined) return;
  if (!m.desk.leverageOn(a.id)) throw new ApiError(MARGIN_ERRORS.leverageOff, 'leverage is switched off');
  const status = m.desk.risk(a.id).status;
  if (status === 4) throw new ApiError(MARGIN_ERRORS.liquidation, 'the account is in liquidation');
  if (status === 5) throw new ApiError(MARGIN_ERRORS.overrun, 'the account is over its borrowing limit');
}
