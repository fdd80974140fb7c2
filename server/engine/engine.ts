/**
 * The matching engine: a pure, synchronous, deterministic module (time passed in, no timers, no I/O).
 * Contract in `types.ts`; conventions:
 * - every decimal string it outputs is plain (no exponent) with trailing zeros trimmed ("64000", "0.5", "0");
 * - prices are ticks and quantities lots inside; money is bigint atoms of 10^-18 of a coin;
 * - events go to the listener synchronously; `level` and `wallet` are coalesced and sent at the end of each call;
 * - a listener must not call a mutating method synchronously (it throws); defer with queueMicrotask instead.
 */

import type { SymbolSpec } from '../market/symbols';
import type { Dec } from './decimal';
import { formatDec, parseDec, pow10, toUnits, unitsOf } from './decimal';
import { baseAtoms, limitNeed, ocoNeed, planNeed } from './funds';
import { Instrument } from './instrument';
import { ATOM_DP, Ledger } from './ledger';
import type { Leg, Order } from './order';
import {
  feeCoinOf,
  fmtAtoms,
  isOpenStatus,
  isPlan,
  lockCoinOf,
  newOrder,
  toView,
  trailingStopTicks,
} from './order';
import { directionOf, evaluatePlan, legDirection } from './triggers';
import type { TriggerHit } from './triggers';
import type {
  BalanceView,
  CancelAllRequest,
  CancelOrderRequest,
  DepthView,
  EngineListener,
  EngineOrderState,
  EngineResult,
  EngineState,
  ExecutionView,
  ModifyOrderRequest,
  OrderStatus,
  OrderView,
  PlaceOrderRequest,
  PlanType,
  Side,
} from './types';
import { ENGINE_ERRORS } from './types';
import {
  checkQtyLimits,
  checkRate,
  guard,
  optional,
  priceTicks,
  qtyLots,
  Reject,
  required,
  validatePlace,
} from './validate';

/** Engine construction options. */
export interface EngineOptions {
  readonly symbols: readonly SymbolSpec[];
  /** Clock in ms since epoch; read once per call. */
  readonly now: () => number;
  readonly listener?: EngineListener;
  /** Fee rate of the resting side, default "0.001". */
  readonly makerFee?: string;
  /** Fee rate of the incoming side, default "0.001". */
  readonly takerFee?: string;
  /** Opening time per symbol (ms); orders before it get symbolNotOpen. Absent: open. */
  readonly openAt?: Readonly<Record<string, number>>;
}

/** Account options. */
export interface AccountOptions {
  /** Synthetic-market account: unlimited balances, no locks, no events, not persisted. */
  readonly system?: boolean;
}

/** Filter of openOrders(). */
export interface OpenOrdersFilter {
  readonly symbol?: string;
  readonly planTypes?: readonly PlanType[];
}

/** Filter of orderHistory(); `since` applies to createdTime. */
export interface HistoryFilter {
  readonly symbol?: string;
  readonly since?: number;
  readonly planTypes?: readonly PlanType[];
}

/** Filter of executions(); bounds apply to execTime and are inclusive. */
export interface ExecutionsFilter {
  readonly symbol?: string;
  readonly since?: number;
  readonly until?: number;
}

/** Closed orders kept per account (memory and persistence). */
export const CLOSED_ORDERS_CAP = 2000;
/** Executions kept per account (memory and persistence). */
export const EXECUTIONS_CAP = 5000;
/** Trimming happens in batches of this many, so appends stay O(1) amortised. */
const CAP_SLACK = 256;
/** Lot cap of a market order sized by value: unbounded, the value budget stops it. */
const NO_LOT_CAP = Number.MAX_SAFE_INTEGER;

interface Account {
  readonly id: string;
  readonly system: boolean;
  readonly open: Map<string, Order>;
  /** Ids of closed orders in closing order (non-system only). */
  closed: string[];
  /** Newest last (non-system only). */
  execs: ExecutionView[];
  /** clientOrderId → orderId; forever for non-system accounts, while open for system ones. */
  readonly clientIds: Map<string, string>;
}

type StopReason = 'filled' | 'price' | 'empty' | 'budget';

function ok<T>(value: T): EngineResult<T> {
  return { ok: true, value };
}

function fail(code: number, message: string): { ok: false; code: number; message: string } {
  return { ok: false, code, message };
}

function opposite(side: Side): Side {
  return side === 'Buy' ? 'Sell' : 'Buy';
}

/** Whether an order at `limit` trades against a resting price. */
function crosses(side: Side, limit: number, resting: number): boolean {
  return side === 'Buy' ? resting <= limit : resting >= limit;
}

function clientKey(accountId: string, clientOrderId: string): string {
  return JSON.stringify([accountId, clientOrderId]);
}

function byNewest(
  a: { createdTime: number; orderId: string },
  b: { createdTime: number; orderId: string },
): number {
  return b.createdTime - a.createdTime || Number(b.orderId) - Number(a.orderId);
}

/** The exchange's matching engine (see the module comment for conventions). */
export class Engine {
  private readonly now: () => number;
  private readonly listener: EngineListener;
  private readonly makerRate: Dec;
  private readonly takerRate: Dec;
  private readonly makerFee: string;
  private readonly takerFee: string;
  private readonly instruments = new Map<string, Instrument>();
  private readonly accounts = new Map<string, Account>();
  private readonly ledger = new Ledger();
  /** Every open order, system ones included. */
  private readonly open = new Map<string, Order>();
  /** Snapshots of closed non-system orders (closed orders never change). */
  private readonly closed = new Map<string, OrderView>();
  private nextId = 1;
  private nextTradeId = 1;
  private nextPriority = 1;
  /** Clock value of the current call. */
  private time = 0;
  private busy = false;
  // Trade prices waiting for trigger evaluation, FIFO (parallel arrays: no allocation per trade).
  private readonly pendingInst: Instrument[] = [];
  private readonly pendingPrice: number[] = [];
  private pendingHead = 0;
  /** Completely filled TP/SL limit orders whose OCO is still to be created. */
  private readonly pendingTpsl: Order[] = [];

  constructor(opts: EngineOptions) {
    this.now = opts.now;
    this.listener = opts.listener ?? {};
    const maker = parseDec(opts.makerFee ?? '0.001');
    const taker = parseDec(opts.takerFee ?? '0.001');
    if (maker === undefined || taker === undefined) throw new Error('engine: invalid fee rate');
    this.makerRate = maker;
    this.takerRate = taker;
    this.makerFee = formatDec(maker);
    this.takerFee = formatDec(taker);
    for (const spec of opts.symbols) {
      this.instruments.set(spec.symbol, new Instrument(spec, opts.openAt?.[spec.symbol] ?? 0));
    }
  }

  /** Builds an engine and loads a persisted state into it. */
  static fromState(state: EngineState, opts: EngineOptions): Engine {
    const e = new Engine(opts);
    e.importState(state);
    return e;
  }

  // ───────────────────────────── accounts and balances ─────────────────────────────

  /** Registers an account; calling again for a known account changes nothing. */
  addAccount(accountId: string, opts?: AccountOptions): void {
    if (this.accounts.has(accountId)) return;
    const system = opts?.system === true;
    this.accounts.set(accountId, {
      id: accountId,
      system,
      open: new Map(),
      closed: [],
      execs: [],
      clientIds: new Map(),
    });
    if (!system) this.ledger.open(accountId);
  }

  /** Adds funds to an account's free balance (amount: positive decimal, at most 18 decimals). */
  deposit(accountId: string, coin: string, amount: string): EngineResult<BalanceView> {
    return this.moveFunds(accountId, coin, amount, 1);
  }

  /** Takes funds from an account's free balance; `balance` error when free is short. */
  withdraw(accountId: string, coin: string, amount: string): EngineResult<BalanceView> {
    return this.moveFunds(accountId, coin, amount, -1);
  }

  /** Every coin balance of an account (empty for system and unknown accounts). */
  balances(accountId: string): BalanceView[] {
    return this.ledger.views(accountId);
  }

  /** One coin balance (zeros when never held). */
  balance(accountId: string, coin: string): BalanceView {
    return this.ledger.view(accountId, coin);
  }

  // ───────────────────────────── orders ─────────────────────────────

  /**
   * Places an order. FOK not fillable, PostOnly that would cross, IOC / market remainders are `ok` results whose
   * view shows the final status (Cancelled / PartiallyFilledCanceled and the cancelType), as on the real exchange.
   * A repeated (accountId, clientOrderId) returns the first order's current view and changes nothing.
   */
  placeOrder(req: PlaceOrderRequest): EngineResult<OrderView> {
    const acct = this.accounts.get(req.accountId);
    if (acct === undefined) return fail(ENGINE_ERRORS.param, 'unknown account');
    if (req.clientOrderId !== '') {
      const id = acct.clientIds.get(req.clientOrderId);
      if (id !== undefined) {
        const view = this.getOrder(id);
        return view === undefined ? fail(ENGINE_ERRORS.param, 'duplicate clientOrderId') : ok(view);
      }
    }
    const r = this.run(() => this.place(acct, req));
    return r.ok ? ok(toView(r.value)) : r;
  }

  /** Cancels an open order (ordinary or untriggered plan order) by id or client id. */
  cancelOrder(req: CancelOrderRequest): EngineResult<OrderView> {
    const acct = this.accounts.get(req.accountId);
    if (acct === undefined) return fail(ENGINE_ERRORS.param, 'unknown account');
    const o = this.findOpen(acct, req.orderId, req.clientOrderId);
    if (o === undefined) return fail(ENGINE_ERRORS.orderNotFound, 'order does not exist or is closed');
    this.run(() => {
      this.cancelInternal(o, 'CancelByUser');
    });
    return ok(toView(o));
  }

  /** Cancels the account's open orders in scope (see CancelAllRequest); returns them, oldest first. */
  cancelAll(req: CancelAllRequest): OrderView[] {
    const acct = this.accounts.get(req.accountId);
    if (acct === undefined) return [];
    const symbols = req.symbols !== undefined && req.symbols.length > 0 ? new Set(req.symbols) : undefined;
    const planType = req.planType ?? -1;
    const targets = [...acct.open.values()].filter(
      (o) => o.planType === planType && (symbols === undefined || symbols.has(o.inst.symbol)),
    );
    if (targets.length === 0) return [];
    this.run(() => {
      for (const o of targets) if (this.open.has(o.id)) this.cancelInternal(o, 'CancelByUser');
    });
    return targets.map(toView);
  }

  /**
   * Modifies an open order. Ordinary resting limit orders: price and/or qty (a price change or a qty increase
   * re-queues at the back; a decrease keeps priority; qty == cumExecQty fills the order). Untriggered plan orders:
   * triggerPrice, price, qty, activationPrice, trailingPercentage / trailingValue (OCO: qty only).
   */
  modifyOrder(req: ModifyOrderRequest): EngineResult<OrderView> {
    const acct = this.accounts.get(req.accountId);
    if (acct === undefined) return fail(ENGINE_ERRORS.param, 'unknown account');
    const o = this.findOpen(acct, req.orderId, req.clientOrderId);
    if (o === undefined) return fail(ENGINE_ERRORS.orderNotFound, 'order does not exist or is closed');
    // Validate completely first: a rejected modify leaves the order and the balances untouched.
    const change = guard(() =>
      o.status === 'Untriggered' ? this.planModify(o, req) : this.limitModify(o, req),
    );
    if (!change.ok) return change;
    this.run(change.value);
    return ok(toView(o));
  }

  /** Any order by id: open ones live, closed non-system ones from history (system orders vanish when closed). */
  getOrder(orderId: string): OrderView | undefined {
    const o = this.open.get(orderId);
    return o !== undefined ? toView(o) : this.closed.get(orderId);
  }

  /** An account's order by client order id. */
  getOrderByClientId(accountId: string, clientOrderId: string): OrderView | undefined {
    const id = this.accounts.get(accountId)?.clientIds.get(clientOrderId);
    return id === undefined ? undefined : this.getOrder(id);
  }

  /** Open orders (resting and untriggered), newest first. */
  openOrders(accountId: string, filter?: OpenOrdersFilter): OrderView[] {
    const acct = this.accounts.get(accountId);
    if (acct === undefined) return [];
    const out: OrderView[] = [];
    for (const o of acct.open.values()) {
      if (filter?.symbol !== undefined && o.inst.symbol !== filter.symbol) continue;
      if (filter?.planTypes !== undefined && !filter.planTypes.includes(o.planType)) continue;
      out.push(toView(o));
    }
    return out.sort(byNewest);
  }

  /** Closed orders (within the retained history), newest first. */
  orderHistory(accountId: string, filter?: HistoryFilter): OrderView[] {
    const acct = this.accounts.get(accountId);
    if (acct === undefined) return [];
    const out: OrderView[] = [];
    for (const id of acct.closed) {
      const v = this.closed.get(id);
      if (v === undefined) continue;
      if (filter?.symbol !== undefined && v.symbol !== filter.symbol) continue;
      if (filter?.since !== undefined && v.createdTime < filter.since) continue;
      if (filter?.planTypes !== undefined && !filter.planTypes.includes(v.planType)) continue;
      out.push(v);
    }
    return out.sort(byNewest);
  }

  /** Fills of an account (within the retained history), newest first. */
  executions(accountId: string, filter?: ExecutionsFilter): ExecutionView[] {
    const acct = this.accounts.get(accountId);
    if (acct === undefined) return [];
    const out: ExecutionView[] = [];
    for (let i = acct.execs.length - 1; i >= 0; i--) {
      const e = acct.execs[i];
      if (e === undefined) continue;
      if (filter?.symbol !== undefined && e.symbol !== filter.symbol) continue;
      if (filter?.since !== undefined && e.execTime < filter.since) continue;
      if (filter?.until !== undefined && e.execTime > filter.until) continue;
      out.push(e);
    }
    return out;
  }

  // ───────────────────────────── market data ─────────────────────────────

  /** Aggregated book levels, best first (empty for unknown symbols). */
  depth(symbol: string, limit: number): DepthView {
    const inst = this.instruments.get(symbol);
    if (inst === undefined) return { symbol, bids: [], asks: [] };
    const fmt = ([p, s]: [number, number]): readonly [string, string] => [inst.price(p), inst.qty(s)];
    return { symbol, bids: inst.bids.top(limit).map(fmt), asks: inst.asks.top(limit).map(fmt) };
  }

  /** Best bid price. */
  bestBid(symbol: string): string | undefined {
    const inst = this.instruments.get(symbol);
    const l = inst?.bids.best();
    return inst === undefined || l === undefined ? undefined : inst.price(l.price);
  }

  /** Best ask price. */
  bestAsk(symbol: string): string | undefined {
    const inst = this.instruments.get(symbol);
    const l = inst?.asks.best();
    return inst === undefined || l === undefined ? undefined : inst.price(l.price);
  }

  /** Last trade price (or the one set by setLastPrice). */
  lastPrice(symbol: string): string | undefined {
    const inst = this.instruments.get(symbol);
    return inst === undefined || inst.last === 0 ? undefined : inst.price(inst.last);
  }

  /**
   * Sets the last price without a trade (market seeding), rounded half up to the tick, and evaluates triggers.
   * Throws on an unknown symbol or a non-positive / non-numeric price: callers are trusted startup code.
   */
  setLastPrice(symbol: string, price: string | number): void {
    const inst = this.instruments.get(symbol);
    if (inst === undefined) throw new Error(`engine: unknown symbol ${symbol}`);
    const ticks = Number(unitsOf(String(price), inst.pp));
    if (!(ticks > 0) || !Number.isSafeInteger(ticks)) throw new Error(`engine: bad price ${String(price)}`);
    this.run(() => {
      inst.last = ticks;
      this.enqueue(inst, ticks);
    });
  }

  // ───────────────────────────── persistence ─────────────────────────────

  /** Non-system state as plain JSON (open orders, capped history, balances, ids, last prices). */
  exportState(): EngineState {
    const orders: OrderView[] = [];
    const executions: ExecutionView[] = [];
    const balances: Record<string, Record<string, { free: string; locked: string }>> = {};
    const clientIds: Record<string, string> = {};
    const orderState: Record<string, EngineOrderState> = {};
    for (const acct of this.accounts.values()) {
      if (acct.system) continue;
      for (const o of acct.open.values()) {
        orders.push(toView(o));
        const st: { -readonly [K in keyof EngineOrderState]: EngineOrderState[K] } = {
          locked: fmtAtoms(o.locked),
        };
        if (o.level !== undefined) st.priority = o.priority;
        if (o.planType === 4 || o.planType === 5) {
          st.trailActive = o.trailActive;
          st.trailExtreme = o.inst.price(o.trailExtreme);
        }
        orderState[o.id] = st;
      }
      for (const id of acct.closed.slice(-CLOSED_ORDERS_CAP)) {
        const v = this.closed.get(id);
        if (v !== undefined) orders.push(v);
      }
      executions.push(...acct.execs.slice(-EXECUTIONS_CAP));
      const bal: Record<string, { free: string; locked: string }> = {};
      for (const [coin, free, locked] of this.ledger.raw(acct.id)) {
        bal[coin] = { free: fmtAtoms(free), locked: fmtAtoms(locked) };
      }
      balances[acct.id] = bal;
      for (const [cid, id] of acct.clientIds) clientIds[clientKey(acct.id, cid)] = id;
    }
    const lastPrice: Record<string, string> = {};
    for (const inst of this.instruments.values())
      if (inst.last > 0) lastPrice[inst.symbol] = inst.price(inst.last);
    return {
      version: 1,
      nextId: this.nextId,
      nextTradeId: this.nextTradeId,
      orders,
      executions,
      balances,
      lastPrice,
      clientIds,
      orderState,
    };
  }

  /**
   * Loads a persisted state: accounts (as non-system), balances, history, ids and last prices; open limit orders
   * re-enter the books in their saved priority (else createdTime, then id), plan orders wait untriggered again.
   * Call it before the market seeder places system orders so restored orders keep their place in the queues.
   */
  importState(state: EngineState): void {
    this.run(() => {
      this.nextId = Math.max(this.nextId, state.nextId);
      this.nextTradeId = Math.max(this.nextTradeId, state.nextTradeId ?? 1);
      for (const [accountId, coins] of Object.entries(state.balances)) {
        this.addAccount(accountId);
        for (const [coin, b] of Object.entries(coins)) {
          this.ledger.set(accountId, coin, unitsOf(b.free, ATOM_DP), unitsOf(b.locked, ATOM_DP));
        }
      }
      for (const [symbol, price] of Object.entries(state.lastPrice)) {
        const inst = this.instruments.get(symbol);
        if (inst !== undefined) inst.last = Number(unitsOf(price, inst.pp));
      }
      const resting: [Order, number | undefined][] = [];
      const plans: Order[] = [];
      const closed: OrderView[] = [];
      for (const v of state.orders) {
        const inst = this.instruments.get(v.symbol);
        if (inst === undefined) continue;
        this.addAccount(v.accountId);
        const idNum = Number(v.orderId);
        if (Number.isSafeInteger(idNum) && idNum >= this.nextId) this.nextId = idNum + 1;
        if (!isOpenStatus(v.orderStatus)) {
          closed.push(v);
          continue;
        }
        const st = state.orderState?.[v.orderId];
        const o = this.fromView(v, inst, st);
        const acct = this.accounts.get(v.accountId);
        if (acct === undefined) continue;
        this.open.set(o.id, o);
        acct.open.set(o.id, o);
        if (o.status === 'Untriggered') plans.push(o);
        else resting.push([o, st?.priority]);
      }
      // Saved priorities when every resting order has one (exact queues), else creation time then id.
      const exact = resting.every(([, p]) => p !== undefined);
      resting.sort(([a, pa], [b, pb]) =>
        exact ? (pa ?? 0) - (pb ?? 0) : a.createdTime - b.createdTime || a.idNum - b.idNum,
      );
      for (const [o] of resting) {
        o.priority = this.nextPriority++;
        o.inst.own(o.side).add(o, o.priceTicks);
      }
      plans.sort((a, b) => a.createdTime - b.createdTime || a.idNum - b.idNum);
      for (const o of plans) o.inst.plans.push(o);
      closed.sort((a, b) => a.updatedTime - b.updatedTime || Number(a.orderId) - Number(b.orderId));
      for (const v of closed) {
        const acct = this.accounts.get(v.accountId);
        if (acct === undefined) continue;
        this.closed.set(v.orderId, v);
        acct.closed.push(v.orderId);
      }
      const execs = [...state.executions].sort(
        (a, b) => a.execTime - b.execTime || Number(a.execId) - Number(b.execId),
      );
      for (const e of execs) {
        this.addAccount(e.accountId);
        this.accounts.get(e.accountId)?.execs.push(e);
        const n = Number(e.execId);
        if (Number.isSafeInteger(n) && n >= this.nextId) this.nextId = n + 1;
        const t = Number(e.tradeId);
        if (Number.isSafeInteger(t) && t >= this.nextTradeId) this.nextTradeId = t + 1;
      }
      for (const [key, id] of Object.entries(state.clientIds)) {
        const parsed: unknown = JSON.parse(key);
        if (!Array.isArray(parsed) || typeof parsed[0] !== 'string' || typeof parsed[1] !== 'string')
          continue;
        this.addAccount(parsed[0]);
        this.accounts.get(parsed[0])?.clientIds.set(parsed[1], id);
      }
    });
  }

  // ───────────────────────────── internals: call framing ─────────────────────────────

  /** Frames one public mutating call: clock read, trigger cascade, then coalesced level / wallet events. */
  private run<T>(fn: () => T): T {
    if (this.busy)
      throw new Error('engine: re-entrant call (listeners must not call the engine synchronously)');
    this.busy = true;
    this.time = this.now();
    try {
      const out = fn();
      this.settle();
      return out;
    } finally {
      try {
        this.flush();
      } finally {
        this.busy = false;
      }
    }
  }

  private flush(): void {
    const l = this.listener;
    for (const inst of this.instruments.values()) {
      inst.bids.drain((p, s) => {
        l.level?.(inst.symbol, 'Buy', inst.price(p), inst.qty(s));
      });
      inst.asks.drain((p, s) => {
        l.level?.(inst.symbol, 'Sell', inst.price(p), inst.qty(s));
      });
    }
    for (const [acct, coins] of this.ledger.drainTouched()) l.wallet?.(acct, coins);
  }

  /** Processes trigger evaluations and TP/SL spawns until nothing is left (triggers may cascade). */
  private settle(): void {
    for (;;) {
      const tpsl = this.pendingTpsl.shift();
      if (tpsl !== undefined) {
        this.spawnTpsl(tpsl);
        continue;
      }
      if (this.pendingHead < this.pendingInst.length) {
        const inst = this.pendingInst[this.pendingHead];
        const price = this.pendingPrice[this.pendingHead];
        this.pendingHead++;
        if (inst !== undefined && price !== undefined) this.evaluate(inst, price);
        continue;
      }
      break;
    }
    this.pendingInst.length = 0;
    this.pendingPrice.length = 0;
    this.pendingHead = 0;
  }

  /** Queues a price for trigger evaluation (skipped when the symbol has no plan orders: the common case). */
  private enqueue(inst: Instrument, price: number): void {
    if (inst.plans.length === 0 || price <= 0) return;
    const n = this.pendingInst.length;
    if (n > this.pendingHead && this.pendingInst[n - 1] === inst && this.pendingPrice[n - 1] === price)
      return;
    this.pendingInst.push(inst);
    this.pendingPrice.push(price);
  }

  private newId(): string {
    return String(this.nextId++);
  }

  private moveFunds(
    accountId: string,
    coin: string,
    amount: string,
    sign: 1 | -1,
  ): EngineResult<BalanceView> {
    const acct = this.accounts.get(accountId);
    if (acct === undefined) return fail(ENGINE_ERRORS.param, 'unknown account');
    const d = parseDec(amount);
    const atoms = d === undefined ? undefined : toUnits(d, ATOM_DP);
    if (atoms === undefined || atoms === 0n || coin === '') {
      return fail(ENGINE_ERRORS.param, 'amount must be a positive number with at most 18 decimals');
    }
    if (acct.system) return ok(this.ledger.view(accountId, coin));
    const moved = this.run(() => {
      if (sign > 0) {
        this.ledger.credit(accountId, coin, atoms);
        return true;
      }
      return this.ledger.debit(accountId, coin, atoms);
    });
    return moved
      ? ok(this.ledger.view(accountId, coin))
      : fail(ENGINE_ERRORS.balance, 'insufficient balance');
  }

  private findOpen(acct: Account, orderId?: string, clientOrderId?: string): Order | undefined {
    let id = orderId !== undefined && orderId !== '' ? orderId : undefined;
    if (id === undefined && clientOrderId !== undefined && clientOrderId !== '')
      id = acct.clientIds.get(clientOrderId);
    if (id === undefined) return undefined;
    const o = this.open.get(id);
    return o !== undefined && o.accountId === acct.id ? o : undefined;
  }

  /** A client id not yet used by the account: `base`, else `base-2`, `base-3`, … */
  private uniqueClientId(acct: Account, base: string): string {
    if (!acct.clientIds.has(base)) return base;
    for (let n = 2; ; n++) {
      const c = `${base}-${n}`;
      if (!acct.clientIds.has(c)) return c;
    }
  }

  private register(acct: Account, o: Order): void {
    this.open.set(o.id, o);
    acct.open.set(o.id, o);
    if (o.clientOrderId !== '') acct.clientIds.set(o.clientOrderId, o.id);
  }

  // ───────────────────────────── internals: placing ─────────────────────────────

  private place(acct: Account, req: PlaceOrderRequest): EngineResult<Order> {
    const inst = this.instruments.get(req.symbol);
    if (inst === undefined) return fail(ENGINE_ERRORS.invalidSymbol, 'unknown symbol');
    if (this.time < inst.openAt) return fail(ENGINE_ERRORS.symbolNotOpen, 'symbol is not open yet');
    if ((req.side === 'Buy' && inst.spec.isBanBuy) || (req.side === 'Sell' && inst.spec.isBanSell)) {
      return fail(
        ENGINE_ERRORS.sideBanned,
        `${req.side === 'Buy' ? 'buying' : 'selling'} is disabled on this symbol`,
      );
    }
    const v = validatePlace(req, inst);
    if (!v.ok) return v;
    const p = v.value;
    const plan = isPlan(p.planType);

    // Funds: what to lock, and for market orders sized against the book, how far the balance reaches.
    let lock = 0n;
    let lotCap = p.orderType === 'Market' && p.marketUnit === 'quoteCoin' ? NO_LOT_CAP : p.qtyLots;
    let capped = false;
    if (!acct.system) {
      const coin = p.side === 'Buy' ? inst.quote : inst.base;
      const free = this.ledger.free(acct.id, coin);
      if (plan) lock = planNeed(inst, p, inst.reference());
      else if (p.orderType === 'Limit') lock = limitNeed(inst, p.side, p.priceTicks, p.qtyLots);
      else if (p.side === 'Buy' && p.marketUnit === 'quoteCoin') lock = p.amountAtoms;
      else if (p.side === 'Sell' && p.marketUnit === 'baseCoin') lock = baseAtoms(inst, p.qtyLots);
      else if (p.side === 'Buy') {
        const w = this.walkBuy(inst, p.qtyLots, free);
        if (w.lots === 0 && inst.asks.depth > 0) return fail(ENGINE_ERRORS.balance, 'insufficient balance');
        lock = w.cost;
        capped = w.lots < p.qtyLots && inst.asks.depth > 0;
      } else {
        const freeLots = Number(free / inst.lotAtoms);
        const w = this.walkSellValue(inst, p.amountAtoms, freeLots);
        if (w.lots === 0 && w.capped) return fail(ENGINE_ERRORS.balance, 'insufficient balance');
        lock = baseAtoms(inst, w.lots);
        lotCap = w.lots;
        capped = w.capped;
      }
      if (lock > free) return fail(ENGINE_ERRORS.balance, 'insufficient balance');
    }

    const id = this.newId();
    let clientOrderId = req.clientOrderId;
    if (clientOrderId === '' && !acct.system) clientOrderId = this.uniqueClientId(acct, `sim-${id}`);
    const o = newOrder({
      id,
      idNum: Number(id),
      accountId: acct.id,
      system: acct.system,
      clientOrderId,
      inst,
      side: p.side,
      orderType: p.orderType,
      timeInForce: p.orderType === 'Market' && !plan ? 'IOC' : p.timeInForce,
      planType: p.planType,
      marketUnit: p.marketUnit,
      isLeverage: p.isLeverage,
      priceTicks: p.priceTicks,
      qtyLots: p.qtyLots,
      amountAtoms: p.amountAtoms,
      status: plan ? 'Untriggered' : 'New',
      parentOrderId: '',
      time: this.time,
    });
    o.leavesLots = lotCap;
    o.capped = capped;
    o.triggerTicks = p.triggerTicks;
    o.triggerDirection = p.triggerDirection;
    o.tp = p.tp;
    o.sl = p.sl;
    o.activationTicks = p.activationTicks;
    o.trailRate = p.trailRate;
    o.trailValueTicks = p.trailValueTicks;
    if (lock > 0n) {
      this.ledger.lock(acct.id, lockCoinOf(o), lock);
      o.locked = lock;
    }
    this.register(acct, o);
    if (plan) {
      inst.plans.push(o);
      this.emitOrder(o);
      this.enqueue(inst, inst.last);
    } else {
      this.execute(o);
    }
    return ok(o);
  }

  /** Lots a market buy sized in base can take from the asks with `budget` quote atoms, and their cost. */
  private walkBuy(inst: Instrument, lots: number, budget: bigint): { lots: number; cost: bigint } {
    let got = 0;
    let cost = 0n;
    for (let i = 0; got < lots; i++) {
      const l = inst.asks.levelAt(i);
      if (l === undefined) break;
      const per = inst.value(l.price, 1);
      const want = Math.min(l.size, lots - got);
      const afford = (budget - cost) / per;
      const take = afford < BigInt(want) ? Number(afford) : want;
      got += take;
      cost += per * BigInt(take);
      if (take < want) break;
    }
    return { lots: got, cost };
  }

  /** Lots a market sell sized by quote value needs from the bids, capped by the free base (`capped` if it bit). */
  private walkSellValue(
    inst: Instrument,
    amount: bigint,
    freeLots: number,
  ): { lots: number; capped: boolean } {
    let lots = 0;
    let value = 0n;
    for (let i = 0; ; i++) {
      const l = inst.bids.levelAt(i);
      if (l === undefined) break;
      const per = inst.value(l.price, 1);
      const afford = (amount - value) / per;
      const take = afford < BigInt(l.size) ? Number(afford) : l.size;
      if (take === 0) break;
      if (lots + take > freeLots) return { lots: freeLots, capped: true };
      lots += take;
      value += per * BigInt(take);
      if (take < l.size) break;
    }
    return { lots, capped: false };
  }

  /** Runs a new (or just triggered, or re-priced) ordinary order against the book and settles its status. */
  private execute(o: Order): void {
    const inst = o.inst;
    const opp = inst.opposite(o.side);
    if (o.orderType === 'Limit') {
      const best = opp.best();
      const crossing = best !== undefined && crosses(o.side, o.priceTicks, best.price);
      if (o.timeInForce === 'PostOnly' && crossing) {
        this.close(o, 'Cancelled', 'CancelByPostOnly');
        return;
      }
      if (o.timeInForce === 'FOK' && !this.fillable(o)) {
        this.close(o, 'Cancelled', 'CancelByFOK');
        return;
      }
      if (crossing) this.match(o);
      if (o.status === 'Filled') this.close(o);
      else if (o.timeInForce === 'IOC' || o.timeInForce === 'FOK') {
        this.close(o, o.filledLots > 0 ? 'PartiallyFilledCanceled' : 'Cancelled', 'CancelByIOC');
      } else this.rest(o);
      return;
    }
    const stop = this.match(o);
    if (o.status === 'Filled') {
      this.close(o);
      return;
    }
    let status: OrderStatus;
    if (o.filledLots === 0) status = 'Cancelled';
    else if (
      o.marketUnit === 'quoteCoin' &&
      !o.capped &&
      (stop !== 'empty' || o.execValue === o.amountAtoms)
    ) {
      // Sized by value: done when the rest cannot buy (or sell for) one more lot.
      status = 'Filled';
    } else status = 'PartiallyFilledCanceled';
    this.close(o, status, '');
  }

  /** Whether a FOK limit order can fill completely within its limit right now. */
  private fillable(o: Order): boolean {
    const opp = o.inst.opposite(o.side);
    let sum = 0;
    for (let i = 0; sum < o.leavesLots; i++) {
      const l = opp.levelAt(i);
      if (l === undefined || !crosses(o.side, o.priceTicks, l.price)) return false;
      sum += l.size;
    }
    return true;
  }

  /** Quote atoms that still bound a market order: remaining value, or a buy's remaining lock; undefined = none. */
  private budgetOf(o: Order): bigint | undefined {
    if (o.orderType !== 'Market') return undefined;
    if (o.marketUnit === 'quoteCoin') return o.amountAtoms - o.execValue;
    if (o.side === 'Buy' && !o.system) return o.locked;
    return undefined;
  }

  /** Matches an incoming order against the opposite side in price-time priority. */
  private match(o: Order): StopReason {
    const inst = o.inst;
    const opp = inst.opposite(o.side);
    const limit = o.orderType === 'Limit';
    for (;;) {
      if (o.leavesLots <= 0) return 'filled';
      const level = opp.best();
      if (level === undefined) return 'empty';
      if (limit && !crosses(o.side, o.priceTicks, level.price)) return 'price';
      let lots = o.leavesLots;
      const budget = this.budgetOf(o);
      if (budget !== undefined) {
        const afford = budget / inst.value(level.price, 1);
        if (afford < BigInt(lots)) lots = Number(afford);
        if (lots === 0) return 'budget';
      }
      const maker = level.front();
      if (maker === undefined) return 'empty';
      if (maker.leavesLots < lots) lots = maker.leavesLots;
      this.fill(maker, o, level.price, lots);
    }
  }

  /** One trade between a resting maker and the incoming taker. */
  private fill(maker: Order, taker: Order, price: number, lots: number): void {
    const inst = taker.inst;
    const value = inst.value(price, lots);
    inst.opposite(taker.side).reduce(maker, lots);
    taker.leavesLots -= lots;
    maker.status = maker.leavesLots === 0 ? 'Filled' : 'PartiallyFilled';
    taker.status =
      taker.leavesLots === 0 && (taker.orderType === 'Limit' || taker.marketUnit === 'baseCoin')
        ? 'Filled'
        : 'PartiallyFilled';
    const tradeId = this.nextTradeId++;
    inst.last = price;
    // Optional call: the trade object is only built when someone listens.
    this.listener.trade?.({
      tradeId: String(tradeId),
      symbol: inst.symbol,
      price: inst.price(price),
      qty: inst.qty(lots),
      side: taker.side,
      time: this.time,
      seq: tradeId,
    });
    this.settleFill(maker, true, price, lots, value, tradeId);
    this.settleFill(taker, false, price, lots, value, tradeId);
    if (maker.leavesLots === 0) this.close(maker);
    this.enqueue(inst, price);
  }

  /** Books one fill on one order: amounts, balances (exact), execution record and events. */
  private settleFill(
    o: Order,
    isMaker: boolean,
    price: number,
    lots: number,
    value: bigint,
    tradeId: number,
  ): void {
    o.filledLots += lots;
    o.execValue += value;
    o.updatedTime = this.time;
    o.rev++;
    if (o.system) return;
    const inst = o.inst;
    const acct = o.accountId;
    const rate = isMaker ? this.makerRate : this.takerRate;
    let fee: bigint;
    if (o.side === 'Buy') {
      // A limit buy reserved its limit price per lot; a fill at a better price refunds the difference.
      let release = o.orderType === 'Limit' ? inst.value(o.priceTicks, lots) : value;
      if (release > o.locked) release = o.locked;
      o.locked -= release;
      this.ledger.spendLocked(acct, inst.quote, value);
      if (release > value) this.ledger.unlock(acct, inst.quote, release - value);
      const got = baseAtoms(inst, lots);
      fee = (got * rate.int) / pow10(rate.scale);
      this.ledger.credit(acct, inst.base, got - fee);
    } else {
      const gave = baseAtoms(inst, lots);
      o.locked -= gave;
      this.ledger.spendLocked(acct, inst.base, gave);
      fee = (value * rate.int) / pow10(rate.scale);
      this.ledger.credit(acct, inst.quote, value - fee);
    }
    o.fee += fee;
    const leaves =
      o.orderType === 'Limit' ? o.leavesLots : o.marketUnit === 'baseCoin' ? o.qtyLots - o.filledLots : 0;
    const exec: ExecutionView = {
      execId: this.newId(),
      accountId: acct,
      orderId: o.id,
      orderLinkId: o.clientOrderId,
      symbol: inst.symbol,
      side: o.side,
      orderType: o.orderType,
      orderPrice: inst.price(o.priceTicks),
      orderQty: inst.qty(o.qtyLots),
      leavesQty: inst.qty(leaves),
      execPrice: inst.price(price),
      execQty: inst.qty(lots),
      execValue: fmtAtoms(value),
      execFee: fmtAtoms(fee),
      feeCurrency: feeCoinOf(o),
      feeRate: isMaker ? this.makerFee : this.takerFee,
      isMaker,
      execTime: this.time,
      planType: o.planType,
      isLeverage: o.isLeverage,
      marketUnit: o.marketUnit,
      tradeId: String(tradeId),
    };
    const account = this.accounts.get(acct);
    if (account !== undefined) {
      account.execs.push(exec);
      if (account.execs.length > EXECUTIONS_CAP + CAP_SLACK)
        account.execs = account.execs.slice(-EXECUTIONS_CAP);
    }
    this.listener.execution?.(exec);
    this.emitOrder(o);
  }

  /** Puts the unfilled remainder of a limit order on the book (back of its price level). */
  private rest(o: Order): void {
    o.status = o.filledLots > 0 ? 'PartiallyFilled' : 'New';
    o.priority = this.nextPriority++;
    o.inst.own(o.side).add(o, o.priceTicks);
    this.emitOrder(o);
  }

  /** Final transition: leaves the book / trigger list, releases what is still locked, moves to history. */
  private close(o: Order, status?: OrderStatus, cancelType?: string): void {
    if (status !== undefined && (status !== o.status || (cancelType ?? o.cancelType) !== o.cancelType)) {
      o.status = status;
      if (cancelType !== undefined) o.cancelType = cancelType;
      o.updatedTime = this.time;
      o.rev++;
    }
    if (o.level !== undefined) o.inst.own(o.side).remove(o);
    if (isPlan(o.planType)) {
      const i = o.inst.plans.indexOf(o);
      if (i >= 0) o.inst.plans.splice(i, 1);
    }
    if (o.locked > 0n) {
      if (!o.system) this.ledger.unlock(o.accountId, lockCoinOf(o), o.locked);
      o.locked = 0n;
    }
    this.open.delete(o.id);
    const acct = this.accounts.get(o.accountId);
    if (acct !== undefined) {
      acct.open.delete(o.id);
      if (o.system) {
        if (o.clientOrderId !== '') acct.clientIds.delete(o.clientOrderId);
      } else {
        this.closed.set(o.id, toView(o));
        acct.closed.push(o.id);
        if (acct.closed.length > CLOSED_ORDERS_CAP + CAP_SLACK) {
          for (const id of acct.closed.splice(0, acct.closed.length - CLOSED_ORDERS_CAP))
            this.closed.delete(id);
        }
      }
    }
    this.emitOrder(o);
    if (o.planType === 11 && o.status === 'Filled') this.pendingTpsl.push(o);
  }

  private cancelInternal(o: Order, cancelType: string): void {
    const status: OrderStatus =
      isPlan(o.planType) || o.filledLots === 0 ? 'Cancelled' : 'PartiallyFilledCanceled';
    this.close(o, status, cancelType);
  }

  private emitOrder(o: Order): void {
    if (o.system || o.emittedRev === o.rev) return;
    o.emittedRev = o.rev;
    this.listener.order?.(toView(o));
  }

  // ───────────────────────────── internals: triggers ─────────────────────────────

  /** Evaluates the symbol's plan orders against one trade price and fires those whose condition holds. */
  private evaluate(inst: Instrument, price: number): void {
    if (inst.plans.length === 0) return;
    let fired: [Order, TriggerHit][] | undefined;
    for (const p of inst.plans) {
      const trailing = p.planType === 4 || p.planType === 5;
      const stopBefore = trailing ? trailingStopTicks(p) : 0;
      const hit = evaluatePlan(p, price);
      if (hit !== 'none') (fired ??= []).push([p, hit]);
      else if (trailing && trailingStopTicks(p) !== stopBefore) {
        // The trailing stop moved: the client shows it as the trigger price.
        p.updatedTime = this.time;
        p.rev++;
        this.emitOrder(p);
      }
    }
    if (fired === undefined) return;
    const gone = new Set(fired.map(([p]) => p));
    inst.plans = inst.plans.filter((p) => !gone.has(p));
    for (const [p, hit] of fired) this.trigger(p, hit);
  }

  /** Fires a plan order: it becomes Triggered (final) and its lock moves to the ordinary order it spawns. */
  private trigger(plan: Order, hit: TriggerHit): void {
    const inst = plan.inst;
    if (hit === 'tp' || hit === 'sl') {
      const leg = hit === 'tp' ? plan.tp : plan.sl;
      if (leg === undefined) return;
      plan.ocoTriggerBy = hit === 'tp' ? 'OcoTriggerByTp' : 'OcoTriggerBySl';
      plan.orderType = leg.orderType;
      plan.priceTicks = leg.limitTicks;
      plan.triggerTicks = leg.triggerTicks;
      plan.triggerDirection = legDirection(plan.side, hit);
    }
    const lock = plan.locked;
    plan.locked = 0n;
    this.close(plan, 'Triggered');
    const acct = this.accounts.get(plan.accountId);
    if (acct === undefined) return;
    const id = this.newId();
    const child = newOrder({
      id,
      idNum: Number(id),
      accountId: plan.accountId,
      system: plan.system,
      clientOrderId: plan.clientOrderId === '' ? '' : this.uniqueClientId(acct, `${plan.clientOrderId}-T`),
      inst,
      side: plan.side,
      orderType: plan.orderType,
      timeInForce: plan.orderType === 'Market' ? 'IOC' : plan.timeInForce,
      planType: -1,
      marketUnit: plan.marketUnit,
      isLeverage: plan.isLeverage,
      priceTicks: plan.orderType === 'Limit' ? plan.priceTicks : 0,
      qtyLots: plan.qtyLots,
      amountAtoms: plan.amountAtoms,
      status: 'New',
      parentOrderId: plan.id,
      time: this.time,
    });
    if (child.orderType === 'Market' && child.marketUnit === 'quoteCoin') child.leavesLots = NO_LOT_CAP;
    child.locked = lock;
    if (child.orderType === 'Limit' && child.side === 'Buy' && !child.system) {
      // An OCO locked for its dearer leg; the limit child needs exactly limit × qty.
      const need = inst.value(child.priceTicks, child.qtyLots);
      if (lock > need) {
        this.ledger.unlock(child.accountId, inst.quote, lock - need);
        child.locked = need;
      }
    }
    this.register(acct, child);
    this.execute(child);
  }

  /** Creates the OCO of a completely filled TP/SL limit order, sized by what the fill delivered. */
  private spawnTpsl(o: Order): void {
    if (o.tp === undefined && o.sl === undefined) return;
    const acct = this.accounts.get(o.accountId);
    if (acct === undefined) return;
    const inst = o.inst;
    const side = opposite(o.side);
    // A buy received base net of its base fee; sell exactly that (whole lots). A sell's OCO buys back its qty.
    let lots =
      side === 'Sell' ? Number((baseAtoms(inst, o.filledLots) - o.fee) / inst.lotAtoms) : o.filledLots;
    let need = ocoNeed(inst, side, o.tp, o.sl, lots);
    if (!o.system) {
      const free = this.ledger.free(o.accountId, side === 'Buy' ? inst.quote : inst.base);
      if (need > free && need > 0n) {
        lots = Number((BigInt(lots) * free) / need);
        need = ocoNeed(inst, side, o.tp, o.sl, lots);
        while (lots > 0 && need > free) need = ocoNeed(inst, side, o.tp, o.sl, --lots);
      }
    }
    if (lots <= 0) return;
    const id = this.newId();
    const oco = newOrder({
      id,
      idNum: Number(id),
      accountId: o.accountId,
      system: o.system,
      clientOrderId: o.clientOrderId === '' ? '' : this.uniqueClientId(acct, `${o.clientOrderId}-TPSL`),
      inst,
      side,
      orderType: (o.tp ?? o.sl)?.orderType ?? 'Market',
      timeInForce: 'GTC',
      planType: 10,
      marketUnit: 'baseCoin',
      isLeverage: o.isLeverage,
      priceTicks: 0,
      qtyLots: lots,
      amountAtoms: 0n,
      status: 'Untriggered',
      parentOrderId: o.id,
      time: this.time,
    });
    oco.tp = o.tp;
    oco.sl = o.sl;
    if (!o.system && need > 0n) {
      this.ledger.lock(o.accountId, lockCoinOf(oco), need);
      oco.locked = need;
    }
    this.register(acct, oco);
    inst.plans.push(oco);
    this.emitOrder(oco);
    this.enqueue(inst, inst.last);
  }

  // ───────────────────────────── internals: modify ─────────────────────────────

  /** Validates a modify of a resting limit order; returns the mutation to run inside the call frame. */
  private limitModify(o: Order, req: ModifyOrderRequest): () => void {
    const inst = o.inst;
    const priceDec = present(req.price) ? required(req.price, 'price') : undefined;
    const qtyDec = present(req.qty) ? required(req.qty, 'qty') : undefined;
    if (o.level === undefined || o.orderType !== 'Limit') {
      throw new Reject(ENGINE_ERRORS.orderNotFound, 'order is not modifiable');
    }
    if (priceDec === undefined && qtyDec === undefined)
      throw new Reject(ENGINE_ERRORS.param, 'nothing to modify');
    const newPrice = priceDec !== undefined ? priceTicks(inst, priceDec, 'price') : o.priceTicks;
    const newQty = qtyDec !== undefined ? qtyLots(inst, qtyDec) : o.qtyLots;
    if (newQty < o.filledLots) {
      throw new Reject(ENGINE_ERRORS.modifyQtyBelowFilled, 'new qty is below the filled qty');
    }
    const side = inst.own(o.side);
    if (newQty === o.filledLots) {
      return () => {
        side.remove(o);
        o.leavesLots = 0;
        o.qtyLots = newQty;
        this.close(o, 'Filled');
      };
    }
    checkQtyLimits(inst, newQty);
    const newLeaves = newQty - o.filledLots;
    const need = limitNeed(inst, o.side, newPrice, newLeaves);
    if (!o.system && need > o.locked && this.ledger.free(o.accountId, lockCoinOf(o)) < need - o.locked) {
      throw new Reject(ENGINE_ERRORS.balance, 'insufficient balance');
    }
    const priceChanged = newPrice !== o.priceTicks;
    const best = inst.opposite(o.side).best();
    if (o.timeInForce === 'PostOnly' && best !== undefined && crosses(o.side, newPrice, best.price)) {
      throw new Reject(ENGINE_ERRORS.postOnlyWouldTake, 'post-only order would take liquidity');
    }
    return () => {
      if (!o.system) {
        if (need > o.locked) this.ledger.lock(o.accountId, lockCoinOf(o), need - o.locked);
        else this.ledger.unlock(o.accountId, lockCoinOf(o), o.locked - need);
        o.locked = need;
      }
      o.updatedTime = this.time;
      o.rev++;
      if (!priceChanged && newLeaves <= o.leavesLots) {
        side.reduce(o, o.leavesLots - newLeaves);
        o.qtyLots = newQty;
        this.emitOrder(o);
        return;
      }
      side.remove(o);
      o.priceTicks = newPrice;
      o.qtyLots = newQty;
      o.leavesLots = newLeaves;
      this.execute(o);
    };
  }

  /** Validates a modify of an untriggered plan order; returns the mutation to run inside the call frame. */
  private planModify(o: Order, req: ModifyOrderRequest): () => void {
    const inst = o.inst;
    const P = ENGINE_ERRORS.param;
    const trailing = o.planType === 4 || o.planType === 5;
    const byValue = o.orderType === 'Market' && o.marketUnit === 'quoteCoin';
    const has = {
      trigger: present(req.triggerPrice),
      price: present(req.price),
      qty: present(req.qty),
      activation: present(req.activationPrice),
      rate: present(req.trailingPercentage),
      distance: present(req.trailingValue),
    };
    if (o.planType === 10 && (has.trigger || has.price || has.activation || has.rate || has.distance)) {
      throw new Reject(P, 'an OCO order can only change its qty');
    }
    if ((o.planType === 1 || o.planType === 8) && (has.activation || has.rate || has.distance)) {
      throw new Reject(P, 'trailing fields on a conditional order');
    }
    if (trailing && (has.trigger || has.price))
      throw new Reject(P, 'a trailing order has no trigger or limit price');
    if (has.price && o.orderType !== 'Limit') throw new Reject(P, 'a market plan order has no price');
    if (has.qty && byValue) throw new Reject(P, 'this order is sized by amount');
    // 1. numbers
    const triggerDec = has.trigger ? required(req.triggerPrice, 'triggerPrice') : undefined;
    const priceDec = has.price ? required(req.price, 'price') : undefined;
    const qtyDec = has.qty ? required(req.qty, 'qty') : undefined;
    const activationDec = has.activation ? optional(req.activationPrice, 'activationPrice') : undefined;
    const rateDec = has.rate ? optional(req.trailingPercentage, 'trailingPercentage') : undefined;
    const distanceDec = has.distance ? optional(req.trailingValue, 'trailingValue') : undefined;
    if (rateDec !== undefined && distanceDec !== undefined) {
      throw new Reject(P, 'exactly one of trailingPercentage and trailingValue');
    }
    checkRate(rateDec);
    if (!Object.values(has).some(Boolean)) throw new Reject(P, 'nothing to modify');
    // 2–4. decimals and limits
    const next = {
      side: o.side,
      planType: o.planType,
      orderType: o.orderType,
      marketUnit: o.marketUnit,
      priceTicks: has.price ? priceTicks(inst, priceDec, 'price') : o.priceTicks,
      triggerTicks: has.trigger ? priceTicks(inst, triggerDec, 'triggerPrice') : o.triggerTicks,
      activationTicks: has.activation
        ? priceTicks(inst, activationDec, 'activationPrice')
        : o.activationTicks,
      trailRate: rateDec !== undefined ? rateDec : distanceDec !== undefined ? undefined : o.trailRate,
      trailValueTicks:
        distanceDec !== undefined
          ? priceTicks(inst, distanceDec, 'trailingValue')
          : rateDec !== undefined
            ? 0
            : o.trailValueTicks,
      qtyLots: has.qty ? qtyLots(inst, qtyDec) : o.qtyLots,
      amountAtoms: o.amountAtoms,
      tp: o.tp,
      sl: o.sl,
    };
    if (trailing && next.trailRate === undefined && next.trailValueTicks === 0) {
      throw new Reject(P, 'a trailing order needs a rate or a distance');
    }
    if (has.qty) checkQtyLimits(inst, next.qtyLots);
    let direction = o.triggerDirection;
    if (has.trigger) {
      const ref = inst.reference();
      if (ref === 0) throw new Reject(P, 'no market price');
      direction = directionOf(next.triggerTicks, ref);
    }
    const need = o.system ? 0n : planNeed(inst, next, inst.reference());
    if (!o.system && need > o.locked && this.ledger.free(o.accountId, lockCoinOf(o)) < need - o.locked) {
      throw new Reject(ENGINE_ERRORS.balance, 'insufficient balance');
    }
    return () => {
      if (!o.system) {
        if (need > o.locked) this.ledger.lock(o.accountId, lockCoinOf(o), need - o.locked);
        else this.ledger.unlock(o.accountId, lockCoinOf(o), o.locked - need);
        o.locked = need;
      }
      o.priceTicks = next.priceTicks;
      o.triggerTicks = next.triggerTicks;
      o.triggerDirection = direction;
      o.activationTicks = next.activationTicks;
      o.trailRate = next.trailRate;
      o.trailValueTicks = next.trailValueTicks;
      o.qtyLots = next.qtyLots;
      o.leavesLots = next.qtyLots;
      o.updatedTime = this.time;
      o.rev++;
      this.emitOrder(o);
      this.enqueue(inst, inst.last);
    };
  }

  // ───────────────────────────── internals: restore ─────────────────────────────

  /** Rebuilds an open order from its persisted view (plus engine-private state when saved). */
  private fromView(v: OrderView, inst: Instrument, st: EngineOrderState | undefined): Order {
    const ticks = (s: string): number => Number(unitsOf(s, inst.pp));
    const lots = (s: string): number => Number(unitsOf(s, inst.qp));
    const atoms = (s: string): bigint => unitsOf(s, ATOM_DP);
    const leg = (trigger: string, type: '' | 'Limit' | 'Market', limit: string): Leg | undefined =>
      type === '' ? undefined : { triggerTicks: ticks(trigger), orderType: type, limitTicks: ticks(limit) };
    const o = newOrder({
      id: v.orderId,
      idNum: Number(v.orderId),
      accountId: v.accountId,
      system: false,
      clientOrderId: v.orderLinkId,
      inst,
      side: v.side,
      orderType: v.orderType,
      timeInForce: v.timeInForce,
      planType: v.planType,
      marketUnit: v.marketUnit,
      isLeverage: v.isLeverage,
      priceTicks: ticks(v.price),
      qtyLots: lots(v.qty),
      amountAtoms: atoms(v.amount),
      status: v.orderStatus,
      parentOrderId: v.parentOrderId,
      time: v.createdTime,
    });
    const trailing = o.planType === 4 || o.planType === 5;
    o.updatedTime = v.updatedTime;
    o.cancelType = v.cancelType;
    o.filledLots = lots(v.cumExecQty);
    o.execValue = atoms(v.cumExecValue);
    o.fee = atoms(v.cumExecFee);
    o.leavesLots = o.status === 'Untriggered' ? o.qtyLots : o.qtyLots - o.filledLots;
    o.triggerTicks = trailing ? 0 : ticks(v.triggerPrice);
    o.triggerDirection = v.triggerDirection;
    o.tp = leg(v.takeProfit, v.tpOrderType, v.tpLimitPrice);
    o.sl = leg(v.stopLoss, v.slOrderType, v.slLimitPrice);
    o.ocoTriggerBy = v.ocoTriggerBy;
    o.activationTicks = ticks(v.activationPrice);
    o.trailRate = v.trailingPercentage === '0' ? undefined : parseDec(v.trailingPercentage);
    o.trailValueTicks = ticks(v.trailingValue);
    if (trailing) {
      o.trailActive = st?.trailActive ?? false;
      o.trailExtreme = st?.trailExtreme !== undefined ? ticks(st.trailExtreme) : 0;
    }
    if (st !== undefined) o.locked = atoms(st.locked);
    else if (o.status === 'Untriggered') o.locked = planNeed(inst, o, inst.reference());
    else o.locked = limitNeed(inst, o.side, o.priceTicks, o.leavesLots);
    o.emittedRev = o.rev;
    return o;
  }
}

/** A modify field counts as given when present and non-empty. */
function present(text: string | undefined): text is string {
  return text !== undefined && text !== '';
}
