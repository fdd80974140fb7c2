/**
 * Mounts a market panel's painter on its canvas. With the Canvas2D backend and OffscreenCanvas the canvas goes to
 * the tab's one paint worker (panelWorkerHost.ts), which hosts every market panel and pulls their data from the hub:
 * the tab's main thread then does no work per frame. With the pixi.js WebGL backend (or without OffscreenCanvas, or
 * `?paint=main`) the painter runs in the tab on the shared animation-frame loop, fed by the tab's hub client, through
 * the view the feature passes (`createView`). Either way the component gets the same reports and queries.
 */
import { useEffect, useRef, useState } from 'react';
import type { TabInterest, TradeRow } from '../../workers/api';
import { demoteToCanvas, pageSurfaceBackend } from '../canvas/backend';
import { createSurface } from '../canvas/createSurface';
import { onEveryFrame } from '../canvas/frameLoop';
import type { Surface } from '../canvas/surface';
import { hubClient, hubStore } from '../hub/client';
import { tickersAtom } from '../hub/state';
import { useHubWant } from '../hub/useHubWant';
import { PanelPainter } from './panelPainter';
import type {
  BestPrices,
  PanelInputBase,
  PanelReportBase,
  PanelRowRef,
  PanelViewFactory,
  RowAnswer,
} from './panelView';
import { panelWorkerHost, type PanelLink } from './panelWorkerHost';

/** Where a panel paints. */
export type PaintMode = 'worker' | 'main';

let pageMode: PaintMode | null = null;

/** Worker painting where it can run (Canvas2D with OffscreenCanvas), unless `?paint=main`. */
export function panelPaintMode(): PaintMode {
  pageMode ??=
    pageSurfaceBackend() === 'canvas' &&
    typeof Worker === 'function' &&
    typeof HTMLCanvasElement.prototype.transferControlToOffscreen === 'function' &&
    new URLSearchParams(location.search).get('paint') !== 'main'
      ? 'worker'
      : 'main';
  return pageMode;
}

/** What a panel component gets. */
export interface PanelHandle<R extends PanelReportBase> {
  /** The panel's canvas. */
  readonly canvasRef: React.RefObject<HTMLCanvasElement | null>;
  /** Key for the canvas: changes when it must be replaced by a fresh element. */
  readonly canvasKey: string;
  readonly report: R | null;
  /** The book row (price, cumulative quantity) under a slot, now. */
  readonly row: (row: PanelRowRef) => Promise<RowAnswer | null>;
  /** The trade at a list row, now. */
  readonly trade: (row: number) => Promise<TradeRow | null>;
  /** Best bid and ask, now. */
  readonly best: () => Promise<BestPrices | null>;
}

const transferred = new WeakSet<HTMLCanvasElement>();

/**
 * Paints the panel `input.kind` names from `input` and the hub data of `interest`: in the paint worker (which makes
 * the view from the kind, src/paint/views.ts), or in the tab through `createView` (a module-level function).
 */
export function usePanelPainter<I extends PanelInputBase, R extends PanelReportBase>(
  input: I,
  interest: TabInterest,
  createView: PanelViewFactory<I, R>,
): PanelHandle<R> {
  const mode = panelPaintMode();
  const kind = input.kind;
  const createRef = useRef(createView);
  createRef.current = createView;
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const [gen, setGen] = useState(0);
  const [report, setReport] = useState<R | null>(null);
  const inputRef = useRef(input);
  inputRef.current = input;
  const interestRef = useRef(interest);
  interestRef.current = interest;
  const linkRef = useRef<PanelLink<I> | null>(null);
  const painterRef = useRef<PanelPainter<I, R> | null>(null);
  /** In the tab: hands the painter the last price of its symbol from the tab's tickers. */
  const pushLastRef = useRef<() => void>(() => undefined);

  // In the tab, the tab's hub client fetches the data; a worker pulls its own.
  useHubWant(
    mode === 'main' ? interest : { symbol: interest.symbol, step: interest.step, bookRows: 0, trades: false },
  );

  useEffect(() => {
    const el = canvasRef.current;
    if (el === null) return;
    if (mode === 'worker') {
      // A canvas gives its control away once: a re-run (React dev remount) needs a fresh element.
      if (transferred.has(el)) {
        setGen((g) => g + 1);
        return;
      }
      transferred.add(el);
      el.dataset.backend = 'canvas';
      el.dataset.renderer = 'canvas2d-worker';
      const offscreen = el.transferControlToOffscreen();
      const link = panelWorkerHost().add(offscreen, interestRef.current, inputRef.current, (r) => {
        // The worker made this panel's view from the input's kind, so its reports are that view's reports.
        setReport(r as R);
      });
      linkRef.current = link;
      return () => {
        link.remove();
        linkRef.current = null;
        setGen((g) => g + 1);
      };
    }
    // In the tab: surfaces of the page's backend on the elements, fed by the tab's hub client.
    let live = true;
    let painter: PanelPainter<I, R> | null = null;
    let offs: (() => void)[] = [];
    const dpr = window.devicePixelRatio || 1;
    void createSurface(el, pageSurfaceBackend(), {
      width: Math.max(1, inputRef.current.width),
      height: Math.max(1, inputRef.current.height),
      dpr,
    }).then(
      (surface: Surface) => {
        if (!live) {
          surface.destroy();
          return;
        }
        const p = new PanelPainter(createRef.current(surface));
        painter = p;
        painterRef.current = p;
        p.setInput(inputRef.current);
        // The book's last price: a paint worker takes it from its own pulls; here, from the tab's tickers.
        const pushLast = (): void => {
          const t = hubStore.get(tickersAtom).get(inputRef.current.symbol);
          if (t !== undefined) p.setLast(t.symbol, t.last, t.direction);
        };
        pushLastRef.current = pushLast;
        pushLast();
        const frames = hubClient().frames;
        const book = frames.get('book');
        if (book !== undefined) p.setBook(book);
        const trades = frames.get('trades');
        if (trades !== undefined) p.setTrades(trades);
        offs = [
          frames.on('book', () => {
            const b = frames.get('book');
            if (b !== undefined) p.setBook(b);
          }),
          frames.on('trades', () => {
            const t = frames.get('trades');
            if (t !== undefined) p.setTrades(t);
          }),
          hubStore.sub(tickersAtom, pushLast),
          onEveryFrame((now) => {
            const r = p.frame(now);
            if (r !== null) setReport(r);
          }),
        ];
      },
      (e: unknown) => {
        console.warn('panel surface failed', e);
        // A canvas that tried WebGL cannot give a 2D context: fresh elements, Canvas2D.
        if (live && pageSurfaceBackend() === 'webgl') {
          demoteToCanvas();
          setGen((g) => g + 1);
        }
      },
    );
    return () => {
      live = false;
      for (const off of offs) off();
      painter?.destroy();
      painterRef.current = null;
      pushLastRef.current = () => undefined;
    };
  }, [mode, kind, gen]);

  // Human-speed input and interest changes go to wherever the painter runs.
  const inputKey = JSON.stringify(input);
  useEffect(() => {
    const i = inputRef.current;
    if (mode === 'worker') linkRef.current?.input(i);
    else {
      painterRef.current?.setInput(i);
      pushLastRef.current();
    }
  }, [mode, inputKey]);
  const interestKey = JSON.stringify(interest);
  useEffect(() => {
    if (mode !== 'worker') return;
    linkRef.current?.interest(interestRef.current);
  }, [mode, interestKey]);

  return {
    canvasRef,
    canvasKey: `${mode}-${gen}`,
    report,
    row: (row) =>
      mode === 'main'
        ? Promise.resolve(painterRef.current?.rowAt(row) ?? null)
        : (linkRef.current?.row(row) ?? Promise.resolve(null)),
    trade: (row) =>
      mode === 'main'
        ? Promise.resolve(painterRef.current?.tradeAt(row) ?? null)
        : (linkRef.current?.trade(row) ?? Promise.resolve(null)),
    best: () =>
      mode === 'main'
        ? Promise.resolve(painterRef.current?.best() ?? null)
        : (linkRef.current?.best() ?? Promise.resolve(null)),
  };
}
