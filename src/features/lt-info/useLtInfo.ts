import { useCallback, useEffect, useState } from 'react';
import { getCall } from '../../session/api';
import { toLtInfo, type LtInfo } from './ltInfo';

/** Where the LT info of one symbol is: loading, loaded, or failed (network, server error or a malformed reply). */
export type LtInfoLoad =
  { readonly kind: 'loading' } | { readonly kind: 'ok'; readonly info: LtInfo } | { readonly kind: 'error' };

/** How often the info is refreshed while shown: NAV follows the underlying on every tick, statuses change. */
export const LT_INFO_REFRESH_MS = 3_000;

/**
 * Fetches the LT symbol info (spec §7) of `symbolId`, again whenever the symbol changes (spec §4) and every
 * LT_INFO_REFRESH_MS while the page is visible; `reload` fetches at once (after a subscription or redemption).
 * A failed refresh keeps the last good info; only a failed first load shows the error.
 */
export function useLtInfo(symbolId: number): { readonly load: LtInfoLoad; readonly reload: () => void } {
  const [load, setLoad] = useState<{ readonly id: number; readonly load: LtInfoLoad }>({
    id: symbolId,
    load: { kind: 'loading' },
  });
  const [tick, setTick] = useState(0);
  const reload = useCallback(() => {
    setTick((n) => n + 1);
  }, []);

  useEffect(() => {
    setLoad({ id: symbolId, load: { kind: 'loading' } });
  }, [symbolId]);

  useEffect(() => {
    const ctl = new AbortController();
    getCall('ltSymbolInfo', { symbol_id: symbolId }, ctl.signal).then(
      (reply) => {
        const info = toLtInfo(reply, symbolId);
        setLoad((prev) =>
          info !== null
            ? { id: symbolId, load: { kind: 'ok', info } }
            : prev.id === symbolId && prev.load.kind === 'ok'
              ? prev
              : { id: symbolId, load: { kind: 'error' } },
        );
      },
      (e: unknown) => {
        if (ctl.signal.aborted) return;
        console.warn('LT symbol info failed', e);
        setLoad((prev) =>
          prev.id === symbolId && prev.load.kind === 'ok' ? prev : { id: symbolId, load: { kind: 'error' } },
        );
      },
    );
    // A hidden page does not poll: it refreshes once it is shown again.
    const timer = setTimeout(() => {
      if (document.visibilityState === 'visible') reload();
      else document.addEventListener('visibilitychange', reload, { once: true });
    }, LT_INFO_REFRESH_MS);
    return () => {
      ctl.abort();
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', reload);
    };
  }, [symbolId, tick, reload]);

  // A stale answer for the previous symbol never shows under the new one.
  return { load: load.id === symbolId ? load.load : { kind: 'loading' }, reload };
}
