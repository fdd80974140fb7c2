/**
 * Field validators of the wire rows (private pushes and REST rows alike): they turn untrusted JSON into typed values
 * once, at ingress. Nothing here throws: a bad value reads as undefined and the caller counts and drops the row.
 * Shared by the hub's reducers (workers/account) and the protocol's REST row decoders.
 */

/** A plain JSON object. */
export function isRecord(x: unknown): x is Readonly<Record<string, unknown>> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

// Plain non-negative decimals as the wire writes them ("64000", "0.5"); exponents never appear in these feeds.
const DECIMAL_RE = /^\d+(\.\d+)?$/;

/** A non-negative decimal string (numbers are accepted and stringified), or undefined. */
export function toDecimal(x: unknown): string | undefined {
  if (typeof x === 'number') return Number.isFinite(x) && x >= 0 ? numberToPlain(x) : undefined;
  if (typeof x !== 'string') return undefined;
  return DECIMAL_RE.test(x) ? x : undefined;
}

/** A decimal string that may be negative (an equity net of debt); undefined for anything else. */
export function toSignedDecimal(x: unknown): string | undefined {
  if (typeof x === 'string' && x.startsWith('-')) {
    const abs = toDecimal(x.slice(1));
    return abs === undefined ? undefined : x;
  }
  if (typeof x === 'number' && x < 0) {
    const abs = toDecimal(-x);
    return abs === undefined ? undefined : `-${abs}`;
  }
  return toDecimal(x);
}

/** Like toDecimal, but '' and absent read as "0" (fields the wire leaves empty when they do not apply). */
export function toDecimalOrZero(x: unknown): string | undefined {
  return x === undefined || x === null || x === '' ? '0' : toDecimal(x);
}

function numberToPlain(x: number): string {
  const s = String(x);
  // Tiny numbers stringify with an exponent; 18 places cover every coin's precision.
  return s.includes('e') ? x.toFixed(18).replace(/\.?0+$/, '') : s;
}

/** A millisecond timestamp (number or numeric string), or undefined. */
export function toTime(x: unknown): number | undefined {
  const n = typeof x === 'string' && x !== '' ? Number(x) : x;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}

/** A non-empty id (numbers are stringified), or undefined. */
export function toId(x: unknown): string | undefined {
  if (typeof x === 'number') return Number.isSafeInteger(x) ? String(x) : undefined;
  return typeof x === 'string' && x !== '' && x.length <= 64 ? x : undefined;
}

/** A string field, '' when absent. */
export function toText(x: unknown): string {
  return typeof x === 'string' ? x : '';
}

/** Order side from v5 ('Buy'/'Sell') or the product's spellings ('BUY', 'buy', 0/1 are not used for rows). */
export function toSide(x: unknown): 'Buy' | 'Sell' | undefined {
  if (typeof x !== 'string') return undefined;
  const v = x.toLowerCase();
  return v === 'buy' ? 'Buy' : v === 'sell' ? 'Sell' : undefined;
}

/** Order type from v5 ('Limit'/'Market') or the product's upper-case spelling. */
export function toOrderType(x: unknown): 'Limit' | 'Market' | undefined {
  if (typeof x !== 'string') return undefined;
  const v = x.toLowerCase();
  return v === 'limit' ? 'Limit' : v === 'market' ? 'Market' : undefined;
}
