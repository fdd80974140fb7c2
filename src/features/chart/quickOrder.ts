/**
 * The hover quick order (spec §2, §4, §5 "Quick order"): the side follows the hovered price (sell above the
 * market, else buy) and the checks run in the spec's order before a limit order is created.
 */
import Decimal from 'decimal.js';
import type { SymbolInfo } from '../../../workers/api';

/** Delay before the '+' shows on hover (spec §9 hover-line delay). */
export const QUICK_ORDER_HOVER_MS = 800;

/** Side of a quick order at `price`: sell when above the last price, else buy. */
export function quickOrderSide(price: number, lastPrice: number | null): 'Buy' | 'Sell' {
  return lastPrice !== null && price > lastPrice ? 'Sell' : 'Buy';
}

/** Message keys of the quick-order checks (`chart:quick.<key>`). */
export type QuickOrderFailure =
  'quickOrder0Tip' | 'quickLimitOrderPriceError' | 'banBuy' | 'banSell' | 'quantityErrorTickTip';

/** What a quick-order submit does: go to login, show a message, or place. */
export type QuickOrderCheck =
  | { readonly type: 'login' }
  | { readonly type: 'message'; readonly key: QuickOrderFailure }
  | { readonly type: 'ok' };

function dec(s: string): Decimal | null {
  if (s.trim() === '') return null;
  try {
    const d = new Decimal(s);
    return d.isFinite() ? d : null;
  } catch {
    return null;
  }
}

/**
 * Spec §5: logged out → login; empty or zero quantity 'quick order 0 tip'; price at or below 0 'quick limit order
 * price error'; a banned side is blocked; the quantity must be a multiple of the symbol's quantity step.
 */
export function checkQuickOrder(
  q: { readonly qty: string; readonly price: string; readonly side: 'Buy' | 'Sell' },
  symbol: Pick<SymbolInfo, 'quantityPrecision' | 'isBanBuy' | 'isBanSell'>,
  loggedIn: boolean,
): QuickOrderCheck {
  if (!loggedIn) return { type: 'login' };
  const qty = dec(q.qty);
  if (qty === null || qty.lessThanOrEqualTo(0)) return { type: 'message', key: 'quickOrder0Tip' };
  const price = dec(q.price);
  if (price === null || price.lessThanOrEqualTo(0))
    return { type: 'message', key: 'quickLimitOrderPriceError' };
  if (q.side === 'Buy' && symbol.isBanBuy) return { type: 'message', key: 'banBuy' };
  if (q.side === 'Sell' && symbol.isBanSell) return { type: 'message', key: 'banSell' };
  const step = new Decimal(10).pow(-Math.max(0, symbol.quantityPrecision));
  if (!qty.mod(step).isZero()) return { type: 'message', key: 'quantityErrorTickTip' };
  return { type: 'ok' };
}
