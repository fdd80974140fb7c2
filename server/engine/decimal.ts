/**
 * Exact decimal helpers for the engine: wire strings in, scaled integers out, and back.
 * Nothing here uses floating point for a value; `number` is only used for integer tick and lot counts.
 */

/** A non-negative decimal as an integer and a count of decimal places: value = int / 10^scale (scale minimal). */
export interface Dec {
  readonly int: bigint;
  readonly scale: number;
}

// Optional '+', digits with an optional fraction, optional exponent of at most three digits (bounds the bigint size).
const DECIMAL_RE = /^\+?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d{1,3}))?$/;

const POW10: bigint[] = [];
for (let i = 0; i <= 40; i++) POW10.push(10n ** BigInt(i));

/** 10^n as a bigint (cached for the small exponents the engine uses). */
export function pow10(n: number): bigint {
  return POW10[n] ?? 10n ** BigInt(n);
}

/** Parses a non-negative decimal (plain or exponent form); undefined for signs, NaN, blanks and garbage. */
export function parseDec(text: unknown): Dec | undefined {
  if (typeof text !== 'string' || text.length === 0 || text.length > 80) return undefined;
  const m = DECIMAL_RE.exec(text);
  if (m === null) return undefined;
  const whole = m[1] ?? '';
  const frac = m[2] ?? '';
  if (whole === '' && frac === '') return undefined;
  let digits = whole + frac;
  let scale = frac.length - (m[3] === undefined ? 0 : Number(m[3]));
  // Trailing zeros carry no value; dropping them makes `scale` the true number of decimals.
  let end = digits.length;
  while (scale > 0 && end > 0 && digits.charCodeAt(end - 1) === 48) {
    end--;
    scale--;
  }
  digits = digits.slice(0, end);
  let int = digits === '' ? 0n : BigInt(digits);
  if (scale < 0) {
    int *= pow10(-scale);
    scale = 0;
  }
  if (int === 0n) scale = 0;
  return { int, scale };
}

/** The value in units of 10^-dp; undefined when it has more than dp decimals. */
export function toUnits(d: Dec, dp: number): bigint | undefined {
  if (d.scale > dp) return undefined;
  return d.int * pow10(dp - d.scale);
}

/** The value in units of 10^-dp, rounded half up (for lenient inputs such as seed prices). */
export function roundUnits(d: Dec, dp: number): bigint {
  if (d.scale <= dp) return d.int * pow10(dp - d.scale);
  const div = pow10(d.scale - dp);
  return (d.int + div / 2n) / div;
}

/** Parses a decimal string into units of 10^-dp, rounding half up; throws on garbage (trusted input only). */
export function unitsOf(text: string, dp: number): bigint {
  const d = parseDec(text);
  if (d === undefined) throw new Error(`engine: not a decimal: ${text}`);
  return roundUnits(d, dp);
}

/** Formats an integer count of 10^-dp units as a plain decimal string with trailing zeros trimmed. */
export function formatUnits(v: bigint | number, dp: number): string {
  // Most view fields of a fresh order are zero: skip the string work.
  if (v === 0 || v === 0n) return '0';
  const neg = v < 0;
  let s = (neg ? -v : v).toString();
  if (dp > 0) {
    if (s.length <= dp) s = '0'.repeat(dp - s.length + 1) + s;
    const cut = s.length - dp;
    let end = s.length;
    while (end > cut && s.charCodeAt(end - 1) === 48) end--;
    s = end === cut ? s.slice(0, cut) : `${s.slice(0, cut)}.${s.slice(cut, end)}`;
  }
  return neg ? `-${s}` : s;
}

/** Formats a parsed decimal as a plain string (trailing zeros already trimmed by parseDec). */
export function formatDec(d: Dec): string {
  return formatUnits(d.int, d.scale);
}

/** Integer division rounding towards +infinity, for non-negative operands. */
export function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}
