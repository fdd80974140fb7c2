/**
 * Engine state ↔ plain JSON: what `exportState` writes (non-system accounts only) and how `importState` rebuilds
 * books, plan lists, history and ids from it, including an open order from its persisted wire view.
 */

import type { EngineCore } from './core';
import { clientKey, CLOSED_ORDERS_CAP, EXECUTIONS_CAP, idKey } from './core';
import { parseDec, unitsOf } from './decimal';
import { limitNeed, planNeed } from './funds';
import type { Instrument } from './instrument';
import { ATOM_DP } from './ledger';
import type { Leg, Order } from './order';
import { fmtAtoms, isOpenStatus, newOrder, toView } from './order';
import type { EngineOrderState, EngineState, ExecutionView, OrderView } from './types';

/** Non-system state as plain JSON (open orders, capped history, balances, ids, last prices). */
export function exportState(core: EngineCore): EngineState {
  const orders: OrderView[] = [];
  const executions: ExecutionView[] = [];
  const balances: Record<string, Record<string, { free: string; locked: string }>> = {};
  const clientIds: Record<string, string> = {};
  const orderState: Record<string, EngineOrderState> = {};
  for (const acct of core.accounts.values()) {
    if (acct.system) continue;
    for (const o of acct.open.values()) {
      orders.push(toView(o));
      orderState[o.id] = orderStateOf(o);
    }
    for (const id of acct.closed.slice(-CLOSED_ORDERS_CAP)) {
      const v = core.closed.get(id);
      if (v !== undefined) orders.push(v);
    }
    executions.push(...acct.execs.slice(-EXECUTIONS_CAP));
    const bal: Record<string, { free: string; locked: string }> = {};
    for (const [coin, free, locked] of core.ledger.raw(acct.id)) {
      bal[coin] = { free: fmtAtoms(free), locked: fmtAtoms(locked) };
    }
    balances[acct.id] = bal;
    for (const [cid, id] of acct.clientIds) clientIds[clientKey(acct.id, cid)] = id;
  }
  const lastPrice: Record<string, string> = {};
  for (const inst of core.instruments.values())
    if (inst.last > 0) lastPrice[inst.symbol] = inst.price(inst.last);
  return {
    version: 1,
    nextId: core.nextId,
    nextTradeId: core.nextTradeId,
    orders,
    executions,
    balances,
    lastPrice,
    clientIds,
    orderState,
  };
}

/** The engine-private state of an open order, persisted beside its view. */
export function orderStateOf(o: Order): EngineOrderState {
  const st: { -readonly [K in keyof EngineOrderState]: EngineOrderState[K] } = { locked: fmtAtoms(o.locked) };
  if (o.level !== undefined) st.priority = o.priority;
  if (o.planType === 4 || o.planType === 5) {
    st.trailActive = o.trailActive;
    st.trailExtreme = o.inst.price(o.trailExtreme);
  }
  return st;
}

/**
 * Loads a persisted state into the core (the caller frames it as one engine call): accounts (as non-system),
 * balances, history, ids and last prices; open limit orders re-enter the books in their saved priority (else
 * createdTime, then id), plan orders wait untriggered again.
 */
export function importState(core: EngineCore, state: EngineState): void {
  core.nextId = Math.max(core.nextId, state.nextId);
  core.nextTradeId = Math.max(core.nextTradeId, state.nextTradeId ?? 1);
  for (const [accountId, coins] of Object.entries(state.balances)) {
    core.addAccount(accountId, false);
    for (const [coin, b] of Object.entries(coins)) {
      core.ledger.set(accountId, coin, unitsOf(b.free, ATOM_DP), unitsOf(b.locked, ATOM_DP));
    }
  }
  for (const [symbol, price] of Object.entries(state.lastPrice)) {
    const inst = core.instruments.get(symbol);
    if (inst !== undefined) inst.last = Number(unitsOf(price, inst.pp));
  }
  const resting: [Order, number | undefined][] = [];
  const plans: Order[] = [];
  const closed: OrderView[] = [];
  for (const v of state.orders) {
    const inst = core.instruments.get(v.symbol);
    if (inst === undefined) continue;
    core.addAccount(v.accountId, false);
    const idNum = Number(v.orderId);
    if (Number.isSafeInteger(idNum) && idNum >= core.nextId) core.nextId = idNum + 1;
    if (!isOpenStatus(v.orderStatus)) {
      closed.push(v);
      continue;
    }
    const st = state.orderState?.[v.orderId];
    const o = fromView(v, inst, st);
    const acct = core.accounts.get(v.accountId);
    if (acct === undefined) continue;
    core.open.set(idKey(o.id), o);
    acct.open.set(idKey(o.id), o);
    if (o.status === 'Untriggered') plans.push(o);
    else resting.push([o, st?.priority]);
  }
  // Saved priorities when every resting order has one (exact queues), else creation time then id.
  const exact = resting.every(([, p]) => p !== undefined);
  resting.sort(([a, pa], [b, pb]) =>
    exact ? (pa ?? 0) - (pb ?? 0) : a.createdTime - b.createdTime || a.idNum - b.idNum,
  );
  for (const [o] of resting) {
    o.priority = core.nextPriority++;
    o.inst.own(o.side).add(o, o.priceTicks);
  }
  plans.sort((a, b) => a.createdTime - b.createdTime || a.idNum - b.idNum);
  for (const o of plans) o.inst.plans.push(o);
  closed.sort((a, b) => a.updatedTime - b.updatedTime || Number(a.orderId) - Number(b.orderId));
  for (const v of closed) {
    const acct = core.accounts.get(v.accountId);
    if (acct === undefined) continue;
    core.closed.set(v.orderId, v);
    acct.closed.push(v.orderId);
  }
  const execs = [...state.executions].sort(
    (a, b) => a.execTime - b.execTime || Number(a.execId) - Number(b.execId),
  );
  for (const e of execs) {
    core.addAccount(e.accountId, false);
    core.accounts.get(e.accountId)?.execs.push(e);
    const n = Number(e.execId);
    if (Number.isSafeInteger(n) && n >= core.nextId) core.nextId = n + 1;
    const t = Number(e.tradeId);
    if (Number.isSafeInteger(t) && t >= core.nextTradeId) core.nextTradeId = t + 1;
  }
  for (const [key, id] of Object.entries(state.clientIds)) {
    const parsed: unknown = JSON.parse(key);
    if (!Array.isArray(parsed) || typeof parsed[0] !== 'string' || typeof parsed[1] !== 'string') continue;
    core.addAccount(parsed[0], false);
    core.accounts.get(parsed[0])?.clientIds.set(parsed[1], id);
  }
}

/** Rebuilds an open order from its persisted view (plus engine-private state when saved). */
function fromView(v: OrderView, inst: Instrument, st: EngineOrderState | undefined): Order {
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
    ...(v.strategyId === undefined ? {} : { strategyId: v.strategyId, createType: v.createType ?? '' }),
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
