/**
 * Numeric input maths of the order form (spec §5 "Numeric inputs"): exact decimal strings with decimal.js, never
 * floats. Field values are kept canonical ("1234.5": dot decimal, no grouping, no exponent); what the user types or
 * pastes ("1,234.5", "1.234,5" in a decimal-comma locale, "1e-3") is read into that form, limited to the field's
 * precision, clamped and snapped to steps of 1, 2 or 5 units of the last decimal.
 */
import Decimal from 'decimal.js';

/** Step multiples of one unit of the last decimal (spec §5: steps 1, 2 or 5 scaled by precision). */
export type StepMultiple = 1 | 2 | 5;

/** Decimal separator of a locale's number format ("." or ","). */
export function decimalSeparatorOf(locale: string): '.' | ',' {
  try {
    const part = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal');
    return part?.value === ',' ? ',' : '.';
  } catch {
    return '.';
  }
}

const SPACES = /[\s\u00a0\u202f'’_]/g;
const PLAIN = /^\d*\.?\d*$/;
const EXPONENT = /^(\d+\.?\d*|\.\d+)e[+-]?\d+$/i;
const GROUPED_COMMA = /^\d{1,3}(,\d{3})+(\.\d*)?$/;
const GROUPED_DOT = /^\d{1,3}(\.\d{3})+(,\d*)?$/;

/**
 * Reads typed or pasted text as a canonical non-negative decimal string; null when it is not a number.
 * Handles grouping ("1,234.5", "1.234,5", "1 234,5"), the locale's decimal comma ("0,5"), exponents ("1e-3") and a
 * trailing separator while typing ("12." stays "12."). An empty field reads as "".
 */
export function parseNumericInput(raw: string, decimalSeparator: '.' | ','): string | null {
  const s = raw.replace(SPACES, '');
  if (s === '') return '';
  let t: string;
  const hasComma = s.includes(',');
  const hasDot = s.includes('.');
  if (hasComma && hasDot) {
    // Both: the later one is the decimal separator, the other groups thousands.
    if (s.lastIndexOf(',') > s.lastIndexOf('.')) {
      if (!GROUPED_DOT.test(s)) return null;
      t = s.replace(/\./g, '').replace(',', '.');
    } else {
      if (!GROUPED_COMMA.test(s)) return null;
      t = s.replace(/,/g, '');
    }
  } else if (hasComma) {
    const commas = s.split(',').length - 1;
    // "1,234" and "1,234,567" group thousands in a dot-decimal locale; anything else with one comma is a decimal.
    if (decimalSeparator === '.' && GROUPED_COMMA.test(s)) t = s.replace(/,/g, '');
    else if (commas === 1) t = s.replace(',', '.');
    else return null;
  } else if (hasDot && decimalSeparator === ',' && GROUPED_DOT.test(s) && s.split('.').length > 2) {
    // "1.234.567" in a decimal-comma locale.
    t = s.replace(/\./g, '');
  } else {
    t = s;
  }
  if (PLAIN.test(t)) return t === '.' ? '0.' : t;
  if (EXPONENT.test(t)) {
    const d = new Decimal(t);
    return d.isFinite() ? d.toFixed() : null;
  }
  return null;
}

/** Number of decimals written in a canonical value ("1.50" → 2, "3" → 0). */
export function decimalsOf(value: string): number {
  const dot = value.indexOf('.');
  return dot < 0 ? 0 : value.length - dot - 1;
}

/** Cuts a canonical value to at most `precision` decimals (towards zero), keeping what was typed otherwise. */
export function limitPrecision(value: string, precision: number): string {
  const dot = value.indexOf('.');
  if (dot < 0) return value;
  if (precision <= 0) return value.slice(0, dot);
  return value.slice(0, Math.min(value.length, dot + 1 + precision));
}

/**
 * What a field shows after a keystroke or paste: the canonical value limited to the precision, or null to refuse
 * the edit (not a number). Typing more decimals than allowed keeps the allowed ones.
 */
export function acceptNumericInput(
  raw: string,
  precision: number,
  decimalSeparator: '.' | ',',
): string | null {
  const v = parseNumericInput(raw, decimalSeparator);
  if (v === null) return null;
  return limitPrecision(v, precision);
}

/** A canonical value as the locale writes it while editing (decimal comma where the locale uses one). */
export function toDisplayInput(value: string, decimalSeparator: '.' | ','): string {
  return decimalSeparator === ',' ? value.replace('.', ',') : value;
}

/** True for a value that reads as a number above zero. */
export function isPositive(value: string): boolean {
  const d = toDecimal(value);
  return d !== null && d.greaterThan(0);
}

/** The value as a Decimal; null for "" or anything unreadable. */
export function toDecimal(value: string): Decimal | null {
  if (value === '' || value === '.') return null;
  try {
    const d = new Decimal(value);
    return d.isFinite() ? d : null;
  } catch {
    return null;
  }
}

/** One step: `multiple` units of the last decimal of `precision` (precision 2, multiple 5 → 0.05). */
export function stepSize(precision: number, multiple: StepMultiple = 1): Decimal {
  return new Decimal(multiple).times(new Decimal(10).pow(-precision));
}

/**
 * The step multiple a symbol's tick implies: a tick of 0.5 or 0.05 steps by 5, 0.2 by 2, anything else by 1. The
 * tick comes from the symbol's depth steps (digitMerge) when its finest step is not a power of ten.
 */
export function stepMultipleOf(tick: string): StepMultiple {
  const d = toDecimal(tick);
  if (d === null || d.lessThanOrEqualTo(0)) return 1;
  const lead = Number(d.toExponential().split('e')[0]);
  return lead === 5 ? 5 : lead === 2 ? 2 : 1;
}

/** Rounds a value to a multiple of the step (down by default: never more than typed), as a fixed string. */
export function snapToStep(
  value: string,
  precision: number,
  multiple: StepMultiple = 1,
  mode: 'down' | 'nearest' | 'up' = 'down',
): string {
  const d = toDecimal(value);
  if (d === null) return value;
  const step = stepSize(precision, multiple);
  const rounding =
    mode === 'down' ? Decimal.ROUND_DOWN : mode === 'up' ? Decimal.ROUND_UP : Decimal.ROUND_HALF_UP;
  const n = d.dividedBy(step).toDecimalPlaces(0, rounding);
  return n.times(step).toFixed(Math.max(0, precision));
}

/** Clamps a value into [min, max] (either bound may be null); unreadable values are left as they are. */
export function clampDecimal(value: string, min: string | null, max: string | null): string {
  const d = toDecimal(value);
  if (d === null) return value;
  const lo = min === null ? null : toDecimal(min);
  const hi = max === null ? null : toDecimal(max);
  if (lo !== null && d.lessThan(lo)) return lo.toFixed();
  if (hi !== null && d.greaterThan(hi)) return hi.toFixed();
  return value;
}

/**
 * The +/- buttons: snaps to the step grid, then moves one step (an empty field starts from `start`), never below
 * zero, clamped to [min, max].
 */
export function stepValue(
  value: string,
  direction: 1 | -1,
  opts: {
    readonly precision: number;
    readonly multiple?: StepMultiple;
    readonly min?: string | null;
    readonly max?: string | null;
    readonly start?: string;
  },
): string {
  const multiple = opts.multiple ?? 1;
  const step = stepSize(opts.precision, multiple);
  const cur = toDecimal(value) ?? toDecimal(opts.start ?? '') ?? new Decimal(0);
  // On the grid: one step; off it: to the neighbouring grid value in that direction.
  let next = cur.dividedBy(step).isInteger()
    ? cur.plus(step.times(direction))
    : new Decimal(snapToStep(cur.toFixed(), opts.precision, multiple, direction === 1 ? 'up' : 'down'));
  if (next.lessThan(0)) next = new Decimal(0);
  const out = next.toFixed(Math.max(0, opts.precision));
  return clampDecimal(out, opts.min ?? null, opts.max ?? null);
}

/** `fraction` (0..1) of `total`, cut down to `precision` decimals; "" when the total is unknown or zero. */
export function fractionOf(total: string, fraction: number, precision: number): string {
  const d = toDecimal(total);
  if (d === null || d.lessThanOrEqualTo(0) || !(fraction > 0)) return '';
  const f = Math.min(1, fraction);
  return d.times(f).toDecimalPlaces(Math.max(0, precision), Decimal.ROUND_DOWN).toFixed();
}

/** a × b cut down to `precision` decimals; "" when either is missing. */
export function multiplyDown(a: string, b: string, precision: number): string {
  const x = toDecimal(a);
  const y = toDecimal(b);
  if (x === null || y === null) return '';
  return x.times(y).toDecimalPlaces(Math.max(0, precision), Decimal.ROUND_DOWN).toFixed();
}

/** a ÷ b cut down to `precision` decimals; "" when either is missing or b is zero. */
export function divideDown(a: string, b: string, precision: number): string {
  const x = toDecimal(a);
  const y = toDecimal(b);
  if (x === null || y === null || y.isZero()) return '';
  return x.dividedBy(y).toDecimalPlaces(Math.max(0, precision), Decimal.ROUND_DOWN).toFixed();
}
