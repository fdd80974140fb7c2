import { useEffect, useState } from 'react';
import { getCall } from '../../session/api';
import { toLtInfo, type LtInfo } from './ltInfo';

/** Where the LT info of one symbol is: loading, loaded, or failed (network, server error or a malformed reply). */
export type LtInfoLoad =
  { readonly kind: 'loading' } | { readonly kind: 'ok'; readonly info: LtInfo } | { readonly kind: 'error' };

/** Fetches the LT symbol info (spec §7) of `symbolId`, again whenever the symbol changes (spec §4). */
export function useLtInfo(symbolId: number): LtInfoLoad {
  const [load, setLoad] = useState<{ readonly id: number; readonly load: LtInfoLoad }>({
    id: symbolId,
    load: { kind: 'loading' },
  });

  useEffect(() => {
    const ctl = new AbortController();
    setLoad({ id: symbolId, load: { kind: 'loading' } });
    getCall('ltSymbolInfo', { symbol_id: symbolId }, ctl.signal).then(
      (reply) => {
        const info = toLtInfo(reply, symbolId);
        setLoad({ id: symbolId, load: info === null ? { kind: 'error' } : { kind: 'ok', info } });
      },
      (e: unknown) => {
        if (ctl.signal.aborted) return;
        console.warn('LT symbol info failed', e);
        setLoad({ id: symbolId, load: { kind: 'error' } });
      },
    );
    return () => {
      ctl.abort();
    };
  }, [symbolId]);

  // A stale answer for the previous symbol never shows under the new one.
  return load.id === symbolId ? load.load : { kind: 'loading' };
}
