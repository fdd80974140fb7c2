/**
 * Rolls the users' part of the engine back to a persisted state after a write that did not reach the database:
 * every non-system order leaves the books and plan lists, user balances, history and client ids are cleared, and
 * the saved state is imported again. System accounts (the synthetic market's liquidity) are not persisted and
 * keep what they have.
 */
import { idKey, type EngineCore } from './core';
import { importState } from './persistence';
import type { EngineState } from './types';

/** Replaces every non-system account's state by the saved one (the caller frames it as one engine call). */
export function restoreUsers(core: EngineCore, state: EngineState): void {
  for (const inst of core.instruments.values()) {
    inst.plans.splice(0, inst.plans.length, ...inst.plans.filter((o) => o.system));
  }
  for (const acct of core.accounts.values()) {
    if (acct.system) continue;
    for (const o of acct.open.values()) {
      if (o.level !== undefined) o.inst.own(o.side).remove(o);
      core.open.delete(idKey(o.id));
    }
    acct.open.clear();
    for (const id of acct.closed) core.closed.delete(id);
    acct.closed = [];
    acct.execs = [];
    acct.clientIds.clear();
    for (const [coin] of core.ledger.raw(acct.id)) core.ledger.set(acct.id, coin, 0n, 0n);
  }
  core.pendingTpsl.length = 0;
  importState(core, state);
}
