import { describe, expect, it } from 'vitest';
import {
  COMPLIANCE,
  showsEuUsdtBanner,
  showsStandardOffline,
  type ComplianceConfig,
} from '../../../../src/session/compliance';

const off: ComplianceConfig = { ...COMPLIANCE, euUsdtTips: false };

describe('EU USDT tips banner rule (spec §2)', () => {
  it('is on by default: the page ships the setting switched on', () => {
    expect(COMPLIANCE.euUsdtTips).toBe(true);
  });

  it('shows when the setting is on and USDT is the quote or the base coin', () => {
    expect(showsEuUsdtBanner(COMPLIANCE, 'BTC', 'USDT')).toBe(true);
    expect(showsEuUsdtBanner(COMPLIANCE, 'USDT', 'USDC')).toBe(true);
    expect(showsEuUsdtBanner(COMPLIANCE, 'btc', 'usdt')).toBe(true);
  });

  it('does not show for pairs without USDT, nor when the setting is off', () => {
    expect(showsEuUsdtBanner(COMPLIANCE, 'BTC', 'USDC')).toBe(false);
    expect(showsEuUsdtBanner(COMPLIANCE, 'USDTX', 'USDC')).toBe(false);
    expect(showsEuUsdtBanner(off, 'BTC', 'USDT')).toBe(false);
  });
});

describe('Standard-offline tip (spec §5: logged-in non-UTA, switch on, 7-day dismissal)', () => {
  const DAY = 86_400_000;
  const NOW = 1_800_000_000_000;
  const on: ComplianceConfig = { ...COMPLIANCE, standardOffline: true };
  const switchOff: ComplianceConfig = { ...COMPLIANCE, standardOffline: false };
  const classic = { loggedIn: true, isUTA: false };
  const cases: {
    who: string;
    config: ComplianceConfig;
    user: { loggedIn: boolean; isUTA: boolean };
    dismissedAt: number;
    shows: boolean;
  }[] = [
    { who: 'classic, never dismissed', config: on, user: classic, dismissedAt: 0, shows: true },
    {
      who: 'classic, dismissed 7 days ago',
      config: on,
      user: classic,
      dismissedAt: NOW - 7 * DAY,
      shows: true,
    },
    {
      who: 'classic, dismissed a minute short of 7 days',
      config: on,
      user: classic,
      dismissedAt: NOW - 7 * DAY + 60_000,
      shows: false,
    },
    { who: 'classic, dismissed today', config: on, user: classic, dismissedAt: NOW - 1000, shows: false },
    { who: 'classic, switch off', config: switchOff, user: classic, dismissedAt: 0, shows: false },
    {
      who: 'unified account',
      config: on,
      user: { loggedIn: true, isUTA: true },
      dismissedAt: 0,
      shows: false,
    },
    { who: 'visitor', config: on, user: { loggedIn: false, isUTA: false }, dismissedAt: 0, shows: false },
  ];
  it.each(cases)('$who → $shows', ({ config, user, dismissedAt, shows }) => {
    expect(showsStandardOffline(config, user, dismissedAt, NOW)).toBe(shows);
  });
});
