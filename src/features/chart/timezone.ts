/**
 * The chart's time labels in a chosen time zone: the crosshair's full date-time and the time axis's tick marks.
 * Candle times stay UTC seconds in the data; only the labels move, so a zone change touches no series.
 */
import type { TickMarkFormatter, Time } from 'lightweight-charts';
import { dateFormat } from '../../lib/format';
import type { ChartTimezone } from './config';

/** The chart options that carry the time labels. */
export interface TimeLabelOptions {
  readonly localization: { readonly locale: string; readonly timeFormatter: (t: Time) => string };
  readonly timeScale: { readonly tickMarkFormatter: TickMarkFormatter };
}

/** The crosshair's full date-time. */
const FULL: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
};

/** Tick-mark fields, indexed by the library's TickMarkType: Year, Month, DayOfMonth, Time, TimeWithSeconds. */
const FIELDS: readonly Intl.DateTimeFormatOptions[] = [
  { year: 'numeric' },
  { month: 'short' },
  { month: 'short', day: 'numeric' },
  { hour: '2-digit', minute: '2-digit' },
  { hour: '2-digit', minute: '2-digit', second: '2-digit' },
];

/** Chart options that label the time axis and crosshair in `tz` ('local' = the browser's zone) for `locale`. */
export function timeLabelOptions(tz: ChartTimezone, locale: string): TimeLabelOptions {
  const timeZone = tz === 'local' ? undefined : tz;
  // Latin digits and a 24-hour clock in every locale: the axis must read like the rest of the page's numbers.
  const base = {
    numberingSystem: 'latn',
    hourCycle: 'h23',
    ...(timeZone === undefined ? {} : { timeZone }),
  } as const;
  // Built on first use (`dateFormat` keeps them across calls; the axis usually needs two of the six), then held here
  // so a paint's labels look nothing up.
  const held: (Intl.DateTimeFormat | undefined)[] = [];
  const fmt = (type: number): Intl.DateTimeFormat =>
    (held[type + 1] ??= dateFormat(`chartTime|${tz}|${type}`, locale, {
      ...base,
      ...(FIELDS[type] ?? FULL),
    }));
  const ms = (t: Time): number => (typeof t === 'number' ? t * 1000 : 0);
  return {
    localization: { locale, timeFormatter: (t: Time) => fmt(-1).format(ms(t)) },
    timeScale: {
      tickMarkFormatter: (t: Time, type: number) => fmt(type).format(ms(t)),
    },
  };
}
