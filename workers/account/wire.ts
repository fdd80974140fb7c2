/**
 * Ingress helpers of the account reducers: the private frame envelope, the topic aliases, exact decimal and id
 * comparison. The field validators (toDecimal, toId, …) live in workers/protocol/fields.ts, shared with the REST row
 * decoders.
 */
import { isRecord, toTime } from '../protocol/fields';

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
  borrow: ['user.unify.usdc.borrowInfo'],
  upgrade: ['user.uta.upgrade'],
  lt: ['lt_order', 'user.lt.order'],
  strategy: ['strategy'],
  position: ['private.position'],
  pnl: ['unified.mix.pnl'],
  combination: ['combination.trade.notify'],
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
