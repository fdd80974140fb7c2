/**
 * Feed-to-pixel from a Chromium trace: for each draw a paint worker marked (`performance.mark('book-age:<panel>:
 * <ms since the hub received the book>:<lead>')`, bench runs only), the display frame that put those pixels on
 * screen. A worker canvas is committed by `CanvasResourceDispatcher::DispatchFrame` on the worker's thread (the first
 * one after the draw); the display compositor receives it on the worker's frame sink (`Graphics.Pipeline`
 * STEP_RECEIVE_COMPOSITOR_FRAME), and the first `Display::DrawAndSwap` that starts after that shows it; its end is
 * when the pixels are out. The trace does not say which frame sink a worker owns: it is the sink whose receipts follow
 * that worker's commits most closely (90th percentile under 3 ms; every other sink's is about a frame).
 * Pure: takes the parsed trace events, so the unit test can feed it a handmade timeline.
 */

/** The fields of a Chrome trace event the analysis reads (timestamps and durations in microseconds). */
export interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly ts: number;
  readonly dur?: number;
  readonly tid: number;
  readonly args?: {
    readonly chrome_graphics_pipeline?: {
      readonly step?: string;
      readonly frame_sink_id?: { readonly frame_sink_client_id?: number; readonly frame_sink_id?: number };
    };
  };
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

function pct(xs: readonly number[], p: number): number {
  const sorted = [...xs].sort(byTs);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Infinity;
}

/** How closely a frame sink's receipts follow a worker's commits: the 90th percentile of commit → next receipt. */
function follow(commits: readonly number[], receipts: readonly number[]): number {
  return pct(
    commits.map((c) => (firstAtOrAfter(receipts, c, same) ?? Infinity) - c),
    90,
  );
}

/** Sinks whose receipts follow commits this closely (µs) belong to the committing worker. */
const OWN_SINK_US = 3_000;

/** Per panel ('book', 'depth'…), the draws marked in the trace and when their pixels were shown. */
export function displayLatency(events: readonly TraceEvent[]): Map<string, PanelLatency> {
  const swaps: { start: number; end: number }[] = [];
  const receipts = new Map<string, number[]>();
  const commits = new Map<number, number[]>();
  const push = <K>(m: Map<K, number[]>, k: K, v: number): void => {
    let list = m.get(k);
    if (list === undefined) m.set(k, (list = []));
    list.push(v);
  };
  for (const e of events) {
    if (e.ph !== 'X') continue;
    if (e.name === 'Display::DrawAndSwap') swaps.push({ start: e.ts, end: e.ts + (e.dur ?? 0) });
    else if (e.name === 'CanvasResourceDispatcher::DispatchFrame') push(commits, e.tid, e.ts);
    else if (e.name === 'Graphics.Pipeline') {
      const g = e.args?.chrome_graphics_pipeline;
      const sink = g?.frame_sink_id;
      if (g?.step === 'STEP_RECEIVE_COMPOSITOR_FRAME' && sink !== undefined)
        push(receipts, `${sink.frame_sink_client_id ?? '?'}:${sink.frame_sink_id ?? '?'}`, e.ts);
    }
  }
  swaps.sort((a, b) => a.start - b.start);
  for (const list of receipts.values()) list.sort(byTs);
  for (const list of commits.values()) list.sort(byTs);
  // Each committing worker's own sink.
  const sinkOf = new Map<number, readonly number[]>();
  for (const [tid, list] of commits) {
    let best: readonly number[] | null = null;
    let bestFollow = OWN_SINK_US;
    for (const r of receipts.values()) {
      const f = follow(list, r);
      if (f < bestFollow) {
        bestFollow = f;
        best = r;
      }
    }
    if (best !== null) sinkOf.set(tid, best);
  }
  const out = new Map<string, PanelLatency>();
  for (const e of events) {
    if (!e.name.startsWith('book-age:')) continue;
    const [, panel = '', age = '', lead = ''] = e.name.split(':');
    const sink = sinkOf.get(e.tid);
    if (sink === undefined) continue;
    const commit = firstAtOrAfter(commits.get(e.tid) ?? [], e.ts, same);
    if (commit === undefined) continue;
    const received = firstAtOrAfter(sink, commit, same);
    if (received === undefined) continue;
    const swap = firstAtOrAfter(swaps, received, (s) => s.start);
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
