/**
 * The tab's side of its one paint worker (panelPaint.worker.ts): starts the worker on first use, gives it a port to
 * the hub, forwards page visibility, and lets each market panel join with its canvas, send its input and interest,
 * ask what is under a click, and leave. No React: the panel hook and the bench page both use it.
 */
import * as Comlink from 'comlink';
import type { TabInterest, TradeRow } from '../../../workers/api';
import { hubClient } from '../../hub/client';
import type { FromPanelWorker, ToPanelWorker } from './paintMessages';
import type { PanelInput, PanelKind, PanelReport } from './panelPainter';
import type { RowRef } from './layout';

/** What the worker tells one panel: its reports, and (bench) its timings. */
export type PanelMessage = Extract<FromPanelWorker, { readonly type: 'report' | 'stats' }>;

/** One panel's link to the worker. */
export interface PanelLink {
  input(input: PanelInput): void;
  interest(interest: TabInterest): void;
  row(row: RowRef): Promise<{ readonly price: number; readonly cumQty: number } | null>;
  trade(row: number): Promise<TradeRow | null>;
  best(): Promise<{ readonly bid: number; readonly ask: number } | null>;
  /** The panel leaves: its painter and canvas go with it. */
  remove(): void;
}

/** Owns the worker. */
export class PanelWorkerHost {
  private readonly worker: Worker;
  /** Resolves once the worker has its hub port; every message goes after it, in order. */
  private readonly ready: Promise<void>;
  private readonly listeners = new Map<number, (m: PanelMessage) => void>();
  private readonly pending = new Map<number, (m: FromPanelWorker) => void>();
  private nextPanel = 1;
  private nextId = 1;

  constructor(options: { readonly stats?: boolean } = {}) {
    this.worker = new Worker(new URL('./panelPaint.worker.ts', import.meta.url), {
      type: 'module',
      name: 'paint-panels',
    });
    this.worker.onmessage = (e: MessageEvent<FromPanelWorker>) => {
      const m = e.data;
      if (m.type === 'report' || m.type === 'stats') this.listeners.get(m.panel)?.(m);
      else {
        this.pending.get(m.id)?.(m);
        this.pending.delete(m.id);
      }
    };
    const { port1, port2 } = new MessageChannel();
    this.ready = hubClient()
      .remote()
      .connect(Comlink.transfer(port1, [port1]))
      .then(() => {
        const init: ToPanelWorker = {
          type: 'init',
          hubPort: port2,
          visible: document.visibilityState === 'visible',
          ...(options.stats === true ? { stats: true } : {}),
        };
        this.worker.postMessage(init, [port2]);
      })
      .catch((e: unknown) => {
        // No hub port: the panels' messages still go (they are answered), and they draw nothing.
        console.warn('paint worker: no hub port', e);
      });
    document.addEventListener('visibilitychange', () => {
      this.post({ type: 'visible', visible: document.visibilityState === 'visible' });
    });
  }

  /** A panel joins with its canvas (already transferred to OffscreenCanvas); `onMessage` gets its reports. */
  add(
    kind: PanelKind,
    canvas: OffscreenCanvas,
    interest: TabInterest,
    input: PanelInput,
    onMessage: (m: PanelMessage) => void,
  ): PanelLink {
    const panel = this.nextPanel++;
    this.listeners.set(panel, onMessage);
    this.post({ type: 'add', panel, kind, canvas, interest, input }, [canvas]);
    return {
      input: (i) => {
        this.post({ type: 'input', panel, input: i });
      },
      interest: (i) => {
        this.post({ type: 'interest', panel, interest: i });
      },
      row: (row) =>
        this.ask(
          (id) => ({ type: 'row', panel, id, row }),
          (m) => (m.type === 'row' ? m.row : null),
        ),
      trade: (row) =>
        this.ask(
          (id) => ({ type: 'trade', panel, id, row }),
          (m) => (m.type === 'trade' ? m.trade : null),
        ),
      best: () =>
        this.ask(
          (id) => ({ type: 'best', panel, id }),
          (m) => (m.type === 'best' ? m.best : null),
        ),
      remove: () => {
        this.listeners.delete(panel);
        this.post({ type: 'remove', panel });
      },
    };
  }

  private post(m: ToPanelWorker, transfer: Transferable[] = []): void {
    void this.ready.then(() => {
      this.worker.postMessage(m, transfer);
    });
  }

  private ask<T>(
    msg: (id: number) => ToPanelWorker,
    pick: (m: FromPanelWorker) => T | null,
  ): Promise<T | null> {
    const id = this.nextId++;
    return new Promise((ok) => {
      this.pending.set(id, (m) => {
        ok(pick(m));
      });
      this.post(msg(id));
    });
  }
}

let host: PanelWorkerHost | null = null;

/** The tab's paint worker, started on first use. */
export function panelWorkerHost(): PanelWorkerHost {
  // `?paintStats=1`: the paint worker marks each book draw for the trace (bench/ab.ts on an app page).
  host ??= new PanelWorkerHost({ stats: new URLSearchParams(location.search).has('paintStats') });
  return host;
}

/** A report for the panel, or null for a timing message. */
export function reportOf(m: PanelMessage): PanelReport | null {
  return m.type === 'report' ? m.report : null;
}
