/** Trigger rules of plan orders, evaluated against each new last price (ticks). */

import type { Order } from './order';
import { trailingStopTicks } from './order';
import type { Side } from './types';

/** What a price did to a plan order: nothing, fired (conditional / trailing), or fired one OCO leg. */
export type TriggerHit = 'none' | 'fire' | 'tp' | 'sl';

/** 1 = fires when the price rises to the trigger, 2 = when it falls to it. */
export type Direction = 1 | 2;

/** Direction of a conditional trigger placed while the market is at `reference`. */
export function directionOf(triggerTicks: number, reference: number): Direction {
  return triggerTicks > reference ? 1 : 2;
}

/** Whether a price reached a trigger in the given direction. */
export function reached(direction: Direction, triggerTicks: number, last: number): boolean {
  return direction === 1 ? last >= triggerTicks : last <= triggerTicks;
}

/** Direction of an OCO leg: a sell takes profit above the market and stops out below; a buy the reverse. */
export function legDirection(side: Side, leg: 'tp' | 'sl'): Direction {
  return (side === 'Sell') === (leg === 'tp') ? 1 : 2;
}

/**
 * Advances a trailing order with a new price: activation, then the peak (sell) / trough (buy), then the stop test.
 * Mutates the order's trail state.
 */
export function stepTrailing(o: Order, last: number): boolean {
  const sell = o.side === 'Sell';
  if (!o.trailActive) {
    const a = o.activationTicks;
    if (a !== 0 && (sell ? last < a : last > a)) return false;
    o.trailActive = true;
    o.trailExtreme = last;
    return false;
  }
  if (sell ? last > o.trailExtreme : last < o.trailExtreme) o.trailExtreme = last;
  const stop = trailingStopTicks(o);
  return sell ? last <= stop : last >= stop;
}

/** Evaluates one untriggered plan order against a new last price. */
export function evaluatePlan(o: Order, last: number): TriggerHit {
  switch (o.planType) {
    case 1:
    case 8:
      return o.triggerDirection !== 0 && reached(o.triggerDirection, o.triggerTicks, last) ? 'fire' : 'none';
    case 10:
      if (o.tp !== undefined && reached(legDirection(o.side, 'tp'), o.tp.triggerTicks, last)) return 'tp';
      if (o.sl !== undefined && reached(legDirection(o.side, 'sl'), o.sl.triggerTicks, last)) return 'sl';
      return 'none';
    case 4:
    case 5:
      return stepTrailing(o, last) ? 'fire' : 'none';
    case -1:
    case 11:
      return 'none';
  }
}
