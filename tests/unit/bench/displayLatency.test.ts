/**
 * The render bench's feed-to-pixel analysis (bench/displayLatency.ts) on a handmade trace: a draw is shown by the
 * first display frame that starts after its commit is activated, and a commit that lands after a display frame began
 * waits for the next one.
 */
import { describe, expect, it } from 'vitest';
import { displayLatency, type TraceEvent } from '../../../bench/displayLatency';

const BOOK = 7;
const DEPTH = 8;
const VIZ = 9;

function mark(tid: number, ts: number, name: string): TraceEvent {
  return { name, ph: 'I', ts, tid };
}
function x(name: string, tid: number, ts: number, dur: number): TraceEvent {
  return { name, ph: 'X', ts, dur, tid };
}

describe('displayLatency', () => {
  it('pairs each marked draw with its commit and the display frame that showed it', () => {
    const events: TraceEvent[] = [
      // A display frame before the book's commit does not show it.
      x('Display::DrawAndSwap', VIZ, 4_000, 1_000),
      mark(BOOK, 1_000, 'book-age:book:3.5:4'),
      x('CanvasResourceDispatcher::DispatchFrame', BOOK, 5_000, 100),
      x('Surface::ActivateFrame', VIZ, 5_300, 50),
      x('Display::DrawAndSwap', VIZ, 6_000, 2_000),
      // The depth worker commits after that display frame began: the next one shows it.
      mark(DEPTH, 6_000, 'book-age:depth:2:5.5'),
      x('CanvasResourceDispatcher::DispatchFrame', DEPTH, 6_400, 100),
      x('Surface::ActivateFrame', VIZ, 6_600, 50),
      x('Display::DrawAndSwap', VIZ, 22_700, 1_000),
      // A draw never committed within the trace is left out.
      mark(BOOK, 30_000, 'book-age:book:1:4'),
      // Other marks are not draws.
      mark(BOOK, 2_000, 'something else'),
    ];
    const out = displayLatency(events);
    const book = out.get('book');
    expect(book?.feedToPixelMs).toEqual([10.5]);
    expect(book?.drawToCommitMs).toEqual([4.1]);
    expect(book?.commitToShownMs).toEqual([2.9]);
    expect(book?.leadMs).toEqual([4]);
    const depth = out.get('depth');
    expect(depth?.feedToPixelMs[0]).toBeCloseTo(2 + 17.7, 6);
    expect(depth?.commitToShownMs[0]).toBeCloseTo(17.2, 6);
    expect(depth?.leadMs).toEqual([5.5]);
    expect([...out.keys()].sort()).toEqual(['book', 'depth']);
  });
});
