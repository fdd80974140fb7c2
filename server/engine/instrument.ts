/** Per-symbol engine state: unit scales and limits derived from the InstrumentSpec, the two book sides, triggers. */

import { BookSide } from './book';
import { formatUnits, pow10, unitsOf } from './decimal';
import { ATOM_DP } from './ledger';
import type { Order } from './order';
import type { InstrumentSpec, Side } from './types';

/** One tradable symbol: its books, last price and untriggered plan orders. */
export class Instrument {
  readonly symbol: string;
  readonly base: string;
  readonly quote: string;
  /** Price decimals (tick = 10^-pp). */
  readonly pp: number;
  /** Quantity decimals (lot = 10^-qp). */
  readonly qp: number;
  /** Quote amount decimals (market-by-value amounts). */
  readonly ap: number;
  /** Base atoms in one lot. */
  readonly lotAtoms: bigint;
  /** Quote atoms in one tick × one lot. */
  readonly valueScale: bigint;
  // Limits in atoms: the catalogue's minQty/maxQty may carry more decimals than the lot, so compare at atom scale.
  readonly minQtyAtoms: bigint;
  readonly maxQtyAtoms: bigint;
  readonly minAmountAtoms: bigint;
  readonly maxAmountAtoms: bigint;
  readonly bids = new BookSide<Order>('Buy');
  readonly asks = new BookSide<Order>('Sell');
  /** Last trade price in ticks; 0 = none yet. */
  last = 0;
  /** Untriggered plan orders in creation order (evaluated after every trade). */
  plans: Order[] = [];

  constructor(
    readonly spec: InstrumentSpec,
    /** Opening time in ms; orders before it are refused. */
    readonly openAt: number,
  ) {
    this.symbol = spec.symbol;
    this.base = spec.base;
    this.quote = spec.quote;
    this.pp = spec.pricePrecision;
    this.qp = spec.quantityPrecision;
    this.ap = spec.amountPrecision;
    if (this.pp + this.qp > ATOM_DP)
      throw new Error(`engine: ${spec.symbol} precision exceeds the atom scale`);
    this.lotAtoms = pow10(ATOM_DP - this.qp);
    this.valueScale = pow10(ATOM_DP - this.pp - this.qp);
    this.minQtyAtoms = unitsOf(spec.minQty, ATOM_DP);
    this.maxQtyAtoms = unitsOf(spec.maxQty, ATOM_DP);
    this.minAmountAtoms = unitsOf(spec.minAmount, ATOM_DP);
    this.maxAmountAtoms = unitsOf(spec.maxAmount, ATOM_DP);
  }

  /** Quote atoms of `lots` at `ticks`. */
  value(ticks: number, lots: number): bigint {
    return BigInt(ticks) * BigInt(lots) * this.valueScale;
  }

  /** Price string of a tick count. */
  price(ticks: number): string {
    return formatUnits(ticks, this.pp);
  }

  /** Quantity string of a lot count. */
  qty(lots: number): string {
    return formatUnits(lots, this.qp);
  }

  /** The book side orders of this side rest on. */
  own(side: Side): BookSide<Order> {
    return side === 'Buy' ? this.bids : this.asks;
  }

  /** The book side orders of this side match against. */
  opposite(side: Side): BookSide<Order> {
    return side === 'Buy' ? this.asks : this.bids;
  }

  /** Last price, else the mid of the touch (or the one side present), in ticks; 0 when the symbol has nothing. */
  reference(): number {
    if (this.last > 0) return this.last;
    const bid = this.bids.best()?.price ?? 0;
    const ask = this.asks.best()?.price ?? 0;
    if (bid > 0 && ask > 0) return Math.floor((bid + ask) / 2);
    return bid > 0 ? bid : ask;
  }
}
