/**
 * The one-way sync to the app (spec §2 display options: "shown only when enabled by config; a dot marks it new"; §3
 * per-user preferences "sync-to-app dot seen", "sync-app flag (Y or N)"; §7 setPrefSetting upsert_keys). Both facts
 * are server preferences, so they follow the user to another browser. Pure.
 */
import type { Preferences } from '../../../workers/protocol/user';
import { demoAccess } from '../../session/demoRules';

/** Preference key of the sync-app flag, 'Y' or 'N' (spec §7 setPrefSetting upsert_keys). */
export const SYNC_APP_PREF_KEY = 'syncApp';

/** Preference key set to 'Y' once the user has seen the option's "new" dot (spec §3 "sync-to-app dot seen"). */
export const SYNC_APP_DOT_PREF_KEY = 'syncAppDotSeen';

/**
 * Whether the option is offered: the web config's `syncToApp` switch is on and a logged-in user has a server
 * preference to keep it in; demo accounts skip chart sync (spec §5 "Indicator and chart sync is skipped for demo").
 */
export function showsSyncToApp(
  syncToAppSwitch: boolean,
  user: { readonly loggedIn: boolean; readonly isDemo: boolean } | null,
): boolean {
  return syncToAppSwitch && user !== null && user.loggedIn && demoAccess('syncToApp', user) === 'available';
}

/** The sync-app flag: on only for an explicit 'Y' (absent or anything else is off). */
export function isSyncAppOn(prefs: Preferences | null): boolean {
  return prefs?.[SYNC_APP_PREF_KEY] === 'Y';
}

/** The upsert that turns the flag on or off. */
export function syncAppPatch(on: boolean): Preferences {
  return { [SYNC_APP_PREF_KEY]: on ? 'Y' : 'N' };
}

/**
 * Whether the "new" dot shows: not until the preferences are loaded (null: a dot that flashes and goes would be
 * noise), then until the user has seen it.
 */
export function showsSyncDot(prefs: Preferences | null): boolean {
  return prefs !== null && prefs[SYNC_APP_DOT_PREF_KEY] !== 'Y';
}
