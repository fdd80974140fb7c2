import { useAtomValue, useStore } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { useHubWant } from '../../hub/useHubWant';
import { accountGuideDoneAtom, accountKycPassedAtom, preferencesAtom } from '../../session/account';
import type { SessionUser } from '../../session/session';
import { GUIDE_PREF_KEY, resolveGuideState, shouldAutoOpenGuide, toGuideState } from './guide';
import { tradeGuideAtom, type TradeGuideState } from './state';

/** True while a blocking dialog (any `aria-modal="true"` element) is in the page. */
function isBlockingModalOpen(): boolean {
  return document.querySelector('[aria-modal="true"]') !== null;
}

/**
 * Opens the trade guide by itself for a user whose guide state is `new` (spec §4): reads the server preference for a
 * logged-in user (the local state for a visitor), mirrors a known server state locally, and waits until no blocking
 * modal is open, the account passes KYC and the UTA upgrade's guide is done (spec §5, facts from the hub's account
 * diff: a KYC or upgrade change arriving later re-runs the check). `user` null = the session is not known yet.
 */
export function useTradeGuideAutoOpen(user: SessionUser | null, open: () => void): void {
  const store = useStore();
  const local = useAtomValue(tradeGuideAtom);
  const [state, setState] = useState<TradeGuideState | null>(null);
  const shown = useRef(false);
  const loggedIn = user?.loggedIn ?? null;

  // The hub owns the server preferences (and loads them with the user): ask for the account while logged in.
  useHubWant({ account: loggedIn === true });
  const prefs = useAtomValue(preferencesAtom);
  const accountKyc = useAtomValue(accountKycPassedAtom);
  const accountGuideDone = useAtomValue(accountGuideDoneAtom);
  // A visitor passes both; a logged-in user's facts come from the hub's account (null until the hub has the user).
  const kycPassed = loggedIn === null ? null : loggedIn ? accountKyc : true;
  const upgradeGuideDone = loggedIn === null ? null : loggedIn ? accountGuideDone : true;

  // Resolve the state once the session (and for a logged-in user the server preference) is known.
  useEffect(() => {
    if (loggedIn === null) return;
    if (!loggedIn) {
      setState(store.get(tradeGuideAtom));
      return;
    }
    if (prefs === null) return;
    const server = toGuideState(prefs[GUIDE_PREF_KEY]);
    const resolved = resolveGuideState(store.get(tradeGuideAtom), server, true);
    if (server !== 'unknown') store.set(tradeGuideAtom, server);
    setState(resolved);
  }, [loggedIn, prefs, store]);

  // A local change (finished or closed) wins over what was resolved.
  const effective = local === 'readed' ? 'readed' : state;

  useEffect(() => {
    if (effective !== 'new' || shown.current) return;
    const tryOpen = (): boolean => {
      if (
        !shouldAutoOpenGuide({
          state: effective,
          blockingModalOpen: isBlockingModalOpen(),
          alreadyShown: shown.current,
          kycPassed,
          upgradeGuideDone,
        })
      ) {
        return false;
      }
      shown.current = true;
      open();
      return true;
    };
    if (tryOpen()) return;
    // Wait for the blocking modal to go.
    const mo = new MutationObserver(() => {
      if (tryOpen()) mo.disconnect();
    });
    mo.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['aria-modal'],
    });
    return () => {
      mo.disconnect();
    };
  }, [effective, open, kycPassed, upgradeGuideDone]);
}
