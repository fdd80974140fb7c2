import { describe, expect, it } from 'vitest';
import { Engine } from '../../../../server/engine/engine';
import { SYMBOLS } from '../../../../server/market/symbols';
import { SyntheticMarket } from '../../../../server/market/synth';

function market(anchor?: number): { engine: Engine; synth: SyntheticMarket } {
  const now = (): number => 1_700_000_000_000;
  const engine = new Engine({ symbols: SYMBOLS, now });
  const synth = new SyntheticMarket(engine, SYMBOLS, { seed: 3, rate: 0, now, openAt: () => 0 });
  if (anchor !== undefined) synth.anchorTo((spec) => (spec.symbol === 'BTC3LUSDT' ? anchor : undefined));
  synth.seedBooks();
  return { engine, synth };
}

describe('SyntheticMarket.anchorTo', () => {
  it("pulls an anchored symbol's market toward the anchor (a leveraged token toward its NAV)", () => {
    const { engine, synth } = market(2.35);
    synth.act('BTC3LUSDT', 1500);
    expect(Number(engine.lastPrice('BTC3LUSDT'))).toBeGreaterThan(2.3);
  });

  it('leaves a symbol without an anchor near its seed', () => {
    const { engine, synth } = market();
    synth.act('BTC3LUSDT', 1500);
    expect(Math.abs(Number(engine.lastPrice('BTC3LUSDT')) / 2.1375 - 1)).toBeLessThan(0.02);
  });
});
