/**
 * The chart's view of the intervals (spec §9): their toolbar labels, the pinned set the toolbar shows (with the
 * pin/unpin editor's pure operations) and the time-frame presets. The interval table itself and its lengths are the
 * protocol's (`workers/protocol/intervals`, shared with the simulator and the hub): import them from there.
 */
import { INTERVALS, type Interval } from '../../../workers/protocol/intervals';

/** Default interval: 30 minutes (spec §3, §9). */
export const DEFAULT_INTERVAL: Interval = '30';

/** Pinned by default (spec §9: 1s, 15m, 1h, 4h, 1d, 1w, 1M). */
export const DEFAULT_PINNED: readonly Interval[] = ['1s', '15', '60', '240', 'D', 'W', 'M'];

const SHORT: Readonly<Record<Interval, string>> = {
  '1s': '1s',
  '1': '1m',
  '3': '3m',
  '5': '5m',
  '15': '15m',
  '30': '30m',
  '60': '1h',
  '120': '2h',
  '240': '4h',
  '360': '6h',
  '720': '12h',
  D: '1D',
  W: '1W',
  M: '1M',
};

/** True for a known wire interval code. */
export function isInterval(x: unknown): x is Interval {
  return typeof x === 'string' && (INTERVALS as readonly string[]).includes(x);
}

/** The compact toolbar label of an interval ("60" → "1h", "D" → "1D"). */
export function intervalLabel(iv: Interval): string {
  return SHORT[iv];
}

/** Pinned intervals in the canonical order, duplicates and unknown codes dropped (a stored list is cleaned this way). */
export function normalisePinned(list: readonly unknown[]): Interval[] {
  const set = new Set(list.filter(isInterval));
  return INTERVALS.filter((iv) => set.has(iv));
}

/** The editor's toggle: pins an unpinned interval or unpins a pinned one; at least one interval stays pinned. */
export function togglePinned(pinned: readonly Interval[], iv: Interval): Interval[] {
  if (pinned.includes(iv)) {
    const next = pinned.filter((p) => p !== iv);
    return next.length === 0 ? [...pinned] : normalisePinned(next);
  }
  return normalisePinned([...pinned, iv]);
}

/** What the picker's first view lists under the pinned buttons: every interval not pinned, in order. */
export function unpinnedIntervals(pinned: readonly Interval[]): Interval[] {
  return INTERVALS.filter((iv) => !pinned.includes(iv));
}

/** One time-frame preset: a range back from now and the interval it is drawn at. */
export interface TimeFramePreset {
  /** Short label ("5y", "1m", "1d"): years, months, days. */
  readonly id: string;
  readonly count: number;
  readonly unit: 'y' | 'm' | 'd';
  readonly interval: Interval;
}

/** Spec §9: 5y/1W, 1y/1W, 6m/120, 3m/60, 1m/30, 5d/5, 1d/1. */
export const TIME_FRAME_PRESETS: readonly TimeFramePreset[] = [
  { id: '5y', count: 5, unit: 'y', interval: 'W' },
  { id: '1y', count: 1, unit: 'y', interval: 'W' },
  { id: '6m', count: 6, unit: 'm', interval: '120' },
  { id: '3m', count: 3, unit: 'm', interval: '60' },
  { id: '1m', count: 1, unit: 'm', interval: '30' },
  { id: '5d', count: 5, unit: 'd', interval: '5' },
  { id: '1d', count: 1, unit: 'd', interval: '1' },
];

/** Start (ms, UTC) of a preset's range ending at `now`: calendar years and months back, days as 24 h. */
export function presetStart(p: TimeFramePreset, now: number): number {
  const d = new Date(now);
  switch (p.unit) {
    case 'y':
      return Date.UTC(
        d.getUTCFullYear() - p.count,
        d.getUTCMonth(),
        d.getUTCDate(),
        d.getUTCHours(),
        d.getUTCMinutes(),
      );
    case 'm':
      return Date.UTC(
        d.getUTCFullYear(),
        d.getUTCMonth() - p.count,
        d.getUTCDate(),
        d.getUTCHours(),
        d.getUTCMinutes(),
      );
    case 'd':
      return now - p.count * 86_400_000;
  }
}
