/**
 * Matching: an ordinary order against the book in price-time priority, the fills it makes (balances, executions,
 * trades) and the final transition of an order. Functions take the engine's state (`EngineCore`) explicitly.
 */

import type { EngineCore } from './core';
import { CAP_SLACK, CLOSED_ORDERS_CAP, crosses, EXECUTIONS_CAP, idKey } from './core';
import { pow10 } from './decimal';
import { baseAtoms } from './funds';
import type { Instrument } from './instrument';
import type { Order } from './order';
import { feeCoinOf, fmtAtoms, isPlan, lockCoinOf, toView } from './order';
import type { ExecutionView, OrderStatus } from './types';

/** Why matching stopped: taker filled, limit price reached, book empty, or market budget spent. */
type StopReason = 'filled' | 'price' | 'empty' | 'budget';

/** Lots a market buy sized in base can take from the asks with `budget` quote atoms, and their cost. */
export function walkBuy(inst: Instrument, lots: number, budget: bigint): { lots: number; cost: bigint } {
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
export function walkSellValue(
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
export function execute(core: EngineCore, o: Order): void {
  const inst = o.inst;
  const opp = inst.opposite(o.side);
  if (o.orderType === 'Limit') {
    const best = opp.best();
    const crossing = best !== undefined && crosses(o.side, o.priceTicks, best.price);
    if (o.timeInForce === 'PostOnly' && crossing) {
      close(core, o, 'Cancelled', 'CancelByPostOnly');
      return;
    }
    if (o.timeInForce === 'FOK' && !fillable(o)) {
      close(core, o, 'Cancelled', 'CancelByFOK');
      return;
    }
    if (crossing) match(core, o);
    if (o.status === 'Filled') close(core, o);
    else if (o.timeInForce === 'IOC' || o.timeInForce === 'FOK') {
      close(core, o, o.filledLots > 0 ? 'PartiallyFilledCanceled' : 'Cancelled', 'CancelByIOC');
    } else rest(core, o);
    return;
  }
  const stop = match(core, o);
  if (o.status === 'Filled') {
    close(core, o);
    return;
  }
  let status: OrderStatus;
  if (o.filledLots === 0) status = 'Cancelled';
  else if (o.marketUnit === 'quoteCoin' && !o.capped && (stop !== 'empty' || o.execValue === o.amountAtoms)) {
    // Sized by value: done when the rest cannot buy (or sell for) one more lot.
    status = 'Filled';
  } else status = 'PartiallyFilledCanceled';
  close(core, o, status, '');
}

/** Whether a FOK limit order can fill completely within its limit right now. */
function fillable(o: Order): boolean {
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
function budgetOf(o: Order): bigint | undefined {
  if (o.orderType !== 'Market') return undefined;
  if (o.marketUnit === 'quoteCoin') return o.amountAtoms - o.execValue;
  if (o.side === 'Buy' && !o.system) return o.locked;
  return undefined;
}

/** Matches an incoming order against the opposite side in price-time priority. */
function match(core: EngineCore, o: Order): StopReason {
  const inst = o.inst;
  const opp = inst.opposite(o.side);
  const limit = o.orderType === 'Limit';
  for (;;) {
    if (o.leavesLots <= 0) return 'filled';
    const level = opp.best();
    if (level === undefined) return 'empty';
    if (limit && !crosses(o.side, o.priceTicks, level.price)) return 'price';
    let lots = o.leavesLots;
    const budget = budgetOf(o);
    if (budget !== undefined) {
      const afford = budget / inst.value(level.price, 1);
      if (afford < BigInt(lots)) lots = Number(afford);
      if (lots === 0) return 'budget';
    }
    const maker = level.front();
    if (maker === undefined) return 'empty';
    if (maker.leavesLots < lots) lots = maker.leavesLots;
    fill(core, maker, o, level.price, lots);
  }
}

/** One trade between a resting maker and the incoming taker. */
function fill(core: EngineCore, maker: Order, taker: Order, price: number, lots: number): void {
  const inst = taker.inst;
  const value = inst.value(price, lots);
  inst.opposite(taker.side).reduce(maker, lots);
  taker.leavesLots -= lots;
  maker.status = maker.leavesLots === 0 ? 'Filled' : 'PartiallyFilled';
  taker.status =
    taker.leavesLots === 0 && (taker.orderType === 'Limit' || taker.marketUnit === 'baseCoin')
      ? 'Filled'
      : 'PartiallyFilled';
  const tradeId = core.nextTradeId++;
  inst.last = price;
  // Optional call: the trade object is only built when someone listens.
  core.listener.trade?.({
    tradeId: String(tradeId),
    symbol: inst.symbol,
    price: inst.price(price),
    qty: inst.qty(lots),
    side: taker.side,
    time: core.time,
    seq: tradeId,
  });
  settleFill(core, maker, true, price, lots, value, tradeId);
  settleFill(core, taker, false, price, lots, value, tradeId);
  if (maker.leavesLots === 0) close(core, maker);
  core.enqueue(inst, price);
}

/** Books one fill on one order: amounts, balances (exact), execution record and events. */
function settleFill(
  core: EngineCore,
  o: Order,
  isMaker: boolean,
  price: number,
  lots: number,
  value: bigint,
  tradeId: number,
): void {
  o.filledLots += lots;
  o.execValue += value;
  o.updatedTime = core.time;
  o.rev++;
  if (o.system) return;
  const inst = o.inst;
  const acct = o.accountId;
  const ledger = core.ledger;
  const rate = isMaker ? core.makerRate : core.takerRate;
  let fee: bigint;
  if (o.side === 'Buy') {
    // A limit buy reserved its limit price per lot; a fill at a better price refunds the difference.
    let release = o.orderType === 'Limit' ? inst.value(o.priceTicks, lots) : value;
    if (release > o.locked) release = o.locked;
    o.locked -= release;
    ledger.spendLocked(acct, inst.quote, value);
    if (release > value) ledger.unlock(acct, inst.quote, release - value);
    const got = baseAtoms(inst, lots);
    fee = (got * rate.int) / pow10(rate.scale);
    ledger.credit(acct, inst.base, got - fee);
  } else {
    const gave = baseAtoms(inst, lots);
    o.locked -= gave;
    ledger.spendLocked(acct, inst.base, gave);
    fee = (value * rate.int) / pow10(rate.scale);
    ledger.credit(acct, inst.quote, value - fee);
  }
  o.fee += fee;
  const leaves =
    o.orderType === 'Limit' ? o.leavesLots : o.marketUnit === 'baseCoin' ? o.qtyLots - o.filledLots : 0;
  const exec: ExecutionView = {
    execId: core.newId(),
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
    feeRate: isMaker ? core.makerFee : core.takerFee,
    isMaker,
    execTime: core.time,
    planType: o.planType,
    isLeverage: o.isLeverage,
    marketUnit: o.marketUnit,
    tradeId: String(tradeId),
  };
  const account = core.accounts.get(acct);
  if (account !== undefined) {
    account.execs.push(exec);
    if (account.execs.length > EXECUTIONS_CAP + CAP_SLACK)
      account.execs = account.execs.slice(-EXECUTIONS_CAP);
  }
  core.listener.execution?.(exec);
  core.emitOrder(o);
}

/** Puts the unfilled remainder of a limit order on the book (back of its price level). */
function rest(core: EngineCore, o: Order): void {
  o.status = o.filledLots > 0 ? 'PartiallyFilled' : 'New';
  o.priority = core.nextPriority++;
  o.inst.own(o.side).add(o, o.priceTicks);
  core.emitOrder(o);
}

/** Final transition: leaves the book / trigger list, releases what is still locked, moves to history. */
export function close(core: EngineCore, o: Order, status?: OrderStatus, cancelType?: string): void {
  if (status !== undefined && (status !== o.status || (cancelType ?? o.cancelType) !== o.cancelType)) {
    o.status = status;
    if (cancelType !== undefined) o.cancelType = cancelType;
    o.updatedTime = core.time;
    o.rev++;
  }
  if (o.level !== undefined) o.inst.own(o.side).remove(o);
  if (isPlan(o.planType)) {
    const i = o.inst.plans.indexOf(o);
    if (i >= 0) o.inst.plans.splice(i, 1);
  }
  if (o.locked > 0n) {
    if (!o.system) core.ledger.unlock(o.accountId, lockCoinOf(o), o.locked);
    o.locked = 0n;
  }
  const key = idKey(o.id);
  core.open.delete(key);
  const acct = core.accounts.get(o.accountId);
  if (acct !== undefined) {
    acct.open.delete(key);
    if (o.system) {
      if (o.clientOrderId !== '') acct.clientIds.delete(o.clientOrderId);
    } else {
      core.closed.set(o.id, toView(o));
      acct.closed.push(o.id);
      if (acct.closed.length > CLOSED_ORDERS_CAP + CAP_SLACK) {
        for (const id of acct.closed.splice(0, acct.closed.length - CLOSED_ORDERS_CAP))
          core.closed.delete(id);
      }
    }
  }
  core.emitOrder(o);
  if (o.planType === 11 && o.status === 'Filled') core.pendingTpsl.push(o);
}

/** Cancels an open order: `Cancelled`, or `PartiallyFilledCanceled` for an ordinary order with fills. */
export function cancelInternal(core: EngineCore, o: Order, cancelType: string): void {
  const status: OrderStatus =
    isPlan(o.planType) || o.filledLots === 0 ? 'Cancelled' : 'PartiallyFilledCanceled';
  close(core, o, status, cancelType);
}
