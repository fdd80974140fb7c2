/** Test vocabulary for the engine: a simple symbol, a recording listener and order shorthands. */

import { expect } from 'vitest';
import { Engine } from '../../../../server/engine/engine';
import type { EngineOptions } from '../../../../server/engine/engine';
import type {
  EngineListener,
  EngineResult,
  ExecutionView,
  OrderView,
  PlaceOrderRequest,
  PublicTrade,
  Side,
} from '../../../../server/engine/types';
import { SYMBOLS } from '../../../../server/market/symbols';
import type { SymbolSpec } from '../../../../server/market/symbols';

/** Round numbers: price 0.01, qty 0.0001, min value 1, max value 1,000,000. */
export const TEST: SymbolSpec = {
  symbol: 'TSTUSDT',
  symbolId: 99,
  base: 'TST',
  quote: 'USDT',
  baseTokenId: 99,
  quoteTokenId: 1,
  pricePrecision: 2,
  quantityPrecision: 4,
  amountPrecision: 6,
  minQty: '0.0001',
  maxQty: '1000',
  minAmount: '1',
  maxAmount: '1000000',
  digitMerge: '0.01,0.1,1',
  mark: '',
  tradeStatus: 1,
  isBanBuy: false,
  isBanSell: false,
  ltDirection: '',
  quoteTokenLeverageRatio: '0',
  seedPrice: 100,
  openInMs: 0,
  quota: '',
  notice: '',
};

/** Everything the engine told the listener, in order. */
export interface Recorded {
  orders: OrderView[];
  executions: ExecutionView[];
  trades: PublicTrade[];
  levels: [string, Side, string, string][];
  wallets: [string, readonly string[]][];
}

/** A fresh recorder and the listener that fills it. */
export function recorder(): { events: Recorded; listener: EngineListener } {
  const events: Recorded = { orders: [], executions: [], trades: [], levels: [], wallets: [] };
  const listener: EngineListener = {
    order: (o) => events.orders.push(o),
    execution: (e) => events.executions.push(e),
    trade: (t) => events.trades.push(t),
    level: (s, side, p, q) => events.levels.push([s, side, p, q]),
    wallet: (a, coins) => events.wallets.push([a, coins]),
  };
  return { events, listener };
}

/** The test world: an engine over TEST plus the catalogue, a ticking clock, a system market maker "mm". */
export interface World {
  engine: Engine;
  events: Recorded;
  clock: { t: number };
}

/** Builds an engine whose clock advances 1 ms per call (distinct createdTimes). */
export function world(opts: Partial<EngineOptions> = {}): World {
  const clock = { t: 1_700_000_000_000 };
  const { events, listener } = recorder();
  const engine = new Engine({
    symbols: [TEST, ...SYMBOLS],
    now: () => ++clock.t,
    listener,
    ...opts,
  });
  engine.addAccount('mm', { system: true });
  engine.addAccount('mm2', { system: true });
  return { engine, events, clock };
}

/** Adds a funded user account. */
export function fund(engine: Engine, accountId: string, coins: Record<string, string>): void {
  engine.addAccount(accountId);
  for (const [coin, amount] of Object.entries(coins)) expectOk(engine.deposit(accountId, coin, amount));
}

/** Unwraps an ok result (fails the test otherwise). */
export function expectOk<T>(r: EngineResult<T>): T {
  if (!r.ok) throw new Error(`expected ok, got ${r.code} ${r.message}`);
  return r.value;
}

/** Asserts an error result with this code. */
export function expectCode<T>(r: EngineResult<T>, code: number): void {
  expect(r.ok ? 'ok' : r.code).toBe(code);
}

let cid = 0;

/** Places a limit order on TSTUSDT (GTC unless overridden). */
export function limit(
  engine: Engine,
  accountId: string,
  side: Side,
  price: string,
  qty: string,
  extra: Partial<PlaceOrderRequest> = {},
): OrderView {
  return expectOk(
    engine.placeOrder({
      accountId,
      clientOrderId: `t${++cid}`,
      symbol: 'TSTUSDT',
      side,
      orderType: 'Limit',
      price,
      qty,
      ...extra,
    }),
  );
}

/** Places a market order on TSTUSDT. */
export function market(
  engine: Engine,
  accountId: string,
  side: Side,
  extra: Partial<PlaceOrderRequest>,
): OrderView {
  return expectOk(
    engine.placeOrder({
      accountId,
      clientOrderId: `t${++cid}`,
      symbol: 'TSTUSDT',
      side,
      orderType: 'Market',
      ...extra,
    }),
  );
}

/** Free and locked of one coin as strings. */
export function bal(engine: Engine, accountId: string, coin: string): [string, string] {
  const b = engine.balance(accountId, coin);
  return [b.free, b.locked];
}

/** Current view of an order (fails if unknown). */
export function order(engine: Engine, orderId: string): OrderView {
  const v = engine.getOrder(orderId);
  if (v === undefined) throw new Error(`no order ${orderId}`);
  return v;
}
