import { describe, expect, it } from 'vitest';
import type { SymbolInfo } from '../../../../../workers/api';
import {
  EMPTY_TOOL_DRAFT,
  gridSpecOf,
  scaledPlan,
  toCreateRequest,
  type ToolDraft,
} from '../../../../../src/features/tools/draft';
import { validateTool, type ToolContext } from '../../../../../src/features/tools/validation';
import { planScaled } from '../../../../../server/strategy/scaled';
import { SYMBOL_BY_NAME } from '../../../../../server/market/symbols';

const BTC: SymbolInfo = {
  symbol: 'BTCUSDT',
  symbolId: 1,
  base: 'BTC',
  quote: 'USDT',
  pricePrecision: 2,
  quantityPrecision: 6,
  amountPrecision: 8,
  minTradeQuantity: '0.000048',
  maxTradeQuantity: '71.73956243',
  minTradeAmount: '1',
  maxTradeAmount: '4000000',
  digitMerge: '0.01,0.1,1',
  mark: '',
  tradeStatus: 1,
  isBanBuy: false,
  isBanSell: false,
  ltDirection: '',
  noticeType: '',
  openTime: 0,
};
const ctx: ToolContext = { symbol: BTC, freeQuote: '10000', freeBase: '1', lastPrice: '64000' };
const draft = (over: Partial<ToolDraft>): ToolDraft => ({ ...EMPTY_TOOL_DRAFT, ...over });
const keyOf = (tool: Parameters<typeof validateTool>[0], d: ToolDraft): string | null => {
  const f = validateTool(tool, d, ctx);
  return f === null ? null : `${f.ns}:${f.key}@${f.field}`;
};

describe('tools form validation (spec §5 order, first failure)', () => {
  it('iceberg: required, precision, minimum, balance and price band, with the order form wording', () => {
    const ok = draft({ totalQty: '0.1', price: '63000', sliceCount: '5' });
    expect(keyOf('iceberg', ok)).toBeNull();
    expect(keyOf('iceberg', draft({ price: '63000' }))).toBe('trade:qtyRequiredBuy@totalQty');
    expect(keyOf('iceberg', { ...ok, price: '' })).toBe('trade:priceRequiredBuy@price');
    expect(keyOf('iceberg', { ...ok, price: '63000.123' })).toBe('tools:priceDecimals@price');
    expect(keyOf('iceberg', { ...ok, totalQty: '0.0001', sliceCount: '5' })).toBe(
      'trade:quantityLowerLimit@sliceCount',
    );
    expect(keyOf('iceberg', { ...ok, totalQty: '0.5' })).toBe('trade:balanceNotEnough@totalQty');
    expect(keyOf('iceberg', { ...ok, price: '71000' })).toBe('tools:priceBandBuy@price');
    expect(keyOf('iceberg', { ...ok, side: 'Sell', price: '57000' })).toBe('tools:priceBandSell@price');
    expect(keyOf('iceberg', { ...ok, sliceMode: 'qty', sliceQty: '0.2' })).toBe(
      'tools:sliceAboveTotal@sliceQty',
    );
  });

  it('TWAP: duration 5 min – 24 h and an interval within it', () => {
    const ok = draft({ totalQty: '0.1', durationMin: '60', intervalSec: '60' });
    expect(keyOf('twap', ok)).toBeNull();
    expect(keyOf('twap', { ...ok, durationMin: '4' })).toBe('tools:durationRange@durationMin');
    expect(keyOf('twap', { ...ok, durationMin: '1441' })).toBe('tools:durationRange@durationMin');
    expect(keyOf('twap', { ...ok, intervalSec: '4' })).toBe('tools:intervalRange@intervalSec');
    expect(keyOf('twap', { ...ok, totalQty: '0.001', intervalSec: '5' })).toBe(
      'trade:quantityLowerLimit@totalQty',
    );
    expect(toCreateRequest('twap', ok, 'BTCUSDT')).toEqual({
      kind: 'twap',
      symbol: 'BTCUSDT',
      side: 'Buy',
      totalQty: '0.1',
      durationMs: 3_600_000,
      intervalMs: 60_000,
    });
  });

  it('scaled: the plan matches the simulator’s, and the range and count are checked', () => {
    const d = draft({
      priceLow: '60000',
      priceHigh: '62000',
      orderCount: '5',
      distribution: 'increasing',
      totalQty: '0.1',
    });
    const server = SYMBOL_BY_NAME.get('BTCUSDT');
    if (server === undefined) throw new Error('no BTCUSDT');
    const req = toCreateRequest('scaled', d, 'BTCUSDT');
    if (req.kind !== 'scaled') throw new Error('not scaled');
    expect(scaledPlan(d, BTC)).toEqual(planScaled(server, req));
    expect(keyOf('scaled', d)).toBeNull();
    expect(keyOf('scaled', { ...d, priceHigh: '59000' })).toBe('tools:priceRangeOrder@priceHigh');
    expect(keyOf('scaled', { ...d, orderCount: '101' })).toBe('tools:orderCountRange@orderCount');
    expect(keyOf('scaled', { ...d, sizeMode: 'value', totalValue: '' })).toBe(
      'trade:amountRequired@totalValue',
    );
  });

  it('grid: range, count, investment, TP above the range, SL below it; the chart preview', () => {
    const d = draft({ minPrice: '60000', maxPrice: '68000', gridNumber: '10', investment: '5000' });
    expect(keyOf('grid', d)).toBeNull();
    expect(keyOf('grid', { ...d, gridNumber: '1' })).toBe('tools:gridNumberRange@gridNumber');
    expect(keyOf('grid', { ...d, investment: '' })).toBe('tools:investmentRequired@investment');
    expect(keyOf('grid', { ...d, takeProfit: '67000' })).toBe('tools:takeProfitAboveMax@takeProfit');
    expect(keyOf('grid', { ...d, stopLoss: '61000' })).toBe('tools:stopLossBelowMin@stopLoss');
    expect(keyOf('grid', { ...d, investment: '20000' })).toBe('trade:balanceNotEnough@investment');
    expect(keyOf('grid', { ...d, investment: '5' })).toBe('trade:quantityLowerLimit@investment');
    expect(gridSpecOf(d)).toEqual({ minPrice: 60000, maxPrice: 68000, gridNumber: 10, type: 'grade' });
    expect(gridSpecOf({ ...d, maxPrice: '' })).toBeNull();
  });
});
