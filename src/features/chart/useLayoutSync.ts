/**
 * Layout sync (spec §5, §7): for logged-in non-demo users the kline config is uploaded with its version (0.4 s after
 * a change, ignored in the first 5 s after a symbol switch) and, on login, the server's layout is applied when newer
 * than the local one by more than 5 s. A corrupt server layout is discarded. (The cancel-prompt preference comes with the hub's facts: `preferencesAtom`.)
 */
import { useAtomValue, useStore } from 'jotai';
import { useEffect } from 'react';
import { getCall, getPath, postCall, resultOf } from '../../session/api';
import { sessionUserAtom } from '../../session/state';
import { canSyncLayout, isServerLayoutNewer, parseKlineConfig } from './config';
import {
  applyServerLayoutAtom,
  AUTOSAVE_DELAY_MS,
  AUTOSAVE_IGNORE_MS,
  klineConfigAtom,
  layoutDirtyAtom,
  symbolSwitchedAtAtom,
} from './state';

/** Runs the sync for the session user while mounted. */
export function useLayoutSync(): void {
  const user = useAtomValue(sessionUserAtom);
  const store = useStore();
  const sync = canSyncLayout(user);

  // Download once per login.
  useEffect(() => {
    if (!sync) return;
    const ctl = new AbortController();
    void (async () => {
      const head = resultOf(await getCall('getKline', {}, ctl.signal));
      const version = Number(head?.version ?? 0);
      const path = head?.klinePath;
      if (typeof path !== 'string' || path === '' || !path.startsWith('/')) return;
      if (!isServerLayoutNewer(version, store.get(klineConfigAtom).version)) return;
      const body = resultOf(await getPath(path, ctl.signal));
      const cfg = parseKlineConfig(body?.saveData);
      if (cfg === undefined) return;
      store.set(applyServerLayoutAtom, { ...cfg, version });
    })().catch(() => undefined);
    return () => {
      ctl.abort();
    };
  }, [sync, store]);

  // Upload after changes; a change in the first 5 s after a symbol switch waits until that window has passed.
  useEffect(() => {
    if (!sync) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const upload = (): void => {
      const cfg = store.get(klineConfigAtom);
      const wait = store.get(symbolSwitchedAtAtom) + AUTOSAVE_IGNORE_MS - Date.now();
      if (wait > 0) {
        timer = setTimeout(upload, wait);
        return;
      }
      store.set(layoutDirtyAtom, false);
      void postCall('uploadKline', {
        kline: JSON.stringify({ version: cfg.version, saveData: cfg }),
        version: cfg.version,
        indicatorVersion: String(cfg.version),
      }).catch(() => {
        store.set(layoutDirtyAtom, true);
      });
    };
    const off = store.sub(layoutDirtyAtom, () => {
      if (!store.get(layoutDirtyAtom)) return;
      clearTimeout(timer);
      timer = setTimeout(upload, AUTOSAVE_DELAY_MS);
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, [sync, store]);
}
