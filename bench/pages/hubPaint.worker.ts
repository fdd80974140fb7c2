/**
 * The bench page's paint worker: pulls the book and trades straight from the hub over its own port and draws them
 * into the page's canvas (transferred as an OffscreenCanvas) on its own animation frames. It reports its figures to
 * the page every half second.
 */
import type { BookFrame, HubDiff, TradeRow } from '../../workers/api';
import { FramePuller } from '../../src/paint/framePuller';
import type { PaintInit } from './paintInit';
import { drawBook } from './bookDraw';

interface Init extends PaintInit {
  readonly symbol: string;
  readonly draw: boolean;
}

/** What the worker sends the page. */
export interface PaintReport {
  readonly frames: number;
  readonly drawMs: readonly number[];
  readonly feedToPixelMs: readonly number[];
}

let puller: FramePuller | null = null;
let book: BookFrame | undefined;
let trades: readonly TradeRow[] | undefined;
let dirty = false;
let frames = 0;
let drawMs: number[] = [];
let feedToPixelMs: number[] = [];

function start(init: Init): void {
  const ctx = init.canvas.getContext('2d', { alpha: false });
  puller = new FramePuller(
    init.hubPort,
    {
      symbol: init.symbol,
      step: null,
      bookRows: 40,
      trades: true,
      klineInterval: null,
      allTickers: false,
      account: false,
    },
    (d: HubDiff) => {
      if (d.book !== undefined) book = d.book;
      if (d.trades !== undefined) trades = d.trades;
      if (d.book !== undefined || d.trades !== undefined) dirty = true;
    },
  );
  puller.setVisible(init.visible);
  const frame = (): void => {
    if (dirty) {
      dirty = false;
      if (ctx !== null && init.draw) {
        const t0 = performance.now();
        drawBook(ctx, init.canvas.width, init.canvas.height, book, trades);
        const t1 = performance.now();
        drawMs.push(t1 - t0);
        if (book !== undefined) feedToPixelMs.push(performance.timeOrigin + t1 - book.receivedAt);
      }
      frames++;
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  setInterval(() => {
    const report: PaintReport = { frames, drawMs, feedToPixelMs };
    postMessage(report);
    drawMs = [];
    feedToPixelMs = [];
  }, 500);
}

onmessage = (e: MessageEvent<Partial<Init> & { visible?: boolean }>) => {
  const m = e.data;
  if (m.canvas !== undefined && m.hubPort !== undefined && puller === null) start(m as Init);
  else if (typeof m.visible === 'boolean') puller?.setVisible(m.visible);
};
