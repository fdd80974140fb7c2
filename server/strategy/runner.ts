/**
 * The strategy engine: runs every strategy on the engine's clock, places its children through the real engine on
 * the account's behalf, follows their fills through the engine listener (`StrategyTap`), stores each changed
 * strategy as a `strategy` record in the action's transaction and pushes it on the private `strategy` topic after
 * the commit. Strategies resume after a restart: TWAP timers are re-armed at their next slice, and every tracked
 * child is read back from the engine so fills the runner had not processed yet are applied.
 *
 * Engine events arrive synchronously inside an engine call, when the engine may not be called again: they are
 * queued and `drain` handles them after the call (at once after the runner's own calls, in a microtask otherwise).
 */
import { Decimal } from 'decimal.js';
import { CREATE_TYPES, FINISHED_STATUSES } from '../../workers/protocol/strategy';
import type { CloseReason, StrategyKind, StrategyRow, StrategyStatus } from '../../workers/protocol/strategy';
import type { SimClock } from '../clock/clock';
import type { Engine } from '../engine/engine';
import type { OrderView, PublicTrade } from '../engine/types';
import { SYMBOL_BY_NAME, type SymbolSpec } from '../market/symbols';
import { loadRecords, putRecord } from '../store/records';
import type { Store } from '../store/store';
import { grid } from './grid';
import { iceberg } from './iceberg';
import { add, sub } from './math';
import { toRow } from './row';
import { scaled } from './scaled';
import type { TapSink } from './tap';
import { twap } from './twap';
import { STRATEGY_RECORD_KIND, type StrategyDoc, type StrategyHost, type StrategyLogic } from './types';

const LOGIC: Readonly<Record<StrategyKind, StrategyLogic>> = { grid, iceberg, twap, scaled };

const FINAL_ORDER = new Set(['Filled', 'Cancelled', 'PartiallyFilledCanceled', 'Rejected', 'Deactivated']);

/** First strategy id of a fresh database. */
const FIRST_ID = 7_000_001;

/** What the runner works with. */
export interface RunnerDeps {
  readonly engine: Engine;
  readonly clock: SimClock;
  readonly store: Store;
  /** Pushes one strategy row to its account's `strategy` subscribers (after the commit). */
  readonly push: (accountId: string, row: StrategyRow) => void;
}

/** The strategy engine (see the module comment). */
export class StrategyRunner implements TapSink {
  private readonly docs = new Map<string, StrategyDoc>();
  private readonly timers = new Map<string, number>();
  private readonly dirty = new Set<string>();
  private queue: OrderView[] = [];
  private head = 0;
  private readonly prices = new Map<string, string>();
  /** Symbols with a strategy that watches the price (grid trigger, take profit, stop loss). */
  private watched = new Set<string>();
  private draining = false;
  private scheduled = false;
  private nextId = FIRST_ID;
  private readonly host: StrategyHost;

  constructor(private readonly deps: RunnerDeps) {
    this.host = this.makeHost();
    deps.store.collect(() => {
      this.flushDirty();
    });
  }

  // ───────────────────────────── tap ─────────────────────────────

  /** A child order changed inside an engine call: queue it. */
  childOrder(view: OrderView): void {
    this.queue.push(view);
    this.later();
  }

  /** A trade printed: remember the last price of a watched symbol. */
  trade(t: PublicTrade): void {
    if (!this.watched.has(t.symbol)) return;
    this.prices.set(t.symbol, t.price);
    this.later();
  }

  // ───────────────────────────── calls ─────────────────────────────

  /** Loads every stored strategy and resumes the active ones (start-up, and after a failed write). */
  load(): void {
    for (const id of this.timers.values()) this.deps.clock.cancel(id);
    this.timers.clear();
    this.docs.clear();
    this.dirty.clear();
    this.queue = [];
    this.head = 0;
    for (const r of loadRecords<StrategyDoc>(this.deps.store.db, STRATEGY_RECORD_KIND)) {
      this.docs.set(r.id, r.doc);
      this.nextId = Math.max(this.nextId, Number(r.id) + 1);
    }
    for (const doc of this.docs.values()) {
      if (FINISHED_STATUSES.has(doc.status)) continue;
      if (doc.nextAt > 0) this.host.schedule(doc, doc.nextAt);
      // Fills committed before the runner processed them are applied now (the engine has the truth).
      for (const id of Object.keys(doc.children)) {
        const v = this.deps.engine.getOrder(id);
        if (v !== undefined) this.queue.push(v);
      }
    }
    this.rewatch();
    this.drain();
  }

  /** Creates and starts a strategy from a built document (ids and status are set here); returns its row. */
  create(doc: Omit<StrategyDoc, 'id'>): StrategyRow {
    const full: StrategyDoc = { ...doc, id: String(this.nextId++), status: 'NEW' };
    this.docs.set(full.id, full);
    this.touch(full);
    LOGIC[full.kind].start(this.host, full);
    this.drain();
    return this.row(full);
  }

  /** Stops an active strategy of the account (cancels its children; a grid may sell its base). */
  stop(accountId: string, id: string, sellBase: boolean): StrategyRow | undefined {
    const doc = this.docs.get(id);
    if (doc === undefined || doc.accountId !== accountId) return undefined;
    if (!FINISHED_STATUSES.has(doc.status)) {
      if (doc.kind !== 'grid') this.host.setStatus(doc, 'CANCELLING');
      LOGIC[doc.kind].stop(this.host, doc, { sellBase });
      this.drain();
      if (!FINISHED_STATUSES.has(doc.status)) this.host.setStatus(doc, 'COMPLETED', 'manual');
    }
    return this.row(doc);
  }

  /** An account's strategies, newest first. */
  list(accountId: string): StrategyRow[] {
    const out: StrategyRow[] = [];
    for (const d of this.docs.values()) if (d.accountId === accountId) out.push(this.row(d));
    return out.sort((a, b) => b.createdTime - a.createdTime || Number(b.strategyId) - Number(a.strategyId));
  }

  /** One strategy's row (tests and the bench). */
  get(id: string): StrategyRow | undefined {
    const d = this.docs.get(id);
    return d === undefined ? undefined : this.row(d);
  }

  /** Active strategies of an account (the create limit). */
  activeCount(accountId: string): number {
    let n = 0;
    for (const d of this.docs.values())
      if (d.accountId === accountId && !FINISHED_STATUSES.has(d.status)) n++;
    return n;
  }

  /** Processes queued child events and prices until none are left. */
  drain(): void {
    if (this.draining) return;
    this.draining = true;
    try {
      for (;;) {
        if (this.head < this.queue.length) {
          const v = this.queue[this.head++];
          if (v !== undefined) this.handle(v);
          continue;
        }
        this.queue = [];
        this.head = 0;
        const first = this.prices.entries().next();
        if (first.done === true) break;
        const [symbol, price] = first.value;
        this.prices.delete(symbol);
        for (const doc of this.docs.values()) {
          if (doc.symbol === symbol && !FINISHED_STATUSES.has(doc.status)) {
            LOGIC[doc.kind].onPrice(this.host, doc, price);
          }
        }
      }
    } finally {
      this.draining = false;
    }
  }

  // ───────────────────────────── internals ─────────────────────────────

  private later(): void {
    if (this.scheduled || this.draining) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      this.drain();
    });
  }

  private handle(v: OrderView): void {
    const doc = v.strategyId === undefined ? undefined : this.docs.get(v.strategyId);
    const child = doc?.children[v.orderId];
    if (doc === undefined || child === undefined) return;
    const dq = new Decimal(v.cumExecQty).minus(child.cumQty);
    if (dq.gt(0)) {
      const d = {
        qty: dq.toFixed(),
        value: sub(v.cumExecValue, child.cumValue),
        fee: sub(v.cumExecFee, child.cumFee),
      };
      child.cumQty = v.cumExecQty;
      child.cumValue = v.cumExecValue;
      child.cumFee = v.cumExecFee;
      doc.executedSize = add(doc.executedSize, d.qty);
      doc.executedValue = add(doc.executedValue, d.value);
      LOGIC[doc.kind].onFill(this.host, doc, child, v, d);
      this.touch(doc);
    }
    if (FINAL_ORDER.has(v.orderStatus)) {
      // A child's final status is handled once: the record forgets it first.
      Reflect.deleteProperty(doc.children, v.orderId);
      this.touch(doc);
      LOGIC[doc.kind].onClosed(this.host, doc, child, v);
    }
  }

  private touch(doc: StrategyDoc): void {
    doc.updatedTime = this.deps.clock.now();
    if (this.dirty.size === 0) {
      // Make sure a commit follows even when nothing else in this action stages a write.
      this.deps.store.after(() => undefined);
    }
    this.dirty.add(doc.id);
  }

  private flushDirty(): void {
    if (this.dirty.size === 0) return;
    const ids = [...this.dirty];
    this.dirty.clear();
    for (const id of ids) {
      const doc = this.docs.get(id);
      if (doc === undefined) continue;
      putRecord(this.deps.store, STRATEGY_RECORD_KIND, {
        id: doc.id,
        accountId: doc.accountId,
        updatedAt: doc.updatedTime,
        doc,
      });
      this.deps.push(doc.accountId, this.row(doc));
    }
  }

  private row(doc: StrategyDoc): StrategyRow {
    return toRow(doc, this.deps.engine.lastPrice(doc.symbol), this.deps.clock.now());
  }

  private rewatch(): void {
    const w = new Set<string>();
    for (const d of this.docs.values()) {
      if (d.kind !== 'grid' || d.params.kind !== 'grid') continue;
      const p = d.params;
      const waiting = d.status === 'AWAIT_ACTIVATION';
      const guarded = d.status === 'RUNNING' && (p.takeProfit !== undefined || p.stopLoss !== undefined);
      if (waiting || guarded) w.add(d.symbol);
    }
    this.watched = w;
  }

  private makeHost(): StrategyHost {
    const { engine, clock } = this.deps;
    const specOf = (doc: StrategyDoc): SymbolSpec => {
      const s = SYMBOL_BY_NAME.get(doc.symbol);
      if (s === undefined) throw new Error(`strategy ${doc.id}: unknown symbol ${doc.symbol}`);
      return s;
    };
    const host: StrategyHost = {
      engine,
      now: () => clock.now(),
      spec: specOf,
      place: (doc, c) => {
        const r = engine.placeOrder({
          accountId: doc.accountId,
          clientOrderId: '',
          symbol: doc.symbol,
          side: c.side,
          orderType: c.orderType,
          ...(c.price === undefined ? {} : { price: c.price }),
          qty: c.qty,
          marketUnit: 'baseCoin',
          timeInForce: c.timeInForce ?? 'GTC',
          strategyId: doc.id,
          createType: CREATE_TYPES[doc.kind],
        });
        if (r.ok) {
          doc.childCount++;
          doc.children[r.value.orderId] = {
            orderId: r.value.orderId,
            side: c.side,
            price: c.price ?? '0',
            qty: c.qty,
            slot: c.slot,
            role: c.role,
            cumQty: '0',
            cumValue: '0',
            cumFee: '0',
          };
        }
        this.touch(doc);
        return r;
      },
      cancel: (doc, orderId) => {
        engine.cancelOrder({ accountId: doc.accountId, orderId });
      },
      schedule: (doc, at) => {
        const old = this.timers.get(doc.id);
        if (old !== undefined) clock.cancel(old);
        const id = clock.at(at, () => {
          this.timers.delete(doc.id);
          if (FINISHED_STATUSES.has(doc.status)) return;
          LOGIC[doc.kind].onTimer(host, doc);
          this.drain();
        });
        this.timers.set(doc.id, id);
      },
      setStatus: (doc, status: StrategyStatus, reason?: CloseReason) => {
        if (reason !== undefined) doc.closeReason = reason;
        if (doc.status === status) return;
        doc.status = status;
        if (FINISHED_STATUSES.has(status)) {
          doc.nextAt = 0;
          const t = this.timers.get(doc.id);
          if (t !== undefined) clock.cancel(t);
          this.timers.delete(doc.id);
          if (doc.closeReason === '' && status === 'REJECTED') doc.closeReason = 'failedInitiation';
        }
        this.touch(doc);
        this.rewatch();
      },
      touch: (doc) => {
        this.touch(doc);
      },
    };
    return host;
  }
}
