/**
 * Modify of an open order, in two steps: validate completely (throwing `Reject`) and return the mutation, which
 * the engine then runs inside its call frame. A rejected modify so leaves the order and balances untouched.
 */

import type { EngineCore } from './core';
import { crosses } from './core';
import { limitNeed, planNeed } from './funds';
import { close, execute } from './matching';
import type { Order } from './order';
import { lockCoinOf } from './order';
import { directionOf } from './triggers';
import type { ModifyOrderRequest } from './types';
import { ENGINE_ERRORS } from './types';
import { checkQtyLimits, checkRate, optional, priceTicks, qtyLots, Reject, required } from './validate';

/** A modify field counts as given when present and non-empty. */
function present(text: string | undefined): text is string {
  return text !== undefined && text !== '';
}

/** Moves an order's lock to `need`, locking or releasing the difference (non-system orders only). */
function relock(core: EngineCore, o: Order, need: bigint): void {
  if (o.system) return;
  if (need > o.locked) core.ledger.lock(o.accountId, lockCoinOf(o), need - o.locked);
  else core.ledger.unlock(o.accountId, lockCoinOf(o), o.locked - need);
  o.locked = need;
}

/** Throws the balance error when the account cannot lock `need` on top of what the order already holds. */
function checkRelock(core: EngineCore, o: Order, need: bigint): void {
  if (!o.system && need > o.locked && core.ledger.free(o.accountId, lockCoinOf(o)) < need - o.locked) {
    throw new Reject(ENGINE_ERRORS.balance, 'insufficient balance');
  }
}

/** Validates a modify of a resting limit order; returns the mutation to run inside the call frame. */
export function limitModify(core: EngineCore, o: Order, req: ModifyOrderRequest): () => void {
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
      close(core, o, 'Filled');
    };
  }
  checkQtyLimits(inst, newQty);
  const newLeaves = newQty - o.filledLots;
  const need = limitNeed(inst, o.side, newPrice, newLeaves);
  checkRelock(core, o, need);
  const priceChanged = newPrice !== o.priceTicks;
  const best = inst.opposite(o.side).best();
  if (o.timeInForce === 'PostOnly' && best !== undefined && crosses(o.side, newPrice, best.price)) {
    throw new Reject(ENGINE_ERRORS.postOnlyWouldTake, 'post-only order would take liquidity');
  }
  return () => {
    relock(core, o, need);
    o.updatedTime = core.time;
    o.rev++;
    if (!priceChanged && newLeaves <= o.leavesLots) {
      side.reduce(o, o.leavesLots - newLeaves);
      o.qtyLots = newQty;
      core.emitOrder(o);
      return;
    }
    side.remove(o);
    o.priceTicks = newPrice;
    o.qtyLots = newQty;
    o.leavesLots = newLeaves;
    execute(core, o);
  };
}

/** Validates a modify of an untriggered plan order; returns the mutation to run inside the call frame. */
export function planModify(core: EngineCore, o: Order, req: ModifyOrderRequest): () => void {
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
    activationTicks: has.activation ? priceTicks(inst, activationDec, 'activationPrice') : o.activationTicks,
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
  checkRelock(core, o, need);
  return () => {
    relock(core, o, need);
    o.priceTicks = next.priceTicks;
    o.triggerTicks = next.triggerTicks;
    o.triggerDirection = direction;
    o.activationTicks = next.activationTicks;
    o.trailRate = next.trailRate;
    o.trailValueTicks = next.trailValueTicks;
    o.qtyLots = next.qtyLots;
    o.leavesLots = next.qtyLots;
    o.updatedTime = core.time;
    o.rev++;
    core.emitOrder(o);
    core.enqueue(inst, inst.last);
  };
}
