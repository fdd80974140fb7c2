/** The chart's price format: the page's grouping at the symbol's precision, memoised per formatter. */
import { describe, expect, it } from 'vitest';
import {
  customPriceFormat,
  memoFormatter,
  priceFormatter,
} from '../../../../../src/features/chart/priceFormat';

describe('price format', () => {
  it('writes prices with the locale grouping at the precision', () => {
    expect(priceFormatter(2, 'en')(64000)).toBe('64,000.00');
    expect(priceFormatter(0, 'en')(1234.4)).toBe('1,234');
  });

  it('memoises results and formats each price once', () => {
    let calls = 0;
    const f = memoFormatter((p) => {
      calls++;
      return String(p);
    });
    expect(f(1)).toBe('1');
    expect(f(1)).toBe('1');
    expect(f(2)).toBe('2');
    expect(calls).toBe(2);
  });

  it('keeps the cache bounded', () => {
    let calls = 0;
    const f = memoFormatter((p) => {
      calls++;
      return String(p);
    });
    for (let i = 0; i <= 4096; i++) f(i);
    calls = 0;
    f(0);
    expect(calls).toBe(1);
  });

  it('hands the library one tick of the precision', () => {
    const fmt = (p: number): string => String(p);
    const pf = customPriceFormat(3, fmt);
    expect(pf.type).toBe('custom');
    expect(pf.minMove).toBeCloseTo(0.001, 12);
    expect(pf.formatter).toBe(fmt);
  });
});
