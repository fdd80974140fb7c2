/**
 * The tab's paint worker: one dedicated Worker hosts every market panel of the tab (order book, latest trades, depth
 * chart). It owns their canvases (OffscreenCanvas, Canvas2D), pulls the book and trades straight from the hub over
 * its own port (so tick-rate data never crosses the tab's main thread), and paints each panel at most once per
 * animation frame through the same PanelPainter the tab would use. One worker rather than one per panel: a slow
 * laptop runs one more thread instead of three, panels that read the same data share one pull (panelFeeds.ts), and
 * every canvas is committed in the same frame task, so the display compositor is not kept waiting on a second or
 * third worker that the scheduler has not run yet. The book draws in every frame it has news for; the other panels
 * share one draw a frame (frameSlots.ts), so a storm commits two canvases a frame rather than three. Answers the
 * tab's clicks with the row under them. Paused while the tab is hidden. Its API is `PaintApi` (paintApi.ts), exposed
 * with Comlink. With perfMarks on (workerMarks.ts) it marks each draw for the benches.
 */
import './workerMarks';
import * as Comlink from 'comlink';
import type { BookFrame, HubApi, HubDiff, TabInterest, TickerRow, TradeRow } from '../../workers/api';
import { Canvas2DSurface } from '../canvas/canvas2dSurface';
import { wrapHub } from '../hub/wrapHub';
import { PERF_MARKS_ON, perfMark, perfNow } from '../lib/perfMarks';
import { FramePuller } from './framePuller';
import { FrameSlots, type SlotPanel } from './frameSlots';
import type { PaintApi } from './paintApi';
import { planFeeds } from './panelFeeds';
import { PanelPainter } from './panelPainter';
import type { PanelReportBase } from './panelView';
import { createPanelView, type PanelInput, type PanelKind, type PanelReport } from './views';

/** A hosted panel; it takes part in the frame share (frameSlots.ts) as itself. */
interface Panel extends SlotPanel {
  readonly kind: PanelKind;
  readonly painter: PanelPainter<PanelInput, PanelReport>;
  readonly onReport: (report: PanelReportBase) => void;
  interest: TabInterest;
  /** Its data drew on arrival this frame: the frame loop does not draw it again in this frame. */
  drewSinceFrame: boolean;
  /** receivedAt of the newest book handed to the painter, and of the book it last drew (marks only). */
  lastBook: number | null;
  /** When the newest book reached this worker (performance.now()): splits feed-to-pixel into stages (marks only). */
  bookArrived: number;
  drawnBook: number | null;
  /** receivedAt of a book first drawn since the last frame: its pixels are shown by the next frame (marks only). */
  shownBook: number | null;
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
/** Animation frames begun: a draw between frames shows in the next one (`frameNo + 1`). */
let frameNo = 0;
const slots = new FrameSlots();

function loop(now: number): void {
  raf = 0;
  if (panels.size === 0 || !visible) return;
  raf = requestAnimationFrame(loop);
  frameNo++;
  // Animations, hover and input changes draw here, unless the panel's data already drew on arrival this frame; then
  // each pull goes out again, held so its answer lands just before the next frame (see FramePuller).
  for (const p of panels.values()) {
    if (PERF_MARKS_ON && p.shownBook !== null) {
      perfMark('paint:feed-to-pixel', { kind: p.kind, ms: performance.timeOrigin + now - p.shownBook });
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
  const t0 = perfNow();
  const report = p.painter.frame(now);
  if (PERF_MARKS_ON && p.painter.drewLast) markDraw(p, t0);
  if (report !== null) p.onReport(report);
}

/** Marks one draw's time and, for a book's first showing, its age (bench/render.bench.ts and bench/ab.ts read them). */
function markDraw(p: Panel, t0: number): void {
  const t1 = performance.now();
  perfMark('paint:draw', { kind: p.kind, ms: t1 - t0 });
  // Feed-to-pixel is each book's first showing: the ratio bar's tween and hover redraw a book already on screen
  // for frames after it was shown, and counting those again would add its growing age once per redraw.
  if (p.lastBook === null || p.lastBook === p.drawnBook) return;
  p.drawnBook = p.lastBook;
  p.shownBook = p.lastBook;
  const age = performance.timeOrigin + t1 - p.lastBook;
  perfMark('paint:feed-to-draw', { kind: p.kind, ms: age });
  // The bench's trace pairs this mark with the display frame that showed it (bench/render.bench.ts); the last
  // field is the book's age when it reached this worker.
  const ageOnArrival = performance.timeOrigin + p.bookArrived - p.lastBook;
  perfMark(`book-age:${p.kind}:${age.toFixed(2)}:${leadOf(p)}:${ageOnArrival.toFixed(2)}`);
}

function leadOf(p: Panel): number {
  for (const f of feeds.values()) if (f.panels.includes(p)) return f.puller.latch.lead;
  return 0;
}

function wake(): void {
  if (raf === 0 && visible && panels.size > 0) raf = requestAnimationFrame(loop);
}

/** Hands a book to a panel that reads books. */
function giveBook(p: Panel, book: BookFrame, arrived: number): void {
  p.painter.setBook(book);
  p.lastBook = book.receivedAt;
  p.bookArrived = arrived;
}

/** One pull's answer: hand it to its panels and draw them now, unless it came late for the frame it was held for. */
function onDiff(feed: Feed, d: HubDiff, late: boolean): void {
  const now = performance.now();
  if (d.book !== undefined) feed.book = d.book;
  if (d.trades !== undefined) feed.trades = d.trades;
  if (d.tickers !== undefined)
    for (const t of d.tickers) if (t.symbol === feed.interest.symbol) feed.last = t;
  for (const p of feed.panels) {
    if (d.book !== undefined && p.interest.bookRows > 0) giveBook(p, d.book, now);
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
          if (old.book !== undefined && p.interest.bookRows > 0) giveBook(p, old.book, performance.now());
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

const api: PaintApi = {
  init(hubPort, isVisible) {
    hub = wrapHub(hubPort);
    visible = isVisible;
    replan();
  },
  add(panel, canvas, interest, input, onReport) {
    const ctx = canvas.getContext('2d', { alpha: false });
    if (ctx === null) throw new Error('no 2D context in the paint worker');
    const kind = (input as PanelInput).kind;
    const painter = new PanelPainter(createPanelView(kind, new Canvas2DSurface(ctx, canvas)));
    painter.setInput(input as PanelInput);
    panels.set(panel, {
      id: panel,
      kind,
      painter,
      onReport,
      primary: kind === 'book',
      wantsFrame: () => painter.wantsFrame(),
      inputChanged: () => painter.inputChanged(),
      interest,
      drewSinceFrame: false,
      lastBook: null,
      bookArrived: 0,
      drawnBook: null,
      shownBook: null,
    });
    replan();
    wake();
  },
  remove(panel) {
    const p = panels.get(panel);
    if (p === undefined) return;
    panels.delete(panel);
    slots.forget(panel);
    p.painter.destroy();
    // The tab's report callback is a Comlink proxy: release it, or its port stays open.
    (p.onReport as Partial<Comlink.ProxyMethods>)[Comlink.releaseProxy]?.();
    replan();
  },
  input(panel, input) {
    panels.get(panel)?.painter.setInput(input as PanelInput);
    wake();
  },
  interest(panel, interest) {
    const p = panels.get(panel);
    if (p === undefined) return;
    p.interest = interest;
    replan();
  },
  visible(isVisible) {
    visible = isVisible;
    for (const f of feeds.values()) f.puller.setVisible(isVisible);
    wake();
  },
  row: (panel, row) => panels.get(panel)?.painter.rowAt(row) ?? null,
  trade: (panel, row) => panels.get(panel)?.painter.tradeAt(row) ?? null,
  best: (panel) => panels.get(panel)?.painter.best() ?? null,
};

Comlink.expose(api);
