/**
 * The paint worker's frame share (src/features/orderbook/frameSlots.ts): the book draws in every frame it has news
 * for, the trades list and the depth chart share one draw a frame and take turns, and human input draws at once.
 */
import { describe, expect, it } from 'vitest';
import { FrameSlots, type SlotPanel } from '../../../../src/paint/frameSlots';

class Fake implements SlotPanel {
  wants = true;
  input = false;
  constructor(
    readonly id: number,
    readonly primary = false,
  ) {}
  wantsFrame(): boolean {
    return this.wants;
  }
  inputChanged(): boolean {
    return this.input;
  }
}

/** Who draws in each of `frames` frames when every panel has news every frame (the worker's order of asking). */
function run(slots: FrameSlots, panels: readonly Fake[], frames: number, first = 1): string[] {
  const out: string[] = [];
  for (let f = first; f < first + frames; f++) {
    const drew: number[] = [];
    for (const p of panels)
      if (p.wantsFrame() && slots.allow(p, f, panels)) {
        slots.drew(p, f);
        drew.push(p.id);
      }
    out.push(drew.join(','));
  }
  return out;
}

describe('FrameSlots', () => {
  it('a storm: the book draws every frame, trades and depth take turns', () => {
    const book = new Fake(1, true);
    const trades = new Fake(2);
    const depth = new Fake(3);
    expect(run(new FrameSlots(), [book, trades, depth], 6)).toEqual([
      '1,2',
      '1,3',
      '1,2',
      '1,3',
      '1,2',
      '1,3',
    ]);
  });

  it('the turn goes to the one that waited, whichever asks first', () => {
    const slots = new FrameSlots();
    const trades = new Fake(2);
    const depth = new Fake(3);
    expect(run(slots, [trades, depth], 1)).toEqual(['2']);
    // Depth asks first in the next frame; trades asks first after that: each still gets every other frame.
    expect(run(slots, [depth, trades], 1, 2)).toEqual(['3']);
    expect(run(slots, [trades, depth], 2, 3)).toEqual(['2', '3']);
  });

  it('a panel alone with news draws every frame: nothing waits in a calm market', () => {
    const book = new Fake(1, true);
    const trades = new Fake(2);
    const depth = new Fake(3);
    depth.wants = false;
    expect(run(new FrameSlots(), [book, trades, depth], 3)).toEqual(['1,2', '1,2', '1,2']);
  });

  it('a panel with no news does not take the turn from one with news', () => {
    const slots = new FrameSlots();
    const trades = new Fake(2);
    const depth = new Fake(3);
    trades.wants = false;
    // Trades has waited longest (never drew) but has nothing: depth draws.
    expect(run(slots, [trades, depth], 1)).toEqual(['3']);
    // The turn of frame 2 went to depth before trades had news; trades, with news later in the same frame, waits.
    depth.wants = true;
    expect(slots.allow(depth, 2, [trades, depth])).toBe(true);
    slots.drew(depth, 2);
    trades.wants = true;
    expect(slots.allow(trades, 2, [trades, depth])).toBe(false);
    expect(slots.allow(trades, 3, [trades, depth])).toBe(true);
  });

  it('new input (a hover, a resize) draws at once, outside the turn', () => {
    const slots = new FrameSlots();
    const trades = new Fake(2);
    const depth = new Fake(3);
    expect(run(slots, [trades, depth], 1)).toEqual(['2']);
    trades.input = true;
    // Frame 2 is depth's turn; trades' hover redraw goes anyway.
    expect(run(slots, [trades, depth], 1, 2)).toEqual(['2,3']);
  });

  it('a panel that leaves gives up its turn', () => {
    const slots = new FrameSlots();
    const trades = new Fake(2);
    const depth = new Fake(3);
    expect(slots.allow(trades, 1, [trades, depth])).toBe(true);
    slots.forget(trades.id);
    expect(slots.allow(depth, 1, [depth])).toBe(true);
  });
});
