import { describe, expect, it } from 'vitest';
import { SimClock } from '../../../../server/clock/clock';

describe('SimClock', () => {
  it('fires due timers in time order, each at its own time, when advanced', () => {
    const clock = SimClock.manual(1000);
    const seen: [string, number][] = [];
    clock.after(300, () => seen.push(['b', clock.now()]));
    clock.after(100, () => seen.push(['a', clock.now()]));
    clock.after(5000, () => seen.push(['late', clock.now()]));
    clock.advance(400);
    expect(seen).toEqual([
      ['a', 1100],
      ['b', 1300],
    ]);
    expect(clock.now()).toBe(1400);
    expect(clock.pending()).toBe(1);
  });

  it('runs a repeating timer 60 times over an hour of clock time and stops when asked', () => {
    const clock = SimClock.manual(0);
    let n = 0;
    const stop = clock.every(60_000, () => n++);
    clock.advance(3_600_000);
    expect(n).toBe(60);
    stop();
    clock.advance(3_600_000);
    expect(n).toBe(60);
    expect(clock.pending()).toBe(0);
  });

  it('keeps firing when one timer throws, and calls afterFire once per batch', () => {
    const clock = SimClock.manual(0);
    let batches = 0;
    clock.afterFire = () => batches++;
    let ran = false;
    clock.after(10, () => {
      throw new Error('boom');
    });
    clock.after(10, () => {
      ran = true;
    });
    clock.advance(10);
    expect(ran).toBe(true);
    expect(batches).toBe(1);
  });

  it('refuses a negative advance and cancels by id', () => {
    const clock = SimClock.manual(0);
    let ran = false;
    const id = clock.after(5, () => {
      ran = true;
    });
    clock.cancel(id);
    clock.advance(10);
    expect(ran).toBe(false);
    expect(() => {
      clock.advance(-1);
    }).toThrow(RangeError);
  });
});
