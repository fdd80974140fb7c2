import { describe, expect, it } from 'vitest';
import type { SymbolInfo } from '../../../../../workers/api';
import { decimalsOf, ltGates, toCheckState, toLtInfo } from '../../../../../src/features/lt-info/ltInfo';

/** The simulator's reply for BTC3LUSDT (server/api/lt.ts), in its `code` envelope. */
const reply = (result: Record<string, unknown>): unknown => ({
  code: 0,
  success: true,
  message: 'OK',
  result,
});
const BTC3L = {
  symbolId: 9,
  symbolName: 'BTC3LUSDT',
  maxPurchase: '200000',
  minPurchase: '1',
  maxRedeem: '100000',
  minRedeem: '1',
  nav: '2.3456',
  riskSwitchStatus: 0,
  diffNvRate: '0',
  leverage: '3',
  direction: 'long',
  status: 1,
  st: 1,
  riskState: 5,
  feeRate: '0.001',
  marketPrice: '2.3500',
  actualLeverage: '3.1000',
  basket: {
    underlying: 'BTCUSDT',
    underlyingPrice: '64000',
    positionPerToken: '0.00010995',
    cashPerToken: '-4.6912',
    supply: '1000000',
    totalPosition: '109.95',
  },
  nextRebalanceAt: 1_700_006_400_000,
  lastRebalanceAt: 1_699_920_000_000,
  rebalancingUntil: 0,
};

describe('toLtInfo', () => {
  it('reads the symbol info, kline info and token info of a reply', () => {
    expect(toLtInfo(reply(BTC3L), 9)).toEqual({
      symbolId: 9,
      nav: 2.3456,
      leverage: '3',
      direction: 'long',
      diffNvRate: 0,
      riskSwitchOn: false,
      status: 1,
      minPurchase: '1',
      maxPurchase: '200000',
      minRedeem: '1',
      maxRedeem: '100000',
      feeRate: '0.001',
      navText: '2.3456',
      riskState: 5,
      marketPrice: 2.35,
      actualLeverage: 3.1,
      basket: {
        underlying: 'BTCUSDT',
        underlyingPrice: 64000,
        positionPerToken: 0.00010995,
        cashPerToken: -4.6912,
        supply: 1_000_000,
        totalPosition: 109.95,
      },
      nextRebalanceAt: 1_700_006_400_000,
      lastRebalanceAt: 1_699_920_000_000,
      rebalancingUntil: 0,
      dailyPurchaseRemaining: '',
      dailyRedeemRemaining: '',
    });
  });

  it("reads a logged-in trader's remaining daily limits as sent, and '' for junk", () => {
    const mine = { ...BTC3L, dailyPurchaseRemaining: '499900', dailyRedeemRemaining: '249990.5' };
    expect(toLtInfo(reply(mine), 9)).toMatchObject({
      dailyPurchaseRemaining: '499900',
      dailyRedeemRemaining: '249990.5',
    });
    const junk = { ...BTC3L, dailyPurchaseRemaining: 'lots', dailyRedeemRemaining: null };
    expect(toLtInfo(reply(junk), 9)).toMatchObject({ dailyPurchaseRemaining: '', dailyRedeemRemaining: '' });
  });

  it('gives the checks the status, risk, nav as sent, limits and the coins', () => {
    const info = toLtInfo(reply(BTC3L), 9);
    if (info === null) throw new Error('no info');
    expect(toCheckState(info, { base: 'BTC3L', quote: 'USDT' } as SymbolInfo)).toEqual({
      st: 1,
      riskState: 5,
      riskSwitchOn: false,
      nav: '2.3456',
      minPurchase: '1',
      maxPurchase: '200000',
      minRedeem: '1',
      maxRedeem: '100000',
      quote: 'USDT',
      token: 'BTC3L',
    });
  });

  it('prefers the kline status st over status, and reads the risk switch', () => {
    const info = toLtInfo(reply({ ...BTC3L, st: 5, status: 1, riskSwitchStatus: 1 }), 9);
    expect(info?.status).toBe(5);
    expect(info?.riskSwitchOn).toBe(true);
  });

  it('is null for an error envelope, another symbol, or no result', () => {
    expect(
      toLtInfo({ code: 10001, success: false, message: 'symbol_id is not a leveraged-token symbol' }, 9),
    ).toBe(null);
    expect(toLtInfo(reply(BTC3L), 10)).toBe(null);
    expect(toLtInfo({ code: 0, success: true, result: null }, 9)).toBe(null);
    expect(toLtInfo('<html>', 9)).toBe(null);
    expect(toLtInfo(null, 9)).toBe(null);
  });

  it('turns malformed fields into unknowns instead of throwing', () => {
    const info = toLtInfo(
      reply({
        symbolId: 9,
        nav: 'abc',
        leverage: {},
        direction: 'sideways',
        st: 'x',
        minRedeem: '1e3',
        maxRedeem: 5,
      }),
      9,
    );
    expect(info).not.toBe(null);
    expect(Number.isNaN(info?.nav)).toBe(true);
    expect(info?.leverage).toBe('');
    expect(info?.direction).toBe('');
    expect(info?.status).toBe(null);
    expect(info?.maxPurchase).toBe('');
    expect(info?.minRedeem).toBe('');
    expect(info?.maxRedeem).toBe('5');
  });
});

describe('ltGates (spec §5 LT subscription and redemption checks)', () => {
  it('maps the kline status to what subscription and redemption allow', () => {
    expect(ltGates(1)).toEqual({ subscription: 'open', redemption: 'open' });
    expect(ltGates(2)).toEqual({ subscription: 'open', redemption: 'closed' });
    expect(ltGates(3)).toEqual({ subscription: 'closed', redemption: 'open' });
    expect(ltGates(4)).toEqual({ subscription: 'closed', redemption: 'closed' });
    expect(ltGates(5)).toEqual({ subscription: 'rebalancing', redemption: 'rebalancing' });
  });

  it('is null for a status it does not know', () => {
    expect(ltGates(null)).toBe(null);
    expect(ltGates(0)).toBe(null);
    expect(ltGates(6)).toBe(null);
  });
});

describe('decimalsOf', () => {
  it('counts the decimals written, capped at 8', () => {
    expect(decimalsOf('3')).toBe(0);
    expect(decimalsOf('2.50')).toBe(2);
    expect(decimalsOf('1.123456789012')).toBe(8);
    expect(decimalsOf('abc')).toBe(0);
  });
});
