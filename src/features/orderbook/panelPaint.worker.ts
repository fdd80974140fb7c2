/**
 * The tab's paint worker: one dedicated Worker hosts every market panel of the tab (order book, latest trades, depth
 * chart). It owns their canvases (OffscreenCanvas, Canvas2D), pulls the book and trades straight from the hub over
 * its own port (so tick-rate data never crosses the tab's main thread), and paints each panel at most once per
 * animation frame through the same PanelPainter the tab would use. One worker rather than one per panel: a slow
 * laptop runs one more thread instead of three, panels that read the same data share one pull (panelFeeds.ts), and
 * every canvas is committed in the same frame task, so the display compositor is not kept waiting on a second or
 * third worker that the scheduler has not run yet. The book draws in every frame it has news for; the other panels
 * share one draw a frame (frameSlots.ts), so a storm commits two canvases a frame rather than three. Answers the
 * tab's clicks with the row under them. Paused while the tab is hidden.
 */
import * as Comlink from 'comlink';
import type { BookFrame, HubApi, HubDiff, TabInterest, TickerRow, TradeRow } from '../../../workers/api';
import { Canvas2DSurface } from '../../canvas/canvas2dSurface';
import { FramePuller } from '../../hub/framePuller';
import { FrameSlots, type SlotPanel } from './frameSlots';
import { planFeeds } from './panelFeeds';
import type { FromPanelWorker, PanelAdd, ToPanelWorker } from './paintMessages';
import { PanelPainter, type PanelKind } from './panelPainter';

/** A hosted panel; it takes part in the frame share (frameSlots.ts) as itself. */
interface Panel extends SlotPanel {
  readonly kind: PanelKind;
  readonly painter: PanelPainter;
  interest: TabInterest;
  /** Its data drew on arrival this frame: the frame loop does not draw it again in this frame. */
  drewSinceFrame: boolean;
  /** receivedAt of the newest book handed to the painter, and of the book it last drew. */
  lastBook: number | null;
  /** When the newest book reached this worker (performance.now()): splits feed-to-pixel into stages (bench). */
  bookArrived: number;
  drawnBook: number | null;
  /** receivedAt of a book first drawn since the last frame: its pixels are shown by the next frame (bench). */
  shownBook: number | null;
  drawMs: number[];
  feedToPixelMs: number[];
  feedToDrawMs: number[];
}

interface Feed {
  readonly puller: FramePuller;
  interest: TabInterest;
  panels: readonly Panel[];
  /** The newest data of this pull, for a panel that joins it later. */
  book: BookFrame | undefined;
  trades: readonly TradeRow[] | undefined;
  last: TickerRow | undefined;
}

const panels = new Map<number, Panel>();
const feeds = new Map<string, Feed>();
let hub: Comlink.Remote<HubApi> | null = null;
let visible = true;
let raf = 0;
let stats = false;
/** Animation frames begun: a draw between frames shows in the next one (`frameNo + 1`). */
let frameNo = 0;
const slots = new FrameSlots();

function post(m: FromPanelWorker): void {
  postMessage(m);
}

function loop(now: number): void {
  raf = 0;
  if (panels.size === 0 || !visible) return;
  raf = requestAnimationFrame(loop);
  frameNo++;
  // Animations, hover and input changes draw here, unless the panel's data already drew on arrival this frame; then
  // each pull goes out again, held so its answer lands just before the next frame (see FramePuller).
  for (const p of panels.values()) {
    if (stats && p.shownBook !== null) {
      p.feedToPixelMs.push(performance.timeOrigin + now - p.shownBook);
      p.shownBook = null;
    }
    if (!p.drewSinceFrame) paint(p, now, frameNo);
    p.drewSinceFrame = false;
  }
  for (const f of feeds.values()) f.puller.tick(now);
}

/**
 * Draws what changed in one panel for display frame `frame` (at most once per frame: on its data landing, or in the
 * frame loop), when the frame share lets it.
 */
function paint(p: Panel, now: number, frame: number): void {
  if (!visible || !p.painter.wantsFrame() || !slots.allow(p, frame, panels.values())) return;
  slots.drew(p, frame);
  const t0 = stats ? performance.now() : 0;
  const report = p.painter.frame(now);
  if (stats && p.painter.drewLast) {
    const t1 = performance.now();
    p.drawMs.push(t1 - t0);
    // Feed-to-pixel is each book's first showing: the ratio bar's tween and hover redraw a book already on screen
    // for frames after it was shown, and counting those again would add its growing age once per redraw.
    if (p.lastBook !== null && p.lastBook !== p.drawnBook) {
      p.drawnBook = p.lastBook;
      p.shownBook = p.lastBook;
      const age = performance.timeOrigin + t1 - p.lastBook;
      p.feedToDrawMs.push(age);
      // The bench's trace pairs this mark with the display frame that showed it (bench/render.bench.ts); the last
      // field is the book's age when it reached this worker.
      const ageOnArrival = performance.timeOrigin + p.bookArrived - p.lastBook;
      performance.mark(`book-age:${p.kind}:${age.toFixed(2)}:${leadOf(p)}:${ageOnArrival.toFixed(2)}`);
    }
  }
  if (report !== null) post({ type: 'report', panel: p.id, report });
}

function leadOf(p: Panel): number {
  for (const f of feeds.values()) if (f.panels.includes(p)) return f.puller.latch.lead;
  return 0;
}

function wake(): void {
  if (raf === 0 && visible && panels.size > 0) raf = requestAnimationFrame(loop);
}

/** One pull's answer: hand it to its panels and draw them now, unless it came late for the frame it was held for. */
function onDiff(feed: Feed, d: HubDiff, late: boolean): void {
  const now = performance.now();
  if (d.book !== undefined) feed.book = d.book;
  if (d.trades !== undefined) feed.trades = d.trades;
  if (d.tickers !== undefined)
    for (const t of d.tickers) if (t.symbol === feed.interest.symbol) feed.last = t;
  for (const p of feed.panels) {
    if (d.book !== undefined && p.interest.bookRows > 0) {
      p.painter.setBook(d.book);
      p.lastBook = d.book.receivedAt;
      p.bookArrived = now;
    }
    if (d.trades !== undefined && p.interest.trades) p.painter.setTrades(d.trades);
    if (d.tickers !== undefined && feed.last !== undefined)
      p.painter.setLast(feed.last.symbol, feed.last.last, feed.last.direction);
  }
  // The pull was held to land just before the next frame: drawing now keeps the drawing out of that frame. A late
  // answer is not drawn here: the pull for the next frame is already out, and that answer (or the frame loop) draws
  // it, so a panel gets one draw per frame.
  if (!late)
    for (const p of feed.panels) {
      paint(p, now, frameNo + 1);
      p.drewSinceFrame = true;
    }
  wake();
}

/** Regroups the panels into pulls after a panel came, went or changed interest; keeps every pull that still fits. */
function replan(): void {
  const api = hub;
  if (api === null) return;
  const plan = planFeeds([...panels.values()], (p) => p.interest);
  const keep = new Set(plan.map((f) => f.key));
  for (const [key, f] of feeds)
    if (!keep.has(key)) {
      f.puller.close();
      feeds.delete(key);
    }
  for (const f of plan) {
    const old = feeds.get(f.key);
    if (old !== undefined) {
      // A panel joining a running pull starts from its newest data rather than waiting for the next change.
      for (const p of f.panels)
        if (!old.panels.includes(p)) {
          if (old.book !== undefined && p.interest.bookRows > 0) {
            p.painter.setBook(old.book);
            p.lastBook = old.book.receivedAt;
            p.bookArrived = performance.now();
          }
          if (old.trades !== undefined && p.interest.trades) p.painter.setTrades(old.trades);
          if (old.last !== undefined) p.painter.setLast(old.last.symbol, old.last.last, old.last.direction);
        }
      old.panels = f.panels;
      if (JSON.stringify(old.interest) !== JSON.stringify(f.interest)) {
        old.interest = f.interest;
        old.puller.setInterest(f.interest);
      }
      continue;
    }
    const feed: Feed = {
      interest: f.interest,
      panels: f.panels,
      book: undefined,
      trades: undefined,
      last: undefined,
      // The worker's own frame loop ticks every pull once per frame (ownFrames: false).
      puller: new FramePuller(
        api,
        f.interest,
        (d, late) => {
          onDiff(feed, d, late);
        },
        false,
      ),
    };
    feed.puller.setVisible(visible);
    feeds.set(f.key, feed);
  }
}

function addPanel(m: PanelAdd): void {
  const ctx = m.canvas.getContext('2d', { alpha: false });
  if (ctx === null) throw new Error('no 2D context in the paint worker');
  const painter = new PanelPainter(m.kind, new Canvas2DSurface(ctx, m.canvas));
  painter.setInput(m.input);
  panels.set(m.panel, {
    id: m.panel,
    kind: m.kind,
    painter,
    primary: m.kind === 'book',
    wantsFrame: () => painter.wantsFrame(),
    inputChanged: () => painter.inputChanged(),
    interest: m.interest,
    drewSinceFrame: false,
    lastBook: null,
    bookArrived: 0,
    drawnBook: null,
    shownBook: null,
    drawMs: [],
    feedToPixelMs: [],
    feedToDrawMs: [],
  });
  replan();
  wake();
}

function postStats(): void {
  for (const p of panels.values()) {
    post({
      type: 'stats',
      panel: p.id,
      kind: p.kind,
      drawMs: p.drawMs,
      feedToPixelMs: p.feedToPixelMs,
      feedToDrawMs: p.feedToDrawMs,
    });
    p.drawMs = [];
    p.feedToPixelMs = [];
    p.feedToDrawMs = [];
  }
  performance.clearMarks();
}

onmessage = (e: MessageEvent<ToPanelWorker>) => {
  const m = e.data;
  switch (m.type) {
    case 'init':
      hub = Comlink.wrap<HubApi>(m.hubPort);
      visible = m.visible;
      stats = m.stats === true;
      if (stats) setInterval(postStats, 500);
      replan();
      return;
    case 'add':
      addPanel(m);
      return;
    case 'remove': {
      const p = panels.get(m.panel);
      if (p === undefined) return;
      panels.delete(m.panel);
      slots.forget(m.panel);
      p.painter.destroy();
      replan();
      return;
    }
    case 'input':
      panels.get(m.panel)?.painter.setInput(m.input);
      wake();
      return;
    case 'interest': {
      const p = panels.get(m.panel);
      if (p === undefined) return;
      p.interest = m.interest;
      replan();
      return;
    }
    case 'visible':
      visible = m.visible;
      for (const f of feeds.values()) f.puller.setVisible(m.visible);
      wake();
      return;
    case 'row':
      post({ type: 'row', id: m.id, row: panels.get(m.panel)?.painter.rowAt(m.row) ?? null });
      return;
    case 'trade':
      post({ type: 'trade', id: m.id, trade: panels.get(m.panel)?.painter.tradeAt(m.row) ?? null });
      return;
    case 'best':
      post({ type: 'best', id: m.id, best: panels.get(m.panel)?.painter.best() ?? null });
      return;
  }
};
