import { describe, expect, it } from 'vitest';
import { TokenBucket } from '../../../../server/realtime/budget';

describe('TokenBucket', () => {
  it('spends a burst, runs into debt, and refills at its rate up to its capacity', () => {
    let t = 0;
    const b = new TokenBucket(100, 10, () => t);
    expect(b.take(60)).toBe(40);
    expect(b.take(60)).toBe(-20);
    expect(b.waitMs()).toBe(2100);
    t = 2000;
    expect(b.level()).toBe(0);
    t = 2100;
    expect(b.level()).toBeCloseTo(1);
    expect(b.waitMs()).toBe(0);
    t = 1_000_000;
    expect(b.level()).toBe(100);
  });
});
