/**
 * Mounts a market panel's painter on its canvases. With the Canvas2D backend and OffscreenCanvas the canvases go to
 * a paint worker that pulls its own data from the hub: the tab's main thread then does no work per frame. With the
 * pixi.js WebGL backend (or without OffscreenCanvas, or `?paint=main`) the painter runs in the tab on the shared
 * animation-frame loop, fed by the tab's hub client. Either way the component gets the same reports and queries.
 */
import * as Comlink from 'comlink';
import { useEffect, useRef, useState } from 'react';
import type { TabInterest, TradeRow } from '../../../workers/api';
import { demoteToCanvas, pageSurfaceBackend } from '../../canvas/backend';
import { createSurface } from '../../canvas/createSurface';
import { onEveryFrame } from '../../canvas/frameLoop';
import type { Surface } from '../../canvas/surface';

import { hubClient } from '../../hub/client';
import { useHubWant } from '../../hub/useHubWant';
import type { FromPanelWorker, ToPanelWorker } from './paintMessages';
import { PanelPainter, type PanelInput, type PanelKind, type PanelReport } from './panelPainter';
import type { RowRef } from './view';

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
export interface PanelHandle {
  /** Plot canvas and (depth) overlay canvas. */
  readonly canvasRefs: readonly [
    React.RefObject<HTMLCanvasElement | null>,
    React.RefObject<HTMLCanvasElement | null>,
  ];
  /** Key for the canvases: changes when they must be replaced by fresh elements. */
  readonly canvasKey: string;
  readonly report: PanelReport | null;
  /** The book row (price, cumulative quantity) under a slot, now. */
  readonly row: (row: RowRef) => Promise<{ readonly price: number; readonly cumQty: number } | null>;
  /** The trade at a list row, now. */
  readonly trade: (row: number) => Promise<TradeRow | null>;
  /** Best bid and ask, now. */
  readonly best: () => Promise<{ readonly bid: number; readonly ask: number } | null>;
}

type Pending = (m: FromPanelWorker) => void;

const transferred = new WeakSet<HTMLCanvasElement>();

/** Paints `kind` from `input` and the hub data of `interest`; `canvases` is 1, or 2 for the depth overlay. */
export function usePanelPainter(
  kind: PanelKind,
  canvases: 1 | 2,
  input: PanelInput,
  interest: TabInterest,
): PanelHandle {
  const mode = panelPaintMode();
  const plotRef = useRef<HTMLCanvasElement | null>(null);
  const overlayRef = useRef<HTMLCanvasElement | null>(null);
  const [gen, setGen] = useState(0);
  const [report, setReport] = useState<PanelReport | null>(null);
  const inputRef = useRef(input);
  inputRef.current = input;
  const interestRef = useRef(interest);
  interestRef.current = interest;
  const workerRef = useRef<Worker | null>(null);
  const painterRef = useRef<PanelPainter | null>(null);
  const pending = useRef(new Map<number, Pending>());
  const nextId = useRef(1);

  // In the tab, the tab's hub client fetches the data; a worker pulls its own.
  useHubWant(
    mode === 'main' ? interest : { symbol: interest.symbol, step: interest.step, bookRows: 0, trades: false },
  );

  useEffect(() => {
    const els = [plotRef.current, overlayRef.current].slice(0, canvases);
    if (els.some((c) => c === null)) return;
    const list = els.filter((c): c is HTMLCanvasElement => c !== null);
    if (mode === 'worker') {
      // A canvas gives its control away once: a re-run (React dev remount) needs fresh elements.
      if (list.some((c) => transferred.has(c))) {
        setGen((g) => g + 1);
        return;
      }
      const worker = new Worker(new URL('./panelPaint.worker.ts', import.meta.url), {
        type: 'module',
        name: `paint-${kind}`,
      });
      workerRef.current = worker;
      const map = pending.current;
      worker.onmessage = (e: MessageEvent<FromPanelWorker>) => {
        const m = e.data;
        if (m.type === 'report') setReport(m.report);
        else if (m.type !== 'stats') {
          map.get(m.id)?.(m);
          map.delete(m.id);
        }
      };
      const offscreen = list.map((c) => {
        transferred.add(c);
        c.dataset.backend = 'canvas';
        c.dataset.renderer = 'canvas2d-worker';
        return c.transferControlToOffscreen();
      });
      const { port1, port2 } = new MessageChannel();
      let live = true;
      void hubClient()
        .remote()
        .connect(Comlink.transfer(port1, [port1]))
        .then(() => {
          if (!live) return;
          const init: ToPanelWorker = {
            type: 'init',
            kind,
            canvases: offscreen,
            hubPort: port2,
            visible: document.visibilityState === 'visible',
            interest: interestRef.current,
            input: inputRef.current,
          };
          worker.postMessage(init, [...offscreen, port2]);
        });
      const onVisible = (): void => {
        const m: ToPanelWorker = { type: 'visible', visible: document.visibilityState === 'visible' };
        worker.postMessage(m);
      };
      document.addEventListener('visibilitychange', onVisible);
      return () => {
        live = false;
        document.removeEventListener('visibilitychange', onVisible);
        worker.terminate();
        workerRef.current = null;
        map.clear();
        setGen((g) => g + 1);
      };
    }
    // In the tab: surfaces of the page's backend on the elements, fed by the tab's hub client.
    let live = true;
    let painter: PanelPainter | null = null;
    let offs: (() => void)[] = [];
    const dpr = window.devicePixelRatio || 1;
    void Promise.all(
      list.map((c, i) =>
        createSurface(
          c,
          pageSurfaceBackend(),
          { width: Math.max(1, inputRef.current.width), height: Math.max(1, inputRef.current.height), dpr },
          i > 0,
        ),
      ),
    ).then(
      (surfaces: Surface[]) => {
        if (!live) {
          for (const s of surfaces) s.destroy();
          return;
        }
        const p = new PanelPainter(kind, surfaces);
        painter = p;
        painterRef.current = p;
        p.setInput(inputRef.current);
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
    };
  }, [mode, kind, canvases, gen]);

  // Human-speed input and interest changes go to wherever the painter runs.
  const inputKey = JSON.stringify(input);
  useEffect(() => {
    const i = inputRef.current;
    if (mode === 'worker') {
      const m: ToPanelWorker = { type: 'input', input: i };
      workerRef.current?.postMessage(m);
    } else painterRef.current?.setInput(i);
  }, [mode, inputKey]);
  const interestKey = JSON.stringify(interest);
  useEffect(() => {
    if (mode !== 'worker') return;
    const m: ToPanelWorker = { type: 'interest', interest: interestRef.current };
    workerRef.current?.postMessage(m);
  }, [mode, interestKey]);

  const ask = <T>(
    msg: (id: number) => ToPanelWorker,
    pick: (m: FromPanelWorker) => T,
    fallback: T,
  ): Promise<T> => {
    const w = workerRef.current;
    if (w === null) return Promise.resolve(fallback);
    const id = nextId.current++;
    return new Promise((ok) => {
      pending.current.set(id, (m) => {
        ok(pick(m));
      });
      w.postMessage(msg(id));
    });
  };

  return {
    canvasRefs: [plotRef, overlayRef],
    canvasKey: `${mode}-${gen}`,
    report,
    row: (row) =>
      mode === 'main'
        ? Promise.resolve(painterRef.current?.rowAt(row) ?? null)
        : ask(
            (id) => ({ type: 'row', id, row }),
            (m) => (m.type === 'row' ? m.row : null),
            null,
          ),
    trade: (row) =>
      mode === 'main'
        ? Promise.resolve(painterRef.current?.tradeAt(row) ?? null)
        : ask(
            (id) => ({ type: 'trade', id, row }),
            (m) => (m.type === 'trade' ? m.trade : null),
            null,
          ),
    best: () =>
      mode === 'main'
        ? Promise.resolve(painterRef.current?.best() ?? null)
        : ask(
            (id) => ({ type: 'best', id }),
            (m) => (m.type === 'best' ? m.best : null),
            null,
          ),
  };
}
