import { describe, expect, it } from 'vitest';
import { Engine } from '../../../../server/engine/engine';
import { SymbolKlines } from '../../../../server/market/klines';
import { SYMBOLS } from '../../../../server/market/symbols';
import { calmTurnoverPerMs, SyntheticMarket } from '../../../../server/market/synth';

const START = Date.UTC(2026, 10, 22, 12, 0, 0);

/** Quote turnover per minute the live synthetic market trades on a symbol, over `minutes` of calm actions. */
function liveTurnoverPerMinute(symbol: string, minutes: number): number {
  let turnover = 0;
  const engine = new Engine({
    symbols: SYMBOLS,
    now: () => START,
    listener: {
      trade: (t) => {
        if (t.symbol === symbol) turnover += Number(t.price) * Number(t.qty);
      },
    },
  });
  const synth = new SyntheticMarket(engine, SYMBOLS, { seed: 3, rate: 0, now: () => START, openAt: () => 0 });
  synth.seedBooks();
  const perSecond = symbol === 'BTCUSDT' ? 40 : 25;
  synth.act(symbol, perSecond * 60 * minutes);
  return turnover / minutes;
}

describe('synthetic history volume scale', () => {
  for (const spec of SYMBOLS.filter((s) => s.symbol === 'BTCUSDT' || s.symbol === 'ETHUSDT')) {
    it(`${spec.symbol}: back-filled 1m candles trade what the live market trades, within 2×`, () => {
      const live = liveTurnoverPerMinute(spec.symbol, 3);
      const k = new SymbolKlines(spec.seedPrice, 11, START, calmTurnoverPerMs(spec.symbol));
      const history = k.range('1', START - 60_000, 240).map((c) => c.turnover);
      const mean = history.reduce((s, x) => s + x, 0) / history.length;
      // Before the fix the history traded 2,000 a minute against ~2.5 million live: a 1,000× gap.
      expect(mean / live).toBeGreaterThan(0.5);
      expect(mean / live).toBeLessThan(2);
    });
  }
});
