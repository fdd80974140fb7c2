/**
 * Leveraged-token project info (spec §3 LT): the symbol info (purchase and redemption limits), the kline info
 * (status `st`, nav) and the token info (nav, risk switch, deviation from net value), parsed from the LT symbol-info
 * call (spec §7). Pure.
 */

/** One LT symbol's info as the page shows it. Numbers that did not parse are NaN (shown as "--"). */
export interface LtInfo {
  readonly symbolId: number;
  /** Net asset value per token, in the quote coin. */
  readonly nav: number;
  /** Leverage ratio as sent ("3"), kept as text so its decimals are shown as given. */
  readonly leverage: string;
  readonly direction: 'long' | 'short' | '';
  /** Market price versus nav, as a fraction (0.0012 = 0.12 %). */
  readonly diffNvRate: number;
  /** Risk-control switch (closing positions blocks subscription and redemption while it is on). */
  readonly riskSwitchOn: boolean;
  /** Kline status `st` (1 trading, 2 redemption closed, 3 subscription closed, 4 both closed, 5 rebalancing). */
  readonly status: number | null;
  /** Subscription limits (quote amount), decimal strings as sent ('' when missing), shown with their own decimals. */
  readonly minPurchase: string;
  readonly maxPurchase: string;
  /** Redemption limits (token quantity), decimal strings as sent ('' when missing). */
  readonly minRedeem: string;
  readonly maxRedeem: string;
}

/** Whether subscription or redemption is possible in a status. */
export type LtGate = 'open' | 'closed' | 'rebalancing';

/** A decimal string or number as text; '' for anything else. */
function toDecimalText(v: unknown): string {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v === 'string' && /^-?\d+(?:\.\d+)?$/.test(v.trim())) return v.trim();
  return '';
}

function toNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && v.trim() !== '') return Number(v);
  return Number.NaN;
}

/** The LT info of a `{code: 0, success: true, result}` reply for `symbolId`; null for anything else. */
export function toLtInfo(reply: unknown, symbolId: number): LtInfo | null {
  if (typeof reply !== 'object' || reply === null) return null;
  const { code, result } = reply as Record<string, unknown>;
  if (code !== 0 || typeof result !== 'object' || result === null) return null;
  const r = result as Record<string, unknown>;
  if (r.symbolId !== symbolId) return null;
  const st = toNumber(r.st ?? r.status);
  return {
    symbolId,
    nav: toNumber(r.nav),
    leverage: typeof r.leverage === 'string' || typeof r.leverage === 'number' ? String(r.leverage) : '',
    direction: r.direction === 'long' || r.direction === 'short' ? r.direction : '',
    diffNvRate: toNumber(r.diffNvRate),
    riskSwitchOn: toNumber(r.riskSwitchStatus) === 1,
    status: Number.isInteger(st) ? st : null,
    minPurchase: toDecimalText(r.minPurchase),
    maxPurchase: toDecimalText(r.maxPurchase),
    minRedeem: toDecimalText(r.minRedeem),
    maxRedeem: toDecimalText(r.maxRedeem),
  };
}

/**
 * Subscription and redemption gates of a kline status (spec §5 LT checks): subscription is closed at 3 and 4,
 * redemption at 2 and 4, both are rebalancing at 5; null when the status is not one of 1–5.
 */
export function ltGates(
  status: number | null,
): { readonly subscription: LtGate; readonly redemption: LtGate } | null {
  switch (status) {
    case 1:
      return { subscription: 'open', redemption: 'open' };
    case 2:
      return { subscription: 'open', redemption: 'closed' };
    case 3:
      return { subscription: 'closed', redemption: 'open' };
    case 4:
      return { subscription: 'closed', redemption: 'closed' };
    case 5:
      return { subscription: 'rebalancing', redemption: 'rebalancing' };
    case null:
      return null;
    default:
      return null;
  }
}

/** Decimals written in a numeric string ("2.50" → 2, "3" → 0), capped at 8; 0 for anything else. */
export function decimalsOf(text: string): number {
  const m = /^-?\d+(?:\.(\d+))?$/.exec(text.trim());
  return Math.min(8, m?.[1]?.length ?? 0);
}
