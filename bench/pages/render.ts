/**
 * The render bench (issue 5): the app's order book, latest trades and depth chart painters, as the app runs them
 * (bench/render.bench.ts drives it): Canvas2D panels in paint workers that pull from the hub themselves, or with
 * `?paint=main` / the pixi.js WebGL backend (`?backend=webgl`) in the tab from the tab's hub client. Keeps figures in
 * `window.__bench`: main-thread time per drawn frame of the three panels together (`drawMs`), the workers' draw time
 * (`workerDrawMs`), frame intervals of the tab, and feed-to-pixel time (hub arrival to the frame after the draw).
 * `?draw=0` pulls the same data in the tab and draws nothing (the transport baseline).
 */
import type { TabInterest } from '../../workers/api';
import { chooseBackend } from '../../src/canvas/backend';
import { createSurface } from '../../src/canvas/createSurface';
import { PanelPainter } from '../../src/paint/panelPainter';
import { PanelWorkerHost } from '../../src/paint/panelWorkerHost';
import { createPanelView, type PanelInput, type PanelKind, type PanelReport } from '../../src/paint/views';
import { hubClient } from '../../src/hub/client';
import { pushSample, type BenchStats } from './benchStats';
import type { PaintMarks } from './paintMarks';

const PANELS: readonly { kind: PanelKind; width: number; height: number }[] = [
  { kind: 'book', width: 300, height: 760 },
  { kind: 'trades', width: 300, height: 760 },
  { kind: 'depth', width: 640, height: 420 },
];

function inputFor(kind: PanelKind, width: number, height: number): PanelInput {
  const base = {
    width,
    height,
    dpr: window.devicePixelRatio || 1,
    theme: 'dark',
    locale: 'en',
    rtl: false,
    symbol: 'BTCUSDT',
    pricePrecision: 2,
    quantityPrecision: 6,
  } as const;
  switch (kind) {
    case 'book':
      return {
        ...base,
        kind,
        priceDp: 2,
        text: {
          price: 'Price (USDT)',
          amount: 'Amount (BTC)',
          total: 'Total (BTC)',
          ratioBuy: 'B',
          ratioSell: 'S',
        },
        layout: 1,
        total: 'base',
        sums: false,
        ownOrders: [],
        step: 0.01,
      };
    case 'trades':
      return {
        ...base,
        kind,
        text: { price: 'Price (USDT)', amount: 'Amount (BTC)', time: 'Time' },
        flash: true,
      };
    case 'depth':
      // The depth chart's crosshair under a resting pointer.
      return { ...base, kind, text: { mid: 'Mid' }, hoverX: Math.round(width * 0.3) };
  }
}

function interestFor(kind: PanelKind): TabInterest {
  return {
    symbol: 'BTCUSDT',
    step: null,
    bookRows: kind === 'trades' ? 0 : 40,
    trades: kind === 'trades',
    klineInterval: null,
    allTickers: false,
    account: false,
  };
}

function canvasIn(root: HTMLElement, width: number, height: number): HTMLCanvasElement {
  const c = document.createElement('canvas');
  c.style.cssText = `display:block;width:${width}px;height:${height}px`;
  root.appendChild(c);
  return c;
}

/** Starts the render bench on this page. */
export async function startRenderBench(stats: BenchStats, statsEl: HTMLElement | null): Promise<void> {
  const query = new URLSearchParams(location.search);
  const drawing = query.get('draw') !== '0';
  const backend = chooseBackend(location.search);
  const inWorker = drawing && backend === 'canvas' && query.get('paint') !== 'main';
  // `?panels=book,trades` draws a subset (diagnosis); all three by default.
  const only = query.get('panels')?.split(',');
  const panels = PANELS.filter((p) => only === undefined || only.includes(p.kind));
  const client = hubClient();
  const root = document.createElement('div');
  root.style.display = 'flex';
  root.style.gap = '8px';
  document.body.appendChild(root);
  const workerDraw: number[] = [];
  (window as unknown as { __workerDrawMs: number[] }).__workerDrawMs = workerDraw;
  const feedToDraw: number[] = [];
  (window as unknown as { __feedToDrawMs: number[] }).__feedToDrawMs = feedToDraw;
  let last = 0;
  const tick = (now: number): void => {
    // The measuring loop stops for good when the runner turns the probe off (see BenchStats.probe).
    if (!stats.probe) return;
    requestAnimationFrame(tick);
    if (last > 0) pushSample(stats.frameMs, now - last);
    last = now;
  };
  requestAnimationFrame(tick);

  if (inWorker) {
    stats.paint = 'canvas:canvas2d-worker';
    // One paint worker hosts the three panels, as in the app (src/paint/panelWorkerHost.ts), with perfMarks on; the
    // bench's entry (renderPaint.worker.ts) posts the worker's draw marks here every half second.
    const host = new PanelWorkerHost({
      marks: true,
      start: (name) =>
        new Worker(new URL('./renderPaint.worker.ts', import.meta.url), { type: 'module', name }),
    });
    host.worker.addEventListener('message', (e: MessageEvent<PaintMarks | null>) => {
      const m = e.data;
      if (m?.type !== 'paint-marks') return;
      for (const s of m.drawMs) pushSample(workerDraw, s.ms);
      for (const s of m.feedToPixelMs) if (s.kind === 'book') pushSample(stats.feedToPixelMs, s.ms);
      for (const s of m.feedToDrawMs) if (s.kind === 'book') pushSample(feedToDraw, s.ms);
      for (const s of m.drawMs) if (s.kind === 'book') stats.frames++;
    });
    for (const p of panels) {
      const offscreen = canvasIn(root, p.width, p.height).transferControlToOffscreen();
      host.add(offscreen, interestFor(p.kind), inputFor(p.kind, p.width, p.height), () => undefined);
    }
    // The tab itself only wants what the header would (a ticker): no book crosses its main thread.
    client.want({ symbol: 'BTCUSDT' });
    // No panel code runs on this thread per frame: `drawMs` stays empty and the runner reports the workers' time.
  } else {
    client.want({ symbol: 'BTCUSDT', bookRows: 40, trades: true });
    stats.paint = drawing ? `${backend}:main` : 'none';
    const painters: PanelPainter<PanelInput, PanelReport>[] = [];
    if (drawing)
      for (const p of panels) {
        const surface = await createSurface(canvasIn(root, p.width, p.height), backend, {
          width: p.width,
          height: p.height,
          dpr: window.devicePixelRatio || 1,
        });
        stats.paint = `${backend}:${surface.rendererName}`;
        const painter = new PanelPainter(createPanelView(p.kind, surface));
        painter.setInput(inputFor(p.kind, p.width, p.height));
        painters.push(painter);
      }
    let shownAt: number | null = null;
    let fresh = false;
    client.frames.on('book', () => {
      fresh = true;
      const b = client.frames.get('book');
      if (b !== undefined) for (const p of painters) p.setBook(b);
    });
    client.frames.on('trades', () => {
      const t = client.frames.get('trades');
      if (t !== undefined) for (const p of painters) p.setTrades(t);
    });
    const frame = (now: number): void => {
      requestAnimationFrame(frame);
      if (shownAt !== null) {
        pushSample(stats.feedToPixelMs, performance.timeOrigin + now - shownAt);
        shownAt = null;
      }
      const t0 = performance.now();
      let drew = false;
      for (const p of painters) {
        p.frame(now);
        drew ||= p.drewLast;
      }
      if (fresh) stats.frames++;
      fresh = false;
      if (!drew) return;
      pushSample(stats.drawMs, performance.now() - t0);
      shownAt = client.frames.get('book')?.receivedAt ?? null;
    };
    requestAnimationFrame(frame);
  }
  if (statsEl !== null)
    setInterval(() => {
      statsEl.textContent = `render bench ${stats.paint}: ${stats.frames} frames`;
    }, 1000);
}
