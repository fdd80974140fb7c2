import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { preferencesAtom } from '../../session/account';
import { complianceAtom } from '../../session/compliance';
import { sessionUserAtom } from '../../session/state';
import { useSetPreferences } from '../../session/useAccount';
import { isSyncAppOn, showsSyncDot, showsSyncToApp, SYNC_APP_DOT_PREF_KEY, syncAppPatch } from './syncToApp';

/** What the display options need of the sync-to-app option (see `syncToApp.ts`). */
export interface SyncToAppState {
  /** The option is offered (config switch on, logged in, not demo). */
  readonly shown: boolean;
  /** The sync-app flag. */
  readonly on: boolean;
  /** The "new" dot is due (offered and not yet seen). */
  readonly dot: boolean;
  /** Writes the flag Y or N. */
  readonly setOn: (on: boolean) => void;
  /** Records that the dot has been seen (a server preference: it stays gone in every browser). */
  readonly markSeen: () => void;
}

/** The sync-to-app option's state, from the web config, the session and the server preferences the hub owns. */
export function useSyncToApp(): SyncToAppState {
  const config = useAtomValue(complianceAtom);
  const user = useAtomValue(sessionUserAtom);
  const prefs = useAtomValue(preferencesAtom);
  const setPreferences = useSetPreferences();
  const shown = showsSyncToApp(config.syncToApp, user);
  const setOn = useCallback(
    (on: boolean) => {
      void setPreferences(syncAppPatch(on));
    },
    [setPreferences],
  );
  const markSeen = useCallback(() => {
    void setPreferences({ [SYNC_APP_DOT_PREF_KEY]: 'Y' });
  }, [setPreferences]);
  return { shown, on: isSyncAppOn(prefs), dot: shown && showsSyncDot(prefs), setOn, markSeen };
}
