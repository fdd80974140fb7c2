import { describe, expect, it } from 'vitest';
import { toSafeHref } from '../../../../src/session/links';

const ORIGIN = 'http://127.0.0.1:5199';

describe('outbound link allowlist', () => {
  it('passes same-origin paths', () => {
    expect(toSafeHref('/announcements/new-listing-NEWC', ORIGIN)).toEqual({
      href: '/announcements/new-listing-NEWC',
      external: false,
    });
    expect(toSafeHref(' /a?b=1#c ', ORIGIN)).toEqual({ href: '/a?b=1#c', external: false });
  });

  it('passes https links to allowlisted hosts only', () => {
    expect(toSafeHref('https://announcements.bybit.com/x', ORIGIN)).toEqual({
      href: 'https://announcements.bybit.com/x',
      external: true,
    });
    expect(toSafeHref('https://evil.example/x', ORIGIN)).toBeNull();
    expect(toSafeHref('http://www.bybit.com/x', ORIGIN)).toBeNull();
    expect(toSafeHref('https://user:pw@www.bybit.com/', ORIGIN)).toBeNull();
    expect(toSafeHref('https://www.bybit.com.evil.example/', ORIGIN)).toBeNull();
  });

  it('refuses scripts, data, protocol-relative and backslash tricks', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<b>x</b>',
      '//evil.example/x',
      '/\\evil.example/x',
      '\\\\evil.example',
      '/a\nb',
      '',
      'relative/path',
    ]) {
      expect(toSafeHref(bad, ORIGIN), bad).toBeNull();
    }
  });
});
