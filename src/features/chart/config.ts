/**
 * The kline config: everything the chart remembers (interval, pinned intervals, chart type, indicators, timezone,
 * compare symbol, display toggles of spec §3 "Chart display settings"), kept as one local key and, for logged-in
 * non-demo users, uploaded as the versioned layout (spec §7). Parsing is strict: a corrupt stored or server value is
 * discarded and the defaults restored (spec §8), never half-applied.
 */
import { AVERAGE_DAY_CHOICES } from '../../../workers/protocol/account';
import type { Interval } from '../../../workers/protocol/intervals';
import { demoAccess } from '../../session/demoRules';
import { DEFAULT_INTERVAL, DEFAULT_PINNED, isInterval, normalisePinned } from './intervals';
import { isIndicatorId, type IndicatorId } from './indicators';

/** Chart types of spec §2 (bar, candle, hollow candle, average (Heikin-Ashi) candle, line, area, base line). */
export const CHART_TYPES = ['bar', 'candle', 'hollow', 'heikinAshi', 'line', 'area', 'baseline'] as const;

/** One chart type. */
export type ChartType = (typeof CHART_TYPES)[number];

/** Views under the chart tab (spec §2): simple (light chart), pro (default), depth. */
export type ChartView = 'simple' | 'pro' | 'depth';

/** A display toggle's value, as the spec stores it. */
export type ShowHide = 'show' | 'hide';

/** Spec §3 "Chart display settings". */
export interface DisplaySettings {
  /** Quick market trade (the hover '+' quick order). */
  readonly trade: ShowHide;
  /** Trade history: fill markers. */
  readonly dealHistory: ShowHide;
  /** Open orders on the chart. */
  readonly entrust: ShowHide;
  readonly avgBuyLine: ShowHide;
  readonly avgBuyLineDays: number;
  readonly avgSellLine: ShowHide;
  readonly avgSellLineDays: number;
  /** Grid-strategy price lines. */
  readonly grid: ShowHide;
}

/** Timezone choices: 'UTC' (default, spec §9), 'local' (the browser's), or an IANA zone. */
export const TIMEZONES = [
  'UTC',
  'local',
  'America/New_York',
  'Europe/London',
  'Europe/Berlin',
  'Asia/Dubai',
  'Asia/Singapore',
  'Asia/Shanghai',
  'Asia/Tokyo',
  'Australia/Sydney',
] as const;

/** One timezone choice. */
export type ChartTimezone = (typeof TIMEZONES)[number];

/** Everything the chart remembers. */
export interface KlineConfig {
  /** ms of the last change: the layout version compared with the server's (spec §5: newer by more than 5 s). */
  readonly version: number;
  readonly interval: Interval;
  readonly pinned: readonly Interval[];
  readonly chartType: ChartType;
  readonly indicators: readonly IndicatorId[];
  readonly timezone: ChartTimezone;
  /** Second symbol drawn as a percentage, or '' for none. */
  readonly compare: string;
  readonly display: DisplaySettings;
}

/** The local storage key without which the chart does not start (spec §5); created on first run. */
export const KLINE_CONFIG_KEY = 'chart.klineConfig';

/** Default display toggles: fills, open orders and quick trade shown; average lines hidden at 7 days. */
export const DEFAULT_DISPLAY: DisplaySettings = {
  trade: 'show',
  dealHistory: 'show',
  entrust: 'show',
  avgBuyLine: 'hide',
  avgBuyLineDays: 7,
  avgSellLine: 'hide',
  avgSellLineDays: 7,
  grid: 'show',
};

/** The defaults (30 min candles, spec pins, candles with EMA 9 and volume, UTC) at a layout version. */
export function defaultKlineConfig(version: number): KlineConfig {
  return {
    version,
    interval: DEFAULT_INTERVAL,
    pinned: [...DEFAULT_PINNED],
    chartType: 'candle',
    indicators: ['EMA', 'VOL'],
    timezone: 'UTC',
    compare: '',
    display: DEFAULT_DISPLAY,
  };
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function isShowHide(x: unknown): x is ShowHide {
  return x === 'show' || x === 'hide';
}

function isDays(x: unknown): x is number {
  return typeof x === 'number' && (AVERAGE_DAY_CHOICES as readonly number[]).includes(x);
}

/** True for a known chart type. */
export function isChartType(x: unknown): x is ChartType {
  return typeof x === 'string' && (CHART_TYPES as readonly string[]).includes(x);
}

function parseDisplay(x: unknown): DisplaySettings | undefined {
  if (!isRecord(x)) return undefined;
  const { trade, dealHistory, entrust, avgBuyLine, avgBuyLineDays, avgSellLine, avgSellLineDays, grid } = x;
  if (
    !isShowHide(trade) ||
    !isShowHide(dealHistory) ||
    !isShowHide(entrust) ||
    !isShowHide(avgBuyLine) ||
    !isShowHide(avgSellLine) ||
    !isShowHide(grid) ||
    !isDays(avgBuyLineDays) ||
    !isDays(avgSellLineDays)
  )
    return undefined;
  return { trade, dealHistory, entrust, avgBuyLine, avgBuyLineDays, avgSellLine, avgSellLineDays, grid };
}

/** Parses a stored or downloaded config; undefined when anything in it is malformed (the caller restores defaults). */
export function parseKlineConfig(x: unknown): KlineConfig | undefined {
  if (!isRecord(x)) return undefined;
  const { version, interval, pinned, chartType, indicators, timezone, compare, display } = x;
  if (typeof version !== 'number' || !Number.isFinite(version) || version < 0) return undefined;
  if (!isInterval(interval) || !isChartType(chartType)) return undefined;
  if (!Array.isArray(pinned) || !Array.isArray(indicators)) return undefined;
  if (!indicators.every(isIndicatorId) || !pinned.every(isInterval)) return undefined;
  if (typeof timezone !== 'string' || !(TIMEZONES as readonly string[]).includes(timezone)) return undefined;
  if (typeof compare !== 'string' || !/^([A-Z0-9]{2,24})?$/.test(compare)) return undefined;
  const d = parseDisplay(display);
  if (d === undefined) return undefined;
  const pins = normalisePinned(pinned);
  return {
    version,
    interval,
    pinned: pins.length === 0 ? [...DEFAULT_PINNED] : pins,
    chartType,
    indicators: [...new Set(indicators)],
    timezone: timezone as ChartTimezone,
    compare,
    display: d,
  };
}

/** A server layout is applied only when newer than the local one by more than 5 s (spec §5). */
export const LAYOUT_NEWER_BY_MS = 5_000;

/** Whether a downloaded layout version replaces the local config. */
export function isServerLayoutNewer(serverVersion: number, localVersion: number): boolean {
  return serverVersion - localVersion > LAYOUT_NEWER_BY_MS;
}

/** Whether the layout is synced with the server at all (spec §5: not for demo and logged-out users). */
export function canSyncLayout(
  user: { readonly loggedIn: boolean; readonly isDemo: boolean } | null,
): boolean {
  return user !== null && user.loggedIn && demoAccess('klineLayoutSync', user) === 'available';
}
