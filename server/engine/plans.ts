/**
 * Plan orders in motion: evaluating them against a trade price, firing them into ordinary child orders, and
 * creating the OCO of a filled TP/SL order. The trigger rules themselves live in `triggers.ts`.
 */

import type { EngineCore } from './core';
import { NO_LOT_CAP, opposite } from './core';
import { baseAtoms, ocoNeed } from './funds';
import type { Instrument } from './instrument';
import { close, execute } from './matching';
import type { Order } from './order';
import { lockCoinOf, newOrder, trailingStopTicks } from './order';
import type { TriggerHit } from './triggers';
import { evaluatePlan, legDirection } from './triggers';

/** Evaluates the symbol's plan orders against one trade price and fires those whose condition holds. */
export function evaluate(core: EngineCore, inst: Instrument, price: number): void {
  if (inst.plans.length === 0) return;
  let fired: [Order, TriggerHit][] | undefined;
  for (const p of inst.plans) {
    const trailing = p.planType === 4 || p.planType === 5;
    const stopBefore = trailing ? trailingStopTicks(p) : 0;
    const hit = evaluatePlan(p, price);
    if (hit !== 'none') (fired ??= []).push([p, hit]);
    else if (trailing && trailingStopTicks(p) !== stopBefore) {
      // The trailing stop moved: the client shows it as the trigger price.
      p.updatedTime = core.time;
      p.rev++;
      core.emitOrder(p);
    }
  }
  if (fired === undefined) return;
  const gone = new Set(fired.map(([p]) => p));
  inst.plans = inst.plans.filter((p) => !gone.has(p));
  for (const [p, hit] of fired) trigger(core, p, hit);
}

/** Fires a plan order: it becomes Triggered (final) and its lock moves to the ordinary order it spawns. */
function trigger(core: EngineCore, plan: Order, hit: TriggerHit): void {
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
  close(core, plan, 'Triggered');
  const acct = core.accounts.get(plan.accountId);
  if (acct === undefined) return;
  const id = core.newId();
  const child = newOrder({
    id,
    idNum: Number(id),
    accountId: plan.accountId,
    system: plan.system,
    clientOrderId: plan.clientOrderId === '' ? '' : core.uniqueClientId(acct, `${plan.clientOrderId}-T`),
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
    time: core.time,
  });
  if (child.orderType === 'Market' && child.marketUnit === 'quoteCoin') child.leavesLots = NO_LOT_CAP;
  child.locked = lock;
  if (child.orderType === 'Limit' && child.side === 'Buy' && !child.system) {
    // An OCO locked for its dearer leg; the limit child needs exactly limit × qty.
    const need = inst.value(child.priceTicks, child.qtyLots);
    if (lock > need) {
      core.ledger.unlock(child.accountId, inst.quote, lock - need);
      child.locked = need;
    }
  }
  core.register(acct, child);
  execute(core, child);
}

/** Creates the OCO of a completely filled TP/SL limit order, sized by what the fill delivered. */
export function spawnTpsl(core: EngineCore, o: Order): void {
  if (o.tp === undefined && o.sl === undefined) return;
  const acct = core.accounts.get(o.accountId);
  if (acct === undefined) return;
  const inst = o.inst;
  const side = opposite(o.side);
  // A buy received base net of its base fee; sell exactly that (whole lots). A sell's OCO buys back its qty.
  let lots = side === 'Sell' ? Number((baseAtoms(inst, o.filledLots) - o.fee) / inst.lotAtoms) : o.filledLots;
  let need = ocoNeed(inst, side, o.tp, o.sl, lots);
  if (!o.system) {
    const free = core.ledger.free(o.accountId, side === 'Buy' ? inst.quote : inst.base);
    if (need > free && need > 0n) {
      lots = Number((BigInt(lots) * free) / need);
      need = ocoNeed(inst, side, o.tp, o.sl, lots);
      while (lots > 0 && need > free) need = ocoNeed(inst, side, o.tp, o.sl, --lots);
    }
  }
  if (lots <= 0) return;
  const id = core.newId();
  const oco = newOrder({
    id,
    idNum: Number(id),
    accountId: o.accountId,
    system: o.system,
    clientOrderId: o.clientOrderId === '' ? '' : core.uniqueClientId(acct, `${o.clientOrderId}-TPSL`),
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
    time: core.time,
  });
  oco.tp = o.tp;
  oco.sl = o.sl;
  if (!o.system && need > 0n) {
    core.ledger.lock(o.accountId, lockCoinOf(oco), need);
    oco.locked = need;
  }
  core.register(acct, oco);
  inst.plans.push(oco);
  core.emitOrder(oco);
  core.enqueue(inst, inst.last);
}
