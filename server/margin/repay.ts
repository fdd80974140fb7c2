/**
 * Manual repayment: first from the coin's free balance, then by converting other coins through the real order book
 * (market orders the account can see in its history) until the debt is paid or nothing convertible is left.
 */
import { Decimal } from 'decimal.js';
import type { Engine } from '../engine/engine';
import { SYMBOLS, type SymbolSpec } from '../market/symbols';
import type { MarginDesk } from './desk';
import { fromAtoms } from './desk';

/** Head-room on a conversion for the taker fee (0.1 %) and rounding: the surplus stays in the account. */
const FEE_COVER = new Decimal('1.003');
/** Conversions tried per repay at most (one per source coin, then a last top-up). */
const MAX_CONVERSIONS = 6;

/** What a repay did: repaid amount and what is still owed (decimal strings). */
export interface RepayOutcome {
  readonly repaid: string;
  readonly remaining: string;
}

/** Repays the account's debt in `coin`, at most `amount` (all of it when absent). */
export function repayDebt(
  engine: Engine,
  desk: MarginDesk,
  accountId: string,
  coin: string,
  amount: Decimal | undefined,
): RepayOutcome {
  const before = fromAtoms(desk.debt(accountId, coin));
  const target = amount === undefined ? before : Decimal.min(before, amount);
  const goal = before.minus(target);
  const left = (): Decimal => fromAtoms(desk.debt(accountId, coin)).minus(goal);
  engine.repayDebt(accountId, coin, target.toFixed());
  for (let i = 0; i < MAX_CONVERSIONS && left().gt(0); i++) {
    if (!convertOnce(engine, desk, accountId, coin, left())) break;
  }
  const after = fromAtoms(desk.debt(accountId, coin));
  return { repaid: before.minus(after).toFixed(), remaining: after.toFixed() };
}

/** One market order that brings `need` of `coin` into the account (auto-repay takes it); false when none can. */
function convertOnce(
  engine: Engine,
  desk: MarginDesk,
  accountId: string,
  coin: string,
  need: Decimal,
): boolean {
  const free = new Map(engine.balances(accountId).map((b) => [b.coin, new Decimal(b.free)]));
  // Owing the quote coin: sell the base with the most free value for it, sized by the value wanted.
  const sells = SYMBOLS.filter((s) => s.quote === coin && (free.get(s.base)?.gt(0) ?? false)).sort(
    (a, b) => valueOf(desk, b, free) - valueOf(desk, a, free),
  );
  for (const s of sells) {
    const amount = need.times(FEE_COVER).toDecimalPlaces(s.amountPrecision, Decimal.ROUND_UP);
    const r = engine.placeOrder({
      accountId,
      clientOrderId: '',
      symbol: s.symbol,
      side: 'Sell',
      orderType: 'Market',
      amount: Decimal.max(amount, s.minAmount).toFixed(),
      marketUnit: 'quoteCoin',
    });
    if (r.ok && r.value.cumExecQty !== '0') return true;
  }
  // Owing a base coin: buy it back with the quote coin the account holds.
  const buys = SYMBOLS.filter((s) => s.base === coin && (free.get(s.quote)?.gt(0) ?? false));
  for (const s of buys) {
    const qty = need.times(FEE_COVER).toDecimalPlaces(s.quantityPrecision, Decimal.ROUND_UP);
    const r = engine.placeOrder({
      accountId,
      clientOrderId: '',
      symbol: s.symbol,
      side: 'Buy',
      orderType: 'Market',
      qty: Decimal.max(qty, s.minQty).toFixed(),
      marketUnit: 'baseCoin',
    });
    if (r.ok && r.value.cumExecQty !== '0') return true;
  }
  return false;
}

function valueOf(desk: MarginDesk, s: SymbolSpec, free: Map<string, Decimal>): number {
  return (free.get(s.base) ?? new Decimal(0)).times(desk.mark(s.base)).toNumber();
}
