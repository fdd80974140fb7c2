/**
 * The synthetic market: per symbol, makers quote around a seeded random-walk mid and takers trade against them,
 * all through the real matching engine. `rate` adds N actions a second on the storm symbol for benchmarks.
 */
import type { Engine } from '../engine/engine';
import type { SymbolSpec } from './symbols';
import { gaussian, makeRng } from './rng';

/** The system accounts the synthetic market trades from. */
export const MAKER_ACCOUNT = 'sys-maker';
/** The synthetic taker. */
export const TAKER_ACCOUNT = 'sys-taker';
/** Symbol that `rate` applies to. */
export const STORM_SYMBOL = 'BTCUSDT';

/** Calm actions per second by symbol (the rest get the default). */
const CALM_RATE: Readonly<Record<string, number>> = { BTCUSDT: 40, ETHUSDT: 25 };
const DEFAULT_CALM_RATE = 6;
/** Share of actions that are taker market orders (the `r >= 0.8` branch of `action`). */
const TAKER_SHARE = 0.2;
/** Quote notional of a taker order: uniform in [TAKER_MIN_NOTIONAL, TAKER_MIN_NOTIONAL + TAKER_SPAN_NOTIONAL). */
const TAKER_MIN_NOTIONAL = 50;
const TAKER_SPAN_NOTIONAL = 3000;
/**
 * Traded turnover per unit of taker flow: maker quotes placed just inside a mid that has moved cross the book and
 * trade too, about 3.4× the takers' own notional (measured by tests/unit/server/market/volumeScale.test.ts, which
 * fails if the flow changes and this drifts by more than 2×).
 */
const TRADED_PER_TAKER_FLOW = 3.4;

/**
 * Quote turnover per ms the calm market trades on a symbol (the expected taker notional per action times the
 * actions per second): the synthetic history is scaled to it, so the back-filled candles and the live ones
 * have the same volume scale.
 */
export function calmTurnoverPerMs(symbol: string): number {
  const rate = CALM_RATE[symbol] ?? DEFAULT_CALM_RATE;
  return (rate * TAKER_SHARE * (TAKER_MIN_NOTIONAL + TAKER_SPAN_NOTIONAL / 2) * TRADED_PER_TAKER_FLOW) / 1000;
}
/** Resting maker orders kept per side before the oldest are cancelled. */
const MAX_MAKER_ORDERS = 120;
/** Pull per action toward an anchor (about 8 s of half-life at the calm rate of 6 actions a second). */
const ANCHOR_PULL = 0.015;
/** Period of the action loop (ms): each tick runs the actions that fell due since the last one. */
export const SYNTH_TICK_MS = 10;
/** Levels seeded per side at start. */
const SEED_LEVELS = 60;

interface SymbolState {
  readonly spec: SymbolSpec;
  readonly tick: number;
  readonly lot: number;
  readonly spacing: number;
  mid: number;
  /** Level the walk is pulled back to: the seed price, until a shift moves the market. */
  anchor: number;
  readonly makers: [string[], string[]];
  carry: number;
  seeded: boolean;
}

/** Options of the synthetic market. */
export interface SynthOptions {
  readonly seed: number;
  /** Extra actions per second on the storm symbol. */
  readonly rate: number;
  /** Opening time per symbol (ms); the market waits for it. */
  readonly openAt: (symbol: string) => number;
  readonly now: () => number;
  /** Called after each action (storm mode: the action's book changes are published as their own message). */
  readonly afterAction?: (symbol: string) => void;
  /** Called once after each tick's actions, with the symbols that acted (the simulator commits the tick here). */
  readonly afterTick?: (symbols: readonly string[]) => void;
  /** Mid price to start from (the last traded price of a previous run, or the seed price). */
  readonly startPrice?: (spec: SymbolSpec) => number;
  /** Calm actions per second of every symbol, overriding the table (the perpetuals' quieter books). */
  readonly calmRate?: number;
}

function fmt(x: number, dp: number): string {
  return x.toFixed(dp);
}

/** Drives maker and taker flow on every open symbol. */
export class SyntheticMarket {
  private readonly rng: () => number;
  private readonly states: SymbolState[];
  private timer: NodeJS.Timeout | null = null;
  private anchor: ((spec: SymbolSpec) => number | undefined) | null = null;
  private last: number;
  /** Actions run so far by the loop and `act` (benches divide by it). */
  actions = 0;

  constructor(
    private readonly engine: Engine,
    symbols: readonly SymbolSpec[],
    private readonly opts: SynthOptions,
  ) {
    this.rng = makeRng(opts.seed);
    this.last = opts.now();
    engine.addAccount(MAKER_ACCOUNT, { system: true });
    engine.addAccount(TAKER_ACCOUNT, { system: true });
    this.states = symbols.map((spec) => {
      const tick = 10 ** -spec.pricePrecision;
      const mid = opts.startPrice?.(spec) ?? spec.seedPrice;
      return {
        spec,
        tick,
        lot: 10 ** -spec.quantityPrecision,
        spacing: Math.max(tick, Math.round((spec.seedPrice * 0.00002) / tick) * tick),
        mid,
        anchor: spec.seedPrice,
        makers: [[], []],
        carry: 0,
        seeded: false,
      };
    });
  }

  /** Places the opening ladders of every open symbol (synchronously: the book is full before the port opens). */
  seedBooks(): void {
    for (const s of this.states) this.seedIfOpen(s);
  }

  /** Starts the action loop. */
  start(): void {
    if (this.timer !== null) return;
    this.last = this.opts.now();
    this.timer = setInterval(() => {
      this.tick();
    }, SYNTH_TICK_MS);
  }

  /** Stops the action loop. */
  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  /** Runs `n` actions on a symbol now (tests and benches). */
  act(symbol: string, n: number): void {
    const s = this.states.find((x) => x.spec.symbol === symbol);
    if (s === undefined) return;
    for (let i = 0; i < n; i++) this.action(s);
  }

  /**
   * Moves a symbol's market to `factor` × its mid at once (a crash or a spike: the margin test hook): the makers'
   * ladders are pulled, the last price is set, fresh ladders quote the new mid and the walk stays around it.
   */
  shift(symbol: string, factor: number): void {
    const s = this.states.find((x) => x.spec.symbol === symbol);
    if (s === undefined || !s.seeded || !(factor > 0)) return;
    for (const list of s.makers) {
      for (const id of list.splice(0)) this.engine.cancelOrder({ accountId: MAKER_ACCOUNT, orderId: id });
    }
    s.mid *= factor;
    s.anchor *= factor;
    this.engine.setLastPrice(symbol, fmt(s.mid, s.spec.pricePrecision));
    for (let i = 0; i < SEED_LEVELS; i++) {
      this.quote(s, 0, s.mid - (i + 0.5) * s.spacing);
      this.quote(s, 1, s.mid + (i + 0.5) * s.spacing);
    }
  }

  /**
   * One turn of the action loop (the timer calls it; a bench with a manual clock calls it after moving the clock):
   * every open symbol runs the actions its rate owes since the last tick, then `afterTick` sees them all at once.
   */
  tick(): void {
    const now = this.opts.now();
    const dt = Math.min(0.25, (now - this.last) / 1000);
    this.last = now;
    const acted: string[] = [];
    for (const s of this.states) {
      if (!this.seedIfOpen(s)) continue;
      const sym = s.spec.symbol;
      const calm = this.opts.calmRate ?? CALM_RATE[sym] ?? DEFAULT_CALM_RATE;
      const rate = calm + (sym === STORM_SYMBOL ? this.opts.rate : 0);
      s.carry += rate * dt;
      const n = Math.floor(s.carry);
      s.carry -= n;
      for (let i = 0; i < n; i++) {
        this.action(s);
        this.opts.afterAction?.(sym);
      }
      if (n > 0) acted.push(sym);
    }
    if (acted.length > 0) this.opts.afterTick?.(acted);
  }

  private seedIfOpen(s: SymbolState): boolean {
    if (s.seeded) return true;
    if (this.opts.openAt(s.spec.symbol) > this.opts.now()) return false;
    s.seeded = true;
    this.engine.setLastPrice(s.spec.symbol, fmt(s.mid, s.spec.pricePrecision));
    for (let i = 0; i < SEED_LEVELS; i++) {
      this.quote(s, 0, s.mid - (i + 0.5) * s.spacing);
      this.quote(s, 1, s.mid + (i + 0.5) * s.spacing);
    }
    return true;
  }

  /** Pulls symbols' random walks toward a live reference price (undefined: the seed price, as before). */
  anchorTo(fn: (spec: SymbolSpec) => number | undefined): void {
    this.anchor = fn;
  }

  private action(s: SymbolState): void {
    this.actions++;
    // Mid: a random walk with a weak pull back to the seed so a long soak stays in range; an anchored symbol (a
    // leveraged token) is pulled harder toward its anchor (its NAV), as arbitrage keeps a token near its value.
    const anchor = this.anchor?.(s.spec);
    const pull =
      anchor !== undefined && anchor > 0
        ? -ANCHOR_PULL * Math.log(s.mid / anchor)
        : -0.0005 * Math.log(s.mid / s.anchor);
    s.mid *= Math.exp(0.00004 * gaussian(this.rng) + pull);
    const r = this.rng();
    if (r < 0.55) {
      const side: 0 | 1 = this.rng() < 0.5 ? 0 : 1;
      const d =
        Math.min(SEED_LEVELS, 1 + Math.floor(-Math.log(Math.max(this.rng(), 1e-9)) * 12)) - this.rng() * 0.9;
      this.quote(s, side, side === 0 ? s.mid - d * s.spacing : s.mid + d * s.spacing);
    } else if (r < 0.8) {
      const side: 0 | 1 = this.rng() < 0.5 ? 0 : 1;
      const list = s.makers[side];
      if (list.length > 0) {
        const i = Math.floor(this.rng() * list.length);
        const id = list[i];
        const lastId = list[list.length - 1];
        if (id !== undefined && lastId !== undefined) {
          list[i] = lastId;
          list.pop();
          this.engine.cancelOrder({ accountId: MAKER_ACCOUNT, orderId: id });
        }
      }
    } else {
      // r >= 1 - TAKER_SHARE: a taker market order.
      const last = Number(this.engine.lastPrice(s.spec.symbol) ?? s.mid);
      const buyBias = s.mid > last ? 0.65 : 0.35;
      const side = this.rng() < buyBias ? 'Buy' : 'Sell';
      const notional = TAKER_MIN_NOTIONAL + this.rng() * TAKER_SPAN_NOTIONAL;
      const qty = Math.max(Number(s.spec.minQty), notional / s.mid);
      this.engine.placeOrder({
        accountId: TAKER_ACCOUNT,
        clientOrderId: '',
        symbol: s.spec.symbol,
        side,
        orderType: 'Market',
        qty: fmt(Math.ceil(qty / s.lot) * s.lot, s.spec.quantityPrecision),
        marketUnit: 'baseCoin',
      });
    }
  }

  private quote(s: SymbolState, side: 0 | 1, price: number): void {
    const p = Math.round(price / s.tick) * s.tick;
    if (p <= 0) return;
    const notional = 100 + this.rng() * this.rng() * 25_000;
    const qty = Math.max(Number(s.spec.minQty), notional / p);
    const res = this.engine.placeOrder({
      accountId: MAKER_ACCOUNT,
      clientOrderId: '',
      symbol: s.spec.symbol,
      side: side === 0 ? 'Buy' : 'Sell',
      orderType: 'Limit',
      price: fmt(p, s.spec.pricePrecision),
      qty: fmt(Math.ceil(qty / s.lot) * s.lot, s.spec.quantityPrecision),
    });
    if (!res.ok) return;
    const list = s.makers[side];
    list.push(res.value.orderId);
    if (list.length > MAX_MAKER_ORDERS) {
      const oldest = list.shift();
      if (oldest !== undefined) this.engine.cancelOrder({ accountId: MAKER_ACCOUNT, orderId: oldest });
    }
  }
}
