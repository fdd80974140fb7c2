/**
 * The kline config as the server keeps it for a logged-in non-demo user (spec §7 `get_kline_config` /
 * `set_kline_config`; §3 per-user preferences "current interval, pinned intervals"): the chart's settings as one
 * JSON text, so another browser of the same user opens with the same chart. Pure.
 *
 * Unlike the local key and the layout (`config.ts`, strict: all or nothing), the server text is read field by field: it
 * may come from another client or a newer build, and one field this build does not know (a new chart type, an
 * indicator it lacks) must not cost the user their pins and interval. A bad field takes its default; text that is not
 * a JSON object with a version is no config at all.
 */
import { AVERAGE_DAY_CHOICES } from '../../../workers/protocol/account';
import {
  DEFAULT_DISPLAY,
  defaultKlineConfig,
  isChartType,
  TIMEZONES,
  type DisplaySettings,
  type KlineConfig,
} from './config';
import { isIndicatorId } from './indicators';
import { isInterval, normalisePinned } from './intervals';

/** The `config` text of a set_kline_config call. */
export function toServerKlineConfig(cfg: KlineConfig): string {
  return JSON.stringify(cfg);
}

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function showHide<K extends keyof DisplaySettings>(d: Record<string, unknown>, k: K): DisplaySettings[K] {
  const v = d[k];
  return (v === 'show' || v === 'hide' ? v : DEFAULT_DISPLAY[k]) as DisplaySettings[K];
}

function days(d: Record<string, unknown>, k: 'avgBuyLineDays' | 'avgSellLineDays'): number {
  const v = d[k];
  return typeof v === 'number' && (AVERAGE_DAY_CHOICES as readonly number[]).includes(v)
    ? v
    : DEFAULT_DISPLAY[k];
}

function readDisplay(x: unknown): DisplaySettings {
  if (!isRecord(x)) return DEFAULT_DISPLAY;
  return {
    trade: showHide(x, 'trade'),
    dealHistory: showHide(x, 'dealHistory'),
    entrust: showHide(x, 'entrust'),
    avgBuyLine: showHide(x, 'avgBuyLine'),
    avgBuyLineDays: days(x, 'avgBuyLineDays'),
    avgSellLine: showHide(x, 'avgSellLine'),
    avgSellLineDays: days(x, 'avgSellLineDays'),
    grid: showHide(x, 'grid'),
  };
}

/**
 * Reads get_kline_config's `result.config`: undefined when there is none ('' for a user who never saved), it is not
 * a JSON object, or it has no usable version (it could not be ordered against the local config); otherwise every
 * field that is valid, and the default for each one that is not.
 */
export function fromServerKlineConfig(text: unknown): KlineConfig | undefined {
  if (typeof text !== 'string' || text === '') return undefined;
  const x = parseJson(text);
  if (!isRecord(x)) return undefined;
  const { version } = x;
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version <= 0) return undefined;
  const d = defaultKlineConfig(version);
  const pins = Array.isArray(x.pinned) ? normalisePinned(x.pinned) : [];
  const indicators = Array.isArray(x.indicators) ? x.indicators.filter(isIndicatorId) : d.indicators;
  const tz = TIMEZONES.find((z) => z === x.timezone);
  return {
    version,
    interval: isInterval(x.interval) ? x.interval : d.interval,
    pinned: pins.length === 0 ? d.pinned : pins,
    chartType: isChartType(x.chartType) ? x.chartType : d.chartType,
    indicators: [...new Set(indicators)],
    timezone: tz ?? d.timezone,
    compare: typeof x.compare === 'string' && /^([A-Z0-9]{2,24})?$/.test(x.compare) ? x.compare : d.compare,
    display: readDisplay(x.display),
  };
}

/** Whether the server's config replaces the local one at load: it is newer (a change made in another browser). */
export function isServerConfigNewer(
  server: KlineConfig | undefined,
  local: KlineConfig,
): server is KlineConfig {
  return server !== undefined && server.version > local.version;
}
