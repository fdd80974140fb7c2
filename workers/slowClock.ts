/**
 * When the slow lane's slots open (SLOW_LANE_MS, diff.ts). On the wall clock, unless paint workers are looking just
 * before their frames (held pulls, HubApi.pull `lookAt`): then a slot opens at the first such look after its
 * boundary, and a tab's main thread reads the slow lane as of the opened slot. The hub answers the waiting tabs in the
 * same moment (see HubCore), so the header (main thread, drawn in the next frame) and the book's middle row (the
 * paint worker, drawn from the look, for that same next frame) take the slot's last price into the same frame.
 *
 * On the wall clock alone, the header got the slot at its boundary and the book at the first look after it, a frame
 * later whenever a frame began in between: with 250 ms slots and 60 Hz frames that phase stays put for a whole page
 * load, so on some loads (3 of 12 measured) most price changes showed in the book a frame after the header.
 */
import { SLOW_LANE_MS } from './diff';

/** Looks older than this no longer hold the main threads' slots back (the paint workers stopped, or parked). */
export const LOOKS_ACTIVE_MS = 50;
/**
 * A main thread held back for the next look is woken by it; this timer is the fallback when no look comes (the
 * paint workers stopped): a frame and a little more.
 */
export const LOOK_FALLBACK_MS = 20;

/** Where the looks stand: pure, fed the wall clock (ms). */
export class SlowClock {
  /** The highest slot a look has opened. */
  private opened = -1;
  /** Wall time of the last look. */
  private lastLook = Number.NEGATIVE_INFINITY;

  /**
   * The time a pull reads the slow lane at, for a held pull's look (`held`) or any other pull; `opened` runs when the
   * look opened a slot (the hub then answers the tabs held back for it).
   */
  at(now: number, held: boolean, opened: () => void): number {
    if (!held) return this.readAt(now);
    if (this.look(now)) opened();
    return now;
  }

  /** How long a tab whose slow lane was read at `at` (wall `now`) waits before it looks again. */
  static wakeIn(at: number, now: number, wakeInMs: number): number {
    return at < now ? LOOK_FALLBACK_MS : wakeInMs;
  }

  /** A paint worker's held pull looks at `now`; true when the look opens a new slot. */
  look(now: number): boolean {
    this.lastLook = now;
    const slot = Math.floor(now / SLOW_LANE_MS);
    if (slot <= this.opened) return false;
    this.opened = slot;
    return true;
  }

  /**
   * The time any other pull reads the slow lane at: `now`, or, while looks are active and the wall clock has passed
   * into a slot no look has opened yet, the last moment of the opened slot.
   */
  readAt(now: number): number {
    if (now - this.lastLook > LOOKS_ACTIVE_MS) return now;
    const end = (this.opened + 1) * SLOW_LANE_MS;
    return now < end ? now : end - 1;
  }
}
