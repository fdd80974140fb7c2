/** The sync-to-app option (spec §2, §3, §7): when it is offered, the flag, the "new" dot. */
import { describe, expect, it } from 'vitest';
import {
  isSyncAppOn,
  showsSyncDot,
  showsSyncToApp,
  SYNC_APP_DOT_PREF_KEY,
  SYNC_APP_PREF_KEY,
  syncAppPatch,
} from '../../../../../src/features/chart/syncToApp';

const USER = { loggedIn: true, isDemo: false };

describe('sync to the app', () => {
  it('is offered only with the config switch on, to a logged-in user who is not demo', () => {
    expect(showsSyncToApp(true, USER)).toBe(true);
    expect(showsSyncToApp(false, USER)).toBe(false);
    expect(showsSyncToApp(true, { loggedIn: false, isDemo: false })).toBe(false);
    expect(showsSyncToApp(true, { loggedIn: true, isDemo: true })).toBe(false);
    expect(showsSyncToApp(true, null)).toBe(false);
  });

  it('the flag is Y or N under syncApp; only Y is on', () => {
    expect(SYNC_APP_PREF_KEY).toBe('syncApp');
    expect(syncAppPatch(true)).toEqual({ syncApp: 'Y' });
    expect(syncAppPatch(false)).toEqual({ syncApp: 'N' });
    expect(isSyncAppOn({ syncApp: 'Y' })).toBe(true);
    expect(isSyncAppOn({ syncApp: 'N' })).toBe(false);
    expect(isSyncAppOn({ syncApp: 'yes' })).toBe(false);
    expect(isSyncAppOn({})).toBe(false);
    expect(isSyncAppOn(null)).toBe(false);
  });

  it('the dot shows once the preferences are loaded, until seen', () => {
    expect(showsSyncDot(null)).toBe(false);
    expect(showsSyncDot({})).toBe(true);
    expect(showsSyncDot({ [SYNC_APP_DOT_PREF_KEY]: 'Y' })).toBe(false);
  });
});
