import { describe, expect, it } from 'vitest';
import {
  isRtl,
  matchLocale,
  normaliseLocale,
  resolveRoute,
  SUPPORTED_LOCALES,
} from '../../../../src/session/routes';

describe('locale normalisation (spec §2, §9)', () => {
  it('matches every supported locale exactly, whatever the case', () => {
    for (const l of SUPPORTED_LOCALES) {
      expect(matchLocale(l)).toBe(l);
      expect(matchLocale(l.toLowerCase())).toBe(l);
      expect(matchLocale(l.toUpperCase())).toBe(l);
    }
  });

  it('maps a bare language or another region to the supported locale of that language', () => {
    expect(matchLocale('ar')).toBe('ar-SA');
    expect(matchLocale('ar-EG')).toBe('ar-SA');
    expect(matchLocale('pt')).toBe('pt-BR');
    expect(matchLocale('pt-PT')).toBe('pt-BR');
    expect(matchLocale('en-US')).toBe('en');
    expect(matchLocale('en-GB')).toBe('en');
    expect(matchLocale('de-AT')).toBe('de-DE');
    expect(matchLocale('fa')).toBe('fa-IR');
    expect(matchLocale('he')).toBe('he-IL');
  });

  it('keeps Chinese scripts apart: simplified → zh-CN, traditional → zh-TW', () => {
    expect(matchLocale('zh')).toBe('zh-CN');
    expect(matchLocale('zh-CN')).toBe('zh-CN');
    expect(matchLocale('zh-Hans')).toBe('zh-CN');
    expect(matchLocale('zh-Hant')).toBe('zh-TW');
    expect(matchLocale('zh-HK')).toBe('zh-TW');
    expect(matchLocale('zh-MO')).toBe('zh-TW');
    expect(matchLocale('zh-tw')).toBe('zh-TW');
  });

  it('rejects what is not a supported language', () => {
    for (const bad of ['', 'xx', 'klingon', 'e', 'xx-YY', null, undefined])
      expect(matchLocale(bad)).toBeUndefined();
  });

  it('prefers the stored locale, then the first supported browser language, then en', () => {
    expect(normaliseLocale('ko-KR', ['fr-FR'])).toBe('ko-KR');
    expect(normaliseLocale(null, ['xx', 'it', 'fr'])).toBe('it-IT');
    expect(normaliseLocale('garbage', ['xx-XX'])).toBe('en');
    expect(normaliseLocale(null, [])).toBe('en');
  });

  it('canonicalises a locale in the URL and keeps the pair', () => {
    expect(resolveRoute('/AR-sa/trade/spot/ETH/USDT', null, [])).toEqual({
      kind: 'redirect',
      to: '/ar-SA/trade/spot/ETH/USDT',
    });
    expect(resolveRoute('/zh-hant/trade/spot/lt/BTC3L/USDT', null, [])).toEqual({
      kind: 'redirect',
      to: '/zh-TW/trade/spot/lt/BTC3L/USDT',
    });
    expect(resolveRoute('/en/trade/spot/eth/usdt', null, [])).toEqual({
      kind: 'redirect',
      to: '/en/trade/spot/ETH/USDT',
    });
  });

  it('marks ar-SA alone as right-to-left', () => {
    expect(SUPPORTED_LOCALES.filter(isRtl)).toEqual(['ar-SA']);
  });
});
