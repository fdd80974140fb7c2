import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { getCall } from '../session/api';
import { advanceOpening, fromNotice, OPENING_TIMING, toOpeningNotice } from '../session/opening';
import { openingAtom } from '../session/state';

/**
 * Drives {@link openingAtom} for the routed symbol (spec §4 Symbol opening): fetches its notice, ticks the countdown
 * every 100 ms, opens it 1 s after zero, and refetches the notice when the page comes back online or visible after
 * more than 60 s hidden. `symbolId` null = the symbol is not known (yet).
 */
export function useSymbolOpening(symbolId: number | null): void {
  const setOpening = useSetAtom(openingAtom);
  const state = useAtomValue(openingAtom);
  const [fetchSeq, setFetchSeq] = useState(0);

  useEffect(() => {
    setOpening({ kind: 'checking' });
  }, [symbolId, setOpening]);

  useEffect(() => {
    if (symbolId === null) return;
    const ctl = new AbortController();
    getCall('noticeBySymbolId', { symbol_id: symbolId }, ctl.signal).then(
      (reply) => {
        setOpening(advanceOpening(fromNotice(toOpeningNotice(reply), symbolId, Date.now()), Date.now()));
      },
      (e: unknown) => {
        if (ctl.signal.aborted) return;
        console.warn('symbol notice failed', e);
        setOpening({ kind: 'error', onlineTime: null });
      },
    );
    return () => {
      ctl.abort();
    };
  }, [symbolId, fetchSeq, setOpening]);

  const ticking = state.kind === 'countdown' || state.kind === 'opening';
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => {
      setOpening((prev) => advanceOpening(prev, Date.now()));
    }, OPENING_TIMING.tickMs);
    return () => {
      clearInterval(timer);
    };
  }, [ticking, setOpening]);

  useEffect(() => {
    let hiddenAt: number | null = document.hidden ? Date.now() : null;
    const onVisibility = (): void => {
      if (document.hidden) {
        hiddenAt = Date.now();
        return;
      }
      if (hiddenAt !== null && Date.now() - hiddenAt > OPENING_TIMING.refetchAfterHiddenMs) {
        setFetchSeq((n) => n + 1);
      }
      hiddenAt = null;
    };
    const onOnline = (): void => {
      setFetchSeq((n) => n + 1);
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('online', onOnline);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('online', onOnline);
    };
  }, []);
}
