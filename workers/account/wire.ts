/**
 * Ingress helpers of the account reducers: the private frame envelope, the topic aliases, and small validators that
 * turn untrusted JSON into typed values once. Nothing here throws: a bad value reads as undefined and the caller
 * counts and drops the row.
 */

/** Private topic aliases by kind; mirrors the simulator's PRIVATE_TOPICS (a test keeps the two in step). */
export const ACCOUNT_TOPICS = {
  order: [
    'order',
    'order_new',
    'user.uta.spot.order',
    'private.order',
    'plan_order',
    'stop_limit_order',
    'oco_order',
    'trailing_stop_order',
  ],
  execution: ['execution', 'match', 'user.uta.spot.trade'],
  wallet: ['wallet', 'asset.spot-walletbalance', 'user.unify.uta.wallet', 'unified.mix.asset'],
} as const;

/** Which reducer a private topic feeds. */
export type AccountTopicKind = keyof typeof ACCOUNT_TOPICS;

const KIND_BY_TOPIC: ReadonlyMap<string, AccountTopicKind> = new Map(
  (Object.keys(ACCOUNT_TOPICS) as AccountTopicKind[]).flatMap((k) =>
    ACCOUNT_TOPICS[k].map((t): [string, AccountTopicKind] => [t, k]),
  ),
);

/** The reducer kind of a private topic, or undefined for topics the account reducers do not read. */
export function accountTopicKind(topic: string): AccountTopicKind | undefined {
  return KIND_BY_TOPIC.get(topic);
}

/** The private push envelope (bybit-wire.md §4): `{id, topic, creationTime, data: [...]}`. */
export interface PrivateFrame {
  readonly id: string;
  readonly topic: string;
  /** Server clock, ms. */
  readonly creationTime: number;
  /** Rows still unvalidated: each reducer validates its own row shape. */
  readonly data: readonly unknown[];
}

/** Validates a parsed private frame; undefined when it is not one. */
export function toPrivateFrame(raw: unknown): PrivateFrame | undefined {
  if (!isRecord(raw)) return undefined;
  const topic = raw.topic;
  const data = raw.data;
  const creationTime = toTime(raw.creationTime);
  if (typeof topic !== 'string' || !Array.isArray(data) || creationTime === undefined) return undefined;
  const id = typeof raw.id === 'string' ? raw.id : `${topic}-${creationTime}`;
  return { id, topic, creationTime, data: data as readonly unknown[] };
}

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

/**
 * Compares two plain non-negative decimal strings exactly (-1, 0, 1) without allocating: integer part by length
 * then digits, fraction digit by digit with missing digits as 0.
 */
export function compareDecimal(a: string, b: string): number {
  const ai = a.indexOf('.');
  const bi = b.indexOf('.');
  const aInt = stripLeadingZeros(ai < 0 ? a : a.slice(0, ai));
  const bInt = stripLeadingZeros(bi < 0 ? b : b.slice(0, bi));
  if (aInt.length !== bInt.length) return aInt.length < bInt.length ? -1 : 1;
  if (aInt !== bInt) return aInt < bInt ? -1 : 1;
  const aFrac = ai < 0 ? '' : a.slice(ai + 1);
  const bFrac = bi < 0 ? '' : b.slice(bi + 1);
  const n = Math.max(aFrac.length, bFrac.length);
  for (let i = 0; i < n; i++) {
    const ca = aFrac.charCodeAt(i) || 48;
    const cb = bFrac.charCodeAt(i) || 48;
    if (ca !== cb) return ca < cb ? -1 : 1;
  }
  return 0;
}

function stripLeadingZeros(s: string): string {
  let i = 0;
  while (i < s.length - 1 && s.charCodeAt(i) === 48) i++;
  return i === 0 ? s : s.slice(i);
}

/**
 * Compares ids the exchange issues as increasing integers (order, exec and trade ids) numerically, without BigInt:
 * shorter is smaller. Non-numeric ids fall back to string order, which is at least total and stable.
 */
export function compareIds(a: string, b: string): number {
  if (a.length !== b.length && isDigits(a) && isDigits(b)) return a.length < b.length ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

function isDigits(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return s.length > 0;
}

/** Exhaustiveness guard for discriminated unions. */
export function assertNever(x: never): never {
  throw new Error(`unexpected value ${JSON.stringify(x)}`);
}
