/** The upgrade screens of spec §4 from the facts and the pushed events. */
import { describe, expect, it } from 'vitest';
import { applyUpgradeEvent, IDLE, upgradeView } from '../../../../../src/features/uta-upgrade/upgradeFlow';
import type { UtaFacts } from '../../../../../workers/protocol/margin';

const classic: UtaFacts = {
  grayUta: true,
  unifiedAccount: 0,
  upgrade: { status: 'none', inverse: false, progress: 0, errorCode: '' },
};
const user = { isUTA: false, isDemo: false };

describe('upgrade flow', () => {
  it('shows the entry only for none or fail with the gray flag, not for unified or demo users', () => {
    expect(upgradeView(classic, user, false, IDLE).entry).toBe(true);
    expect(upgradeView({ ...classic, grayUta: false }, user, false, IDLE).entry).toBe(false);
    expect(upgradeView(classic, { isUTA: false, isDemo: true }, false, IDLE).entry).toBe(false);
    const failed = { ...classic, upgrade: { ...classic.upgrade, status: 'fail' as const } };
    expect(upgradeView(failed, user, false, IDLE).entry).toBe(true);
    expect(upgradeView(null, null, false, IDLE).entry).toBe(false);
  });

  it('reloads on "0", opens the modal at 1 on "3400324" and at 3 on other data', () => {
    expect(applyUpgradeEvent(IDLE, { code: 200, data: '0', inverse: false })).toBe('reload');
    const inProcess = applyUpgradeEvent(IDLE, { code: 200, data: '3400324', inverse: false });
    expect(inProcess).toMatchObject({ processing: true, modal: { status: 1 } });
    expect(applyUpgradeEvent(IDLE, { code: 200, data: '3400326', inverse: false })).toMatchObject({
      processing: false,
      modal: { status: 3, code: '3400326' },
    });
  });

  it('masks while in process (inverse mask on the inverse path) and follows the progress', () => {
    const step = applyUpgradeEvent(IDLE, { code: 100, data: '40', inverse: true });
    if (step === 'reload') throw new Error('no reload on progress');
    const v = upgradeView(classic, user, false, step);
    expect(v).toMatchObject({ mask: 'inverse', progress: 40, entry: false });
    const running = {
      ...classic,
      upgrade: { status: 'processing' as const, inverse: false, progress: 60, errorCode: '' },
    };
    expect(upgradeView(running, user, false, IDLE)).toMatchObject({ mask: 'progress', progress: 60 });
  });

  it('shows the guide after success unless read or demo', () => {
    const done = {
      ...classic,
      unifiedAccount: 2,
      upgrade: { ...classic.upgrade, status: 'success' as const },
    };
    const uta = { isUTA: true, isDemo: false };
    expect(upgradeView(done, uta, false, IDLE).guide).toBe(true);
    expect(upgradeView(done, uta, true, IDLE).guide).toBe(false);
    expect(upgradeView(done, { isUTA: true, isDemo: true }, false, IDLE).guide).toBe(false);
  });
});
