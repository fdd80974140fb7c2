import { describe, expect, it } from 'vitest';
import type { UpgradeState, UtaFacts } from '../../../../workers/protocol/margin';
import type { UserFacts } from '../../../../workers/protocol/user';
import {
  isUpgradeGuidePending,
  tradeDialogFacts,
  UTA_GUIDE_PREF_KEY,
} from '../../../../src/session/tradeDialogFacts';
import { UTA_GUIDE_PREF_KEY as UPGRADE_FEATURE_KEY } from '../../../../src/features/uta-upgrade/upgradeFlow';

const user = (over: Partial<UserFacts> = {}): UserFacts => ({
  id: '100002',
  isDemo: false,
  isSub: false,
  isCopyTradingLeader: false,
  isUTA: true,
  isEaa: false,
  marginMode: 'cross',
  minValueV2: false,
  kycPassed: true,
  ...over,
});
const uta = (upgrade: Partial<UpgradeState>): UtaFacts => ({
  grayUta: false,
  unifiedAccount: 2,
  upgrade: { status: 'none', inverse: false, progress: 0, errorCode: '', ...upgrade },
});

describe('the trade dialog gate facts (spec §5)', () => {
  it('reads the same preference key the UTA upgrade writes', () => {
    expect(UTA_GUIDE_PREF_KEY).toBe(UPGRADE_FEATURE_KEY);
  });

  it.each([
    // upgrade state, isUTA, isDemo, guide read → guide pending
    ['none', false, true, false, false, false],
    ['fail', false, false, false, false, false],
    ['processing', false, false, false, false, true],
    ['success', false, true, false, false, true],
    ['success', false, true, false, true, false],
    ['success', false, true, true, false, false],
    ['success', true, false, false, false, false],
  ] as const)(
    'upgrade %s (inverse %s), UTA %s, demo %s, read %s → pending %s',
    (status, inverse, isUTA, isDemo, read, pending) => {
      const prefs: Record<string, string> = read ? { [UTA_GUIDE_PREF_KEY]: 'Y' } : {};
      expect(isUpgradeGuidePending(uta({ status, inverse }), { isUTA, isDemo }, prefs)).toBe(pending);
    },
  );

  it('a visitor passes both; a logged-in user waits for the hub, then follows the server facts', () => {
    expect(tradeDialogFacts(false, null)).toEqual({ kycPassed: true, upgradeGuideDone: true });
    expect(tradeDialogFacts(true, null)).toBeNull();
    expect(tradeDialogFacts(true, { user: null, preferences: {} })).toBeNull();
    expect(tradeDialogFacts(true, { user: user(), preferences: {}, uta: uta({}) })).toEqual({
      kycPassed: true,
      upgradeGuideDone: true,
    });
    expect(tradeDialogFacts(true, { user: user({ kycPassed: false }), preferences: {} })).toEqual({
      kycPassed: false,
      upgradeGuideDone: true,
    });
    expect(
      tradeDialogFacts(true, { user: user(), preferences: {}, uta: uta({ status: 'success' }) })
        ?.upgradeGuideDone,
    ).toBe(false);
  });
});
