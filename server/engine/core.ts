/**
 * The engine's internal state, shared by the facade (`engine.ts`) and its collaborators (`place.ts`,
 * `matching.ts`, `plans.ts`, `modify.ts`, `persistence.ts`). Nothing outside `server/engine/` imports this: the
 * public contract stays `types.ts` plus `Engine`.
 */

import type { Dec } from './decimal';
import { formatDec, parseDec } from './decimal';
import { Instrument } from './instrument';
import { Ledger } from './ledger';
import type { Order } from './order';
import { toView } from './order';
import type {
  EngineListener,
  EngineResult,
  ExecutionView,
  InstrumentSpec,
  Lender,
  OrderView,
  Side,
} from './types';

/** Closed orders kept per account (memory and persistence). */
export const CLOSED_ORDERS_CAP = 2000;
/** Executions kept per account (memory and persistence). */
export const EXECUTIONS_CAP = 5000;
/** Trimming happens in batches of this many, so appends stay O(1) amortised. */
export const CAP_SLACK = 256;
/** Lot cap of a market order sized by value: unbounded, the value budget stops it. */
export const NO_LOT_CAP = Number.MAX_SAFE_INTEGER;

/** One account's orders, history and client ids. */
export interface Account {
  readonly id: string;
  readonly system: boolean;
  /** Open orders by `idKey(id)`. */
  readonly open: Map<OrderKey, Order>;
  /** Ids of closed orders in closing order (non-system only). */
  closed: string[];
  /** Newest last (non-system only). */
  execs: ExecutionView[];
  /** clientOrderId → orderId; forever for non-system accounts, while open for system ones. */
  readonly clientIds: Map<string, string>;
}

/** What the core needs to be built: the engine's options minus the clock. */
export interface CoreOptions {
  readonly symbols: readonly InstrumentSpec[];
  readonly listener?: EngineListener;
  readonly makerFee?: string;
  readonly takerFee?: string;
  readonly openAt?: Readonly<Record<string, number>>;
}

/** A successful engine result. */
export function ok<T>(value: T): EngineResult<T> {
  return { ok: true, value };
}

/** A failed engine result. */
export function fail(code: number, message: string): { ok: false; code: number; message: string } {
  return { ok: false, code, message };
}

/** The other side. */
export function opposite(side: Side): Side {
  return side === 'Buy' ? 'Sell' : 'Buy';
}

/** Whether an order at `limit` trades against a resting price. */
export function crosses(side: Side, limit: number, resting: number): boolean {
  return side === 'Buy' ? resting <= limit : resting >= limit;
}

/** The persisted key of a client order id (unique per account). */
export function clientKey(accountId: string, clientOrderId: string): string {
  return JSON.stringify([accountId, clientOrderId]);
}

/**
 * The mutable state of one engine plus the few bookkeeping steps every collaborator needs (ids, registration,
 * order events, the trigger queue). Fields are public on purpose: this object is the explicit context the
 * collaborator functions take instead of `this`.
 */
export class EngineCore {
  readonly listener: EngineListener;
  readonly makerRate: Dec;
  readonly takerRate: Dec;
  /** Fee rates as the wire prints them. */
  readonly makerFee: string;
  readonly takerFee: string;
  readonly instruments = new Map<string, Instrument>();
  readonly accounts = new Map<string, Account>();
  readonly ledger = new Ledger();
  /** Every open order, system ones included, by `idKey(id)`. */
  readonly open = new Map<OrderKey, Order>();
  /** Snapshots of closed non-system orders (closed orders never change). */
  readonly closed = new Map<string, OrderView>();
  nextId = 1;
  nextTradeId = 1;
  nextPriority = 1;
  /** Clock value of the current call. */
  time = 0;
  // Trade prices waiting for trigger evaluation, FIFO (parallel arrays: no allocation per trade).
  readonly pendingInst: Instrument[] = [];
  readonly pendingPrice: number[] = [];
  pendingHead = 0;
  /** Completely filled TP/SL limit orders whose OCO is still to be created. */
  readonly pendingTpsl: Order[] = [];
  /** Who lends to margin orders (set by `Engine.setLender`); undefined: margin orders cannot borrow. */
  lender: Lender | undefined = undefined;

  constructor(opts: CoreOptions) {
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

  /** Registers an account; calling again for a known account changes nothing. */
  addAccount(accountId: string, system: boolean): void {
    if (this.accounts.has(accountId)) return;
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

  /** The next order / execution id. */
  newId(): string {
    return String(this.nextId++);
  }

  /** A client id not yet used by the account: `base`, else `base-2`, `base-3`, … */
  uniqueClientId(acct: Account, base: string): string {
    if (!acct.clientIds.has(base)) return base;
    for (let n = 2; ; n++) {
      const c = `${base}-${n}`;
      if (!acct.clientIds.has(c)) return c;
    }
  }

  /** Makes a new order open: indexed by id, under its account, and by client id. */
  register(acct: Account, o: Order): void {
    const key = idKey(o.id);
    this.open.set(key, o);
    acct.open.set(key, o);
    if (o.clientOrderId !== '') acct.clientIds.set(o.clientOrderId, o.id);
  }

  /** Sends an `order` event when a non-system order changed since the last one. */
  emitOrder(o: Order): void {
    if (o.system || o.emittedRev === o.rev) return;
    o.emittedRev = o.rev;
    this.listener.order?.(toView(o));
  }

  /** Queues a price for trigger evaluation (skipped when the symbol has no plan orders: the common case). */
  enqueue(inst: Instrument, price: number): void {
    if (inst.plans.length === 0 || price <= 0) return;
    const n = this.pendingInst.length;
    if (n > this.pendingHead && this.pendingInst[n - 1] === inst && this.pendingPrice[n - 1] === price)
      return;
    this.pendingInst.push(inst);
    this.pendingPrice.push(price);
  }
}

/** A key of the open-order maps: the id's number when the id is a canonical decimal integer, else the id itself. */
export type OrderKey = number | string;

/**
 * The open-order maps' key of an order id. Ids are decimal integers (`newId`), and a number keys a Map far more
 * cheaply than the id string: with a thousand resting orders, string-keyed lookups (each id a separate, not
 * internalised string) made every engine action ~20 % slower (issue 23's storm bench). An id that is not canonical
 * (`"007"`, `"1e3"`, `"x"`) keys as itself, so it can only ever find an order with exactly that id.
 */
export function idKey(id: string): OrderKey {
  const n = Number(id);
  return Number.isSafeInteger(n) && n >= 0 && String(n) === id ? n : id;
}

/** An account's open order by id, else by client id. */
export function findOpen(
  core: EngineCore,
  acct: Account,
  orderId?: string,
  clientOrderId?: string,
): Order | undefined {
  let id = orderId !== undefined && orderId !== '' ? orderId : undefined;
  if (id === undefined && clientOrderId !== undefined && clientOrderId !== '')
    id = acct.clientIds.get(clientOrderId);
  if (id === undefined) return undefined;
  const o = core.open.get(idKey(id));
  return o !== undefined && o.accountId === acct.id ? o : undefined;
}
