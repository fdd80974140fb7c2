import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { getCall } from './api';
import { toSessionUser, VISITOR } from './session';
import { sessionUserAtom } from './state';

/** Loads the session user once (a failure counts as a visitor: market data still shows). */
export function useSessionUser(): void {
  const setUser = useSetAtom(sessionUserAtom);
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
}
