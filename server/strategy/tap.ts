/**
 * The strategy engine's view of the matching engine's events: a listener wrapper that hands strategy child orders
 * and public trade prices to the runner. Built before the engine (the listener is a constructor argument) and bound
 * to the runner once the runner exists; until then, and for every other event, it only passes events through.
 */
import type { EngineListener, OrderView, PublicTrade } from '../engine/types';

/** What the tap forwards to. */
export interface TapSink {
  /** A strategy child order changed (called synchronously inside the engine call: queue, do not act). */
  childOrder(view: OrderView): void;
  /** A trade printed (called synchronously: queue, do not act). */
  trade(trade: PublicTrade): void;
}

/** Listener wrapper feeding strategy children and trade prices to the runner. */
export class StrategyTap {
  private sink: TapSink | null = null;

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
