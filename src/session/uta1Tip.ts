/**
 * Who sees the UTA1 tip (spec §6 "UTA1 tip only to non-UTA2 non-demo users"): a logged-in user whose account is not
 * the Unified Trading Account 2.0 (unified_account ≠ 2: classic or UTA 1.0) and not a demo account. Pure.
 */

/** The user-info facts the decision reads; `unifiedAccount` is null until the user info has loaded. */
export interface Uta1TipInput {
  readonly loggedIn: boolean;
  readonly isDemo: boolean;
  readonly unifiedAccount: number | null;
}

/** The `unified_account` value of a UTA 2.0 account (spec §3). */
export const UTA2 = 2;

/** Whether the UTA1 tip shows: logged in, not demo, and known not to be UTA2. */
export function showsUta1Tip(u: Uta1TipInput): boolean {
  return u.loggedIn && !u.isDemo && u.unifiedAccount !== null && u.unifiedAccount !== UTA2;
}
