/**
 * Compliance switches (spec §5, §6). The simulator serves no compliance config, so the page ships these defaults in
 * this one module; a config call would replace the constant, nothing else changes.
 */

/** The switches the shell reads. */
export interface ComplianceConfig {
  /** Liquidity-shield link allowed at all. */
  readonly liquidityShield: boolean;
  /** Symbols in the slippage-compensation programme (liquidity-shield link shown for these only). */
  readonly slippageCompensationSymbols: readonly string[];
  /** Split tools (TWAP, iceberg). */
  readonly splitTools: boolean;
  readonly scaledOrder: boolean;
  readonly autoInvest: boolean;
  readonly gridBot: boolean;
  readonly futureSpread: boolean;
  /** Spot margin preference allowed. */
  readonly spotMargin: boolean;
  /** EU USDT tips banner on pairs that involve USDT (spec §2 Desktop spot page). */
  readonly euUsdtTips: boolean;
}

/** The page's compliance switches. */
export const COMPLIANCE: ComplianceConfig = {
  liquidityShield: true,
  slippageCompensationSymbols: ['BTCUSDT', 'ETHUSDT'],
  splitTools: true,
  scaledOrder: true,
  autoInvest: true,
  gridBot: true,
  futureSpread: true,
  spotMargin: true,
  euUsdtTips: true,
};

/** Liquidity-shield link rule (spec §2 Market header): compliance allows, symbol listed, account not demo. */
export function showsLiquidityShield(config: ComplianceConfig, symbol: string, isDemo: boolean): boolean {
  return config.liquidityShield && !isDemo && config.slippageCompensationSymbols.includes(symbol);
}

/** The coin the EU tips are about. */
const EU_TIPS_COIN = 'USDT';

/** EU USDT tips banner rule (spec §2 Desktop spot page): the compliance setting is on and the pair involves USDT. */
export function showsEuUsdtBanner(config: ComplianceConfig, base: string, quote: string): boolean {
  return config.euUsdtTips && (base.toUpperCase() === EU_TIPS_COIN || quote.toUpperCase() === EU_TIPS_COIN);
}
