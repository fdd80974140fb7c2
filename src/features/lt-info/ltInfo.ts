/**
 * Leveraged-token project info (spec §3 LT): the symbol info (purchase and redemption limits), the kline info
 * (status `st`, nav) and the token info (nav, risk switch, deviation from net value), plus the simulator's risk state,
 * basket and rebalance schedule, parsed from the LT symbol-info call (spec §7). Pure.
 */
import type { LtCheckState } from '../../../workers/protocol/ltChecks';
import type { SymbolInfo } from '../../../workers/api';

/** What the token's basket holds (per token and in total), NaN where a number did not parse. */
export interface LtBasket {
  /** Underlying symbol ("BTCUSDT"), '' when missing. */
  readonly underlying: string;
  readonly underlyingPrice: number;
  /** Underlying units per token (negative for a short). */
  readonly positionPerToken: number;
  /** Quote cash per token (negative: borrowed). */
  readonly cashPerToken: number;
  readonly supply: number;
  readonly totalPosition: number;
}

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
  /** Subscription and redemption fee as a fraction ("0.001"), '' when missing. */
  readonly feeRate: string;
  /** NAV as sent ('' when missing): what the checks compare exactly. */
  readonly navText: string;
  /** Risk state (0, 4 closing a position, 5 position wear); 0 when missing. */
  readonly riskState: number;
  /** Last traded price of the token; NaN when none. */
  readonly marketPrice: number;
  /** Leverage the basket has now (drifts between rebalances); NaN when missing. */
  readonly actualLeverage: number;
  readonly basket: LtBasket | null;
  /** Next scheduled (daily) rebalance, ms; 0 when unknown. */
  readonly nextRebalanceAt: number;
  /** Last rebalance, ms; 0 when unknown. */
  readonly lastRebalanceAt: number;
  /** End of the running rebalance, ms; 0 when none runs. */
  readonly rebalancingUntil: number;
  /** What the logged-in trader may still subscribe today (quote) and redeem (tokens); '' when not sent. */
  readonly dailyPurchaseRemaining: string;
  readonly dailyRedeemRemaining: string;
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
  const risk = toNumber(r.riskState);
  const b = typeof r.basket === 'object' && r.basket !== null ? (r.basket as Record<string, unknown>) : null;
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
    feeRate: toDecimalText(r.feeRate),
    navText: toDecimalText(r.nav),
    riskState: Number.isInteger(risk) ? risk : 0,
    marketPrice: toNumber(r.marketPrice),
    actualLeverage: toNumber(r.actualLeverage),
    basket:
      b === null
        ? null
        : {
            underlying: typeof b.underlying === 'string' ? b.underlying : '',
            underlyingPrice: toNumber(b.underlyingPrice),
            positionPerToken: toNumber(b.positionPerToken),
            cashPerToken: toNumber(b.cashPerToken),
            supply: toNumber(b.supply),
            totalPosition: toNumber(b.totalPosition),
          },
    nextRebalanceAt: toTime(r.nextRebalanceAt),
    lastRebalanceAt: toTime(r.lastRebalanceAt),
    rebalancingUntil: toTime(r.rebalancingUntil),
    dailyPurchaseRemaining: toDecimalText(r.dailyPurchaseRemaining),
    dailyRedeemRemaining: toDecimalText(r.dailyRedeemRemaining),
  };
}

function toTime(v: unknown): number {
  return typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? v : 0;
}

/** What the subscription and redemption checks (spec §5) read of the info, for a symbol's coins. */
export function toCheckState(info: LtInfo, symbol: SymbolInfo): LtCheckState {
  return {
    st: info.status ?? 0,
    riskState: info.riskState,
    riskSwitchOn: info.riskSwitchOn,
    nav: info.navText,
    minPurchase: info.minPurchase,
    maxPurchase: info.maxPurchase,
    minRedeem: info.minRedeem,
    maxRedeem: info.maxRedeem,
    quote: symbol.quote,
    token: symbol.base,
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
