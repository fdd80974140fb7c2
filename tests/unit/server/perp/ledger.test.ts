/** The perpetual ledger's math: average entry, realised P&L on reduce and flip, unrealised at mark, margin. */
import { describe, expect, it } from 'vitest';
import { applyFill, initialMargin, unrealisedPnl } from '../../../../server/perp/ledger';

describe('applyFill', () => {
  it('averages the entry when adding on the same side', () => {
    const a = applyFill('0', '0', 1, '1', '100');
    expect(a).toEqual({ size: '1', entryPrice: '100', realised: '0' });
    const b = applyFill(a.size, a.entryPrice, 1, '3', '120');
    expect(b.size).toBe('4');
    expect(b.entryPrice).toBe('115');
    expect(b.realised).toBe('0');
  });

  it('realises (price − entry) on the closed part of a long and keeps the entry', () => {
    const r = applyFill('4', '115', -1, '1', '125');
    expect(r).toEqual({ size: '3', entryPrice: '115', realised: '10' });
  });

  it('realises a short the other way', () => {
    const r = applyFill('-2', '200', 1, '0.5', '190');
    expect(r).toEqual({ size: '-1.5', entryPrice: '200', realised: '5' });
  });

  it('closes to flat with entry 0', () => {
    expect(applyFill('-1.5', '200', 1, '1.5', '210')).toEqual({
      size: '0',
      entryPrice: '0',
      realised: '-15',
    });
  });

  it('flips: closes the whole position and opens the rest at the fill price', () => {
    const r = applyFill('1', '100', -1, '3', '90');
    expect(r).toEqual({ size: '-2', entryPrice: '90', realised: '-10' });
  });
});

describe('unrealised P&L and margin', () => {
  it('is size × (mark − entry), signed', () => {
    expect(unrealisedPnl('2', '100', '103.5')).toBe('7');
    expect(unrealisedPnl('-2', '100', '103.5')).toBe('-7');
  });

  it('margin is |size| × entry / leverage, rounded up at 8 decimals', () => {
    expect(initialMargin('-0.5', '64000', 5)).toBe('6400');
    expect(initialMargin('1', '10', 3)).toBe('3.33333334');
  });
});
