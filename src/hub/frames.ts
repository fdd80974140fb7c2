/**
 * Tick-rate data a tab received from the hub, outside React: renderers subscribe and read the newest frame on their
 * own animation frame. Each kind keeps only its latest value (a slow renderer skips, it never queues).
 */
import type { BookFrame, CandleRow, TradeRow } from '../../workers/api';

/** The kinds of tick-rate data. */
export interface FrameKinds {
  readonly book: BookFrame;
  readonly trades: readonly TradeRow[];
  readonly candles: readonly CandleRow[];
}

/** Latest frames plus change listeners. */
export class FrameBuffers {
  private readonly latest: { [K in keyof FrameKinds]?: FrameKinds[K] } = {};
  private readonly listeners: { [K in keyof FrameKinds]: Set<() => void> } = {
    book: new Set(),
    trades: new Set(),
    candles: new Set(),
  };

  /** The newest value of a kind, if any arrived. */
  get<K extends keyof FrameKinds>(kind: K): FrameKinds[K] | undefined {
    return this.latest[kind];
  }

  /** Stores a new value and tells listeners (who should only mark themselves dirty). */
  set<K extends keyof FrameKinds>(kind: K, value: FrameKinds[K]): void {
    this.latest[kind] = value;
    for (const l of this.listeners[kind]) l();
  }

  /** Listens for new values of a kind; returns the unsubscribe. */
  on(kind: keyof FrameKinds, listener: () => void): () => void {
    this.listeners[kind].add(listener);
    return () => {
      this.listeners[kind].delete(listener);
    };
  }
}
