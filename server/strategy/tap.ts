/**
 * The strategy engine's view of the matching engine's events: a listener wrapper that hands strategy child orders
 * and public trade prices to the runner. Built before the engine (the listener is a constructor argument) and bound
 * to the runner once the runner exists; until then, and for every other event, it only passes events through.
 */
import type { EngineListener, OrderView, PublicTrade } from '../engine/types';
import type { Store } from '../store/store';

/** What the tap forwards to. */
export interface TapSink {
  /** A strategy child order changed (called synchronously inside the engine call: queue, do not act). */
  childOrder(view: OrderView): void;
  /** A trade printed (called synchronously: queue, do not act). */
  trade(trade: PublicTrade): void;
  /** Right before a commit: act on what was queued, so the reaction shares the action's transaction. */
  drain(): void;
}

/** Listener wrapper feeding strategy children and trade prices to the runner. */
export class StrategyTap {
  private sink: TapSink | null = null;

  /**
   * With `store`, queued child events are handled right before each commit, ahead of the engine rows' collector
   * (so build the tap before the persisting listener): a grid's counter order and the fill that caused it are
   * stored in one transaction, with one wait for the disk instead of two.
   */
  constructor(store?: Store) {
    store?.collect(() => {
      this.sink?.drain();
    });
  }

  /** Connects the runner. */
  bind(sink: TapSink): void {
    this.sink = sink;
  }

  /** Wraps the engine's listener: every event still reaches `inner` unchanged. */
  wrap(inner: EngineListener): EngineListener {
    return {
      ...inner,
      order: (o) => {
        if (o.strategyId !== undefined) this.sink?.childOrder(o);
        inner.order?.(o);
      },
      trade: (t) => {
        this.sink?.trade(t);
        inner.trade?.(t);
      },
    };
  }
}
