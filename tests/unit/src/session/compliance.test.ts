import { describe, expect, it } from 'vitest';
import { COMPLIANCE, showsEuUsdtBanner, type ComplianceConfig } from '../../../../src/session/compliance';

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
