import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import {
  layoutCustomisedAtom,
  orderBookVisibleAtom,
  resetLayoutAtom,
  savedLayoutAtom,
  saveLayoutAtom,
  setOrderBookVisibleAtom,
} from '../../../../../src/features/layout/state';

const userLayout = [
  { i: 'chart', x: 0, y: 0, w: 70, h: 10 },
  { i: 'orderbook', x: 70, y: 0, w: 50, h: 10 },
  { i: 'position', x: 0, y: 10, w: 120, h: 6 },
] as const;

describe('layout actions (spec §4 Layout)', () => {
  it('saving marks the layout customised; reset clears both', () => {
    const s = createStore();
    s.set(saveLayoutAtom, [...userLayout]);
    expect(s.get(layoutCustomisedAtom)).toBe(true);
    expect(s.get(savedLayoutAtom)).toEqual(userLayout);
    s.set(resetLayoutAtom);
    expect(s.get(layoutCustomisedAtom)).toBe(false);
    expect(s.get(savedLayoutAtom)).toBeNull();
  });

  it('hiding the order book widens the chart in a customised layout; showing it resets the layout', () => {
    const s = createStore();
    s.set(saveLayoutAtom, [...userLayout]);
    s.set(setOrderBookVisibleAtom, false);
    expect(s.get(orderBookVisibleAtom)).toBe(false);
    expect(s.get(savedLayoutAtom)).toEqual([
      { i: 'chart', x: 0, y: 0, w: 120, h: 10 },
      { i: 'position', x: 0, y: 10, w: 120, h: 6 },
    ]);
    s.set(setOrderBookVisibleAtom, true);
    expect(s.get(orderBookVisibleAtom)).toBe(true);
    expect(s.get(layoutCustomisedAtom)).toBe(false);
    expect(s.get(savedLayoutAtom)).toBeNull();
  });
});
