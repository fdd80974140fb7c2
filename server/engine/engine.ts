/**
 * The matching engine: a pure, synchronous, deterministic module (time passed in, no timers, no I/O).
 * Contract in `types.ts`; conventions:
 * - every decimal string it outputs is plain (no exponent) with trailing zeros trimmed ("64000", "0.5", "0");
 * - prices are ticks and quantities lots inside; money is bigint atoms of 10^-18 of a coin;
 * - events go to the listener synchronously; `level` and `wallet` are coalesced and sent at the end of each call;
 * - a listener must not call a mutating method synchronously (it throws); defer with queueMicrotask instead.
 */

import { autoRepay, repayFromFree } from './borrow';
import { EngineCore, fail, findOpen, idKey, ok } from './core';
import { parseDec, toUnits, unitsOf } from './decimal';
import { ATOM_DP } from './ledger';
import { cancelInternal } from './matching';
import { limitModify, planModify } from './modify';
import { fmtAtoms, toView } from './order';
import { exportState, importState, orderStateOf } from './persistence';
import { restoreUsers } from './restore';
import { place } from './place';
import { evaluate, spawnTpsl } from './plans';
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
  InstrumentSpec,
  Lender,
  ModifyOrderRequest,
  OrderView,
  PlaceOrderRequest,
  PlanType,
} from './types';
import { ENGINE_ERRORS } from './types';
import { guard } from './validate';

export { CLOSED_ORDERS_CAP, EXECUTIONS_CAP } from './core';

/** Engine construction options. */
export interface EngineOptions {
  /** The tradable symbols (the market's `SymbolSpec` satisfies `InstrumentSpec`). */
  readonly symbols: readonly InstrumentSpec[];
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

/** Newest first: createdTime, then id. */
function byNewest(
  a: { createdTime: number; orderId: string },
  b: { createdTime: number; orderId: string },
): number {
  return b.createdTime - a.createdTime || Number(b.orderId) - Number(a.orderId);
}

/** The exchange's matching engine (see the module comment for conventions). */
export class Engine {
  private readonly now: () => number;
  /** The state the collaborators (`place`, `matching`, `plans`, `modify`, `persistence`) work on. */
  private readonly core: EngineCore;
  private busy = false;

  constructor(opts: EngineOptions) {
    this.now = opts.now;
    this.core = new EngineCore(opts);
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
    this.core.addAccount(accountId, opts?.system === true);
  }

  /** Adds funds to an account's free balance (amount: positive decimal, at most 18 decimals). */
  deposit(accountId: string, coin: string, amount: string): EngineResult<BalanceView> {
    return this.moveFunds(accountId, coin, amount, 1);
  }

  /** Takes funds from an account's free balance; `balance` error when free is short. */
  withdraw(accountId: string, coin: string, amount: string): EngineResult<BalanceView> {
    return this.moveFunds(accountId, coin, amount, -1);
  }

  /**
   * Takes `debit.amount` of one coin from the free balance and adds `credit.amount` of another, in one action (one
   * wallet event, one commit): LT subscription and redemption. `balance` error, and nothing moved, when free is short.
   */
  convert(
    accountId: string,
    debit: { readonly coin: string; readonly amount: string },
    credit: { readonly coin: string; readonly amount: string },
  ): EngineResult<BalanceView[]> {
    const ledger = this.core.ledger;
    const acct = this.core.accounts.get(accountId);
    if (acct === undefined || acct.system) return fail(ENGINE_ERRORS.param, 'unknown account');
    const atomsOf = (a: string): bigint | undefined => {
      const d = parseDec(a);
      return d === undefined ? undefined : toUnits(d, ATOM_DP);
    };
    const out = atomsOf(debit.amount);
    const inn = atomsOf(credit.amount);
    if (out === undefined || inn === undefined || out === 0n || debit.coin === '' || credit.coin === '') {
      return fail(ENGINE_ERRORS.param, 'amounts must be positive numbers with at most 18 decimals');
    }
    const moved = this.run(() => {
      if (!ledger.debit(accountId, debit.coin, out)) return false;
      if (inn > 0n) ledger.credit(accountId, credit.coin, inn);
      return true;
    });
    if (!moved) return fail(ENGINE_ERRORS.balance, 'insufficient balance');
    return ok([ledger.view(accountId, debit.coin), ledger.view(accountId, credit.coin)]);
  }

  /** Every coin balance of an account (empty for system and unknown accounts). */
  balances(accountId: string): BalanceView[] {
    return this.core.ledger.views(accountId);
  }

  /** One coin balance (zeros when never held). */
  balance(accountId: string, coin: string): BalanceView {
    return this.core.ledger.view(accountId, coin);
  }

  /** Who lends to margin orders (server/margin); without one, margin orders spend only their free balance. */
  setLender(lender: Lender | undefined): void {
    this.core.lender = lender;
  }

  /**
   * Repays the account's debt in `coin` from its free balance, at most `amount` (all it can when absent); returns
   * the repaid amount as a decimal string ("0" when nothing was owed or free).
   */
  repayDebt(accountId: string, coin: string, amount?: string): EngineResult<string> {
    if (!this.core.accounts.has(accountId)) return fail(ENGINE_ERRORS.param, 'unknown account');
    let max: bigint | undefined;
    if (amount !== undefined) {
      const d = parseDec(amount);
      max = d === undefined ? undefined : toUnits(d, ATOM_DP);
      if (max === undefined) return fail(ENGINE_ERRORS.param, 'amount must be a positive number');
    }
    const paid = this.run(() => repayFromFree(this.core, accountId, coin, max, false));
    return ok(fmtAtoms(paid));
  }

  // ───────────────────────────── orders ─────────────────────────────

  /**
   * Places an order. FOK not fillable, PostOnly that would cross, IOC / market remainders are `ok` results whose
   * view shows the final status (Cancelled / PartiallyFilledCanceled and the cancelType), as on the real exchange.
   * A repeated (accountId, clientOrderId) returns the first order's current view and changes nothing.
   */
  placeOrder(req: PlaceOrderRequest): EngineResult<OrderView> {
    const acct = this.core.accounts.get(req.accountId);
    if (acct === undefined) return fail(ENGINE_ERRORS.param, 'unknown account');
    if (req.clientOrderId !== '') {
      const id = acct.clientIds.get(req.clientOrderId);
      if (id !== undefined) {
        const view = this.getOrder(id);
        return view === undefined ? fail(ENGINE_ERRORS.param, 'duplicate clientOrderId') : ok(view);
      }
    }
    const r = this.run(() => place(this.core, acct, req));
    return r.ok ? ok(toView(r.value)) : r;
  }

  /** Cancels an open order (ordinary or untriggered plan order) by id or client id. */
  cancelOrder(req: CancelOrderRequest): EngineResult<OrderView> {
    const acct = this.core.accounts.get(req.accountId);
    if (acct === undefined) return fail(ENGINE_ERRORS.param, 'unknown account');
    const o = findOpen(this.core, acct, req.orderId, req.clientOrderId);
    if (o === undefined) return fail(ENGINE_ERRORS.orderNotFound, 'order does not exist or is closed');
    this.run(() => {
      cancelInternal(this.core, o, 'CancelByUser');
    });
    return ok(toView(o));
  }

  /** Cancels the account's open orders in scope (see CancelAllRequest); returns them, oldest first. */
  cancelAll(req: CancelAllRequest): OrderView[] {
    const acct = this.core.accounts.get(req.accountId);
    if (acct === undefined) return [];
    const symbols = req.symbols !== undefined && req.symbols.length > 0 ? new Set(req.symbols) : undefined;
    const planType = req.planType ?? -1;
    const targets = [...acct.open.values()].filter(
      (o) => o.planType === planType && (symbols === undefined || symbols.has(o.inst.symbol)),
    );
    if (targets.length === 0) return [];
    this.run(() => {
      for (const o of targets)
        if (this.core.open.has(idKey(o.id))) cancelInternal(this.core, o, 'CancelByUser');
    });
    return targets.map(toView);
  }

  /**
   * Modifies an open order. Ordinary resting limit orders: price and/or qty (a price change or a qty increase
   * re-queues at the back; a decrease keeps priority; qty == cumExecQty fills the order). Untriggered plan orders:
   * triggerPrice, price, qty, activationPrice, trailingPercentage / trailingValue (OCO: qty only).
   */
  modifyOrder(req: ModifyOrderRequest): EngineResult<OrderView> {
    const acct = this.core.accounts.get(req.accountId);
    if (acct === undefined) return fail(ENGINE_ERRORS.param, 'unknown account');
    const o = findOpen(this.core, acct, req.orderId, req.clientOrderId);
    if (o === undefined) return fail(ENGINE_ERRORS.orderNotFound, 'order does not exist or is closed');
    // Validate completely first: a rejected modify leaves the order and the balances untouched.
    const change = guard(() =>
      o.status === 'Untriggered' ? planModify(this.core, o, req) : limitModify(this.core, o, req),
    );
    if (!change.ok) return change;
    this.run(change.value);
    return ok(toView(o));
  }

  /** Any order by id: open ones live, closed non-system ones from history (system orders vanish when closed). */
  getOrder(orderId: string): OrderView | undefined {
    const o = this.core.open.get(idKey(orderId));
    return o !== undefined ? toView(o) : this.core.closed.get(orderId);
  }

  /** An account's order by client order id. */
  getOrderByClientId(accountId: string, clientOrderId: string): OrderView | undefined {
    const id = this.core.accounts.get(accountId)?.clientIds.get(clientOrderId);
    return id === undefined ? undefined : this.getOrder(id);
  }

  /** Open orders (resting and untriggered), newest first. */
  openOrders(accountId: string, filter?: OpenOrdersFilter): OrderView[] {
    const acct = this.core.accounts.get(accountId);
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
    const acct = this.core.accounts.get(accountId);
    if (acct === undefined) return [];
    const out: OrderView[] = [];
    for (const id of acct.closed) {
      const v = this.core.closed.get(id);
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
    const acct = this.core.accounts.get(accountId);
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
    const inst = this.core.instruments.get(symbol);
    if (inst === undefined) return { symbol, bids: [], asks: [] };
    const fmt = ([p, s]: [number, number]): readonly [string, string] => [inst.price(p), inst.qty(s)];
    return { symbol, bids: inst.bids.top(limit).map(fmt), asks: inst.asks.top(limit).map(fmt) };
  }

  /** Best bid price. */
  bestBid(symbol: string): string | undefined {
    const inst = this.core.instruments.get(symbol);
    const l = inst?.bids.best();
    return inst === undefined || l === undefined ? undefined : inst.price(l.price);
  }

  /** Best ask price. */
  bestAsk(symbol: string): string | undefined {
    const inst = this.core.instruments.get(symbol);
    const l = inst?.asks.best();
    return inst === undefined || l === undefined ? undefined : inst.price(l.price);
  }

  /** Last trade price (or the one set by setLastPrice). */
  lastPrice(symbol: string): string | undefined {
    const inst = this.core.instruments.get(symbol);
    return inst === undefined || inst.last === 0 ? undefined : inst.price(inst.last);
  }

  /**
   * Sets the last price without a trade (market seeding), rounded half up to the tick, and evaluates triggers.
   * Throws on an unknown symbol or a non-positive / non-numeric price: callers are trusted startup code.
   */
  setLastPrice(symbol: string, price: string | number): void {
    const inst = this.core.instruments.get(symbol);
    if (inst === undefined) throw new Error(`engine: unknown symbol ${symbol}`);
    const ticks = Number(unitsOf(String(price), inst.pp));
    if (!(ticks > 0) || !Number.isSafeInteger(ticks)) throw new Error(`engine: bad price ${String(price)}`);
    this.run(() => {
      inst.last = ticks;
      this.core.enqueue(inst, ticks);
    });
  }

  // ───────────────────────────── persistence ─────────────────────────────

  /** Non-system state as plain JSON (open orders, capped history, balances, ids, last prices). */
  exportState(): EngineState {
    return exportState(this.core);
  }

  /**
   * Loads a persisted state: accounts (as non-system), balances, history, ids and last prices; open limit orders
   * re-enter the books in their saved priority (else createdTime, then id), plan orders wait untriggered again.
   * Call it before the market seeder places system orders so restored orders keep their place in the queues.
   */
  importState(state: EngineState): void {
    this.run(() => {
      importState(this.core, state);
    });
  }

  /** Rolls every non-system account back to a saved state (after a failed write); system liquidity stays. */
  restoreUsers(state: EngineState): void {
    this.run(() => {
      restoreUsers(this.core, state);
    });
  }

  /** One order as persisted: its view plus, while open, its engine-private state (undefined: unknown id). */
  orderRow(orderId: string): { view: OrderView; state: EngineOrderState | undefined } | undefined {
    const o = this.core.open.get(idKey(orderId));
    if (o !== undefined) return o.system ? undefined : { view: toView(o), state: orderStateOf(o) };
    const v = this.core.closed.get(orderId);
    return v === undefined ? undefined : { view: v, state: undefined };
  }

  /** An account's balances as exact atom strings (what the store writes). */
  rawBalances(accountId: string): { coin: string; free: string; locked: string }[] {
    return this.core.ledger
      .raw(accountId)
      .map(([coin, free, locked]) => ({ coin, free: fmtAtoms(free), locked: fmtAtoms(locked) }));
  }

  /** Id counters and last prices (persisted with every action). */
  counters(): { nextId: number; nextTradeId: number; lastPrice: Record<string, string> } {
    const lastPrice: Record<string, string> = {};
    for (const inst of this.core.instruments.values())
      if (inst.last > 0) lastPrice[inst.symbol] = inst.price(inst.last);
    return { nextId: this.core.nextId, nextTradeId: this.core.nextTradeId, lastPrice };
  }

  // ───────────────────────────── internals: call framing ─────────────────────────────

  /** Frames one public mutating call: clock read, trigger cascade, then coalesced level / wallet events. */
  private run<T>(fn: () => T): T {
    if (this.busy)
      throw new Error('engine: re-entrant call (listeners must not call the engine synchronously)');
    this.busy = true;
    this.core.time = this.now();
    try {
      const out = fn();
      this.settle();
      // Coins that came back to an account in debt repay it before anyone sees the balances.
      autoRepay(this.core);
      return out;
    } finally {
      try {
        this.flush();
      } finally {
        this.busy = false;
      }
    }
  }

  /** Sends the call's coalesced events: one `level` per changed price level, one `wallet` per touched account. */
  private flush(): void {
    const c = this.core;
    const l = c.listener;
    for (const inst of c.instruments.values()) {
      inst.bids.drain((p, s) => {
        l.level?.(inst.symbol, 'Buy', inst.price(p), inst.qty(s));
      });
      inst.asks.drain((p, s) => {
        l.level?.(inst.symbol, 'Sell', inst.price(p), inst.qty(s));
      });
    }
    for (const [acct, coins] of c.ledger.drainTouched()) l.wallet?.(acct, coins);
  }

  /** Processes trigger evaluations and TP/SL spawns until nothing is left (triggers may cascade). */
  private settle(): void {
    const c = this.core;
    for (;;) {
      const tpsl = c.pendingTpsl.shift();
      if (tpsl !== undefined) {
        spawnTpsl(c, tpsl);
        continue;
      }
      if (c.pendingHead < c.pendingInst.length) {
        const inst = c.pendingInst[c.pendingHead];
        const price = c.pendingPrice[c.pendingHead];
        c.pendingHead++;
        if (inst !== undefined && price !== undefined) evaluate(c, inst, price);
        continue;
      }
      break;
    }
    c.pendingInst.length = 0;
    c.pendingPrice.length = 0;
    c.pendingHead = 0;
  }

  /** Deposit (sign 1) or withdrawal (sign -1) of free funds. */
  private moveFunds(
    accountId: string,
    coin: string,
    amount: string,
    sign: 1 | -1,
  ): EngineResult<BalanceView> {
    const ledger = this.core.ledger;
    const acct = this.core.accounts.get(accountId);
    if (acct === undefined) return fail(ENGINE_ERRORS.param, 'unknown account');
    const d = parseDec(amount);
    const atoms = d === undefined ? undefined : toUnits(d, ATOM_DP);
    if (atoms === undefined || atoms === 0n || coin === '') {
      return fail(ENGINE_ERRORS.param, 'amount must be a positive number with at most 18 decimals');
    }
    if (acct.system) return ok(ledger.view(accountId, coin));
    const moved = this.run(() => {
      if (sign > 0) {
        ledger.credit(accountId, coin, atoms);
        return true;
      }
      return ledger.debit(accountId, coin, atoms);
    });
    return moved ? ok(ledger.view(accountId, coin)) : fail(ENGINE_ERRORS.balance, 'insufficient balance');
  }
}
