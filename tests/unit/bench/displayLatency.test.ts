/**
 * The render bench's feed-to-pixel analysis (bench/displayLatency.ts) on a handmade trace: each worker's frame sink is
 * the one whose receipts follow its commits; a draw is shown by the first display frame that starts after its commit
 * reached that sink, so a commit received after a display frame began waits for the next one.
 */
import { describe, expect, it } from 'vitest';
import {
  displayLatency,
  splitByArm,
  stages,
  type PanelLatency,
  type TraceEvent,
} from '../../../bench/displayLatency';

const BOOK = 7;
const DEPTH = 8;
const VIZ = 9;

function mark(tid: number, ts: number, name: string): TraceEvent {
  return { name, ph: 'I', ts, tid };
}
function x(name: string, tid: number, ts: number, dur: number): TraceEvent {
  return { name, ph: 'X', ts, dur, tid };
}
function commit(tid: number, ts: number): TraceEvent {
  return x('CanvasResourceDispatcher::DispatchFrame', tid, ts, 100);
}
function received(sink: number, ts: number): TraceEvent {
  return {
    name: 'Graphics.Pipeline',
    ph: 'X',
    ts,
    dur: 20,
    tid: VIZ,
    args: {
      chrome_graphics_pipeline: {
        step: 'STEP_RECEIVE_COMPOSITOR_FRAME',
        frame_sink_id: { frame_sink_client_id: 6, frame_sink_id: sink },
      },
    },
  };
}

describe('displayLatency', () => {
  it('pairs each marked draw with its commit, its sink and the display frame that showed it', () => {
    const events: TraceEvent[] = [
      // A display frame that began before the book's commit arrived does not show it.
      x('Display::DrawAndSwap', VIZ, 4_000, 1_000),
      mark(BOOK, 1_000, 'book-age:book:3.5:4'),
      commit(BOOK, 5_000),
      received(1, 5_200),
      x('Display::DrawAndSwap', VIZ, 6_000, 2_000),
      // The depth worker's commit reaches its sink after that display frame began: the next one shows it.
      mark(DEPTH, 6_000, 'book-age:depth:2:5.5'),
      commit(DEPTH, 6_100),
      received(2, 6_400),
      x('Display::DrawAndSwap', VIZ, 22_700, 1_000),
      // Sink 3 never follows anyone's commits closely: no worker's.
      received(3, 40_000),
      // A draw never committed within the trace is left out; other marks are not draws.
      mark(BOOK, 30_000, 'book-age:book:1:4'),
      mark(BOOK, 2_000, 'something else'),
    ];
    const out = displayLatency(events);
    const book = out.get('book');
    expect(book?.feedToPixelMs).toEqual([10.5]);
    expect(book?.drawToCommitMs).toEqual([4]);
    expect(book?.commitToShownMs).toEqual([3]);
    expect(book?.leadMs).toEqual([4]);
    const depth = out.get('depth');
    expect(depth?.feedToPixelMs[0]).toBeCloseTo(2 + 17.7, 6);
    expect(depth?.commitToShownMs[0]).toBeCloseTo(17.6, 6);
    expect(depth?.leadMs).toEqual([5.5]);
    expect([...out.keys()].sort()).toEqual(['book', 'depth']);
  });

  it("takes a worker's sink from how its receipts follow the worker's commits, and skips a worker without one", () => {
    const events: TraceEvent[] = [];
    // Three frames: the book's commits are received on sink 1 within 0.2 ms; sink 2 receives 1 ms after the book's
    // commits once, then a frame later.
    for (const [i, t] of [0, 16_700, 33_400].entries()) {
      events.push(commit(BOOK, t + 1_000), received(1, t + 1_200));
      events.push(received(2, i === 0 ? t + 2_000 : t + 18_000));
      events.push(x('Display::DrawAndSwap', VIZ, t + 4_000, 2_000));
    }
    events.push(mark(BOOK, 16_000, 'book-age:book:1:4'));
    // A worker whose commits no sink receives closely.
    events.push(commit(DEPTH, 50_000), mark(DEPTH, 49_000, 'book-age:depth:1:4'));
    const out = displayLatency(events);
    // Shown by the frame at 20,700-22,700: sink 1 received it at 17,900.
    expect(out.get('book')?.feedToPixelMs).toEqual([1 + 6.7]);
    expect(out.has('depth')).toBe(false);
  });

  it("counts a worker that paints several canvases from its frame task's last commit reaching the compositor", () => {
    const events: TraceEvent[] = [];
    // One worker, three canvases: each frame task commits them 0.5 ms apart, each received on its own sink.
    for (const t of [0, 16_700, 33_400]) {
      events.push(x('WorkerAnimationFrameProvider::RequestAnimationFrame', BOOK, t + 1_000, 1_400));
      for (const [i, sink] of [11, 12, 13].entries()) {
        events.push(commit(BOOK, t + 1_100 + i * 500), received(sink, t + 1_200 + i * 500));
      }
      // The main page's own sink, received at its own time: not the worker's.
      events.push(received(20, t + 9_000));
    }
    // A display frame that starts between the first canvas's receipt and the last's does not count as showing it.
    events.push(x('Display::DrawAndSwap', VIZ, 17_950, 500), x('Display::DrawAndSwap', VIZ, 18_900, 1_000));
    events.push(mark(BOOK, 16_000, 'book-age:book:2:6'), mark(BOOK, 16_100, 'book-age:depth:3:6'));
    const out = displayLatency(events);
    // Both panels: from the task's last commit (18,800 → received 18,900) to the end of the frame at 18,900-19,900.
    expect(out.get('book')?.feedToPixelMs).toEqual([2 + 3.9]);
    expect(out.get('book')?.drawToCommitMs).toEqual([1.8]);
    expect(out.get('depth')?.feedToPixelMs[0]).toBeCloseTo(3 + 3.8, 6);
  });

  it("reads each draw's age on reaching the worker from its mark (NaN when the mark has none)", () => {
    const events: TraceEvent[] = [
      mark(BOOK, 1_000, 'book-age:book:3.5:4:2.25'),
      mark(BOOK, 20_000, 'book-age:book:1:4'),
      commit(BOOK, 5_000),
      received(1, 5_200),
      commit(BOOK, 21_000),
      received(1, 21_200),
      x('Display::DrawAndSwap', VIZ, 6_000, 2_000),
      x('Display::DrawAndSwap', VIZ, 22_000, 2_000),
    ];
    const book = displayLatency(events).get('book');
    expect(book?.feedToPixelMs).toEqual([3.5 + 7, 1 + 4]);
    expect(book?.ageOnArrivalMs).toEqual([2.25, NaN]);
  });
});

describe('stages', () => {
  /** Draws as [feed-to-pixel, age on arrival, draw-to-commit, commit-to-shown]. */
  function latency(draws: readonly (readonly [number, number, number, number])[]): PanelLatency {
    return {
      feedToPixelMs: draws.map((d) => d[0]),
      ageOnArrivalMs: draws.map((d) => d[1]),
      drawToCommitMs: draws.map((d) => d[2]),
      commitToShownMs: draws.map((d) => d[3]),
      leadMs: draws.map(() => 4),
    };
  }

  it('splits feed-to-pixel into stages that add up to it, over every draw and over the slowest ones', () => {
    // Nineteen draws of 10 ms (4 to the worker, 1 in it, 3 to the commit, 2 to the screen) and one of 30 ms whose
    // commit waited a frame.
    const draws: [number, number, number, number][] = Array.from({ length: 19 }, () => [10, 4, 3, 2]);
    draws.push([30, 4, 23, 2]);
    const { all, tail } = stages(latency(draws), 95);
    expect(tail).toEqual({
      samples: 1,
      toWorkerMs: 4,
      inWorkerMs: 1,
      drawToCommitMs: 23,
      commitToShownMs: 2,
    });
    expect(all.samples).toBe(20);
    expect(all.drawToCommitMs).toBeCloseTo(4, 9);
    expect(all.toWorkerMs + all.inWorkerMs + all.drawToCommitMs + all.commitToShownMs).toBeCloseTo(11, 9);
  });

  it('leaves out draws whose mark gave no arrival age', () => {
    const { all, tail } = stages(
      latency([
        [10, 5, 2, 2],
        [40, NaN, 20, 10],
      ]),
    );
    expect(all).toEqual({ samples: 1, toWorkerMs: 5, inWorkerMs: 1, drawToCommitMs: 2, commitToShownMs: 2 });
    expect(tail.samples).toBe(1);
    expect(tail.toWorkerMs).toBe(5);
  });
});

describe('splitByArm', () => {
  it('gives each arm the draws marked while it was on, past the settling time, and every other event', () => {
    const swap = x('Display::DrawAndSwap', VIZ, 5_000, 1_000);
    const events: TraceEvent[] = [
      mark(BOOK, 500, 'book-age:book:1:3'),
      mark(1, 1_000, 'arm:x4'),
      mark(BOOK, 1_200, 'book-age:book:2:3'),
      mark(BOOK, 2_500, 'book-age:book:3:3'),
      swap,
      mark(1, 10_000, 'arm:x1'),
      mark(BOOK, 10_999, 'book-age:book:4:3'),
      mark(BOOK, 11_000, 'book-age:book:5:3'),
      mark(1, 20_000, 'arm:x4'),
      mark(BOOK, 21_500, 'book-age:book:6:3'),
    ];
    const out = splitByArm(events, 'arm:', 1);
    const names = (arm: string): string[] => (out.get(arm) ?? []).map((e) => e.name);
    // Before the first switch and within 1 ms of a switch: no arm's; the switch marks themselves: nobody's.
    expect(names('x4')).toEqual(['book-age:book:3:3', 'Display::DrawAndSwap', 'book-age:book:6:3']);
    expect(names('x1')).toEqual(['Display::DrawAndSwap', 'book-age:book:5:3']);
    expect(out.get('x1')?.[0]).toBe(swap);
    expect([...out.keys()].sort()).toEqual(['x1', 'x4']);
  });

  it('has no arms in a trace without switches', () => {
    expect(splitByArm([mark(BOOK, 1, 'book-age:book:1:3')], 'arm:', 0).size).toBe(0);
  });
});
