/**
 * The strategy engine's own records: one persisted document per strategy (records kind `strategy`), the child
 * orders it tracks, and the host interface each strategy kind works through (placing and cancelling children,
 * scheduling on the engine's clock, marking the document changed).
 */
import type {
  CloseReason,
  RejectedChild,
  SkippedSlice,
  StrategyCreateRequest,
  StrategyKind,
  StrategyStatus,
} from '../../workers/protocol/strategy';
import type { Engine } from '../engine/engine';
import type { EngineResult, OrderView, Side } from '../engine/types';
import type { SymbolSpec } from '../market/symbols';

/** The records kind strategies are stored under. */
export const STRATEGY_RECORD_KIND = 'strategy';

/** A child order as the strategy last saw it: its fills so far, so each event adds only its delta. */
export interface ChildTrack {
  readonly orderId: string;
  readonly side: Side;
  readonly price: string;
  readonly qty: string;
  /** Grid: the interval index it belongs to; scaled: its index; else the slice number. */
  readonly slot: number;
  /** Grid: 'init' (the start purchase), 'grid' (a level order), 'close' (the final sale). */
  readonly role: 'init' | 'grid' | 'slice' | 'close';
  cumQty: string;
  cumValue: string;
  cumFee: string;
}

/** A grid interval [L(i), L(i+1)]: which of its two orders is working, and what the held base cost. */
export interface GridInterval {
  /** 'buy': a buy rests at L(i); 'sell': the interval holds base and a sell rests at L(i+1). */
  side: 'buy' | 'sell';
  /** Cost of the held base in quote (buy value plus the buy fee valued at the fill price); '0' when side is buy. */
  cost: string;
  /** The working order's id ('' when its placement failed). */
  orderId: string;
}

/** A grid bot's running state. */
export interface GridState {
  readonly levels: readonly string[];
  readonly qtyPerGrid: string;
  intervals: GridInterval[];
  completedPairs: number;
  gridProfit: string;
  /** Quote in (+) and out (−) of every fill, fees included: with the held base at the last price, the P&L. */
  quoteFlow: string;
  baseHeld: string;
  /** Trigger direction: 1 activate when the price rises to the trigger, 2 when it falls; 0 none. */
  triggerDirection: 0 | 1 | 2;
  /** When it started running (activation), for the annualised yield. */
  runningSince: number;
}

/** A strategy's persisted document. */
export interface StrategyDoc {
  readonly id: string;
  readonly accountId: string;
  readonly kind: StrategyKind;
  readonly symbol: string;
  readonly side: Side;
  readonly params: StrategyCreateRequest;
  status: StrategyStatus;
  closeReason: CloseReason;
  readonly createdTime: number;
  updatedTime: number;
  /** Total base the strategy means to trade. */
  size: string;
  executedSize: string;
  executedValue: string;
  childCount: number;
  plannedChildren: number;
  /** Next scheduled action (TWAP slice), 0 when none. */
  nextAt: number;
  /** Open (and just-closed, until processed) children by order id. */
  children: Record<string, ChildTrack>;
  skipped: SkippedSlice[];
  rejected: RejectedChild[];
  /** Scaled order: the planned orders (chart pre-order lines and the report). */
  plan: { price: string; qty: string }[];
  /** Iceberg: the slice size; TWAP: the slice size of every slice but the last. */
  sliceQty: string;
  grid: GridState | null;
}

/** What a strategy kind needs from the runner. */
export interface StrategyHost {
  readonly engine: Engine;
  now(): number;
  spec(doc: StrategyDoc): SymbolSpec;
  /** Places a child order for the strategy and starts tracking it (tracked only when the engine accepted it). */
  place(
    doc: StrategyDoc,
    child: {
      side: Side;
      orderType: 'Limit' | 'Market';
      price?: string;
      qty: string;
      timeInForce?: 'GTC' | 'IOC';
      role: ChildTrack['role'];
      slot: number;
    },
  ): EngineResult<OrderView>;
  /** Cancels an open child (no-op when already closed). */
  cancel(doc: StrategyDoc, orderId: string): void;
  /** Runs the kind's `onTimer` at clock time `at` (one timer per strategy; a new one replaces it). */
  schedule(doc: StrategyDoc, at: number): void;
  /** Status change (pushed and stored); `reason` for a close. */
  setStatus(doc: StrategyDoc, status: StrategyStatus, reason?: CloseReason): void;
  /** Marks the document changed (stored and pushed at the end of the action). */
  touch(doc: StrategyDoc): void;
}

/** A fill delta of one child event. */
export interface FillDelta {
  readonly qty: string;
  readonly value: string;
  /** Fee in the fee currency (base for buys, quote for sells). */
  readonly fee: string;
}

/** The behaviour of one strategy kind; the runner owns bookkeeping, persistence and pushes. */
export interface StrategyLogic {
  /** Sets the strategy going (first children, first timer); the document is NEW when called. */
  start(h: StrategyHost, doc: StrategyDoc): void;
  /** A child filled by `d` (called before `onClosed` when the same event also closed it). */
  onFill(h: StrategyHost, doc: StrategyDoc, child: ChildTrack, view: OrderView, d: FillDelta): void;
  /** A child reached a final status (filled, cancelled, rejected). */
  onClosed(h: StrategyHost, doc: StrategyDoc, child: ChildTrack, view: OrderView): void;
  /** The timer set with `schedule` fell due. */
  onTimer(h: StrategyHost, doc: StrategyDoc): void;
  /** A trade printed on the strategy's symbol (grid trigger, take profit, stop loss). */
  onPrice(h: StrategyHost, doc: StrategyDoc, price: string): void;
  /** Manual stop: cancel the children (the runner completes the strategy afterwards). */
  stop(h: StrategyHost, doc: StrategyDoc, opts: { sellBase: boolean }): void;
}
