import { useAtomValue, useStore } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { getCall } from '../../session/api';
import type { SessionUser } from '../../session/session';
import { resolveGuideState, shouldAutoOpenGuide, toGuidePref } from './guide';
import { tradeGuideAtom, type TradeGuideState } from './state';

/** True while a blocking dialog (any `aria-modal="true"` element) is in the page. */
function isBlockingModalOpen(): boolean {
  return document.querySelector('[aria-modal="true"]') !== null;
}

/**
 * Opens the trade guide by itself for a user whose guide state is `new` (spec §4): reads the server preference for a
 * logged-in user (the local state for a visitor), mirrors a known server state locally, and waits until no blocking
 * modal is open. `user` null = the session is not known yet.
 */
export function useTradeGuideAutoOpen(user: SessionUser | null, open: () => void): void {
  const store = useStore();
  const local = useAtomValue(tradeGuideAtom);
  const [state, setState] = useState<TradeGuideState | null>(null);
  const shown = useRef(false);
  const loggedIn = user?.loggedIn ?? null;

  // Resolve the state once the session is known (again if it changes).
  useEffect(() => {
    if (loggedIn === null) return;
    if (!loggedIn) {
      setState(store.get(tradeGuideAtom));
      return;
    }
    const ctl = new AbortController();
    getCall('getPrefSetting', {}, ctl.signal).then(
      (reply) => {
        const server = toGuidePref(reply);
        const resolved = resolveGuideState(store.get(tradeGuideAtom), server, true);
        if (server !== 'unknown') store.set(tradeGuideAtom, server);
        setState(resolved);
      },
      (e: unknown) => {
        if (ctl.signal.aborted) return;
        console.warn('guide preference not read', e);
        setState(store.get(tradeGuideAtom));
      },
    );
    return () => {
      ctl.abort();
    };
  }, [loggedIn, store]);

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
  }, [effective, open]);
}
