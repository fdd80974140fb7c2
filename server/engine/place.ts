/**
 * The create path of one order: symbol checks, validation, how much to lock (and for market orders sized against
 * the book, how far the balance reaches), the new order record, then the book or the trigger list.
 */

import type { Account, EngineCore } from './core';
import { fail, NO_LOT_CAP, ok } from './core';
import { coverNeed, spendable } from './borrow';
import { baseAtoms, limitNeed, planNeed } from './funds';
import { execute, walkBuy, walkSellValue } from './matching';
import type { Order } from './order';
import { isPlan, lockCoinOf, newOrder } from './order';
import type { EngineResult, PlaceOrderRequest } from './types';
import { ENGINE_ERRORS } from './types';
import { validatePlace } from './validate';

/** Creates an order for `acct` (validation included) inside the current call frame. */
export function place(core: EngineCore, acct: Account, req: PlaceOrderRequest): EngineResult<Order> {
  const inst = core.instruments.get(req.symbol);
  if (inst === undefined) return fail(ENGINE_ERRORS.invalidSymbol, 'unknown symbol');
  if (core.time < inst.openAt) return fail(ENGINE_ERRORS.symbolNotOpen, 'symbol is not open yet');
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
    // A margin order may spend what the lender would lend on top of the free balance (spot: free alone).
    const free = spendable(core, acct.id, coin, p.isLeverage);
    if (plan) lock = planNeed(inst, p, inst.reference());
    else if (p.orderType === 'Limit') lock = limitNeed(inst, p.side, p.priceTicks, p.qtyLots);
    else if (p.side === 'Buy' && p.marketUnit === 'quoteCoin') lock = p.amountAtoms;
    else if (p.side === 'Sell' && p.marketUnit === 'baseCoin') lock = baseAtoms(inst, p.qtyLots);
    else if (p.side === 'Buy') {
      const w = walkBuy(inst, p.qtyLots, free);
      if (w.lots === 0 && inst.asks.depth > 0) return fail(ENGINE_ERRORS.balance, 'insufficient balance');
      lock = w.cost;
      capped = w.lots < p.qtyLots && inst.asks.depth > 0;
    } else {
      const freeLots = Number(free / inst.lotAtoms);
      const w = walkSellValue(inst, p.amountAtoms, freeLots);
      if (w.lots === 0 && w.capped) return fail(ENGINE_ERRORS.balance, 'insufficient balance');
      lock = baseAtoms(inst, w.lots);
      lotCap = w.lots;
      capped = w.capped;
    }
    if (lock > free || !coverNeed(core, acct.id, coin, lock, p.isLeverage)) {
      return fail(ENGINE_ERRORS.balance, 'insufficient balance');
    }
  }

  const id = core.newId();
  let clientOrderId = req.clientOrderId;
  if (clientOrderId === '' && !acct.system) clientOrderId = core.uniqueClientId(acct, `sim-${id}`);
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
    time: core.time,
    ...(req.strategyId === undefined ? {} : { strategyId: req.strategyId, createType: req.createType ?? '' }),
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
    core.ledger.lock(acct.id, lockCoinOf(o), lock);
    o.locked = lock;
  }
  core.register(acct, o);
  if (plan) {
    inst.plans.push(o);
    core.emitOrder(o);
    core.enqueue(inst, inst.last);
  } else {
    execute(core, o);
  }
  return ok(o);
}
