/**
 * The unified account's lending terms: which coins lend, at what yearly rate, how much of each coin's value counts
 * as collateral (haircut), the leverage cap and the two risk thresholds. README.md states the same figures.
 */

/** Most a cross-margin account may owe: liabilities ≤ (MAX_LEVERAGE − 1) × its haircut equity. */
export const MAX_LEVERAGE = 3;

/** Risk ratio (liabilities ÷ haircut collateral) at or above which the account is in overrun: status 5. */
export const OVERRUN_RATIO = 0.8;

/** Risk ratio at or above which the account is in liquidation: status 4 (no new margin orders, no borrowing). */
export const LIQUIDATION_RATIO = 0.9;

/** Interest is charged on the engine's clock once per hour of outstanding principal. */
export const INTEREST_PERIOD_MS = 3_600_000;

/** How often the desk re-values its debtors at the moving mark prices (a status change is pushed). */
export const RISK_WATCH_MS = 2000;

/** Hours in a year (365 days): yearly rate ÷ this = hourly rate. */
export const HOURS_PER_YEAR = 8760;

/** Yearly interest rate of each coin the exchange lends; a coin missing here cannot be borrowed. */
export const YEARLY_RATES: Readonly<Record<string, string>> = {
  USDT: '0.08',
  USDC: '0.08',
  BTC: '0.02',
  ETH: '0.03',
  MNT: '0.1',
  SUI: '0.1',
};

/**
 * Share of a coin's mark value that counts as collateral. Stablecoins count in full, majors nearly so, small caps
 * half; leveraged tokens and the delisting token count for nothing. A coin missing here counts 0.
 */
export const HAIRCUTS: Readonly<Record<string, number>> = {
  USDT: 1,
  USDC: 1,
  BTC: 0.95,
  ETH: 0.95,
  MNT: 0.8,
  SUI: 0.7,
  INNO: 0.5,
  ADV: 0.5,
  BTC3L: 0,
  BANX: 0,
};

/** Coins valued at par (mark 1 USDT) instead of by a COIN/USDT price. */
export const STABLE_COINS: ReadonlySet<string> = new Set(['USDT', 'USDC']);

/** Account status of the unified asset call: 1 normal, 4 liquidation, 5 overrun (spec §5 gate checks). */
export type MarginStatus = 1 | 4 | 5;
