import { describe, expect, it } from 'vitest';
import { candleKey, fixed } from '../../../../server/market/frames';
import { parsePublicTopic, PRIVATE_SET, PRIVATE_TOPICS } from '../../../../server/market/topics';

describe('market topics', () => {
  it('parses the public topics it serves and nothing else', () => {
    expect(parsePublicTopic('orderbook.50.BTCUSDT')).toMatchObject({ kind: 'orderbook', depth: 50 });
    expect(parsePublicTopic('publicTrade.BTCUSDT')).toMatchObject({ kind: 'publicTrade' });
    expect(parsePublicTopic('tickers.BTCUSDT')).toMatchObject({ kind: 'tickers' });
    expect(parsePublicTopic('kline.1.BTCUSDT')).toMatchObject({ kind: 'kline', interval: '1' });
    expect(parsePublicTopic('orderbook.7.BTCUSDT')).toBeUndefined();
    expect(parsePublicTopic('tickers.NOPEUSDT')).toBeUndefined();
    expect(parsePublicTopic('kline.2.BTCUSDT')).toBeUndefined();
    expect(parsePublicTopic('order')).toBeUndefined();
  });

  it('knows every private alias', () => {
    for (const names of Object.values(PRIVATE_TOPICS))
      for (const n of names) expect(PRIVATE_SET.has(n)).toBe(true);
    expect(PRIVATE_SET.has('tickers.BTCUSDT')).toBe(false);
  });
});

describe('market frames', () => {
  it('fixed clamps decimals to 0..20 and never prints an exponent', () => {
    expect(fixed(1.5, 0)).toBe('2');
    expect(fixed(1e-7, 8)).toBe('0.00000010');
    expect(fixed(1, -3)).toBe('1');
    expect(fixed(1, 25)).toBe('1.00000000000000000000');
  });

  it('candleKey changes with any published field', () => {
    const c = { start: 1, open: 1, high: 2, low: 0.5, close: 1.5, volume: 3, turnover: 4 };
    expect(candleKey(c)).not.toBe(candleKey({ ...c, volume: 4 }));
    expect(candleKey(c)).toBe(candleKey({ ...c, open: 9 }));
  });
});
