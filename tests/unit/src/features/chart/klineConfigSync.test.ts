/** The kline config as the server keeps it (get/set_kline_config): round trip, lenient reading, which side wins. */
import { describe, expect, it } from 'vitest';
import { defaultKlineConfig, type KlineConfig } from '../../../../../src/features/chart/config';
import { DEFAULT_PINNED, togglePinned } from '../../../../../src/features/chart/intervals';
import {
  fromServerKlineConfig,
  isServerConfigNewer,
  toServerKlineConfig,
} from '../../../../../src/features/chart/klineConfigSync';

const T = 1_760_000_000_000;

/** A config a user made: 5m pinned and chosen, Heikin-Ashi, RSI, fills hidden, the buy line at 90 days. */
const MINE: KlineConfig = {
  ...defaultKlineConfig(T),
  interval: '5',
  pinned: togglePinned(DEFAULT_PINNED, '5'),
  chartType: 'heikinAshi',
  indicators: ['EMA', 'RSI'],
  timezone: 'Asia/Tokyo',
  compare: 'ETHUSDT',
  display: { ...defaultKlineConfig(0).display, dealHistory: 'hide', avgBuyLine: 'show', avgBuyLineDays: 90 },
};

describe('server kline config', () => {
  it('round-trips every setting the chart has', () => {
    const back = fromServerKlineConfig(toServerKlineConfig(MINE));
    expect(back).toEqual(MINE);
    expect(back?.pinned).toEqual(['1s', '5', '15', '60', '240', 'D', 'W', 'M']);
  });

  it('no config, bad JSON, a non-object or a config without a version is no config (the local one stays)', () => {
    for (const text of ['', '{', 'null', '[1,2]', '"x"', '42', JSON.stringify({ interval: '5' })]) {
      expect(fromServerKlineConfig(text), text).toBeUndefined();
    }
    for (const v of [0, -5, 1.5, '1760000000000', Number.MAX_VALUE]) {
      expect(fromServerKlineConfig(JSON.stringify({ ...MINE, version: v })), String(v)).toBeUndefined();
    }
    expect(fromServerKlineConfig(undefined)).toBeUndefined();
    expect(fromServerKlineConfig({ version: T })).toBeUndefined();
  });

  it('a bad or unknown field takes its default; the good ones are kept', () => {
    const text = JSON.stringify({
      ...MINE,
      chartType: 'renko',
      timezone: 'Mars/Olympus',
      compare: 'eth/usdt<script>',
      indicators: ['RSI', 'ICHIMOKU', 'RSI', 3],
      display: { ...MINE.display, trade: 'maybe', avgBuyLineDays: 45 },
      future: { anything: true },
    });
    const got = fromServerKlineConfig(text);
    const d = defaultKlineConfig(T);
    expect(got).toEqual({
      ...MINE,
      chartType: d.chartType,
      timezone: 'UTC',
      compare: '',
      indicators: ['RSI'],
      display: { ...MINE.display, trade: 'show', avgBuyLineDays: 7 },
    });
  });

  it('pins: unknown codes and duplicates dropped, canonical order; none left → the default pins', () => {
    const messy = JSON.stringify({ ...MINE, pinned: ['M', '5', 'x', '5', '1s'] });
    expect(fromServerKlineConfig(messy)?.pinned).toEqual(['1s', '5', 'M']);
    const empty = JSON.stringify({ ...MINE, pinned: ['7m'] });
    expect(fromServerKlineConfig(empty)?.pinned).toEqual([...DEFAULT_PINNED]);
    const missing = JSON.stringify({ version: T, interval: '240' });
    expect(fromServerKlineConfig(missing)).toEqual({ ...defaultKlineConfig(T), interval: '240' });
  });

  it('the server config replaces the local one only when it is newer', () => {
    const server = fromServerKlineConfig(toServerKlineConfig(MINE));
    expect(isServerConfigNewer(server, defaultKlineConfig(0))).toBe(true);
    expect(isServerConfigNewer(server, { ...MINE })).toBe(false);
    expect(isServerConfigNewer(server, { ...MINE, version: T + 1 })).toBe(false);
    expect(isServerConfigNewer(undefined, defaultKlineConfig(0))).toBe(false);
  });
});
