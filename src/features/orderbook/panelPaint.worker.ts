/**
 * A market panel's paint worker: owns the panel's canvases (OffscreenCanvas, Canvas2D), pulls the book or trades
 * straight from the hub over its own port (so tick-rate data never crosses the tab's main thread), and paints at most
 * once per animation frame through the same PanelPainter the tab would use. Answers the tab's clicks with the row under
 * them. Paused while the tab is hidden.
 */
import { Canvas2DSurface } from '../../canvas/canvas2dSurface';
import { FramePuller } from '../../hub/framePuller';
import type { FromPanelWorker, ToPanelWorker } from './paintMessages';
import { PanelPainter } from './panelPainter';

let painter: PanelPainter | null = null;
let puller: FramePuller | null = null;
let visible = true;
let raf = 0;
let stats = false;
let drawMs: number[] = [];
let feedToPixelMs: number[] = [];
let feedToDrawMs: number[] = [];
/** receivedAt of the book drawn last frame: its pixels are shown by this frame. */
let shownBook: number | null = null;
let lastBook: number | null = null;
let kind = '';
/** The frame's data drew on arrival: the frame loop does not draw again in this frame. */
let drewSinceFrame = false;

function post(m: FromPanelWorker): void {
  postMessage(m);
}

function loop(now: number): void {
  raf = 0;
  if (painter === null || !visible) return;
  raf = requestAnimationFrame(loop);
  if (stats && shownBook !== null) {
    feedToPixelMs.push(performance.timeOrigin + now - shownBook);
    shownBook = null;
  }
  // Animations, hover and input changes draw here, unless the frame's data already drew on arrival; then the next
  // pull goes out, held so its answer lands just before the next frame (see FramePuller).
  if (!drewSinceFrame) paint(now);
  drewSinceFrame = false;
  puller?.tick(now);
}

/** Draws what changed (at most once per frame: on the frame's data landing, or in the frame loop). */
function paint(now: number): void {
  if (painter === null || !visible) return;
  const t0 = stats ? performance.now() : 0;
  const report = painter.frame(now);
  if (stats && painter.drewLast) {
    const t1 = performance.now();
    drawMs.push(t1 - t0);
    shownBook = lastBook;
    if (lastBook !== null) {
      const age = performance.timeOrigin + t1 - lastBook;
      feedToDrawMs.push(age);
      // The bench's trace pairs this mark with the display frame that showed it (bench/render.bench.ts).
      performance.mark(`book-age:${kind}:${age.toFixed(2)}:${puller?.latch.lead ?? 0}`);
    }
  }
  if (report !== null) post({ type: 'report', report });
}

function wake(): void {
  if (raf === 0 && visible) raf = requestAnimationFrame(loop);
}

onmessage = (e: MessageEvent<ToPanelWorker>) => {
  const m = e.data;
  switch (m.type) {
    case 'init': {
      const surfaces = m.canvases.map((c, i) => {
        const ctx = c.getContext('2d', { alpha: i > 0 });
        if (ctx === null) throw new Error('no 2D context in the paint worker');
        return new Canvas2DSurface(ctx, c);
      });
      kind = m.kind;
      const p = new PanelPainter(m.kind, surfaces);
      painter = p;
      p.setInput(m.input);
      visible = m.visible;
      stats = m.stats === true;
      if (stats)
        setInterval(() => {
          post({ type: 'stats', drawMs, feedToPixelMs, feedToDrawMs });
          performance.clearMarks();
          drawMs = [];
          feedToPixelMs = [];
          feedToDrawMs = [];
        }, 500);
      puller = new FramePuller(
        m.hubPort,
        m.interest,
        (d, late) => {
          if (d.book !== undefined) {
            p.setBook(d.book);
            lastBook = d.book.receivedAt;
          }
          if (d.trades !== undefined) p.setTrades(d.trades);
          // The pull was held to land just before the next frame: drawing now takes the raster out of that frame,
          // and Chromium commits a worker canvas drawn between frames at the next frame's start. A late answer is not
          // drawn here: the pull for the next frame is already out, and that answer (or the frame loop) draws it, so
          // a frame gets one draw.
          if (!late) {
            paint(performance.now());
            drewSinceFrame = true;
          }
          wake();
        },
        false,
      );
      puller.setVisible(visible);
      wake();
      return;
    }
    case 'input':
      painter?.setInput(m.input);
      wake();
      return;
    case 'interest':
      puller?.setInterest(m.interest);
      return;
    case 'visible':
      visible = m.visible;
      puller?.setVisible(m.visible);
      wake();
      return;
    case 'row':
      post({ type: 'row', id: m.id, row: painter?.rowAt(m.row) ?? null });
      return;
    case 'trade':
      post({ type: 'trade', id: m.id, trade: painter?.tradeAt(m.row) ?? null });
      return;
    case 'best':
      post({ type: 'best', id: m.id, best: painter?.best() ?? null });
      return;
  }
};
