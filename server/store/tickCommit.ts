/**
 * The synthetic market's storm loop as store work: one commit per market tick instead of one per action. Every
 * synthetic action of a tick, and the strategy reactions they cause (the strategy tap drains right before the
 * commit), are stored in one transaction, so a tick that fills grid children waits for the disk once, not once per
 * fill. Nothing leaves early: the engine's pushes are already deferred to the commit (`persistingListener`,
 * `ctx.pushPrivate`), and each action's public book message is queued behind them as a deferred flush, so the
 * feed still carries one message per action, in order, once the tick is on disk.
 */
import type { Store } from './store';

/** The `afterAction` / `afterTick` hooks of `SyntheticMarket` that the simulator (and its benches) run. */
export interface TickCommitHooks {
  /** After one action: its book changes and trades are published after the tick's commit, as their own message. */
  readonly afterAction: (symbol: string) => void;
  /** After the tick's last action: commits the tick, then publishes what the strategies' reactions changed. */
  readonly afterTick: (symbols: readonly string[]) => void;
}

/** Builds the storm loop's hooks: `flush(symbol)` publishes a symbol's pending book changes and trades. */
export function tickCommits(store: Store, flush: (symbol: string) => void): TickCommitHooks {
  return {
    afterAction: (symbol) => {
      store.after(() => {
        flush(symbol);
      });
    },
    afterTick: (symbols) => {
      store.commitQuietly();
      // The reactions drained inside the commit queued their pushes after the last action's flush.
      for (const s of symbols) flush(s);
    },
  };
}
