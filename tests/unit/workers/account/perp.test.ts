/** The hub's perpetual pushes: positions by symbol (size zero removes), a version per push, notices once. */
import { describe, expect, it } from 'vitest';
import { PerpPushes } from '../../../../workers/account/perp';

const pos = (size: string, upnl = '1.5'): Record<string, unknown> => ({
  category: 'linear',
  symbol: 'BTCUSDT',
  side: 'Sell',
  size,
  avgPrice: '64000',
  markPrice: '63990',
  unrealisedPnl: upnl,
  cumRealisedPnl: '-0.3',
});

const combo = (id: string): Record<string, unknown> => ({
  combinationId: id,
  symbol: 'BTCUSDT',
  spotSymbol: 'BTCUSDT',
  direction: 'longBasis',
  qty: '0.1',
  spotAvgPrice: '64000',
  perpAvgPrice: '64040',
  basis: '40',
  createdTime: 1,
});

describe('PerpPushes', () => {
  it('keeps the latest row per symbol and drops it when the size reaches zero', () => {
    const p = new PerpPushes();
    let stamp = 0;
    const next = (): number => ++stamp;
    expect(p.apply('position', [pos('0.1')], next).changed).toBe(true);
    expect(p.apply('position', [pos('0.2', '-4')], next).changed).toBe(true);
    expect(p.view(0).positions).toHaveLength(1);
    expect(p.view(0).positions[0]?.unrealisedPnl).toBe('-4');
    const v = p.view(0).positionsVersion;
    p.apply('position', [pos('0')], next);
    expect(p.view(0).positions).toEqual([]);
    expect(p.view(0).positionsVersion).toBe(v + 1);
    expect(p.apply('position', [{ symbol: 'X' }], next).bad).toBe(1);
  });

  it('hands each combination to a tab once (by cursor), and ignores a repeated push', () => {
    const p = new PerpPushes();
    let stamp = 10;
    const next = (): number => ++stamp;
    p.apply('combination', [combo('1')], next);
    const cursor = stamp;
    p.apply('combination', [combo('1'), combo('2')], next);
    expect(p.view(0).combinationNotices.map((c) => c.combinationId)).toEqual(['1', '2']);
    expect(p.view(cursor).combinationNotices.map((c) => c.combinationId)).toEqual(['2']);
  });

  it('counts a P&L push as a change of the positions version', () => {
    const p = new PerpPushes();
    const before = p.view(0).positionsVersion;
    p.apply('pnl', [{ symbol: 'BTCUSDT' }], () => 1);
    expect(p.view(0).positionsVersion).toBe(before + 1);
  });
});
