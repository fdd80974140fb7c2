/**
 * Feed-to-pixel from a Chromium trace: for each draw a paint worker marked (`performance.mark('book-age:<panel>:
 * <ms since the hub received the book>:<lead>:<its age when it reached the worker>')`, bench runs only, once per
 * book: its first draw), the display frame that put those pixels on screen. A worker canvas is committed by
 * `CanvasResourceDispatcher::DispatchFrame` on the worker's thread, inside its animation-frame task; the display
 * compositor receives it on the canvas's frame sink (`Graphics.Pipeline` STEP_RECEIVE_COMPOSITOR_FRAME), and the
 * first `Display::DrawAndSwap` that starts after that shows it; its end is when the pixels are out. The trace says
 * neither which sinks a worker owns nor which of a worker's commits is which canvas's: a worker's sinks are those
 * whose receipts come right after its commits, and a draw counts from the last commit of the frame task that
 * committed it (an upper bound when a worker paints several canvases, exact when it paints one).
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
  /** ms from the hub receiving the book to its reaching the paint worker (NaN when the mark does not say). */
  readonly ageOnArrivalMs: number[];
}

/** A worker's animation-frame task: the canvases it drew are committed inside it. */
const FRAME_TASK = 'WorkerAnimationFrameProvider::RequestAnimationFrame';

/** Index of the first element of a sorted array whose key is ≥ x (the length when none is). */
function indexAtOrAfter<T>(xs: readonly T[], x: number, key: (v: T) => number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const v = xs[mid];
    if (v !== undefined && key(v) < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** First element of a sorted array whose key is ≥ x. */
function firstAtOrAfter<T>(xs: readonly T[], x: number, key: (v: T) => number): T | undefined {
  return xs[indexAtOrAfter(xs, x, key)];
}

const byTs = (a: number, b: number): number => a - b;
const same = (v: number): number => v;

/** The p-th percentile of `xs` (nearest rank; Infinity when empty). */
export function pct(xs: readonly number[], p: number): number {
  const sorted = [...xs].sort(byTs);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Infinity;
}

/** Per receipt on a sink, how long after the worker's latest commit before it it came (µs; Infinity before any). */
function sinceLastCommit(commits: readonly number[], receipts: readonly number[]): number[] {
  return receipts.map((r) => {
    const prev = commits[indexAtOrAfter(commits, r + 1, same) - 1];
    return prev === undefined ? Infinity : r - prev;
  });
}

/**
 * A worker's sinks: their receipts come this soon (µs) after one of its commits, at the median. Not a higher
 * percentile: on the real trade page under a storm one in ten receipts of the worker's sink came 3–17 ms after its
 * last commit (the display compositor busy), while the page's own sinks sat at medians of 6–9 ms.
 */
const OWN_SINK_US = 3_000;

/**
 * Each committing worker's frame sinks, as one sorted list of their receipts. A sink is the worker's whose commits
 * most closely precede its receipts (median), provided that median is under OWN_SINK_US: a worker that
 * paints several canvases owns several sinks, and another thread's sink is received at times of its own.
 */
function sinksOfWorkers(
  commits: ReadonlyMap<number, readonly number[]>,
  receipts: ReadonlyMap<string, readonly number[]>,
): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (const list of receipts.values()) {
    let owner: number | null = null;
    let best = Infinity;
    for (const [tid, c] of commits) {
      const gaps = sinceLastCommit(c, list);
      const median = pct(gaps, 50);
      if (median >= OWN_SINK_US) continue;
      if (median < best) {
        best = median;
        owner = tid;
      }
    }
    if (owner === null) continue;
    const mine = out.get(owner) ?? [];
    mine.push(...list);
    out.set(owner, mine);
  }
  for (const list of out.values()) list.sort(byTs);
  return out;
}

/** Per panel ('book', 'depth'…), the draws marked in the trace and when their pixels were shown. */
export function displayLatency(events: readonly TraceEvent[]): Map<string, PanelLatency> {
  const swaps: { start: number; end: number }[] = [];
  const receipts = new Map<string, number[]>();
  const commits = new Map<number, number[]>();
  /** Each worker's animation-frame tasks (its canvases are committed inside them). */
  const tasks = new Map<number, { start: number; end: number }[]>();
  const push = <K>(m: Map<K, number[]>, k: K, v: number): void => {
    let list = m.get(k);
    if (list === undefined) m.set(k, (list = []));
    list.push(v);
  };
  for (const e of events) {
    if (e.ph !== 'X') continue;
    if (e.name === 'Display::DrawAndSwap') swaps.push({ start: e.ts, end: e.ts + (e.dur ?? 0) });
    else if (e.name === 'CanvasResourceDispatcher::DispatchFrame') push(commits, e.tid, e.ts);
    else if (e.name === FRAME_TASK) {
      let list = tasks.get(e.tid);
      if (list === undefined) tasks.set(e.tid, (list = []));
      list.push({ start: e.ts, end: e.ts + (e.dur ?? 0) });
    } else if (e.name === 'Graphics.Pipeline') {
      const g = e.args?.chrome_graphics_pipeline;
      const sink = g?.frame_sink_id;
      if (g?.step === 'STEP_RECEIVE_COMPOSITOR_FRAME' && sink !== undefined)
        push(receipts, `${sink.frame_sink_client_id ?? '?'}:${sink.frame_sink_id ?? '?'}`, e.ts);
    }
  }
  swaps.sort((a, b) => a.start - b.start);
  for (const list of receipts.values()) list.sort(byTs);
  for (const list of commits.values()) list.sort(byTs);
  for (const list of tasks.values()) list.sort((a, b) => a.start - b.start);
  const sinkOf = sinksOfWorkers(commits, receipts);
  const out = new Map<string, PanelLatency>();
  for (const e of events) {
    if (!e.name.startsWith('book-age:')) continue;
    const [, panel = '', age = '', lead = '', arrival = ''] = e.name.split(':');
    const sink = sinkOf.get(e.tid);
    if (sink === undefined) continue;
    const own = commits.get(e.tid) ?? [];
    const at = indexAtOrAfter(own, e.ts, same);
    const commit = own[at];
    if (commit === undefined) continue;
    // A worker commits each of its canvases in its frame task, one after another; which commit is this panel's the
    // trace does not say, so the pixels count from the task's last commit reaching the compositor (never early).
    const frameTasks = tasks.get(e.tid) ?? [];
    const task = frameTasks[indexAtOrAfter(frameTasks, commit, (t) => t.end)];
    let last = commit;
    if (task !== undefined && task.start <= commit)
      for (let i = at + 1; i < own.length && (own[i] ?? Infinity) <= task.end; i++) last = own[i] ?? last;
    const received = firstAtOrAfter(sink, last, same);
    if (received === undefined) continue;
    const swap = firstAtOrAfter(swaps, received, (s) => s.start);
    if (swap === undefined) continue;
    let p = out.get(panel);
    if (p === undefined)
      out.set(
        panel,
        (p = { feedToPixelMs: [], drawToCommitMs: [], commitToShownMs: [], leadMs: [], ageOnArrivalMs: [] }),
      );
    p.feedToPixelMs.push(Number(age) + (swap.end - e.ts) / 1000);
    p.drawToCommitMs.push((commit - e.ts) / 1000);
    p.commitToShownMs.push((swap.end - commit) / 1000);
    if (lead !== '') p.leadMs.push(Number(lead));
    p.ageOnArrivalMs.push(arrival === '' ? NaN : Number(arrival));
  }
  return out;
}

/** Where a panel's feed-to-pixel went, stage by stage (ms, means; they add up to feed-to-pixel's mean). */
export interface Stages {
  readonly samples: number;
  /** Hub receipt → the paint worker: the book waiting for the held pull's look, and the answer's trip. */
  readonly toWorkerMs: number;
  /** The paint worker's arrival → the end of its draw: its queue and the drawing. */
  readonly inWorkerMs: number;
  /** The draw's end → its commit at the worker's next animation frame. */
  readonly drawToCommitMs: number;
  /** The commit → the end of the display frame that showed it. */
  readonly commitToShownMs: number;
}

/**
 * Feed-to-pixel's stages over every draw, and over the slowest ones (at or above the `tailPct` percentile): which
 * stage the slow draws lost their time in. Draws whose mark gave no arrival age are left out.
 */
export function stages(p: PanelLatency, tailPct = 95): { all: Stages; tail: Stages } {
  const idx = p.feedToPixelMs.map((_, i) => i).filter((i) => Number.isFinite(p.ageOnArrivalMs[i]));
  const cut = pct(
    idx.map((i) => p.feedToPixelMs[i] ?? 0),
    tailPct,
  );
  const mean = (of: readonly number[]): Stages => {
    const avg = (f: (i: number) => number): number =>
      of.length === 0 ? NaN : of.reduce((sum, i) => sum + f(i), 0) / of.length;
    const arrival = (i: number): number => p.ageOnArrivalMs[i] ?? 0;
    const toCommit = (i: number): number => p.drawToCommitMs[i] ?? 0;
    const shown = (i: number): number => p.commitToShownMs[i] ?? 0;
    return {
      samples: of.length,
      toWorkerMs: avg(arrival),
      inWorkerMs: avg((i) => (p.feedToPixelMs[i] ?? 0) - toCommit(i) - shown(i) - arrival(i)),
      drawToCommitMs: avg(toCommit),
      commitToShownMs: avg(shown),
    };
  };
  return { all: mean(idx), tail: mean(idx.filter((i) => (p.feedToPixelMs[i] ?? 0) >= cut)) };
}

/**
 * An interleaved A/B trace split by arm: the page marks `<prefix><arm>` each time it switches arm, and each arm's
 * events are every event of the trace but the draw marks (`book-age:`), of which it keeps those made while it was on,
 * leaving out the first `settleMs` after each switch (the puller's lead and the display take a few frames to
 * follow). displayLatency() then pairs each arm's draws with the frames that showed them, as for a whole trace.
 */
export function splitByArm(
  events: readonly TraceEvent[],
  prefix: string,
  settleMs: number,
): Map<string, TraceEvent[]> {
  const switches = events.filter((e) => e.name.startsWith(prefix)).sort((a, b) => a.ts - b.ts);
  const arms = new Set(switches.map((e) => e.name.slice(prefix.length)));
  /** The arm on at `ts`, or null before the first switch and while settling. */
  const armAt = (ts: number): string | null => {
    const i = indexAtOrAfter(switches, ts + 1, (e) => e.ts) - 1;
    const s = switches[i];
    if (s === undefined || ts - s.ts < settleMs * 1000) return null;
    return s.name.slice(prefix.length);
  };
  const out = new Map<string, TraceEvent[]>();
  for (const arm of arms) out.set(arm, []);
  for (const e of events) {
    if (e.name.startsWith(prefix)) continue;
    if (!e.name.startsWith('book-age:')) {
      for (const list of out.values()) list.push(e);
      continue;
    }
    const arm = armAt(e.ts);
    if (arm !== null) out.get(arm)?.push(e);
  }
  return out;
}
