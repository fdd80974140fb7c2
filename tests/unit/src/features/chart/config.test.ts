/** Interval pin editing, presets, the kline config (parse, corrupt → defaults, first-run key), layout sync rules, quick order checks. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  canSyncLayout,
  defaultKlineConfig,
  isServerLayoutNewer,
  KLINE_CONFIG_KEY,
  parseKlineConfig,
} from '../../../../../src/features/chart/config';
import {
  DEFAULT_INTERVAL,
  DEFAULT_PINNED,
  intervalLabel,
  normalisePinned,
  presetStart,
  TIME_FRAME_PRESETS,
  togglePinned,
  unpinnedIntervals,
} from '../../../../../src/features/chart/intervals';
import { checkQuickOrder, quickOrderSide } from '../../../../../src/features/chart/quickOrder';
import { loadKlineConfig } from '../../../../../src/features/chart/state';

describe('intervals', () => {
  it('defaults: 30 minutes; pinned 1s, 15m, 1h, 4h, 1D, 1W, 1M (spec §9)', () => {
    expect(DEFAULT_INTERVAL).toBe('30');
    expect(DEFAULT_PINNED.map(intervalLabel)).toEqual(['1s', '15m', '1h', '4h', '1D', '1W', '1M']);
  });

  it('the picker lists every unpinned interval in order', () => {
    expect(unpinnedIntervals(DEFAULT_PINNED).map(intervalLabel)).toEqual([
      '1m',
      '3m',
      '5m',
      '30m',
      '2h',
      '6h',
      '12h',
    ]);
  });

  it('pinning keeps the canonical order; unpinning removes', () => {
    const a = togglePinned(DEFAULT_PINNED, '5');
    expect(a).toEqual(['1s', '5', '15', '60', '240', 'D', 'W', 'M']);
    const b = togglePinned(a, '1s');
    expect(b).toEqual(['5', '15', '60', '240', 'D', 'W', 'M']);
  });

  it('the last pinned interval cannot be unpinned', () => {
    expect(togglePinned(['60'], '60')).toEqual(['60']);
  });

  it('a stored list is cleaned: unknown codes and duplicates dropped, order restored', () => {
    expect(normalisePinned(['D', 'x', '1s', 'D', 7, '15'])).toEqual(['1s', '15', 'D']);
  });

  it('presets: 5y/1W, 1y/1W, 6m/120, 3m/60, 1m/30, 5d/5, 1d/1', () => {
    expect(TIME_FRAME_PRESETS.map((p) => `${p.id}/${p.interval}`)).toEqual([
      '5y/W',
      '1y/W',
      '6m/120',
      '3m/60',
      '1m/30',
      '5d/5',
      '1d/1',
    ]);
    const now = Date.UTC(2026, 10, 25, 12, 30);
    const byId = (id: string) => TIME_FRAME_PRESETS.find((p) => p.id === id);
    const y5 = byId('5y');
    const m3 = byId('3m');
    const d1 = byId('1d');
    if (y5 === undefined || m3 === undefined || d1 === undefined) throw new Error('presets');
    expect(presetStart(y5, now)).toBe(Date.UTC(2021, 10, 25, 12, 30));
    expect(presetStart(m3, now)).toBe(Date.UTC(2026, 7, 25, 12, 30));
    expect(presetStart(d1, now)).toBe(now - 86_400_000);
  });
});

describe('kline config', () => {
  it('the defaults parse back unchanged', () => {
    const d = defaultKlineConfig(1000);
    expect(parseKlineConfig(JSON.parse(JSON.stringify(d)))).toEqual(d);
  });

  it.each([
    ['not an object', 'x'],
    ['unknown interval', { ...defaultKlineConfig(1), interval: '7' }],
    ['unknown chart type', { ...defaultKlineConfig(1), chartType: 'renko' }],
    ['unknown indicator', { ...defaultKlineConfig(1), indicators: ['EMA', 'ICHIMOKU'] }],
    [
      'bad display toggle',
      { ...defaultKlineConfig(1), display: { ...defaultKlineConfig(1).display, entrust: 'yes' } },
    ],
    [
      'bad average days',
      { ...defaultKlineConfig(1), display: { ...defaultKlineConfig(1).display, avgBuyLineDays: 8 } },
    ],
    ['bad compare symbol', { ...defaultKlineConfig(1), compare: '<script>' }],
    ['missing version', { ...defaultKlineConfig(1), version: 'x' }],
  ])('a corrupt config is refused (%s)', (_why, raw) => {
    expect(parseKlineConfig(raw)).toBeUndefined();
  });

  it('a server layout is applied only when newer by more than 5 s', () => {
    expect(isServerLayoutNewer(10_000, 5_000)).toBe(false);
    expect(isServerLayoutNewer(10_001, 5_000)).toBe(true);
    expect(isServerLayoutNewer(1_000, 5_000)).toBe(false);
  });

  it('sync is skipped for demo and logged-out users', () => {
    expect(canSyncLayout(null)).toBe(false);
    expect(canSyncLayout({ loggedIn: false, isDemo: false })).toBe(false);
    expect(canSyncLayout({ loggedIn: true, isDemo: true })).toBe(false);
    expect(canSyncLayout({ loggedIn: true, isDemo: false })).toBe(true);
  });

  describe('local key', () => {
    const store = new Map<string, string>();
    beforeEach(() => {
      store.clear();
      (globalThis as { localStorage?: unknown }).localStorage = {
        getItem: (k: string) => store.get(k) ?? null,
        setItem: (k: string, v: string) => store.set(k, v),
        removeItem: (k: string) => store.delete(k),
      };
    });
    afterEach(() => {
      delete (globalThis as { localStorage?: unknown }).localStorage;
    });

    it('is created with the defaults on first run, at version 0 (any server layout is newer)', () => {
      const cfg = loadKlineConfig();
      expect(cfg).toEqual(defaultKlineConfig(0));
      expect(JSON.parse(store.get(`spot.${KLINE_CONFIG_KEY}`) ?? 'null')).toEqual(defaultKlineConfig(0));
    });

    it('a corrupt stored config is discarded and the defaults restored', () => {
      store.set(`spot.${KLINE_CONFIG_KEY}`, '{"interval": 99, ');
      expect(loadKlineConfig()).toEqual(defaultKlineConfig(0));
      expect(parseKlineConfig(JSON.parse(store.get(`spot.${KLINE_CONFIG_KEY}`) ?? 'null'))).toEqual(
        defaultKlineConfig(0),
      );
    });

    it('a valid stored config is kept', () => {
      const mine = { ...defaultKlineConfig(5), interval: '240', chartType: 'heikinAshi' };
      store.set(`spot.${KLINE_CONFIG_KEY}`, JSON.stringify(mine));
      expect(loadKlineConfig()).toEqual(mine);
    });
  });
});

describe('quick order (spec §5)', () => {
  const sym = { quantityPrecision: 4, isBanBuy: false, isBanSell: false };
  it('sells above the market, else buys', () => {
    expect(quickOrderSide(101, 100)).toBe('Sell');
    expect(quickOrderSide(100, 100)).toBe('Buy');
    expect(quickOrderSide(99, 100)).toBe('Buy');
    expect(quickOrderSide(99, null)).toBe('Buy');
  });
  it('checks in order: login, quantity, price, banned side, quantity step', () => {
    expect(checkQuickOrder({ qty: '', price: '1', side: 'Buy' }, sym, false)).toEqual({ type: 'login' });
    expect(checkQuickOrder({ qty: '', price: '1', side: 'Buy' }, sym, true)).toEqual({
      type: 'message',
      key: 'quickOrder0Tip',
    });
    expect(checkQuickOrder({ qty: '0', price: '1', side: 'Buy' }, sym, true)).toEqual({
      type: 'message',
      key: 'quickOrder0Tip',
    });
    expect(checkQuickOrder({ qty: '1', price: '0', side: 'Buy' }, sym, true)).toEqual({
      type: 'message',
      key: 'quickLimitOrderPriceError',
    });
    expect(checkQuickOrder({ qty: '1', price: '5', side: 'Buy' }, { ...sym, isBanBuy: true }, true)).toEqual({
      type: 'message',
      key: 'banBuy',
    });
    expect(
      checkQuickOrder({ qty: '1', price: '5', side: 'Sell' }, { ...sym, isBanSell: true }, true),
    ).toEqual({
      type: 'message',
      key: 'banSell',
    });
    expect(checkQuickOrder({ qty: '0.00015', price: '5', side: 'Buy' }, sym, true)).toEqual({
      type: 'message',
      key: 'quantityErrorTickTip',
    });
    expect(checkQuickOrder({ qty: '0.0015', price: '5', side: 'Buy' }, sym, true)).toEqual({ type: 'ok' });
  });
});
