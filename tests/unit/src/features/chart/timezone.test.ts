/** The chart's time labels: the crosshair's full date-time and the axis tick marks, in the chosen zone. */
import { TickMarkType, type Time } from 'lightweight-charts';
import { describe, expect, it } from 'vitest';
import type { ChartTimezone } from '../../../../../src/features/chart/config';
import { timeLabelOptions } from '../../../../../src/features/chart/timezone';

// 2024-03-05 14:07:09 UTC, in the library's seconds.
const T = (Date.UTC(2024, 2, 5, 14, 7, 9) / 1000) as Time;

/** The crosshair label and the tick label of a type, for T. */
function labels(tz: ChartTimezone, type: TickMarkType): { full: string; tick: string | null } {
  const o = timeLabelOptions(tz, 'en');
  return { full: o.localization.timeFormatter(T), tick: o.timeScale.tickMarkFormatter(T, type, 'en') };
}

describe('timeLabelOptions', () => {
  it('labels in the chosen zone with a 24-hour clock', () => {
    expect(labels('UTC', TickMarkType.Time).full).toContain('14:07');
    expect(labels('UTC', TickMarkType.Time).tick).toBe('14:07');
    expect(labels('UTC', TickMarkType.TimeWithSeconds).tick).toBe('14:07:09');
    expect(labels('Asia/Tokyo', TickMarkType.Time).tick).toBe('23:07');
  });

  it('gives year, month and day ticks', () => {
    expect(labels('UTC', TickMarkType.Year).tick).toBe('2024');
    expect(labels('UTC', TickMarkType.Month).tick).toBe('Mar');
    expect(labels('UTC', TickMarkType.DayOfMonth).tick).toBe('Mar 5');
  });

  it('passes the locale to the library', () => {
    expect(timeLabelOptions('UTC', 'de').localization.locale).toBe('de');
  });
});
