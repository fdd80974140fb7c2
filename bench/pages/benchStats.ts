/** Figures a bench page keeps for the runner (read through `window.__bench`). */
export interface BenchStats {
  frames: number;
  drawMs: number[];
  feedToPixelMs: number[];
  /** Intervals between animation frames (render bench). */
  frameMs: number[];
  longTasks: number;
  messages: number;
  mode: string;
  /** 'worker' or 'main': where the page paints. */
  paint: string;
  /**
   * Render bench: whether the page's measuring loops run (the frame-interval rAF and the reference's per-commit
   * feed-to-pixel rAF). The runner turns them off to read main-thread time without them: neither design needs a
   * main-thread animation frame of its own, and that loop alone costs the tab about half its time under 4× throttle.
   */
  probe: boolean;
}

/** Creates the stats object and exposes it as window.__bench; counts long tasks. */
export function installStats(): BenchStats {
  const stats: BenchStats = {
    frames: 0,
    drawMs: [],
    feedToPixelMs: [],
    frameMs: [],
    longTasks: 0,
    messages: 0,
    mode: '',
    paint: '',
    probe: true,
  };
  (window as unknown as { __bench: BenchStats }).__bench = stats;
  try {
    new PerformanceObserver((list) => {
      stats.longTasks += list.getEntries().length;
    }).observe({ type: 'longtask', buffered: false });
  } catch {
    // No long-task API: the runner reports 0 with a note.
  }
  return stats;
}

/** Keeps a sample array bounded (the runner reads percentiles of the recent window). */
export function pushSample(arr: number[], v: number): void {
  arr.push(v);
  if (arr.length > 20_000) arr.splice(0, 10_000);
}
