import { describe, expect, it } from 'vitest';
import { decodeWebConfig, DEFAULT_WEB_CONFIG, sameWebConfig } from '../../../../workers/protocol/webConfig';

describe('decodeWebConfig', () => {
  it('reads known switches and keeps defaults for missing or malformed ones', () => {
    const c = decodeWebConfig({
      code: 0,
      result: {
        spotCurrentOrderOco: false,
        liquidityShield: 'no',
        walletPollMs: 5000,
        region: 'EU',
        extra: 1,
      },
    });
    expect(c).toMatchObject({
      spotCurrentOrderOco: false,
      liquidityShield: true,
      walletPollMs: 5000,
      region: 'EU',
    });
    expect(c).not.toHaveProperty('extra');
  });
  it('refuses an error reply and bad numbers', () => {
    expect(decodeWebConfig({ code: 10001, message: 'x' })).toBeNull();
    expect(decodeWebConfig({ code: 0, result: { walletPollMs: -1 } })?.walletPollMs).toBe(
      DEFAULT_WEB_CONFIG.walletPollMs,
    );
  });
  it('compares configs field by field, lists by content', () => {
    expect(
      sameWebConfig(DEFAULT_WEB_CONFIG, {
        ...DEFAULT_WEB_CONFIG,
        slippageCompensationSymbols: ['BTCUSDT', 'ETHUSDT'],
      }),
    ).toBe(true);
    expect(sameWebConfig(DEFAULT_WEB_CONFIG, { ...DEFAULT_WEB_CONFIG, gridBot: false })).toBe(false);
  });
});
