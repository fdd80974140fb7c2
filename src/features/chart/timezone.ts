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

/** Chart options that label the time axis and crosshair in `tz` ('local' = the browser's zone) for `locale`. */
export function timeLabelOptions(tz: ChartTimezone, locale: string): TimeLabelOptions {
  const timeZone = tz === 'local' ? undefined : tz;
  // Latin digits and a 24-hour clock in every locale: the axis must read like the rest of the page's numbers.
  const base = {
    numberingSystem: 'latn',
    hourCycle: 'h23',
    ...(timeZone === undefined ? {} : { timeZone }),
  } as const;
  const full = new Intl.DateTimeFormat(locale, {
    ...base,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  // Indexed by the library's TickMarkType: Year, Month, DayOfMonth, Time, TimeWithSeconds.
  const fmts = [
    new Intl.DateTimeFormat(locale, { ...base, year: 'numeric' }),
    new Intl.DateTimeFormat(locale, { ...base, month: 'short' }),
    new Intl.DateTimeFormat(locale, { ...base, month: 'short', day: 'numeric' }),
    new Intl.DateTimeFormat(locale, { ...base, hour: '2-digit', minute: '2-digit' }),
    new Intl.DateTimeFormat(locale, { ...base, hour: '2-digit', minute: '2-digit', second: '2-digit' }),
  ];
  const ms = (t: Time): number => (typeof t === 'number' ? t * 1000 : 0);
  return {
    localization: { locale, timeFormatter: (t: Time) => full.format(ms(t)) },
    timeScale: {
      tickMarkFormatter: (t: Time, type: number) => (fmts[type] ?? full).format(ms(t)),
    },
  };
}
