/**
 * The chart's time labels in a chosen time zone: the crosshair's full date-time and the time axis's tick marks.
 * Candle times stay UTC seconds in the data; only the labels move, so a zone change touches no series.
 */
import type { TickMarkFormatter, Time } from 'lightweight-charts';
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
  // Each formatter is built on first use and kept: a DateTimeFormat costs tens of ms the first time a page builds
  // one (ICU data), and the axis usually needs two of the six.
  const made = new Map<number, Intl.DateTimeFormat>();
  const fmt = (type: number): Intl.DateTimeFormat => {
    let f = made.get(type);
    if (f === undefined) {
      f = new Intl.DateTimeFormat(locale, { ...base, ...(FIELDS[type] ?? FULL) });
      made.set(type, f);
    }
    return f;
  };
  const ms = (t: Time): number => (typeof t === 'number' ? t * 1000 : 0);
  return {
    localization: { locale, timeFormatter: (t: Time) => fmt(-1).format(ms(t)) },
    timeScale: {
      tickMarkFormatter: (t: Time, type: number) => fmt(type).format(ms(t)),
    },
  };
}
