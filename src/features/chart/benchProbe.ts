/**
 * Timing probe for `npm run bench` (bench/chart.bench.ts): only active when the bench page defines
 * `window.__chartBench`; otherwise every call is a no-op.
 */

/** What the bench reads back. */
export interface ChartBenchProbe {
  /** performance.now() of the last interval click. */
  clickAt: number | null;
  /** Click → candles drawn, ms. */
  switches: number[];
}

function probe(): ChartBenchProbe | undefined {
  return (globalThis as { __chartBench?: ChartBenchProbe }).__chartBench;
}

/** Records an interval click. */
export function markIntervalClick(): void {
  const p = probe();
  if (p !== undefined) p.clickAt = performance.now();
}

/** Records that the new interval's candles are drawn (called on the frame after setData). */
export function markCandlesDrawn(): void {
  const p = probe();
  if (p === undefined || p.clickAt === null) return;
  p.switches.push(performance.now() - p.clickAt);
  p.clickAt = null;
}
