/**
 * Feed-to-pixel from a Chromium trace: for each draw a paint worker marked (`performance.mark('book-age:<panel>:
 * <ms since the hub received the book>:<lead>')`, bench runs only), the display frame that put those pixels on
 * screen. A worker canvas is committed to the compositor by `CanvasResourceDispatcher::DispatchFrame` on the worker's
 * thread (the first one after the draw), the display compositor activates it (`Surface::ActivateFrame`), and the
 * first `Display::DrawAndSwap` that starts after that activation shows it; its end is when the pixels are out.
 * Pure: takes the parsed trace events, so the unit test can feed it a handmade timeline.
 */

/** The fields of a Chrome trace event the analysis reads (timestamps and durations in microseconds). */
export interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly ts: number;
  readonly dur?: number;
  readonly tid: number;
}

export interface PanelLatency {
  /** ms from the hub receiving the book to the end of the display frame that showed its draw. */
  readonly feedToPixelMs: number[];
  /** ms from the draw's end to its commit, and from the commit to the end of the display frame. */
  readonly drawToCommitMs: number[];
  readonly commitToShownMs: number[];
  /** The puller's lead (ms before the frame its hold aimed at) at each draw. */
  readonly leadMs: number[];
}

/** First element of a sorted array whose key is ≥ x. */
function firstAtOrAfter<T>(xs: readonly T[], x: number, key: (v: T) => number): T | undefined {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const v = xs[mid];
    if (v !== undefined && key(v) < x) lo = mid + 1;
    else hi = mid;
  }
  return xs[lo];
}

const byTs = (a: number, b: number): number => a - b;
const same = (v: number): number => v;

/** Per panel ('book', 'depth'…), the draws marked in the trace and when their pixels were shown. */
export function displayLatency(events: readonly TraceEvent[]): Map<string, PanelLatency> {
  const swaps: { start: number; end: number }[] = [];
  const activations: number[] = [];
  const commits = new Map<number, number[]>();
  for (const e of events) {
    if (e.ph !== 'X') continue;
    if (e.name === 'Display::DrawAndSwap') swaps.push({ start: e.ts, end: e.ts + (e.dur ?? 0) });
    else if (e.name === 'Surface::ActivateFrame') activations.push(e.ts);
    else if (e.name === 'CanvasResourceDispatcher::DispatchFrame') {
      let list = commits.get(e.tid);
      if (list === undefined) commits.set(e.tid, (list = []));
      list.push(e.ts + (e.dur ?? 0));
    }
  }
  swaps.sort((a, b) => a.start - b.start);
  activations.sort(byTs);
  for (const list of commits.values()) list.sort(byTs);
  const out = new Map<string, PanelLatency>();
  for (const e of events) {
    if (!e.name.startsWith('book-age:')) continue;
    const [, panel = '', age = '', lead = ''] = e.name.split(':');
    const commit = firstAtOrAfter(commits.get(e.tid) ?? [], e.ts, same);
    if (commit === undefined) continue;
    const active = firstAtOrAfter(activations, commit, same);
    if (active === undefined) continue;
    const swap = firstAtOrAfter(swaps, active, (s) => s.start);
    if (swap === undefined) continue;
    let p = out.get(panel);
    if (p === undefined)
      out.set(panel, (p = { feedToPixelMs: [], drawToCommitMs: [], commitToShownMs: [], leadMs: [] }));
    p.feedToPixelMs.push(Number(age) + (swap.end - e.ts) / 1000);
    p.drawToCommitMs.push((commit - e.ts) / 1000);
    p.commitToShownMs.push((swap.end - commit) / 1000);
    if (lead !== '') p.leadMs.push(Number(lead));
  }
  return out;
}
