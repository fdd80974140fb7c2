import { describe, expect, it } from 'vitest';
import { normaliseLocale, resolveRoute, SUPPORTED_LOCALES } from '../../../../src/session/routes';

const go = (path: string, stored: string | null = null, detected: string[] = []) =>
  resolveRoute(path, stored, detected);

describe('routes (spec §2)', () => {
  it('lists 27 locales', () => {
    expect(SUPPORTED_LOCALES).toHaveLength(27);
  });

  it('sends / and /trade/spot/ to the BTC pair under the stored, detected or en locale', () => {
    expect(go('/')).toEqual({ kind: 'redirect', to: '/en/trade/spot/BTC/USDT' });
    expect(go('/trade/spot/', 'ja-JP')).toEqual({ kind: 'redirect', to: '/ja-JP/trade/spot/BTC/USDT' });
    expect(go('/trade/spot/', null, ['fr', 'en'])).toEqual({
      kind: 'redirect',
      to: '/fr-FR/trade/spot/BTC/USDT',
    });
  });

  it('prefixes the locale on unprefixed pair and LT paths', () => {
    expect(go('/trade/spot/ETH/USDT')).toEqual({ kind: 'redirect', to: '/en/trade/spot/ETH/USDT' });
    expect(go('/trade/spot/lt/BTC3L/USDT')).toEqual({ kind: 'redirect', to: '/en/trade/spot/lt/BTC3L/USDT' });
  });

  it('shows the spot and LT pages', () => {
    expect(go('/ar-SA/trade/spot/BTC/USDT')).toEqual({
      kind: 'spot',
      locale: 'ar-SA',
      base: 'BTC',
      quote: 'USDT',
    });
    expect(go('/en/trade/spot/lt/BTC3L/USDT')).toEqual({
      kind: 'lt',
      locale: 'en',
      base: 'BTC3L',
      quote: 'USDT',
    });
  });

  it('normalises invalid locales and any other path', () => {
    expect(go('/xx/trade/spot/ETH/USDT')).toEqual({ kind: 'redirect', to: '/en/trade/spot/ETH/USDT' });
    expect(go('/ar/trade/spot/ETH/USDT')).toEqual({ kind: 'redirect', to: '/ar-SA/trade/spot/ETH/USDT' });
    expect(go('/en/trade/spot/')).toEqual({ kind: 'redirect', to: '/en/trade/spot/BTC/USDT' });
    expect(go('/whatever/else', 'de-DE')).toEqual({ kind: 'redirect', to: '/de-DE/trade/spot/BTC/USDT' });
    expect(normaliseLocale('bogus', ['zh-Hant'])).toBe('zh-TW');
  });
});
