import { describe, expect, it } from 'vitest';
import { windowRange } from '../../../../src/ui/windowing';

describe('windowRange (fixed-height rows)', () => {
  it('renders only the rows in view plus overscan', () => {
    expect(windowRange(0, 320, 32, 1000, 4)).toEqual({ start: 0, end: 15, offsetTop: 0, totalHeight: 32000 });
    const w = windowRange(3200, 320, 32, 1000, 4);
    expect(w).toEqual({ start: 96, end: 115, offsetTop: 96 * 32, totalHeight: 32000 });
    expect(w.end - w.start).toBeLessThan(20);
  });
  it('clamps overscroll and shrunk lists', () => {
    expect(windowRange(99_999, 320, 32, 1000, 4)).toEqual({
      start: 986,
      end: 1000,
      offsetTop: 986 * 32,
      totalHeight: 32000,
    });
    expect(windowRange(-50, 320, 32, 10, 4)).toEqual({ start: 0, end: 10, offsetTop: 0, totalHeight: 320 });
    expect(windowRange(5000, 320, 32, 3, 4)).toEqual({ start: 0, end: 3, offsetTop: 0, totalHeight: 96 });
  });
  it('handles empty lists and zero sizes', () => {
    expect(windowRange(0, 320, 32, 0)).toEqual({ start: 0, end: 0, offsetTop: 0, totalHeight: 0 });
    expect(windowRange(0, 0, 32, 100, 0)).toEqual({ start: 0, end: 1, offsetTop: 0, totalHeight: 3200 });
  });
});
