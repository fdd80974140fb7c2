/**
 * The account facts the trade dialog's gate reads (spec §5 "The trade dialog shows only when no blocking modal is
 * open, KYC passes and the upgrade guide is done"), taken from the hub's account diff. Pure.
 */
import type { UtaFacts } from '../../workers/protocol/margin';
import type { Preferences, UserFacts } from '../../workers/protocol/user';
import { demoAccess } from './demoRules';

/**
 * Preference key of the post-upgrade user guide ("Y" once read). The UTA upgrade feature writes it under the same
 * name (`src/features/uta-upgrade/upgradeFlow.ts`); features may not import each other, so the gate reads it here.
 */
export const UTA_GUIDE_PREF_KEY = 'utaGuideRead';

/** What the gate knows about the account. */
export interface TradeDialogFacts {
  /** The account passed KYC; a visitor has no account to verify, so nothing holds the dialog back. */
  readonly kycPassed: boolean;
  /** No UTA upgrade is running and its user guide is not waiting to be read (spec §4 "Success shows a user guide"). */
  readonly upgradeGuideDone: boolean;
}

/** The account part of the hub's account diff that the gate reads. */
export interface TradeDialogAccount {
  readonly user: UserFacts | null;
  readonly preferences: Preferences;
  readonly uta?: UtaFacts | null;
}

/** Whether the post-upgrade user guide is still to come or to be read (the rule of the UTA upgrade's own view). */
export function isUpgradeGuidePending(
  uta: UtaFacts | null | undefined,
  user: { readonly isUTA: boolean; readonly isDemo: boolean },
  prefs: Preferences,
): boolean {
  if (uta === null || uta === undefined) return false;
  const u = uta.upgrade;
  // An upgrade in process ends in the guide: the trade dialog waits for both.
  if (u.status === 'processing') return true;
  return (
    u.status === 'success' &&
    !u.inverse &&
    user.isUTA &&
    demoAccess('utaUpgradeGuide', user) === 'available' &&
    prefs[UTA_GUIDE_PREF_KEY] !== 'Y'
  );
}

/**
 * The gate's facts: for a visitor both hold; for a logged-in user they come from the account diff, null until the
 * hub has the user (the gate then waits rather than guess).
 */
export function tradeDialogFacts(
  loggedIn: boolean,
  account: TradeDialogAccount | null,
): TradeDialogFacts | null {
  if (!loggedIn) return { kycPassed: true, upgradeGuideDone: true };
  const user = account?.user ?? null;
  if (account === null || user === null) return null;
  return {
    kycPassed: user.kycPassed === true,
    upgradeGuideDone: !isUpgradeGuidePending(account.uta, user, account.preferences),
  };
}
