/**
 * Borrowing inside the engine: a margin order (`isLeverage`) short of funds borrows the shortfall from the lender
 * before it locks, and any coin that comes back to an account in debt repays the debt at once (auto-repay), so a
 * debt and a free balance of the same coin never coexist after a call. Spot orders never reach this file.
 */

import type { EngineCore } from './core';

/** Atoms a margin order of `accountId` can spend in `coin`: free plus what the lender would lend (free alone without). */
export function spendable(core: EngineCore, accountId: string, coin: string, margin: boolean): bigint {
  const free = core.ledger.free(accountId, coin);
  if (!margin || core.lender === undefined) return free;
  return free + core.lender.borrowable(accountId, coin);
}

/**
 * Makes sure `need` atoms of `coin` are free, borrowing the shortfall for a margin order; false (nothing borrowed)
 * when even the lender's limit does not cover it.
 */
export function coverNeed(
  core: EngineCore,
  accountId: string,
  coin: string,
  need: bigint,
  margin: boolean,
): boolean {
  const free = core.ledger.free(accountId, coin);
  if (need <= free) return true;
  const lender = core.lender;
  if (!margin || lender === undefined) return false;
  const short = need - free;
  if (short > lender.borrowable(accountId, coin)) return false;
  core.ledger.credit(accountId, coin, short);
  lender.borrow(accountId, coin, short, core.time);
  return true;
}

/** Repays up to `max` atoms of the account's debt in `coin` from its free balance; returns what was repaid. */
export function repayFromFree(
  core: EngineCore,
  accountId: string,
  coin: string,
  max: bigint | undefined,
  auto: boolean,
): bigint {
  const lender = core.lender;
  if (lender === undefined) return 0n;
  const debt = lender.debt(accountId, coin);
  let pay = core.ledger.free(accountId, coin);
  if (debt < pay) pay = debt;
  if (max !== undefined && max < pay) pay = max;
  if (pay <= 0n) return 0n;
  core.ledger.debit(accountId, coin, pay);
  lender.repaid(accountId, coin, pay, core.time, auto);
  return pay;
}

/** Auto-repay: every coin this call touched that is both owed and free goes back to the lender. */
export function autoRepay(core: EngineCore): void {
  if (core.lender === undefined) return;
  const pairs: [string, string][] = [];
  for (const [acct, coins] of core.ledger.peekTouched()) for (const c of coins) pairs.push([acct, c]);
  for (const [acct, coin] of pairs) repayFromFree(core, acct, coin, undefined, true);
}
