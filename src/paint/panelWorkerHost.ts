/**
 * The tab's side of its one paint worker (panelPaint.worker.ts): starts the worker on first use, gives it a port to
 * the hub, forwards page visibility, and lets each market panel join with its canvas, send its input and interest,
 * ask what is under a click, and leave. Speaks the worker's `PaintApi` through its one Comlink wrapper. No React: the
 * panel hook and the render bench page both use it.
 */
import * as Comlink from 'comlink';
import type { TabInterest, TradeRow } from '../../workers/api';
import { hubClient } from '../hub/client';
import { PERF_MARKS_ON } from '../lib/perfMarks';
import type { PaintApi } from './paintApi';
import type { BestPrices, PanelInputBase, PanelReportBase, PanelRowRef, RowAnswer } from './panelView';

/** One panel's link to the worker. */
export interface PanelLink<I extends PanelInputBase> {
  input(input: I): void;
  interest(interest: TabInterest): void;
  row(row: PanelRowRef): Promise<RowAnswer | null>;
  trade(row: number): Promise<TradeRow | null>;
  best(): Promise<BestPrices | null>;
  /** The panel leaves: its painter and canvas go with it. */
  remove(): void;
}

/** How the host starts its worker (the render bench starts a bench entry that also collects the worker's marks). */
export type StartPaintWorker = (name: string) => Worker;

function startProductWorker(name: string): Worker {
  return new Worker(new URL('./panelPaint.worker.ts', import.meta.url), { type: 'module', name });
}

/** Owns the worker. */
export class PanelWorkerHost {
  /** The worker itself (the render bench listens on it for its collected marks). */
  readonly worker: Worker;
  private readonly api: Comlink.Remote<PaintApi>;
  /** Resolves once the worker has its hub port; every call goes after it, in order. */
  private readonly ready: Promise<void>;
  private nextPanel = 1;

  /** `marks`: the worker records perfMarks (its name carries `perfMarks=1`, read by workerMarks.ts). */
  constructor(options: { readonly marks?: boolean; readonly start?: StartPaintWorker } = {}) {
    const name = options.marks === true ? 'paint-panels perfMarks=1' : 'paint-panels';
    this.worker = (options.start ?? startProductWorker)(name);
    this.api = Comlink.wrap<PaintApi>(this.worker);
    const { port1, port2 } = new MessageChannel();
    this.ready = hubClient()
      .remote()
      .connect(Comlink.transfer(port1, [port1]))
      .then(() => this.api.init(Comlink.transfer(port2, [port2]), document.visibilityState === 'visible'))
      .catch((e: unknown) => {
        // No hub port: the panels' calls still go (they are answered), and they draw nothing.
        console.warn('paint worker: no hub port', e);
      });
    document.addEventListener('visibilitychange', () => {
      this.call((api) => api.visible(document.visibilityState === 'visible'));
    });
  }

  /** A panel joins with its canvas (already transferred to OffscreenCanvas); `onReport` gets its reports. */
  add<I extends PanelInputBase>(
    canvas: OffscreenCanvas,
    interest: TabInterest,
    input: I,
    onReport: (report: PanelReportBase) => void,
  ): PanelLink<I> {
    const panel = this.nextPanel++;
    const hear = Comlink.proxy(onReport);
    this.call((api) => api.add(panel, Comlink.transfer(canvas, [canvas]), interest, input, hear));
    return {
      input: (i) => {
        this.call((api) => api.input(panel, i));
      },
      interest: (i) => {
        this.call((api) => api.interest(panel, i));
      },
      row: (row) => this.ready.then(() => this.api.row(panel, row)),
      trade: (row) => this.ready.then(() => this.api.trade(panel, row)),
      best: () => this.ready.then(() => this.api.best(panel)),
      remove: () => {
        this.call((api) => api.remove(panel));
      },
    };
  }

  /** A one-way call, sent after the hub port (calls keep their order). */
  private call(f: (api: Comlink.Remote<PaintApi>) => Promise<unknown>): void {
    void this.ready
      .then(() => f(this.api))
      .catch((e: unknown) => {
        console.warn('paint worker call failed', e);
      });
  }
}

let host: PanelWorkerHost | null = null;

/**
 * The tab's paint worker, started on first use. With perfMarks on in the tab (`?perfMarks=1`), or the older
 * `?paintStats=1` that bench/ab.ts adds to an app page, the worker marks each book draw for the trace.
 */
export function panelWorkerHost(): PanelWorkerHost {
  host ??= new PanelWorkerHost({
    marks: PERF_MARKS_ON || new URLSearchParams(location.search).has('paintStats'),
  });
  return host;
}
