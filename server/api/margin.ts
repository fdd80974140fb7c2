/**
 * Margin calls of unified accounts (spec §7 liability list, plus this project's loans, repayments, repay, leverage
 * setting and UTA upgrade calls; paths in workers/protocol/paths.ts). Figures come from the margin desk.
 */
import { Decimal } from 'decimal.js';
import type { Account } from '../accounts/accounts';
import type { RouteModule, SimContext } from '../context';
import { ParamError } from '../http/params';
import { ApiError, type RequestContext } from '../http/router';
import { fromAtoms } from '../margin/desk';
import type { Loan } from '../margin/loans';
import { owed } from '../margin/loans';
import { YEARLY_RATES } from '../margin/rates';
import { repayDebt } from '../margin/repay';
import { marginOf, type MarginServices } from '../margin/services';
import { UpgradeRefused } from '../margin/upgrade';
import { MARGIN_ERRORS } from '../../workers/protocol/margin';
import { CALLS } from '../../workers/protocol/paths';

const COIN_RE = /^[A-Za-z0-9]{1,20}$/;
/** Error code of a call a classic account cannot make (the account calls' `notUnified`). */
const NOT_UNIFIED = 3400001;

function me(rc: RequestContext<Account>): Account {
  if (rc.session === null) throw new ApiError(10007, 'login required', 401);
  return rc.session;
}

function services(ctx: SimContext): MarginServices {
  const m = marginOf(ctx);
  if (m === undefined) throw new ApiError(10016, 'margin is not running', 503);
  return m;
}

function loanRow(l: Loan): Record<string, unknown> {
  return {
    loanId: l.id,
    currency: l.coin,
    principal: fromAtoms(l.principal).toFixed(),
    interest: fromAtoms(l.interest).toFixed(),
    owed: fromAtoms(owed(l)).toFixed(),
    yearlyRate: YEARLY_RATES[l.coin] ?? '0',
    createdTime: l.createdAt,
    paidOffTime: l.paidOffAt,
  };
}

/** Registers the margin calls. */
export const registerMarginRoutes: RouteModule = (router, ctx) => {
  router.on(CALLS.liabilityList, (rc) => {
    const a = me(rc);
    const settleCoin = (rc.params.str('settleCoin', { max: 20, pattern: COIN_RE }) ?? 'all').toUpperCase();
    const ignoreZero = rc.params.bool('ignoreZeroBorrowSize');
    const { desk } = services(ctx);
    const coins = new Set(ctx.engine.balances(a.id).map((b) => b.coin));
    for (const l of desk.book.open(a.id)) coins.add(l.coin);
    const list = [...coins]
      .filter((c) => settleCoin === 'ALL' || c === settleCoin)
      .map((c) => desk.liability(a.id, c))
      // spec §7: ignoreZeroBorrowSize leaves out the coins nothing is owed in.
      .filter((r) => !ignoreZero || r.borrowSize !== '0');
    return { list };
  });

  router.on(CALLS.loanList, (rc) => {
    const a = me(rc);
    const status = rc.params.oneOf('status', ['unpaid', 'paid'] as const, { def: 'unpaid' }) ?? 'unpaid';
    const { desk } = services(ctx);
    const loans = status === 'unpaid' ? desk.book.open(a.id).reverse() : desk.book.paidOff(a.id);
    return { list: loans.slice(0, 100).map(loanRow) };
  });

  router.on(CALLS.repaymentList, (rc) => {
    const a = me(rc);
    const list = services(ctx)
      .desk.book.repaymentsOf(a.id)
      .slice(0, 100)
      .map((r) => ({
        repayId: r.id,
        currency: r.coin,
        amount: fromAtoms(r.amount).toFixed(),
        interest: fromAtoms(r.interest).toFixed(),
        time: r.time,
        auto: r.auto,
      }));
    return { list };
  });

  router.on(CALLS.repay, (rc) => {
    const a = me(rc);
    const coin = rc.params.reqStr('coin', { max: 20, pattern: COIN_RE }).toUpperCase();
    const amount = rc.params.decimal('amount', { positive: true });
    if (!a.isUTA) throw new ApiError(NOT_UNIFIED, 'not a unified account');
    const { desk } = services(ctx);
    if (desk.debt(a.id, coin) === 0n)
      throw new ApiError(MARGIN_ERRORS.nothingOwed, `nothing owed in ${coin}`);
    const out = repayDebt(
      ctx.engine,
      desk,
      a.id,
      coin,
      amount === undefined ? undefined : new Decimal(amount),
    );
    return { coin, ...out };
  });

  router.on(CALLS.getLeverage, (rc) => ({ leverage: services(ctx).desk.leverageOn(me(rc).id) }));

  router.on(CALLS.setLeverage, (rc) => {
    const a = me(rc);
    if (!rc.params.has('leverage')) throw new ParamError('leverage is required');
    const on = rc.params.bool('leverage');
    if (!a.isUTA) throw new ApiError(NOT_UNIFIED, 'not a unified account');
    services(ctx).desk.setLeverage(a.id, on);
    return { leverage: on };
  });

  router.on(CALLS.utaUpgradeStatus, (rc) => services(ctx).upgrades.state(me(rc).id));

  router.on(CALLS.utaUpgrade, (rc) => {
    const a = me(rc);
    const inverse = rc.params.bool('inverse');
    try {
      return services(ctx).upgrades.start(a, inverse);
    } catch (e) {
      if (e instanceof UpgradeRefused) throw new ApiError(e.code, e.message);
      throw e;
    }
  });
};
