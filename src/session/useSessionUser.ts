import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { useHubWant } from '../hub/useHubWant';
import { getCall } from './api';
import { toSessionUser, VISITOR } from './session';
import { hubLoggedInAtom } from './account';
import { sessionUserAtom } from './state';

/**
 * Loads the session user (a failure counts as a visitor: market data still shows), and loads it again whenever the
 * hub's account disagrees with it: a logout in any tab (the hub's account turns logged out) shows every tab the
 * visitor view, a login elsewhere the user's view. The answer of the user-info call decides, so a hub still holding
 * an older session's state cannot undo this tab's fresher one.
 */
export function useSessionUser(): void {
  const setUser = useSetAtom(sessionUserAtom);
  const user = useAtomValue(sessionUserAtom);
  // The account diff tells every tab of a login or logout elsewhere (private topics follow only a logged-in session).
  useHubWant({ account: true });
  const hubLoggedIn = useAtomValue(hubLoggedInAtom);
  const tabLoggedIn = user?.loggedIn ?? null;
  const disagree = hubLoggedIn !== null && tabLoggedIn !== null && hubLoggedIn !== tabLoggedIn;
  // Read inside the effect only to skip the agreeing case: a changed user alone must not refetch.
  const known = useRef(false);
  known.current = user !== null;
  // Once at start, then once each time the hub and the tab disagree.
  useEffect(() => {
    if (known.current && !disagree) return;
    const ctl = new AbortController();
    getCall('userInfo', {}, ctl.signal).then(
      (reply) => {
        setUser(toSessionUser(reply));
      },
      (e: unknown) => {
        if (ctl.signal.aborted) return;
        console.warn('user info failed', e);
        setUser((prev) => prev ?? VISITOR);
      },
    );
    return () => {
      ctl.abort();
    };
  }, [setUser, disagree]);
}
