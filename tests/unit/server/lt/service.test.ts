import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LtService } from '../../../../server/lt/service';
import { LT_TOKENS, REBALANCE_MS, type LtTokenSpec } from '../../../../server/lt/tokens';
import { ltHarness, T0, type LtHarness } from './helpers';

function token(symbol: string): LtTokenSpec {
  const t = LT_TOKENS.find((x) => x.spec.symbol === symbol);
  if (t === undefined) throw new Error(symbol);
  return t;
}
const L = token('BTC3LUSDT');
const S = token('BTC3SUSDT');

describe('LtService', () => {
  let h: LtHarness;
  let lt: LtService;
  const price = (p: string): void => {
    h.ctx.engine.setLastPrice('BTCUSDT', p);
  };
  beforeEach(() => {
    h = ltHarness();
    lt = new LtService(h.ctx);
    h.ctx.store.commit();
  });
  afterEach(() => {
    lt.stop();
    h.close();
  });

  it('lists at the seed price and follows the underlying with 3× leverage each way', () => {
    expect(lt.view(L)).toMatchObject({ nav: '2.1375', st: 1, status: 1, riskState: 0, riskSwitchStatus: 0 });
    expect(lt.view(S)).toMatchObject({ nav: '1.4260', direction: 'short' });
    price('64640'); // +1 %
    h.clock.advance(1000);
    expect(lt.view(L).nav).toBe('2.2016'); // 2.1375 × 1.03
    expect(lt.view(S).nav).toBe('1.3832'); // 1.426 × 0.97
  });

  it('rebalances when a scripted path pushes the leverage out of its band, and holds status 5 meanwhile', () => {
    // A -5 % step: the short's leverage falls to 2.48 (< 2.5): it rebalances; the long (3.35) does not.
    price('60800');
    h.clock.advance(1000);
    expect(lt.view(S)).toMatchObject({ st: 5, lastRebalanceReason: 'threshold', actualLeverage: '3.0000' });
    expect(lt.view(S).basket).toMatchObject({ rebalancePrice: '60800' });
    expect(lt.view(L)).toMatchObject({ st: 1, lastRebalanceReason: '' });
    // NAV is kept across the rebalance: 1.426 × 1.15 = 1.6399.
    expect(lt.view(S).nav).toBe('1.6399');
    h.clock.advance(REBALANCE_MS);
    expect(lt.view(S).st).toBe(1);
    // From the new basket a further -5 % gains 15 % of the new NAV (compounding), not 15 % of the listing NAV.
    price('57760');
    expect(lt.view(S).nav).toBe('1.8859');
    // The long keeps drifting down: at -11.25 % from listing (leverage 4.05) it rebalances too.
    price('56800');
    h.clock.advance(1000);
    expect(lt.view(L)).toMatchObject({ st: 5, lastRebalanceReason: 'threshold' });
  });

  it('rebalances every token daily at 00:00 UTC', () => {
    const next = lt.view(L).nextRebalanceAt as number;
    expect(next).toBe(Math.ceil(T0 / 86_400_000) * 86_400_000);
    h.clock.advance(next - T0 - 1);
    expect(lt.view(L).st).toBe(1);
    h.clock.advance(1);
    expect(lt.view(L)).toMatchObject({ st: 5, lastRebalanceReason: 'daily', lastRebalanceAt: next });
    expect(lt.view(S)).toMatchObject({ st: 5, lastRebalanceReason: 'daily' });
    expect(lt.view(L).nextRebalanceAt).toBe(next + 86_400_000);
  });

  it('reports the gap between the market price and NAV', () => {
    h.ctx.engine.setLastPrice('BTC3LUSDT', '2.223');
    expect(lt.view(L).diffNvRate).toBe('0.04'); // 2.223 / 2.1375 - 1
    h.ctx.engine.setLastPrice('BTC3LUSDT', '2.1');
    expect(lt.view(L).diffNvRate).toBe('-0.017544');
  });

  it('keeps its state across a restart, a running rebalance included', () => {
    price('60800');
    h.clock.advance(1000);
    h.ctx.store.commit();
    lt.stop();
    h = h.reopen();
    price('60800');
    lt = new LtService(h.ctx);
    expect(lt.view(S)).toMatchObject({ st: 5, nav: '1.6399' });
    h.clock.advance(REBALANCE_MS);
    expect(lt.view(S).st).toBe(1);
  });
});
