import { describe, expect, it } from 'vitest';
import type { SymbolInfo } from '../../../../../workers/api';
import { fittingStatCount } from '../../../../../src/features/market-header/stats';
import {
  FAVOURITES_TAB,
  filterSymbols,
  quoteTabs,
} from '../../../../../src/features/market-header/symbolFilter';
import { COMPLIANCE, showsLiquidityShield } from '../../../../../src/session/compliance';

const sym = (base: string, quote: string): SymbolInfo => ({
  symbol: base + quote,
  symbolId: 1,
  base,
  quote,
  pricePrecision: 2,
  quantityPrecision: 4,
  amountPrecision: 2,
  minTradeQuantity: '0',
  maxTradeQuantity: '0',
  minTradeAmount: '0',
  maxTradeAmount: '0',
  digitMerge: '',
  mark: '',
  tradeStatus: 1,
  isBanBuy: false,
  isBanSell: false,
  ltDirection: '',
  noticeType: '',
  openTime: 0,
});

const LIST = [sym('BTC', 'USDT'), sym('ETH', 'USDT'), sym('BTC', 'USDC'), sym('BTC3L', 'USDT')];

describe('header stats fit (spec §2)', () => {
  it('hides stats one by one from the end when space is short', () => {
    const widths = [100, 100, 120];
    expect(fittingStatCount(1000, widths, 24)).toBe(3);
    expect(fittingStatCount(368, widths, 24)).toBe(3);
    expect(fittingStatCount(367, widths, 24)).toBe(2);
    expect(fittingStatCount(224, widths, 24)).toBe(2);
    expect(fittingStatCount(100, widths, 24)).toBe(1);
    expect(fittingStatCount(99, widths, 24)).toBe(0);
  });
});

describe('symbol list filter', () => {
  it('lists quote tabs in order of appearance', () => {
    expect(quoteTabs(LIST)).toEqual(['USDT', 'USDC']);
  });

  it('filters by quote tab, favourites (in their order) and search across quotes', () => {
    expect(filterSymbols(LIST, 'USDC', '', []).map((s) => s.symbol)).toEqual(['BTCUSDC']);
    expect(
      filterSymbols(LIST, FAVOURITES_TAB, '', ['ETHUSDT', 'GONE', 'BTCUSDT']).map((s) => s.symbol),
    ).toEqual(['ETHUSDT', 'BTCUSDT']);
    expect(filterSymbols(LIST, 'USDT', 'btc/usdc', []).map((s) => s.symbol)).toEqual(['BTCUSDC']);
    expect(filterSymbols(LIST, 'USDT', 'btc', []).map((s) => s.symbol)).toEqual([
      'BTCUSDT',
      'BTCUSDC',
      'BTC3LUSDT',
    ]);
  });
});

describe('liquidity-shield link (spec §2)', () => {
  it('shows only when compliance allows, the symbol is covered and the account is not demo', () => {
    expect(showsLiquidityShield(COMPLIANCE, 'BTCUSDT', false)).toBe(true);
    expect(showsLiquidityShield(COMPLIANCE, 'BTCUSDT', true)).toBe(false);
    expect(showsLiquidityShield(COMPLIANCE, 'SUIUSDT', false)).toBe(false);
    expect(showsLiquidityShield({ ...COMPLIANCE, liquidityShield: false }, 'BTCUSDT', false)).toBe(false);
  });
});
