import { describe, expect, it } from 'vitest';
import { isOpenPosition, toBorrowRows, toOpenPositions } from '../../../../../src/features/account/rows';

describe('position rows', () => {
  it('reads symbol, size and unrealised P&L as text, and skips a row without a symbol', () => {
    expect(
      toOpenPositions([{ symbol: 'BTCUSDT', size: '0.5', unrealisedPnl: -12.5, side: 'Buy' }, {}]),
    ).toEqual([{ symbol: 'BTCUSDT', size: '0.5', unrealisedPnl: '-12.5', side: 'Buy' }]);
  });
  it('hides size-zero positions, a missing size counting as zero (spec §9)', () => {
    expect(isOpenPosition({ symbol: 'X', size: '0', unrealisedPnl: '' })).toBe(false);
    expect(isOpenPosition({ symbol: 'X', size: '', unrealisedPnl: '' })).toBe(false);
    expect(isOpenPosition({ symbol: 'X', size: '-0.1', unrealisedPnl: '' })).toBe(true);
    const open = toOpenPositions([
      { symbol: 'A', size: '1' },
      { symbol: 'B', size: '0' },
      { symbol: 'C', size: 2 },
      { symbol: 'D' },
    ]);
    expect(open.map((p) => p.symbol)).toEqual(['A', 'C']);
  });
});

describe('borrow rows', () => {
  it('reads the coin, borrowed and maximum, and skips a row without a coin', () => {
    expect(
      toBorrowRows([{ currency: 'USDT', borrowSize: '100', borrowMaxSize: 5000 }, { currency: null }]),
    ).toEqual([{ currency: 'USDT', borrowSize: '100', borrowMaxSize: '5000' }]);
  });
});
