/**
 * The symbol list: one listed symbol as the contract carries it, and the decoder of the instruments-info reply
 * (bybit v5 envelope, `result.list`) that the hub fetches once and serves to every tab.
 */

/** One listed symbol (instruments-info row: the product's Symbol fields of spec §3). */
export interface SymbolInfo {
  readonly symbol: string;
  readonly symbolId: number;
  readonly base: string;
  readonly quote: string;
  readonly pricePrecision: number;
  readonly quantityPrecision: number;
  readonly amountPrecision: number;
  readonly minTradeQuantity: string;
  readonly maxTradeQuantity: string;
  readonly minTradeAmount: string;
  readonly maxTradeAmount: string;
  readonly digitMerge: string;
  /** '' | 'innovation' | 'adventure' */
  readonly mark: string;
  readonly tradeStatus: number;
  readonly isBanBuy: boolean;
  readonly isBanSell: boolean;
  /** '' | 'long' | 'short' (leveraged token). */
  readonly ltDirection: string;
  /** '' | 'disclaimer' | 'terms' */
  readonly noticeType: string;
  /** Opening time in ms; 0 when open. */
  readonly openTime: number;
}

/** Parses instruments-info into SymbolInfo rows; [] on any failure. */
export function parseSymbols(json: unknown): SymbolInfo[] {
  const list = (json as { result?: { list?: unknown } } | null)?.result?.list;
  if (!Array.isArray(list)) return [];
  const out: SymbolInfo[] = [];
  for (const r of list as Record<string, unknown>[]) {
    if (typeof r.symbol !== 'string' || typeof r.pricePrecision !== 'number') continue;
    const s = (k: string): string => (typeof r[k] === 'string' ? r[k] : '');
    const n = (k: string): number => (typeof r[k] === 'number' ? r[k] : 0);
    out.push({
      symbol: r.symbol,
      symbolId: n('symbolId'),
      base: s('baseCoin'),
      quote: s('quoteCoin'),
      pricePrecision: n('pricePrecision'),
      quantityPrecision: n('quantityPrecision'),
      amountPrecision: n('amountPrecision'),
      minTradeQuantity: s('minTradeQuantity'),
      maxTradeQuantity: s('maxTradeQuantity'),
      minTradeAmount: s('minTradeAmount'),
      maxTradeAmount: s('maxTradeAmount'),
      digitMerge: s('digitMerge'),
      mark: s('mark'),
      tradeStatus: n('tradeStatus'),
      isBanBuy: r.isBanBuy === true,
      isBanSell: r.isBanSell === true,
      ltDirection: s('ltDirection'),
      noticeType: s('noticeType'),
      openTime: n('openTime'),
    });
  }
  return out;
}
