/**
 * The render bench's paint worker: the app's paint worker (src/paint/panelPaint.worker.ts, started with perfMarks on)
 * plus the bench's bookkeeping, which stays out of product code: it collects the worker's draw marks and posts them to
 * the page every half second (Comlink ignores these messages: they carry no call id), then clears the marks.
 */
import '../../src/paint/panelPaint.worker';
import type { PaintMarks } from './paintMarks';

type Sample = { kind: string; ms: number };
let drawMs: Sample[] = [];
let feedToPixelMs: Sample[] = [];
let feedToDrawMs: Sample[] = [];

function sampleOf(e: PerformanceEntry): Sample | null {
  const d: unknown = (e as PerformanceMark).detail;
  if (typeof d !== 'object' || d === null) return null;
  const { kind, ms } = d as { kind?: unknown; ms?: unknown };
  return typeof kind === 'string' && typeof ms === 'number' ? { kind, ms } : null;
}

new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    const s = sampleOf(e);
    if (s === null) continue;
    if (e.name === 'paint:draw') drawMs.push(s);
    else if (e.name === 'paint:feed-to-pixel') feedToPixelMs.push(s);
    else if (e.name === 'paint:feed-to-draw') feedToDrawMs.push(s);
  }
}).observe({ type: 'mark' });

setInterval(() => {
  const m: PaintMarks = { type: 'paint-marks', drawMs, feedToPixelMs, feedToDrawMs };
  postMessage(m);
  drawMs = [];
  feedToPixelMs = [];
  feedToDrawMs = [];
  // The trace has the marks already (the bench reads `book-age:` there): the buffer need not grow.
  performance.clearMarks();
}, 500);
