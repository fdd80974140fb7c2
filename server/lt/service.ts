/**
 * The leveraged tokens' live state: each token's basket (see `basket.ts`), its statuses, risk state and supply, the
 * rebalancing schedule on the engine's clock, and the symbol-info view (spec §3 LT). Rules (README): a rebalance
 * resets the basket to the target leverage at the underlying's current price and holds status 5 for
 * `REBALANCE_MS`; it runs daily at 00:00 UTC and at once when a tick finds the actual leverage outside the token's
 * band. Token state is stored as `ltToken` records; the timers are rebuilt from it after a restart.
 */
import { Decimal } from 'decimal.js';
import type { SimContext } from '../context';
import { SYMBOL_BY_NAME } from '../market/symbols';
import { loadRecords, putRecord } from '../store/records';
import { LT_ORDER_TYPE, LT_RISK, LT_STATUS } from '../../workers/protocol/lt';
import type { LtCheckState } from '../../workers/protocol/ltChecks';
import {
  cashPerToken,
  isOutOfBand,
  leverageAt,
  navAt,
  positionPerToken,
  rebalance,
  type Basket,
} from './basket';
import { LtOrderBook } from './orders';
import { DAILY_REBALANCE_AT_MS, LT_TICK_MS, LT_TOKENS, REBALANCE_MS, type LtTokenSpec } from './tokens';

/** Record kind of the tokens' state. */
export const LT_TOKEN_KIND = 'ltToken';
const DAY_MS = 86_400_000;

/** An account's use of a token's daily limits today (decimal strings): quote subscribed, tokens redeemed. */
export interface LtDailyUsage {
  readonly dailyPurchaseUsed: string;
  readonly dailyPurchaseRemaining: string;
  readonly dailyRedeemUsed: string;
  readonly dailyRedeemRemaining: string;
}

/** Why a rebalance ran. */
export type RebalanceReason = 'daily' | 'threshold' | 'manual';

/** One token's mutable state (what the store keeps). */
export interface LtTokenState {
  basket: Basket;
  /** Status set by operations (1–4); status 5 is derived from `rebalancingUntil`. */
  adminStatus: number;
  /** Risk state set by operations (0, 4, 5); the effective risk is the worse of this and the market's. */
  riskOverride: number;
  riskSwitchOn: boolean;
  /** Tokens in circulation. */
  supply: string;
  /** While > now the token is rebalancing (status 5). */
  rebalancingUntil: number;
  lastReason: RebalanceReason | '';
  /** Daily limits in force (operations may lower them). */
  dailyPurchaseLimit: string;
  dailyRedeemLimit: string;
}

/** Start of the UTC day containing `t`. */
export function utcDayStart(t: number): number {
  return Math.floor(t / DAY_MS) * DAY_MS;
}

/** The leveraged tokens of one simulator. */
export class LtService {
  /** Every LT order (subscriptions and redemptions). */
  readonly orders: LtOrderBook;
  private readonly states = new Map<string, LtTokenState>();
  private readonly endTimers = new Map<string, number>();
  private nextDaily = 0;
  private dailyTimer = 0;
  private stopped = false;
  private readonly stopTick: () => void;

  constructor(private readonly ctx: SimContext) {
    this.orders = new LtOrderBook(ctx);
    this.loadStates();
    this.scheduleDaily(ctx.clock.now());
    this.stopTick = ctx.clock.every(LT_TICK_MS, () => {
      this.tick();
    });
    // A failed write rolls the database back: the tokens and orders in memory follow it, so a refused commit never
    // leaves a supply, a basket or an order (and its daily use) that is not on disk.
    const restoreOthers = ctx.store.onFailure;
    ctx.store.onFailure = () => {
      restoreOthers();
      if (!this.stopped) this.reload();
    };
  }

  /** Rebuilds the tokens' state and the orders from the store (after a failed write). */
  reload(): void {
    this.orders.reload();
    this.loadStates();
  }

  /**
   * An account's use of a token's daily limits today (UTC day on the engine's clock): what its successful orders
   * added up to, and what is left — the same figures `placeLtOrder` enforces. Subscription in the quote coin,
   * redemption in tokens; at 00:00 UTC the use starts again from 0.
   */
  dailyUsage(t: LtTokenSpec, accountId: string): LtDailyUsage {
    const s = this.state(t);
    const since = utcDayStart(this.ctx.clock.now());
    const id = t.spec.symbolId;
    const purchaseUsed = this.orders.usedSince(accountId, id, LT_ORDER_TYPE.subscription, since);
    const redeemUsed = this.orders.usedSince(accountId, id, LT_ORDER_TYPE.redemption, since);
    return {
      dailyPurchaseUsed: purchaseUsed.toString(),
      dailyPurchaseRemaining: Decimal.max(
        0,
        new Decimal(s.dailyPurchaseLimit).minus(purchaseUsed),
      ).toString(),
      dailyRedeemUsed: redeemUsed.toString(),
      dailyRedeemRemaining: Decimal.max(0, new Decimal(s.dailyRedeemLimit).minus(redeemUsed)).toString(),
    };
  }

  /** Stops the service's timers. */
  stop(): void {
    this.stopped = true;
    this.stopTick();
    this.ctx.clock.cancel(this.dailyTimer);
    for (const id of this.endTimers.values()) this.ctx.clock.cancel(id);
  }

  /** The token's state (throws for a symbol that is not a token: callers resolve the token first). */
  state(t: LtTokenSpec): LtTokenState {
    const s = this.states.get(t.spec.symbol);
    if (s === undefined) throw new Error(`no LT state for ${t.spec.symbol}`);
    return s;
  }

  /** The underlying's price now: last trade, else the seed price. */
  underlyingPrice(t: LtTokenSpec): string {
    return (
      this.ctx.engine.lastPrice(t.underlying) ?? String(SYMBOL_BY_NAME.get(t.underlying)?.seedPrice ?? 0)
    );
  }

  /** NAV per token now, rounded half up to the token's price precision (what trades are priced at). */
  nav(t: LtTokenSpec): Decimal {
    return navAt(this.state(t).basket, t, this.underlyingPrice(t)).toDecimalPlaces(
      t.spec.pricePrecision,
      Decimal.ROUND_HALF_UP,
    );
  }

  /** NAV of a token symbol as a number (the synthetic market's anchor for it); undefined for other symbols. */
  anchorOf(symbol: string): number | undefined {
    const t = LT_TOKENS.find((x) => x.spec.symbol === symbol);
    return t === undefined ? undefined : this.nav(t).toNumber();
  }

  /** Kline status `st`: 5 while rebalancing, else the operations status. */
  status(t: LtTokenSpec): number {
    const s = this.state(t);
    return s.rebalancingUntil > this.ctx.clock.now() ? LT_STATUS.rebalancing : s.adminStatus;
  }

  /**
   * Effective risk state: the operations override, or the market's own — 4 once the actual leverage passed 1.5× the
   * band's top (a gap the threshold rebalance could not catch), 5 when NAV reached 0.
   */
  riskState(t: LtTokenSpec): number {
    const s = this.state(t);
    const price = this.underlyingPrice(t);
    const lev = leverageAt(s.basket, t, price);
    const market = !Number.isFinite(lev) ? LT_RISK.wear : lev > t.maxLeverage * 1.5 ? LT_RISK.closing : 0;
    return Math.max(s.riskOverride, market);
  }

  /** What the LT checks (spec §5) read of a token now. */
  checkState(t: LtTokenSpec): LtCheckState {
    return {
      st: this.status(t),
      riskState: this.riskState(t),
      riskSwitchOn: this.state(t).riskSwitchOn,
      nav: this.nav(t).toString(),
      minPurchase: t.minPurchase,
      maxPurchase: t.maxPurchase,
      minRedeem: t.minRedeem,
      maxRedeem: t.maxRedeem,
      quote: t.spec.quote,
      token: t.spec.base,
    };
  }

  /** The LT symbol-info answer (spec §3 LT symbol, kline and token info, plus the basket and schedule). */
  view(t: LtTokenSpec): Record<string, unknown> {
    const s = this.state(t);
    const spec = t.spec;
    const price = this.underlyingPrice(t);
    const nav = this.nav(t);
    const market = this.ctx.engine.lastPrice(spec.symbol);
    const diff =
      market === undefined || nav.isZero() ? new Decimal(0) : new Decimal(market).minus(nav).div(nav);
    const position = positionPerToken(s.basket, t);
    const st = this.status(t);
    return {
      symbolId: spec.symbolId,
      symbolName: spec.symbol,
      minPurchase: t.minPurchase,
      maxPurchase: t.maxPurchase,
      minRedeem: t.minRedeem,
      maxRedeem: t.maxRedeem,
      dailyPurchaseLimit: s.dailyPurchaseLimit,
      dailyRedeemLimit: s.dailyRedeemLimit,
      feeRate: t.feeRate,
      nav: nav.toFixed(spec.pricePrecision),
      marketPrice: market ?? '',
      diffNvRate: diff.toDecimalPlaces(6, Decimal.ROUND_HALF_UP).toString(),
      riskSwitchStatus: s.riskSwitchOn ? 1 : 0,
      riskState: this.riskState(t),
      leverage: spec.quoteTokenLeverageRatio,
      actualLeverage: new Decimal(Math.min(leverageAt(s.basket, t, price), 1e6)).toFixed(4),
      direction: spec.ltDirection,
      st,
      status: st,
      basket: {
        underlying: t.underlying,
        underlyingPrice: price,
        positionPerToken: position.toFixed(8),
        cashPerToken: cashPerToken(s.basket, t).toFixed(8),
        supply: s.supply,
        totalPosition: position.mul(s.supply).toFixed(8),
        rebalancePrice: s.basket.refPrice,
        rebalanceNav: new Decimal(s.basket.refNav).toFixed(8),
      },
      lastRebalanceAt: s.basket.at,
      lastRebalanceReason: s.lastReason,
      rebalancingUntil: s.rebalancingUntil > this.ctx.clock.now() ? s.rebalancingUntil : 0,
      nextRebalanceAt: this.nextDaily,
      minLeverage: t.minLeverage,
      maxLeverage: t.maxLeverage,
    };
  }

  /** Starts a rebalance now (status 5 for REBALANCE_MS); false when one is already running. */
  startRebalance(t: LtTokenSpec, reason: RebalanceReason): boolean {
    const s = this.state(t);
    const now = this.ctx.clock.now();
    if (s.rebalancingUntil > now) return false;
    s.basket = rebalance(s.basket, t, this.underlyingPrice(t), now);
    s.rebalancingUntil = now + REBALANCE_MS;
    s.lastReason = reason;
    this.save(t);
    this.scheduleEnd(t, s.rebalancingUntil);
    return true;
  }

  /** Stages the token's state in the current action. */
  save(t: LtTokenSpec): void {
    putRecord(this.ctx.store, LT_TOKEN_KIND, {
      id: t.spec.symbol,
      accountId: '',
      updatedAt: this.ctx.clock.now(),
      doc: this.state(t),
    });
  }

  /** Threshold rule: a token whose actual leverage left its band rebalances at once. */
  private tick(): void {
    const now = this.ctx.clock.now();
    for (const t of LT_TOKENS) {
      const s = this.state(t);
      if (s.rebalancingUntil > now) continue;
      if (isOutOfBand(s.basket, t, this.underlyingPrice(t), t.minLeverage, t.maxLeverage))
        this.startRebalance(t, 'threshold');
    }
  }

  /** Token states from the store (a token never stored starts fresh); end-of-rebalance timers follow them. */
  private loadStates(): void {
    const saved = new Map(
      loadRecords<LtTokenState>(this.ctx.store.db, LT_TOKEN_KIND).map((r) => [r.id, r.doc]),
    );
    const now = this.ctx.clock.now();
    for (const t of LT_TOKENS) {
      const s = saved.get(t.spec.symbol) ?? this.fresh(t, now);
      this.states.set(t.spec.symbol, s);
      const timer = this.endTimers.get(t.spec.symbol);
      if (timer !== undefined) this.ctx.clock.cancel(timer);
      this.endTimers.delete(t.spec.symbol);
      if (s.rebalancingUntil > now) this.scheduleEnd(t, s.rebalancingUntil);
      else s.rebalancingUntil = 0;
    }
  }

  private fresh(t: LtTokenSpec, now: number): LtTokenState {
    const s: LtTokenState = {
      // The token starts at its listing price: NAV = seed price at the underlying's price now.
      basket: { refPrice: this.underlyingPrice(t), refNav: String(t.spec.seedPrice), at: now },
      adminStatus: LT_STATUS.open,
      riskOverride: 0,
      riskSwitchOn: false,
      supply: t.initialSupply,
      rebalancingUntil: 0,
      lastReason: '',
      dailyPurchaseLimit: t.dailyPurchaseLimit,
      dailyRedeemLimit: t.dailyRedeemLimit,
    };
    this.states.set(t.spec.symbol, s);
    this.save(t);
    return s;
  }

  private scheduleEnd(t: LtTokenSpec, at: number): void {
    const prev = this.endTimers.get(t.spec.symbol);
    if (prev !== undefined) this.ctx.clock.cancel(prev);
    const id = this.ctx.clock.at(at, () => {
      this.endTimers.delete(t.spec.symbol);
      const s = this.state(t);
      s.rebalancingUntil = 0;
      this.save(t);
    });
    this.endTimers.set(t.spec.symbol, id);
  }

  /** Daily rule: every token rebalances at DAILY_REBALANCE_AT_MS after each UTC midnight. */
  private scheduleDaily(now: number): void {
    const today = utcDayStart(now) + DAILY_REBALANCE_AT_MS;
    this.nextDaily = today > now ? today : today + DAY_MS;
    this.dailyTimer = this.ctx.clock.at(this.nextDaily, () => {
      for (const t of LT_TOKENS) this.startRebalance(t, 'daily');
      this.scheduleDaily(this.ctx.clock.now());
    });
  }
}
