/**
 * The leveraged tokens the simulator issues: which listed symbol is the token, which symbol is its underlying, the
 * target leverage and the leverage band that triggers a threshold rebalance, the per-order and daily limits and the
 * fee. Static configuration; the live state is in `service.ts`.
 */
import { SYMBOLS, type SymbolSpec } from '../market/symbols';

/** Static definition of one leveraged token. */
export interface LtTokenSpec {
  /** The token's spot symbol ("BTC3LUSDT"). */
  readonly spec: SymbolSpec;
  /** The underlying's spot symbol the basket holds ("BTCUSDT"). */
  readonly underlying: string;
  /** +1 long, -1 short. */
  readonly sign: 1 | -1;
  /** Target leverage the basket is reset to at every rebalance. */
  readonly target: number;
  /** Actual leverage outside [minLeverage, maxLeverage] triggers a rebalance at once (threshold rebalance). */
  readonly minLeverage: number;
  readonly maxLeverage: number;
  /** Per-order limits (spec §3 LT): purchase in quote, redemption in tokens. */
  readonly minPurchase: string;
  readonly maxPurchase: string;
  readonly minRedeem: string;
  readonly maxRedeem: string;
  /** Per account and UTC day: quote subscribed, tokens redeemed. */
  readonly dailyPurchaseLimit: string;
  readonly dailyRedeemLimit: string;
  /** Fee as a fraction of the quote value, on both subscription and redemption. */
  readonly feeRate: string;
  /** Tokens in circulation before any trader subscribed (held by the market). */
  readonly initialSupply: string;
}

/** How long a rebalance keeps the token in status 5 (the position change is being executed). */
export const REBALANCE_MS = 60_000;
/** How often the threshold and risk rules look at the underlying's price. */
export const LT_TICK_MS = 1_000;
/** UTC time of day of the daily rebalance, ms after midnight. */
export const DAILY_REBALANCE_AT_MS = 0;

function ltSpec(symbol: string): SymbolSpec {
  const s = SYMBOLS.find((x) => x.symbol === symbol);
  if (s === undefined || s.ltDirection === '') throw new Error(`not a leveraged-token symbol: ${symbol}`);
  return s;
}

const COMMON = {
  underlying: 'BTCUSDT',
  target: 3,
  minLeverage: 2.5,
  maxLeverage: 4,
  minPurchase: '1',
  maxPurchase: '200000',
  minRedeem: '1',
  maxRedeem: '100000',
  dailyPurchaseLimit: '500000',
  dailyRedeemLimit: '250000',
  feeRate: '0.001',
  initialSupply: '1000000',
} as const;

/** Every leveraged token: BTC3L (3× long BTC) and BTC3S (3× short BTC). */
export const LT_TOKENS: readonly LtTokenSpec[] = [
  { ...COMMON, spec: ltSpec('BTC3LUSDT'), sign: 1 },
  { ...COMMON, spec: ltSpec('BTC3SUSDT'), sign: -1 },
];

/** The token of a symbol name, or undefined. */
export function findLtToken(symbol: string): LtTokenSpec | undefined {
  return LT_TOKENS.find((t) => t.spec.symbol === symbol);
}
