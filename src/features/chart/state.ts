/**
 * Chart state (human speed): the kline config (one local key, created on first run, corrupt values replaced by the
 * defaults), the chosen view and tab, fullscreen, the cancel-prompt preference, tool preview lines and the time of
 * the last symbol switch (auto-save is ignored for 5 s after it). Candles and indicator points never go through atoms.
 */
import { atom } from 'jotai';
import { readStoredJson, writeStored } from '../../session/storage';
import {
  defaultKlineConfig,
  KLINE_CONFIG_KEY,
  parseKlineConfig,
  type ChartView,
  type KlineConfig,
} from './config';

/**
 * Reads the local kline config; writes the defaults when it is missing or corrupt, so the key always exists after.
 * The defaults carry version 0 (never changed here), so any saved server layout is newer and wins on login.
 */
export function loadKlineConfig(): KlineConfig {
  const parsed = parseKlineConfig(readStoredJson(KLINE_CONFIG_KEY));
  if (parsed !== undefined) return parsed;
  const d = defaultKlineConfig(0);
  writeStored(KLINE_CONFIG_KEY, JSON.stringify(d));
  return d;
}

const klineConfigBaseAtom = atom<KlineConfig>(loadKlineConfig());
klineConfigBaseAtom.debugLabel = 'klineConfigBaseAtom';

/** The kline config. Writing goes through {@link updateKlineConfigAtom} or {@link applyServerLayoutAtom}. */
export const klineConfigAtom = atom((get) => get(klineConfigBaseAtom));
klineConfigAtom.debugLabel = 'klineConfigAtom';

/** Set when a user change is waiting to be uploaded (logged-in, non-demo). */
export const layoutDirtyAtom = atom(false);
layoutDirtyAtom.debugLabel = 'layoutDirtyAtom';

/** A user change of the config: new version (now), saved locally at once, marked for upload. */
export const updateKlineConfigAtom = atom(null, (get, set, patch: Partial<Omit<KlineConfig, 'version'>>) => {
  const next: KlineConfig = { ...get(klineConfigBaseAtom), ...patch, version: Date.now() };
  set(klineConfigBaseAtom, next);
  writeStored(KLINE_CONFIG_KEY, JSON.stringify(next));
  set(layoutDirtyAtom, true);
});
updateKlineConfigAtom.debugLabel = 'updateKlineConfigAtom';

/** Replaces the config with a (validated) server layout, keeping its version; the chart rebuilds from it. */
export const applyServerLayoutAtom = atom(null, (_get, set, config: KlineConfig) => {
  set(klineConfigBaseAtom, config);
  writeStored(KLINE_CONFIG_KEY, JSON.stringify(config));
  set(layoutDirtyAtom, false);
});
applyServerLayoutAtom.debugLabel = 'applyServerLayoutAtom';

const VIEW_KEY = 'chart.view';

function storedView(): ChartView {
  const v = readStoredJson(VIEW_KEY);
  return v === 'simple' || v === 'pro' ? v : 'pro';
}

const chartViewBaseAtom = atom<ChartView>(storedView());
chartViewBaseAtom.debugLabel = 'chartViewBaseAtom';

/** Simple, pro (default) or depth; remembered unless depth (spec §2). */
export const chartViewAtom = atom(
  (get) => get(chartViewBaseAtom),
  (_get, set, v: ChartView) => {
    set(chartViewBaseAtom, v);
    if (v !== 'depth') writeStored(VIEW_KEY, JSON.stringify(v));
  },
);
chartViewAtom.debugLabel = 'chartViewAtom';

/** The chart area's top tab. */
export const chartTabAtom = atom<'chart' | 'analysis'>('chart');
chartTabAtom.debugLabel = 'chartTabAtom';

/** Whether the chart area is fullscreen (the trade-info modal becomes a notice dialog then). */
export const chartFullscreenAtom = atom(false);
chartFullscreenAtom.debugLabel = 'chartFullscreenAtom';

/** Preference key of "do not prompt again" on cancelling from a chart line (value 'hide', spec §4). */
export const CANCEL_PROMPT_PREF_KEY = 'klineCancelOrderPrompt';

/** ms of the last symbol switch (auto-save ignored for 5 s after it, spec §4). */
export const symbolSwitchedAtAtom = atom(0);
symbolSwitchedAtAtom.debugLabel = 'symbolSwitchedAtAtom';

/** Auto-save is ignored this long after a symbol switch. */
export const AUTOSAVE_IGNORE_MS = 5_000;
/** Delay before an upload of a changed config (spec §9: 0.4 s). */
export const AUTOSAVE_DELAY_MS = 400;
