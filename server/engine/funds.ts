/** How much an order must lock: quote atoms for buys, base atoms for sells. */

import { ceilDiv, pow10 } from './decimal';
import type { Dec } from './decimal';
import type { Instrument } from './instrument';
import type { Leg } from './order';
import type { MarketUnit, OrderType, PlanType, Side } from './types';

/** The order fields that decide its lock (satisfied by both a validated request and an order record). */
export interface LockShape {
  readonly side: Side;
  readonly planType: PlanType;
  readonly orderType: OrderType;
  readonly marketUnit: MarketUnit;
  readonly priceTicks: number;
  readonly qtyLots: number;
  readonly amountAtoms: bigint;
  readonly triggerTicks: number;
  readonly tp: Leg | undefined;
  readonly sl: Leg | undefined;
  readonly activationTicks: number;
  readonly trailRate: Dec | undefined;
  readonly trailValueTicks: number;
}

/** Base atoms of a lot count. */
export function baseAtoms(inst: Instrument, lots: number): bigint {
  return BigInt(lots) * inst.lotAtoms;
}

/** Budget of a market buy sized in base that fires at `ticks`: qty × price × 1.05, for slippage past the trigger. */
export function marketBuyBudget(inst: Instrument, ticks: number, lots: number): bigint {
  return ceilDiv(inst.value(ticks, lots) * 105n, 100n);
}

/** Highest price (ticks) a trailing buy can fire at, given where the trailing starts from. */
export function trailingBuyCeiling(s: LockShape, reference: number): number {
  const from = s.activationTicks > 0 ? s.activationTicks : reference;
  if (s.trailRate === undefined) return from + s.trailValueTicks;
  const den = pow10(s.trailRate.scale);
  return Number(ceilDiv(BigInt(from) * (den + s.trailRate.int), den));
}

/** Funds an ordinary limit order needs for `lots` unfilled lots. */
export function limitNeed(inst: Instrument, side: Side, priceTicks: number, lots: number): bigint {
  return side === 'Buy' ? inst.value(priceTicks, lots) : baseAtoms(inst, lots);
}

/** Funds an OCO / TP-SL pair needs: the larger of its legs' needs (only one leg ever fires). */
export function ocoNeed(
  inst: Instrument,
  side: Side,
  tp: Leg | undefined,
  sl: Leg | undefined,
  lots: number,
): bigint {
  if (side === 'Sell') return baseAtoms(inst, lots);
  let need = 0n;
  for (const leg of [tp, sl]) {
    if (leg === undefined) continue;
    const n =
      leg.orderType === 'Limit'
        ? inst.value(leg.limitTicks, lots)
        : marketBuyBudget(inst, leg.triggerTicks, lots);
    if (n > need) need = n;
  }
  return need;
}

/**
 * Funds a plan order (or a limit order) locks at placement; the lock moves to the order it spawns.
 * `reference` is the market price at placement (used by trailing buys sized in base).
 */
export function planNeed(inst: Instrument, s: LockShape, reference: number): bigint {
  if (s.planType === 10) return ocoNeed(inst, s.side, s.tp, s.sl, s.qtyLots);
  if (s.side === 'Sell') return baseAtoms(inst, s.qtyLots);
  if (s.orderType === 'Limit') return inst.value(s.priceTicks, s.qtyLots);
  if (s.marketUnit === 'quoteCoin') return s.amountAtoms;
  if (s.planType === 4 || s.planType === 5) {
    return marketBuyBudget(inst, trailingBuyCeiling(s, reference), s.qtyLots);
  }
  return marketBuyBudget(inst, s.triggerTicks, s.qtyLots);
}
