import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { accountAtom } from '../hub/state';
import { useHubWant } from '../hub/useHubWant';
import { getCall } from './api';
import { toSessionUser, VISITOR, type SessionUser } from './session';
import { sessionUserAtom } from './state';

/**
 * Loads the session user once (a failure counts as a visitor: market data still shows), then follows the hub: a
 * logout in any tab (the hub's account turns logged out) shows every tab the visitor view, and a login in another
 * tab shows this one the user's view.
 */
export function useSessionUser(): void {
  const setUser = useSetAtom(sessionUserAtom);
  const account = useAtomValue(accountAtom);
  // The account diff tells every tab of a login or logout elsewhere (private topics follow only a logged-in session).
  useHubWant({ account: true });
  useEffect(() => {
    const ctl = new AbortController();
    getCall('userInfo', {}, ctl.signal).then(
      (reply) => {
        setUser(toSessionUser(reply));
      },
      (e: unknown) => {
        if (ctl.signal.aborted) return;
        console.warn('user info failed', e);
        setUser(VISITOR);
      },
    );
    return () => {
      ctl.abort();
    };
  }, [setUser]);
  const hubLoggedIn = account === null ? null : account.loggedIn && account.user !== null;
  const hubUser = account?.user ?? null;
  // Only a change the hub saw counts: a hub still holding the last session's state must not undo this tab's answer.
  const seen = useRef<boolean | null>(null);
  useEffect(() => {
    if (hubLoggedIn === null) return;
    const was = seen.current;
    seen.current = hubLoggedIn;
    if (was === null || was === hubLoggedIn) return;
    setUser((prev) => {
      if (prev === null) return prev;
      if (!hubLoggedIn) return prev.loggedIn ? VISITOR : prev;
      if (prev.loggedIn || hubUser === null) return prev;
      const next: SessionUser = {
        loggedIn: true,
        isDemo: hubUser.isDemo,
        isSub: hubUser.isSub,
        isCopyTradingLeader: hubUser.isCopyTradingLeader,
        isUTA: hubUser.isUTA,
        isEaa: hubUser.isEaa,
      };
      return next;
    });
  }, [hubLoggedIn, hubUser, setUser]);
}
