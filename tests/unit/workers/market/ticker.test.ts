import { describe, expect, it } from 'vitest';
import { applyTicker, isSameTicker } from '../../../../workers/market/ticker';
import type { TickerRow } from '../../../../workers/protocol/market';
import { decodeFrame } from '../../../../workers/protocol/decode';
import type { WireTicker } from '../../../../workers/protocol/wire';

function ticker(last: string, symbol = 'BTCUSDT'): WireTicker {
  const text = JSON.stringify({
    topic: `tickers.${symbol}`,
    ts: 1673853746003,
    type: 'snapshot',
    cs: 2588407389,
    data: {
      symbol,
      lastPrice: last,
      highPrice24h: '21426.99',
      lowPrice24h: '20575',
      prevPrice24h: '20704.93',
      volume24h: '6780.866843',
      turnover24h: '141946527.22907118',
      price24hPcnt: '0.0196',
      usdIndexPrice: '21120.24',
    },
  });
  const f = decodeFrame(text);
  if (f.type !== 'ticker') throw new Error(`expected ticker, got ${f.type}`);
  return f.ticker;
}

describe('applyTicker', () => {
  it('takes the 24h stats and change fraction from the frame', () => {
    expect(applyTicker(undefined, ticker('21109.77'))).toEqual({
      symbol: 'BTCUSDT',
      last: 21109.77,
      high24h: 21426.99,
      low24h: 20575,
      volume24h: 6780.866843,
      turnover24h: Number('141946527.22907118'),
      change24h: 0.0196,
      direction: 'flat',
    });
  });

  it('rises, falls, and keeps the previous direction when the price is unchanged', () => {
    let s: TickerRow = applyTicker(undefined, ticker('100'));
    s = applyTicker(s, ticker('101'));
    expect(s.direction).toBe('up');
    s = applyTicker(s, ticker('101'));
    expect(s.direction).toBe('up');
    s = applyTicker(s, ticker('99.5'));
    expect(s.direction).toBe('down');
    s = applyTicker(s, ticker('99.5'));
    expect(s.direction).toBe('down');
    // Another symbol's stats are no reference.
    expect(applyTicker(s, ticker('1', 'ETHUSDT')).direction).toBe('flat');
  });

  it('tells identical stats apart from changed ones', () => {
    const a = applyTicker(undefined, ticker('100'));
    expect(isSameTicker(a, applyTicker(undefined, ticker('100')))).toBe(true);
    expect(isSameTicker(a, applyTicker(a, ticker('100.01')))).toBe(false);
    expect(isSameTicker(undefined, a)).toBe(false);
  });
});
