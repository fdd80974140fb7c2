/**
 * The user's facts the hub owns and sends every tab in the account diff (one fetch for all tabs instead of one per
 * hook): the user-info reply's roles and details, the server preferences (getPrefSetting / setPrefSetting upsert_keys),
 * the double-confirm flags and the zone quota left. Types and decoders of those `{code, result}` replies.
 */
import { DOUBLE_CONFIRM_FLAGS, type DoubleConfirmFlag } from './account';
import { isRecord } from './fields';

/** The logged-in user (spec §3 User): the shell's roles and what order entry reads. */
export interface UserFacts {
  readonly id: string;
  readonly isDemo: boolean;
  readonly isSub: boolean;
  readonly isCopyTradingLeader: boolean;
  readonly isUTA: boolean;
  /** EAA (EU) user: the notice bar is not shown unless demo (spec §4). */
  readonly isEaa: boolean;
  readonly marginMode: 'cross' | 'isolated';
  /** grayFlag.minValueV2: the newer minimum-value wording. */
  readonly minValueV2: boolean;
  /** The account passed KYC (the server's `kycPassed`, from its KYC level): the trade dialog waits for it (spec §5). */
  readonly kycPassed?: boolean;
}

/** Double-confirm flags of spec §3 (a comma list on the wire): the list is declared once, in `account.ts`. */
export type ConfirmFlag = DoubleConfirmFlag;

/** Every flag the server accepts. */
export const CONFIRM_FLAGS: readonly ConfirmFlag[] = DOUBLE_CONFIRM_FLAGS;

/** Server preferences: key → value as setPrefSetting stored them. */
export type Preferences = Readonly<Record<string, string>>;

/** What a write through the hub did (setPreferences, setConfirmFlags). */
export type WriteOutcome = { readonly ok: true } | { readonly ok: false; readonly message: string };

/** The result object of a `{code: 0, result: {...}}` reply; null for anything else (an error or a bad body). */
export function resultOf(reply: unknown): Readonly<Record<string, unknown>> | null {
  if (!isRecord(reply) || reply.code !== 0 || !isRecord(reply.result)) return null;
  return reply.result;
}

/** The user of a user-info reply; null when logged out or unreadable. */
export function decodeUser(reply: unknown): UserFacts | null {
  const r = resultOf(reply);
  if (r?.isLogin !== true) return null;
  const gray = isRecord(r.grayFlag) ? r.grayFlag : {};
  return {
    id: typeof r.id === 'string' ? r.id : typeof r.id === 'number' ? String(r.id) : '',
    isDemo: r.isDemoAccount === true,
    isSub: r.isSubAccount === true,
    isCopyTradingLeader: r.is_copy_trading_leader === true,
    isUTA: r.isUTA === true,
    isEaa: r.eaaStatus === true,
    marginMode: r.marginMode === 'isolated' ? 'isolated' : 'cross',
    minValueV2: gray.minValueV2 === true,
    kycPassed: r.kycPassed === true,
  };
}

/** Validates a preference patch from a tab: a non-empty object of string values. */
export function isPreferencePatch(v: unknown): v is Readonly<Record<string, string>> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const entries = Object.entries(v);
  return entries.length > 0 && entries.every(([, x]) => typeof x === 'string');
}

/** Parses the comma list of double-confirm flags; unknown entries are dropped. */
export function toConfirmFlags(raw: unknown): readonly ConfirmFlag[] {
  if (typeof raw !== 'string') return [];
  const known: readonly string[] = CONFIRM_FLAGS;
  const out = raw
    .split(',')
    .map((s) => s.trim())
    .filter((s): s is ConfirmFlag => known.includes(s));
  return [...new Set(out)];
}

/** The double-confirm flags of a user-info reply (`double_confirm`) or a double_confirm reply (`confirms`). */
export function decodeConfirmFlags(reply: unknown): readonly ConfirmFlag[] | null {
  const r = resultOf(reply);
  if (r === null) return null;
  return toConfirmFlags(r.double_confirm ?? r.confirms);
}

/** The preferences of a getPrefSetting or setPrefSetting reply (string values only); null when unreadable. */
export function decodePreferences(reply: unknown): Preferences | null {
  const r = resultOf(reply);
  if (r === null) return null;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(r)) if (typeof v === 'string') out[k] = v;
  return out;
}

/** The zone quota left of a quota reply (quote units); null when unlimited ('-1', '-', '--') or unreadable. */
export function decodeQuotaRemain(reply: unknown): string | null {
  const r = resultOf(reply);
  const raw = r?.remainAmount;
  const remain = typeof raw === 'string' ? raw : typeof raw === 'number' ? String(raw) : '-';
  return remain === '-1' || remain === '-' || remain === '--' ? null : remain;
}

/** A write's outcome from its `{code, message}` reply. */
export function decodeWriteOutcome(reply: unknown): WriteOutcome {
  if (resultOf(reply) !== null) return { ok: true };
  const msg = isRecord(reply) ? (reply.message ?? reply.msg) : undefined;
  return { ok: false, message: typeof msg === 'string' && msg !== '' ? msg : 'request failed' };
}
