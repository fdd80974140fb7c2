/**
 * The number and time formatters a panel view draws with, for one locale and one set of precisions, remembered
 * across frames (book prices repeat frame after frame). Shared by the book, trades and depth views.
 */
import { FormatCache, formatFixed } from '../lib/format';

/** A panel's formatters. */
export interface PanelFormats {
  readonly key: string;
  /** Book prices at the step's decimals. */
  readonly price: FormatCache;
  /** Prices at the symbol's full precision. */
  readonly fullPrice: FormatCache;
  readonly qty: FormatCache;
  /** Quote values, at the price precision. */
  readonly quote: FormatCache;
  readonly time: (ms: number) => string;
  /** Layout 4's reduced-precision numbers, per decimals and abbreviation. */
  readonly fixed: (n: number, dp: number, compact: boolean) => string;
}

/** The precisions the formatters depend on. */
export interface FormatsInput {
  readonly locale: string;
  readonly priceDp: number;
  readonly pricePrecision: number;
  readonly quantityPrecision: number;
}

/** Abbreviation steps (spec §5: K, M, B, T). */
const SUFFIXES: readonly (readonly [number, string])[] = [
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'K'],
];

/** `n` at `dp` decimals, abbreviated from 1000 up when `compact`. */
function toFixedText(n: number, dp: number, compact: boolean, locale: string): string {
  if (compact) {
    const abs = Math.abs(n);
    for (const [size, suffix] of SUFFIXES)
      if (abs >= size) return `${formatFixed(n / size, dp, locale)}${suffix}`;
  }
  return formatFixed(n, dp, locale);
}

function timeFormatter(locale: string): (ms: number) => string {
  const f = new Intl.DateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    numberingSystem: 'latn',
  });
  const cache = new FormatCache((sec) => f.format(sec * 1000));
  return (ms) => cache.get(Math.floor(ms / 1000));
}

/** `prev` when it still fits `i`, else new formatters (a locale or precision change). */
export function formatsFor(prev: PanelFormats | null, i: FormatsInput): PanelFormats {
  const key = `${i.locale}|${i.priceDp}|${i.pricePrecision}|${i.quantityPrecision}`;
  if (prev?.key === key) return prev;
  const fmt = (dp: number): FormatCache => new FormatCache((n) => formatFixed(n, dp, i.locale));
  const byStyle = new Map<number, FormatCache>();
  return {
    key,
    price: fmt(i.priceDp),
    fullPrice: fmt(i.pricePrecision),
    qty: fmt(i.quantityPrecision),
    // Quote values read in the quote coin, to its price precision (amountPrecision, 8 for BTCUSDT, would not fit).
    quote: fmt(i.pricePrecision),
    time: timeFormatter(i.locale),
    fixed: (n, dp, compact) => {
      const k = dp * 2 + (compact ? 1 : 0);
      let cache = byStyle.get(k);
      if (cache === undefined) {
        cache = new FormatCache((v) => toFixedText(v, dp, compact, i.locale));
        byStyle.set(k, cache);
      }
      return cache.get(n);
    },
  };
}
