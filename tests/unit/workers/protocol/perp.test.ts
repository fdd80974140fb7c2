/** The future spread's shared quantity check and row decoders. */
import { describe, expect, it } from 'vitest';
import { checkCombinationQty, decodePerpPosition, decodePerpTicker } from '../../../../workers/protocol/perp';

describe('checkCombinationQty', () => {
  it('runs empty, decimals (the lot is the minimum), maximum in that order', () => {
    expect(checkCombinationQty('', '0.001', '100')?.key).toBe('qtyEmpty');
    expect(checkCombinationQty('0', '0.001', '100')?.key).toBe('qtyEmpty');
    expect(checkCombinationQty('abc', '0.001', '100')?.key).toBe('qtyEmpty');
    expect(checkCombinationQty('0.0005', '0.001', '100')).toEqual({ key: 'qtyDecimals', values: { n: '3' } });
    expect(checkCombinationQty('0.0010', '0.01', '1500')?.key).toBe('qtyDecimals');
    expect(checkCombinationQty('100.001', '0.001', '100')?.key).toBe('qtyMax');
    expect(checkCombinationQty('0.010', '0.001', '100')).toBeUndefined();
  });
});

describe('decoders', () => {
  it('reads a linear ticker with a negative basis', () => {
    const t = decodePerpTicker({
      symbol: 'BTCUSDT',
      markPrice: '63990.5',
      indexPrice: '64000.1',
      basis: '-9.6',
      basisRate: '-0.00015',
    });
    expect(t?.basis).toBe('-9.6');
    expect(decodePerpTicker({ symbol: 'BTCUSDT' })).toBeUndefined();
  });

  it('reads a position row and refuses one without a size', () => {
    expect(decodePerpPosition({ symbol: 'ETHUSDT', size: '1', unrealisedPnl: '-2', side: 'Buy' })?.side).toBe(
      'Buy',
    );
    expect(decodePerpPosition({ symbol: 'ETHUSDT', unrealisedPnl: '0' })).toBeUndefined();
  });
});
