/**
 * Display formatting through `Intl` for the active locale. Digits are always Latin (`numberingSystem: 'latn'`) so a
 * price reads the same in the header, the canvases and the order form whatever the locale; separators, signs and
 * percent placement follow the locale. Formatters are cached per locale and options.
 */

const numberCache = new Map<string, Intl.NumberFormat>();
const dateCache = new Map<string, Intl.DateTimeFormat>();

function numberFormat(locale: string, opts: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(opts)}`;
  let f = numberCache.get(key);
  if (f === undefined) {
    f = new Intl.NumberFormat(locale, { numberingSystem: 'latn', ...opts });
    numberCache.set(key, f);
  }
  return f;
}

/** Placeholder for a value that is not known yet. */
export const NO_VALUE = '--';

/** Clamps a precision to what Intl accepts (0..20). */
function digits(precision: number): number {
  return Math.min(20, Math.max(0, Math.trunc(precision)));
}

/** An unsigned share (0 to 1) as a percentage with up to 1 decimal: 0.4 → "40%" (progress). Non-finite → "--". */
export function formatShare(fraction: number, locale: string): string {
  if (!Number.isFinite(fraction)) return NO_VALUE;
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(fraction);
}

/** A number with exactly `precision` decimals (prices, quantities, amounts). Non-finite → "--". */
export function formatFixed(value: number, precision: number, locale: string): string {
  if (!Number.isFinite(value)) return NO_VALUE;
  const d = digits(precision);
  return numberFormat(locale, { minimumFractionDigits: d, maximumFractionDigits: d }).format(value);
}

/** A signed fraction as a percentage with 2 decimals: 0.0196 → "+1.96%". Non-finite → "--". */
export function formatPercent(fraction: number, locale: string): string {
  if (!Number.isFinite(fraction)) return NO_VALUE;
  return numberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    signDisplay: 'exceptZero',
  }).format(fraction);
}

const SUFFIXES: readonly (readonly [number, string])[] = [
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'K'],
];

/** Large values abbreviated K, M, B, T (spec §5) with 2 decimals: 1_234_567 → "1.23M"; below 1000 plain. */
export function formatCompact(value: number, locale: string): string {
  if (!Number.isFinite(value)) return NO_VALUE;
  const abs = Math.abs(value);
  for (const [size, suffix] of SUFFIXES) {
    if (abs >= size) return `${formatFixed(value / size, 2, locale)}${suffix}`;
  }
  return formatFixed(value, 2, locale);
}

/** A whole number padded to two digits ("07"), for countdown clocks. */
export function formatTwoDigits(value: number, locale: string): string {
  return numberFormat(locale, {
    minimumIntegerDigits: 2,
    maximumFractionDigits: 0,
    useGrouping: false,
  }).format(Math.max(0, Math.trunc(value)));
}

/**
 * The date-time formatter of `locale` named `name` (one name, one set of options), built on first use and kept: a
 * page's first DateTimeFormat costs tens of ms (ICU data), every later one well under a millisecond.
 */
export function dateFormat(
  name: string,
  locale: string,
  opts: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale}|${name}`;
  let f = dateCache.get(key);
  if (f === undefined) {
    f = new Intl.DateTimeFormat(locale, opts);
    dateCache.set(key, f);
  }
  return f;
}

/** Date and time in UTC (the page's time zone, spec §9), e.g. "Jun 5, 2025, 14:00:00". */
export function formatUtcDateTime(ms: number, locale: string): string {
  if (!Number.isFinite(ms)) return NO_VALUE;
  return dateFormat('utc', locale, {
    timeZone: 'UTC',
    numberingSystem: 'latn',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(ms);
}

/** Number → string, remembered (book prices repeat frame after frame). */
export class FormatCache {
  private readonly map = new Map<number, string>();
  constructor(private readonly format: (n: number) => string) {}
  /** The formatted number. */
  get(n: number): string {
    let s = this.map.get(n);
    if (s === undefined) {
      if (this.map.size > 2000) this.map.clear();
      s = this.format(n);
      this.map.set(n, s);
    }
    return s;
  }
}
