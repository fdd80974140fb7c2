/**
 * The account's risk from its coins (pure): haircut collateral, liabilities at mark price, the risk ratio and the
 * status it puts the account in, the leverage it runs at, and how much more it may borrow.
 */
import { Decimal } from 'decimal.js';
import type { CoinPosition } from './equity';
import { accountEquity } from './equity';
import type { MarginStatus } from './rates';
import { HAIRCUTS, LIQUIDATION_RATIO, MAX_LEVERAGE, OVERRUN_RATIO } from './rates';

/** The account's risk figures (USDT values). */
export interface RiskFigures {
  /** Σ total × mark × haircut. */
  readonly collateral: Decimal;
  /** Σ total × mark, no haircut. */
  readonly assets: Decimal;
  /** Σ debt × mark (interest included). */
  readonly liabilities: Decimal;
  /** collateral − liabilities: the haircut equity the borrow limit is measured on. */
  readonly marginEquity: Decimal;
  /** assets − liabilities: the account's equity (equity.ts), as the wallet push reports it. */
  readonly totalEquity: Decimal;
  /** liabilities ÷ collateral; 0 without debt. */
  readonly riskRatio: Decimal;
  readonly status: MarginStatus;
  /** 0 normal, else the status that bites (4 or 5): what the LT and order checks read. */
  readonly riskState: 0 | 4 | 5;
  /** assets ÷ (assets − liabilities): 1 without debt. */
  readonly leverage: Decimal;
  /** USDT value the account may still borrow (0 in overrun or liquidation). */
  readonly borrowRoom: Decimal;
}

/** The status a risk ratio puts an account in (thresholds in rates.ts). */
export function statusOf(ratio: Decimal): MarginStatus {
  if (ratio.gte(LIQUIDATION_RATIO)) return 4;
  if (ratio.gte(OVERRUN_RATIO)) return 5;
  return 1;
}

/** Computes the risk of an account from its coins. */
export function assessRisk(coins: readonly CoinPosition[]): RiskFigures {
  const eq = accountEquity(coins);
  const assets = eq.walletValue;
  const liabilities = eq.liabilities;
  let collateral = new Decimal(0);
  for (const c of eq.coins) collateral = collateral.plus(c.value.times(HAIRCUTS[c.coin] ?? 0));
  const marginEquity = collateral.minus(liabilities);
  let riskRatio = new Decimal(0);
  if (liabilities.gt(0)) riskRatio = collateral.gt(0) ? liabilities.div(collateral) : new Decimal(99);
  const status = statusOf(riskRatio);
  const net = eq.totalEquity;
  const leverage = liabilities.isZero() ? new Decimal(1) : net.gt(0) ? assets.div(net) : new Decimal(0);
  const room = marginEquity.times(MAX_LEVERAGE - 1).minus(liabilities);
  return {
    collateral,
    assets,
    liabilities,
    marginEquity,
    totalEquity: net,
    riskRatio,
    status,
    riskState: status === 1 ? 0 : status,
    leverage,
    borrowRoom: status === 1 ? Decimal.max(0, room) : new Decimal(0),
  };
}
