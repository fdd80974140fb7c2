/**
 * The bench page for our design. By default (`?paint=worker`) the canvas is handed to a paint worker that pulls the
 * book and trades straight from the hub and draws them: the tab's main thread does nothing per frame. `?paint=main`
 * draws the same thing on the main thread from the tab's hub client, for comparison. `?draw=0` pulls without
 * drawing (transport cost alone). `?mode=render` runs the render bench instead (render.ts), `?mode=render-reference` its React DOM reference. The page keeps the figures the bench runner reads in `window.__bench`.
 */
import { hubClient } from '../../src/hub/client';
import { startPaintWorker } from './paintWorker';
import { installStats, pushSample } from './benchStats';
import { drawBook } from './bookDraw';
import type { PaintReport } from './hubPaint.worker';

const stats = installStats();
const canvas = document.getElementById('book') as HTMLCanvasElement;
// `?status=0`: no live status line (the render bench sets it; see bench/render.bench.ts for why).
const query = new URLSearchParams(location.search);
const statsEl = query.get('status') === '0' ? null : document.getElementById('stats');
const client = hubClient();
const symbol = query.get('symbol') ?? 'BTCUSDT';
const drawing = query.get('draw') !== '0';
const paint = query.get('paint') === 'main' ? 'main' : 'worker';
stats.paint = paint;

if (query.get('mode') === 'render') {
  // The render bench (issue 5): the app's book, trades and depth renderers on the main thread.
  canvas.remove();
  void import('./render').then((m) => m.startRenderBench(stats, statsEl));
} else if (query.get('mode') === 'render-reference') {
  // Its reference: React DOM rows of the same book and trades from the same hub client.
  canvas.remove();
  void import('./renderReference').then((m) => {
    m.startRenderReference(stats);
  });
} else if (paint === 'worker') {
  const worker = new Worker(new URL('./hubPaint.worker.ts', import.meta.url), {
    type: 'module',
    name: 'paint',
  });
  worker.onmessage = (e: MessageEvent<PaintReport>) => {
    stats.frames = e.data.frames;
    for (const v of e.data.drawMs) pushSample(stats.drawMs, v);
    for (const v of e.data.feedToPixelMs) pushSample(stats.feedToPixelMs, v);
  };
  void startPaintWorker(worker, canvas, { symbol, draw: drawing });
} else {
  const ctx = canvas.getContext('2d', { alpha: false });
  client.want({ symbol, bookRows: 40, trades: true });
  let dirty = false;
  const mark = (): void => {
    dirty = true;
  };
  client.frames.on('book', mark);
  client.frames.on('trades', mark);
  const frame = (): void => {
    if (dirty) {
      dirty = false;
      const book = client.frames.get('book');
      if (ctx !== null && drawing) {
        const t0 = performance.now();
        drawBook(ctx, canvas.width, canvas.height, book, client.frames.get('trades'));
        const t1 = performance.now();
        pushSample(stats.drawMs, t1 - t0);
        if (book !== undefined)
          pushSample(stats.feedToPixelMs, performance.timeOrigin + t1 - book.receivedAt);
      }
      stats.frames++;
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

// Live counters on the page itself (what the hub dropped, sockets, tabs), once a second.
setInterval(() => {
  stats.mode = client.mode;
  if (statsEl === null) return;
  void client
    .remote()
    .counters()
    .then((c) => {
      const shown = Object.entries(c)
        .filter(([, v]) => v !== 0)
        .map(([k, v]) => `${k} ${v}`)
        .join(' · ');
      statsEl.textContent = `hub ${client.mode}, paint ${paint}: ${stats.frames} frames\n${shown}`;
    })
    .catch(() => undefined);
}, 1000);
