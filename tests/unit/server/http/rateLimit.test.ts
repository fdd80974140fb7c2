import { describe, expect, it } from 'vitest';
import { RateLimiter } from '../../../../server/http/rateLimit';

describe('RateLimiter', () => {
  it('allows max hits per window, then says how long to wait, then forgets', () => {
    let t = 1_000_000;
    const l = new RateLimiter(() => t, 3, 60_000);
    for (let i = 0; i < 3; i++) {
      expect(l.retryAfter('k')).toBe(0);
      l.hit('k');
    }
    expect(l.retryAfter('k')).toBe(60);
    expect(l.retryAfter('other')).toBe(0);
    t += 30_000;
    expect(l.retryAfter('k')).toBe(30);
    t += 30_001;
    expect(l.retryAfter('k')).toBe(0);
  });
});

describe('RateLimiter.undo', () => {
  it('takes back the newest attempt, so a reserved attempt that succeeded does not count', () => {
    const l = new RateLimiter(() => 0, 2, 60_000);
    l.hit('k');
    l.hit('k');
    expect(l.retryAfter('k')).toBeGreaterThan(0);
    l.undo('k');
    expect(l.retryAfter('k')).toBe(0);
    l.undo('k');
    l.undo('k');
    l.hit('k');
    expect(l.retryAfter('k')).toBe(0);
  });
});
