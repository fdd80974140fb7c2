/**
 * The account's equity, the one place it is computed: every coin's wallet total less what is owed in it (principal
 * and unpaid interest), valued at the desk's mark prices. The wallet push, the unified asset call, the demo wallet's
 * balance and the risk figures all read these numbers, so no two screens disagree about what an account is worth.
 */
import { Decimal } from 'decimal.js';
import type { BalanceView } from '../engine/types';
import { findSymbol } from '../market/symbols';
import { STABLE_COINS } from './rates';

/** One coin of an account: wallet total (free + locked, borrowed funds included), debt and mark price in USDT. */
export interface CoinPosition {
  readonly coin: string;
  readonly total: Decimal;
  readonly debt: Decimal;
  readonly mark: Decimal;
}

/** One coin's equity figures. */
export interface CoinEquity {
  readonly coin: string;
  /** Wallet total − debt (interest included), in the coin; negative when more is owed than held. */
  readonly equity: Decimal;
  /** Wallet total × mark (gross, borrowed funds included). */
  readonly value: Decimal;
  /** Equity × mark. */
  readonly equityValue: Decimal;
}

/** The account's equity in USDT. */
export interface AccountEquity {
  readonly coins: readonly CoinEquity[];
  /** Σ wallet total × mark: what the wallet holds, borrowed funds included. */
  readonly walletValue: Decimal;
  /** Σ debt × mark (interest included). */
  readonly liabilities: Decimal;
  /** walletValue − liabilities: what the account is worth net of its debts. */
  readonly totalEquity: Decimal;
}

/** Mark price of a coin in USDT: stablecoins 1, else the engine's last COIN/USDT price, else its seed; unknown 0. */
export function markPrice(lastPrice: (symbol: string) => string | undefined, coin: string): Decimal {
  if (STABLE_COINS.has(coin)) return new Decimal(1);
  const spec = findSymbol(`${coin}USDT`);
  if (spec === undefined) return new Decimal(0);
  return new Decimal(lastPrice(spec.symbol) ?? spec.seedPrice);
}

/** Computes an account's equity from its coins. */
export function accountEquity(positions: readonly CoinPosition[]): AccountEquity {
  let walletValue = new Decimal(0);
  let liabilities = new Decimal(0);
  const coins = positions.map((p) => {
    // A wallet total is never below zero; a stray negative must not count as a second debt.
    const held = Decimal.max(0, p.total);
    const value = held.times(p.mark);
    const debtValue = p.debt.times(p.mark);
    walletValue = walletValue.plus(value);
    liabilities = liabilities.plus(debtValue);
    const equity = held.minus(p.debt);
    return { coin: p.coin, equity, value, equityValue: value.minus(debtValue) };
  });
  return { coins, walletValue, liabilities, totalEquity: walletValue.minus(liabilities) };
}

/** An account's coins without a lender (nothing owed), valued at mark: the fallback when margin is not installed. */
export function debtFreePositions(
  balances: readonly BalanceView[],
  lastPrice: (symbol: string) => string | undefined,
): CoinPosition[] {
  return balances.map((b) => ({
    coin: b.coin,
    total: new Decimal(b.total),
    debt: new Decimal(0),
    mark: markPrice(lastPrice, b.coin),
  }));
}
