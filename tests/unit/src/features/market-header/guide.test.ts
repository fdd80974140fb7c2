import { describe, expect, it } from 'vitest';
import {
  GUIDE_PREF_KEY,
  resolveGuideState,
  shouldAutoOpenGuide,
  toGuidePref,
  toGuideState,
} from '../../../../../src/features/market-header/guide';

const prefs = (result: unknown): unknown => ({ code: 0, success: true, message: 'OK', result });

describe('toGuidePref (getPrefSetting reply)', () => {
  it('reads the guide state stored under the upsert key', () => {
    expect(GUIDE_PREF_KEY).toMatch(/^[A-Za-z0-9_.:-]{1,64}$/); // the simulator's key format (readUpsertKeys)
    expect(toGuidePref(prefs({ [GUIDE_PREF_KEY]: 'new', syncApp: 'Y' }))).toBe('new');
    expect(toGuidePref(prefs({ [GUIDE_PREF_KEY]: 'readed' }))).toBe('readed');
  });

  it('is unknown for seeded accounts (no key), odd values, errors and junk', () => {
    expect(toGuidePref(prefs({}))).toBe('unknown');
    expect(toGuidePref(prefs({ [GUIDE_PREF_KEY]: 'READ' }))).toBe('unknown');
    expect(toGuidePref({ code: 10401, success: false, message: 'login required' })).toBe('unknown');
    expect(toGuidePref(prefs(null))).toBe('unknown');
    expect(toGuidePref(undefined)).toBe('unknown');
    expect(toGuideState(1)).toBe('unknown');
  });
});

describe('resolveGuideState', () => {
  it('a visitor has the local state only', () => {
    expect(resolveGuideState('new', 'readed', false)).toBe('new');
    expect(resolveGuideState('readed', 'new', false)).toBe('readed');
    expect(resolveGuideState('unknown', 'new', false)).toBe('unknown');
  });

  it('a logged-in user follows the server when it knows, else the local state', () => {
    expect(resolveGuideState('unknown', 'new', true)).toBe('new');
    expect(resolveGuideState('readed', 'new', true)).toBe('new');
    expect(resolveGuideState('new', 'readed', true)).toBe('readed');
    expect(resolveGuideState('readed', 'unknown', true)).toBe('readed');
    expect(resolveGuideState('unknown', 'unknown', true)).toBe('unknown');
  });
});

describe('shouldAutoOpenGuide (spec §4 states, §5 "only when no blocking modal is open, KYC passes and the upgrade guide is done")', () => {
  const base = {
    state: 'new' as const,
    blockingModalOpen: false,
    alreadyShown: false,
    kycPassed: true,
    upgradeGuideDone: true,
  };

  it.each([
    // blocking modal, KYC passes, upgrade guide done → opens
    [false, true, true, true],
    [true, true, true, false],
    [false, false, true, false],
    [false, true, false, false],
    [false, null, true, false],
    [false, true, null, false],
    [true, false, false, false],
  ] as const)('modal %s, KYC %s, upgrade guide done %s → %s', (modal, kyc, upgrade, opens) => {
    expect(
      shouldAutoOpenGuide({ ...base, blockingModalOpen: modal, kycPassed: kyc, upgradeGuideDone: upgrade }),
    ).toBe(opens);
  });

  it('opens for a new user with nothing in the way', () => {
    expect(shouldAutoOpenGuide(base)).toBe(true);
  });

  it('waits while a blocking modal is open', () => {
    expect(shouldAutoOpenGuide({ ...base, blockingModalOpen: true })).toBe(false);
  });

  it('never for unknown, readed or a state still being read, and only once per page', () => {
    expect(shouldAutoOpenGuide({ ...base, state: 'unknown' })).toBe(false);
    expect(shouldAutoOpenGuide({ ...base, state: 'readed' })).toBe(false);
    expect(shouldAutoOpenGuide({ ...base, state: null })).toBe(false);
    expect(shouldAutoOpenGuide({ ...base, alreadyShown: true })).toBe(false);
  });
});
