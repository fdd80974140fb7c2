/**
 * User Timing marks for benchmarks, in the tab and in workers alike: off unless the page (or worker) was loaded with
 * `perfMarks=1` in its query string or a bench set `globalThis.__perfMarks = true` before the code ran. When off,
 * every call is one branch on a module constant and allocates nothing, so product code can carry its marks.
 * Benches read the marks with `performance.getEntriesByType('mark' | 'measure')` or from a DevTools trace
 * (`blink.user_timing`); bench-only bookkeeping lives in `bench/`, not here.
 */

/** Whether marks were asked for when this realm loaded. */
function readEnabled(): boolean {
  const g = globalThis as { __perfMarks?: unknown; location?: { search?: string } };
  if (g.__perfMarks === true) return true;
  const search = g.location?.search ?? '';
  return /[?&]perfMarks=1(?:&|$)/.test(search);
}

/** True when this realm records marks; read once at load. */
export const PERF_MARKS_ON: boolean = readEnabled();

/** Records a named instant (no-op when marks are off). `detail` is copied into the entry for the bench to read. */
export function perfMark(name: string, detail?: Readonly<Record<string, number | string>>): void {
  if (!PERF_MARKS_ON) return;
  performance.mark(name, detail === undefined ? undefined : { detail });
}

/** Records a span from `start` (a `perfNow()` reading) to now (no-op when marks are off). */
export function perfMeasure(name: string, start: number): void {
  if (!PERF_MARKS_ON) return;
  performance.measure(name, { start, end: performance.now() });
}

/** `performance.now()` when marks are on, 0 otherwise (so an unmeasured path reads no clock). */
export function perfNow(): number {
  return PERF_MARKS_ON ? performance.now() : 0;
}
