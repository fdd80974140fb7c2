import { describe, expect, it } from 'vitest';
import { SLOW_LANE_MS } from '../../../workers/diff';
import { LOOK_FALLBACK_MS, LOOKS_ACTIVE_MS, SlowClock } from '../../../workers/slowClock';

const B = 1_000_000_000_000; // a slot boundary
const slotOf = (t: number): number => Math.floor(t / SLOW_LANE_MS);

describe('SlowClock', () => {
  it('reads the wall clock while no paint worker looks', () => {
    const c = new SlowClock();
    expect(c.readAt(B + 3)).toBe(B + 3);
    expect(c.at(B + 300, false, () => undefined)).toBe(B + 300);
  });

  it('holds the other pulls in the opened slot until a look opens the next one, and tells who opened it', () => {
    const c = new SlowClock();
    const opened: number[] = [];
    const look = (t: number): number => c.at(t, true, () => opened.push(t));
    expect(look(B + 10)).toBe(B + 10);
    expect(look(B + 240)).toBe(B + 240);
    expect(opened).toEqual([B + 10]);
    // Past the boundary with no look since: read as the opened slot's last moment, and looked at again soon.
    const at = c.readAt(B + SLOW_LANE_MS + 5);
    expect(slotOf(at)).toBe(slotOf(B));
    expect(SlowClock.wakeIn(at, B + SLOW_LANE_MS + 5, 1)).toBe(LOOK_FALLBACK_MS);
    // Within the opened slot a read is the wall clock, and a tab waits for the slot's own end.
    expect(c.readAt(B + 100)).toBe(B + 100);
    expect(SlowClock.wakeIn(B + 100, B + 100, 150)).toBe(150);
    // The next look opens the slot; reads follow the wall clock into it.
    expect(look(B + SLOW_LANE_MS + 6)).toBe(B + SLOW_LANE_MS + 6);
    expect(opened).toEqual([B + 10, B + SLOW_LANE_MS + 6]);
    expect(c.readAt(B + SLOW_LANE_MS + 7)).toBe(B + SLOW_LANE_MS + 7);
  });

  it('goes back to the wall clock once the looks stop', () => {
    const c = new SlowClock();
    c.look(B + 240);
    expect(slotOf(c.readAt(B + 240 + LOOKS_ACTIVE_MS))).toBe(slotOf(B));
    expect(c.readAt(B + 240 + LOOKS_ACTIVE_MS + 1)).toBe(B + 240 + LOOKS_ACTIVE_MS + 1);
  });
});
