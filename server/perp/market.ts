/**
 * The perpetuals' market: their own matching engine and book, fed by a synthetic market of their own whose walk is
 * anchored to the mark price; the index is the spot pair's mid (the spot engine's book, else its last price); the
 * mark is the index plus the contract's premium walk. The combination's perpetual leg trades here, against the
 * makers' resting orders, through a system desk account (positions live in the ledger, not in engine balances).
 */
import { Decimal } from 'decimal.js';
import { Engine } from '../engine/engine';
import type { Side } from '../engine/types';
import { SyntheticMarket } from '../market/synth';
import { PERP_CATEGORY, PERP_CONTRACTS, type PerpContract } from './contracts';
import { PremiumWalk } from './premium';

/** The system account the perpetual legs are placed from. */
export const PERP_DESK = 'sys-perp-desk';
/** Calm actions per second on each perpetual's book (quieter than spot). */
const PERP_CALM_RATE = 8;
/** Book levels read when checking that a leg can fill. */
const DEPTH_LEVELS = 1000;
/** Seed offset so the perpetuals' flow differs from the spot market's. */
const SEED_OFFSET = 7919;

/** One perpetual's public figures (the v5 linear ticker's fields, plus the basis). */
export interface PerpTicker {
  readonly symbol: string;
  readonly category: typeof PERP_CATEGORY;
  /** The spot pair and its price (the index's source). */
  readonly spotSymbol: string;
  readonly lastPrice: string;
  readonly markPrice: string;
  readonly indexPrice: string;
  readonly bid1Price: string;
  readonly ask1Price: string;
  /** mark − index, in quote. */
  readonly basis: string;
  /** (mark − index) / index, a fraction. */
  readonly basisRate: string;
}

/** A fill of the perpetual leg. */
export interface PerpFill {
  readonly qty: string;
  readonly value: string;
  readonly avgPrice: string;
}

/** The perpetuals' books, index and mark. */
export class PerpMarket {
  readonly engine: Engine;
  readonly synth: SyntheticMarket;
  private readonly premiums: Map<string, PremiumWalk>;
  private readonly now: () => number;

  constructor(
    private readonly spot: Engine,
    opts: { readonly seed: number; readonly now: () => number },
  ) {
    const now = opts.now;
    this.now = now;
    this.premiums = new Map(
      PERP_CONTRACTS.map((c, i) => [c.spec.symbol, new PremiumWalk(opts.seed + SEED_OFFSET + i, now())]),
    );
    this.engine = new Engine({ symbols: PERP_CONTRACTS.map((c) => c.spec), now });
    this.engine.addAccount(PERP_DESK, { system: true });
    const markOf = (symbol: string): number | undefined => {
      const c = PERP_CONTRACTS.find((x) => x.spec.symbol === symbol);
      return c === undefined ? undefined : Number(this.markPrice(c));
    };
    this.synth = new SyntheticMarket(
      this.engine,
      PERP_CONTRACTS.map((c) => c.spec),
      {
        seed: opts.seed + SEED_OFFSET,
        rate: 0,
        now,
        openAt: () => 0,
        calmRate: PERP_CALM_RATE,
        startPrice: (spec) => markOf(spec.symbol) ?? spec.seedPrice,
      },
    );
    // Arbitrage keeps a perpetual's trades near its mark: its walk is pulled there, like a leveraged token's to NAV.
    this.synth.anchorTo((spec) => markOf(spec.symbol));
    this.synth.seedBooks();
  }

  /** Index price: the spot pair's mid, else its last price, else its seed (at the contract's tick). */
  indexPrice(c: PerpContract): string {
    const bid = this.spot.bestBid(c.spot.symbol);
    const ask = this.spot.bestAsk(c.spot.symbol);
    const raw =
      bid !== undefined && ask !== undefined
        ? new Decimal(bid).plus(ask).div(2)
        : new Decimal(this.spot.lastPrice(c.spot.symbol) ?? c.spot.seedPrice);
    return raw.toFixed(c.spec.pricePrecision);
  }

  /** Mark price: index × (1 + premium), at the contract's tick. */
  markPrice(c: PerpContract): string {
    const premium = this.premiums.get(c.spec.symbol)?.valueAt(this.now()) ?? 0;
    return new Decimal(this.indexPrice(c)).mul(1 + premium).toFixed(c.spec.pricePrecision);
  }

  /** The public ticker of a contract. */
  ticker(c: PerpContract): PerpTicker {
    const index = new Decimal(this.indexPrice(c));
    const mark = new Decimal(this.markPrice(c));
    const sym = c.spec.symbol;
    return {
      symbol: sym,
      category: PERP_CATEGORY,
      spotSymbol: c.spot.symbol,
      lastPrice: this.engine.lastPrice(sym) ?? mark.toFixed(),
      markPrice: mark.toFixed(c.spec.pricePrecision),
      indexPrice: index.toFixed(c.spec.pricePrecision),
      bid1Price: this.engine.bestBid(sym) ?? '',
      ask1Price: this.engine.bestAsk(sym) ?? '',
      basis: mark.minus(index).toFixed(c.spec.pricePrecision),
      basisRate: index.isZero() ? '0' : mark.minus(index).div(index).toDecimalPlaces(6).toFixed(),
    };
  }

  /** True when the book holds at least `qty` on the side a `side` market order takes from. */
  canFill(c: PerpContract, side: Side, qty: string): boolean {
    const d = this.engine.depth(c.spec.symbol, DEPTH_LEVELS);
    const levels = side === 'Buy' ? d.asks : d.bids;
    let sum = new Decimal(0);
    for (const [, size] of levels) {
      sum = sum.plus(size);
      if (sum.gte(qty)) return true;
    }
    return false;
  }

  /** Takes `qty` from the book at market; undefined when nothing filled. */
  fill(c: PerpContract, side: Side, qty: string): PerpFill | undefined {
    const r = this.engine.placeOrder({
      accountId: PERP_DESK,
      clientOrderId: '',
      symbol: c.spec.symbol,
      side,
      orderType: 'Market',
      qty,
      marketUnit: 'baseCoin',
    });
    if (!r.ok || new Decimal(r.value.cumExecQty).isZero()) return undefined;
    return { qty: r.value.cumExecQty, value: r.value.cumExecValue, avgPrice: r.value.avgPrice };
  }

  /** Starts the perpetuals' flow (the simulator does, unless quiet). */
  start(): void {
    this.synth.start();
  }

  /** Stops the flow. */
  stop(): void {
    this.synth.stop();
  }
}
