/**
 * Keeps the kline config on the server for a logged-in non-demo user (spec §7 get/set_kline_config): read once per
 * login and applied when newer than the local one (a change made in another browser), and written after each burst of
 * changes (one call 0.4 s after the last, spec §9's auto-save delay). Demo users and visitors keep the local config
 * only (spec §5 "Indicator and chart sync is skipped for demo and logged-out users"). A failed write is not retried on
 * its own: the next change writes the whole config again.
 */
import { useAtomValue, useStore } from 'jotai';
import { useEffect } from 'react';
import { getCall, postCall, resultOf } from '../../session/api';
import { sessionUserAtom } from '../../session/state';
import { canSyncLayout } from './config';
import { fromServerKlineConfig, isServerConfigNewer, toServerKlineConfig } from './klineConfigSync';
import { applyServerLayoutAtom, AUTOSAVE_DELAY_MS, klineConfigAtom } from './state';

/** Runs the kline config sync for the session user while mounted. */
export function useKlineConfigSync(): void {
  const user = useAtomValue(sessionUserAtom);
  const store = useStore();
  const sync = canSyncLayout(user);

  useEffect(() => {
    if (!sync) return;
    const ctl = new AbortController();
    // The version the server is known to hold (or that needs no write): changes to any other version are written.
    let held = store.get(klineConfigAtom).version;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const write = (): void => {
      const cfg = store.get(klineConfigAtom);
      if (cfg.version === held) return;
      held = cfg.version;
      void postCall('setKlineConfig', { config: toServerKlineConfig(cfg) }, ctl.signal).catch(
        () => undefined,
      );
    };
    const off = store.sub(klineConfigAtom, () => {
      if (store.get(klineConfigAtom).version === held) return;
      clearTimeout(timer);
      timer = setTimeout(write, AUTOSAVE_DELAY_MS);
    });

    void (async () => {
      const server = fromServerKlineConfig(resultOf(await getCall('getKlineConfig', {}, ctl.signal))?.config);
      if (!isServerConfigNewer(server, store.get(klineConfigAtom))) return;
      // Set before the atom changes, so applying the server's config is not written back to it.
      held = server.version;
      store.set(applyServerLayoutAtom, server);
    })().catch(() => undefined);

    return () => {
      off();
      clearTimeout(timer);
      ctl.abort();
    };
  }, [sync, store]);
}
