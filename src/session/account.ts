/**
 * Account-wide facts of the logged-in user that the order form, the orders panel, the chart's order lines and the
 * toasts share: user details with the double-confirm flags, gate acknowledgements, unified account info, zone quota,
 * and the routed pair's free balances. The hub owns the user's facts and sends them in the account diff; these atoms
 * derive from it, with this tab's pending writes over them (`useAccount.ts` writes through the hub).
 */
import { atom, type Atom, type Getter } from 'jotai';
import type { Preferences } from '../../workers/protocol/user';
import { DOUBLE_CONFIRM_FLAGS, type DoubleConfirmFlag } from '../../workers/protocol/account';
import { accountAtom } from '../hub/state';
import type { GateDialog } from '../lib/orderValidation';
import { pairLookupAtom } from './state';
import { tradeDialogFacts } from './tradeDialogFacts';

/** Double-confirm flags of spec §3 (a comma list on the wire); the list is the protocol's, shared with the simulator. */
export type ConfirmFlag = DoubleConfirmFlag;

/** Every flag the server accepts. */
export const CONFIRM_FLAGS: readonly ConfirmFlag[] = DOUBLE_CONFIRM_FLAGS;

/** Parses the comma list; unknown entries are dropped. */
export function toConfirmFlags(raw: unknown): ReadonlySet<ConfirmFlag> {
  if (typeof raw !== 'string') return new Set();
  const known: readonly string[] = CONFIRM_FLAGS;
  return new Set(
    raw
      .split(',')
      .map((s) => s.trim())
      .filter((s): s is ConfirmFlag => known.includes(s)),
  );
}

/**
 * Whether an action asks for confirmation: a `…NotifyClose` flag means the trader closed that confirmation
 * ("do not ask again"); without it the dialog shows.
 */
export function needsConfirm(
  flags: ReadonlySet<ConfirmFlag>,
  action: 'create' | 'cancel' | 'modify',
): boolean {
  const flag: ConfirmFlag =
    action === 'create'
      ? 'createOrderNotifyClose'
      : action === 'cancel'
        ? 'cancelOrderNotifyClose'
        : 'modifyOrderNotifyClose';
  return !flags.has(flag);
}

/** What the user-info call tells the form beyond the session roles. */
export interface UserDetails {
  readonly id: string;
  readonly marginMode: 'cross' | 'isolated';
  /** grayFlag.minValueV2: the newer minimum-value wording. */
  readonly minValueV2: boolean;
}

/**
 * Keeps the previous value while the new one is equal, for values built afresh on each read (a new object or Set).
 * A part read straight from the account needs none: the hub client keeps unchanged parts by reference (`storeAccount`).
 */
function stableAtom<T>(read: (get: Getter) => T, equal: (a: T, b: T) => boolean): Atom<T> {
  let last: { readonly v: T } | null = null;
  return atom((get) => {
    const v = read(get);
    if (last !== null && equal(last.v, v)) return last.v;
    last = { v };
    return v;
  });
}

/** Shallow equality of two plain objects (or both null). */
function sameRecord<T extends object>(a: T | null, b: T | null): boolean {
  if (a === null || b === null) return a === b;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  const ka = Object.keys(ra);
  return ka.length === Object.keys(rb).length && ka.every((k) => ra[k] === rb[k]);
}

const sameSet = <T>(a: ReadonlySet<T>, b: ReadonlySet<T>): boolean =>
  a.size === b.size && [...a].every((x) => b.has(x));

/**
 * Whether the hub's session holds a logged-in user; null until the hub's first account diff. A boolean, so the shell
 * that reads it renders again on a login or a logout elsewhere, not on each account diff (orders, fills, balances),
 * which would render the whole page.
 */
export const hubLoggedInAtom = atom((get) => {
  const a = get(accountAtom);
  return a === null ? null : a.loggedIn && a.user !== null;
});
hubLoggedInAtom.debugLabel = 'hubLoggedInAtom';

/**
 * The trade dialog gate's facts of the logged-in user, from the hub's account (null until the hub has the user).
 * Booleans, so the gate wakes when one of them changes, not on each account diff.
 */
export const accountKycPassedAtom = atom(
  (get) => tradeDialogFacts(true, get(accountAtom))?.kycPassed ?? null,
);
accountKycPassedAtom.debugLabel = 'accountKycPassedAtom';

/** See `accountKycPassedAtom`: no UTA upgrade running and its guide read. */
export const accountGuideDoneAtom = atom(
  (get) => tradeDialogFacts(true, get(accountAtom))?.upgradeGuideDone ?? null,
);
accountGuideDoneAtom.debugLabel = 'accountGuideDoneAtom';

/** Details of the logged-in user, from the hub (which owns the user); null while unknown or logged out. */
export const userDetailsAtom = stableAtom<UserDetails | null>((get) => {
  const u = get(accountAtom)?.user;
  return u === null || u === undefined
    ? null
    : { id: u.id, marginMode: u.marginMode, minValueV2: u.minValueV2 };
}, sameRecord);
userDetailsAtom.debugLabel = 'userDetailsAtom';

/** The server preferences as the hub has them; null until the hub has loaded the user (and with it the preferences). */
const hubPreferencesAtom = atom<Preferences | null>((get) => {
  const a = get(accountAtom);
  return a === null || a.user === null ? null : a.preferences;
});

/** Preference writes sent to the hub and not yet seen in its diff: shown at once, dropped when the hub answers. */
export const pendingPreferencesAtom = atom<Preferences>({});
pendingPreferencesAtom.debugLabel = 'pendingPreferencesAtom';

/**
 * Server preferences (getPrefSetting: guide state, gate acknowledgements, cancel prompt…) with this tab's pending
 * writes over them; null until the hub has loaded them (logged out: always null). Written through
 * `useSetPreferences`, the one write path (HubApi.setPreferences), so every tab follows.
 */
export const preferencesAtom = stableAtom<Preferences | null>((get) => {
  const hub = get(hubPreferencesAtom);
  const pending = get(pendingPreferencesAtom);
  return hub === null ? null : Object.keys(pending).length === 0 ? hub : { ...hub, ...pending };
}, sameRecord);
preferencesAtom.debugLabel = 'preferencesAtom';

/** "Do not ask again" ticks sent to the hub and not yet seen in its diff (null: none pending). */
export const pendingConfirmFlagsAtom = atom<readonly ConfirmFlag[] | null>(null);
pendingConfirmFlagsAtom.debugLabel = 'pendingConfirmFlagsAtom';

/** The user's double-confirm flags: the hub's (loaded with the user), or this tab's pending write. */
export const confirmFlagsAtom = stableAtom<ReadonlySet<ConfirmFlag>>(
  (get) => new Set(get(pendingConfirmFlagsAtom) ?? get(accountAtom)?.confirmFlags ?? []),
  sameSet,
);
confirmFlagsAtom.debugLabel = 'confirmFlagsAtom';

/** Preference keys of the gate acknowledgements (setPrefSetting upsert_keys). */
export const GATE_PREF_KEYS: Readonly<Record<GateDialog, string>> = {
  suiTerms: 'spot.gate.suiTerms',
  ltRiskTest: 'spot.gate.ltRiskTest',
  disclaimer: 'spot.gate.disclaimer',
  zoneRisk: 'spot.gate.zoneRisk',
};

/** Acknowledgements given (server preferences, so they follow the user). */
export const gatesAcceptedAtom = stableAtom<Readonly<Record<GateDialog, boolean>>>((get) => {
  const prefs = get(preferencesAtom) ?? {};
  const y = (gate: GateDialog): boolean => prefs[GATE_PREF_KEYS[gate]] === 'Y';
  return {
    suiTerms: y('suiTerms'),
    ltRiskTest: y('ltRiskTest'),
    disclaimer: y('disclaimer'),
    zoneRisk: y('zoneRisk'),
  };
}, sameRecord);
gatesAcceptedAtom.debugLabel = 'gatesAcceptedAtom';

/** Account info of spec §3 for the routed symbol (unified accounts: getUnifiedAsset). */
export interface AccountInfo {
  readonly symbol: string;
  readonly maxBuyAmt: string;
  readonly maxSellQty: string;
  /** Spot available (or margin available when leverage is on) of quote and base. */
  readonly availableQuote: string;
  readonly availableBase: string;
  readonly status: number;
  readonly riskState: number;
  readonly baseBorrowSize: string;
  readonly quoteBorrowSize: string;
  readonly leverage: boolean;
  /** The account's leverage setting (server side; not the form's showLeverage display preference). */
  readonly leverageEnabled?: boolean;
  /** Liabilities ÷ haircut collateral, and the leverage the account runs at (decimals as sent). */
  readonly riskRatio?: string;
  readonly actualLeverageRatio?: string;
}

/** Unified account info for the routed symbol; null for classic accounts or while loading. */
export const accountInfoAtom = atom<AccountInfo | null>(null);
accountInfoAtom.debugLabel = 'accountInfoAtom';

/** Remaining zone quota of the routed symbol (non-unified), from the hub; null = unlimited or unknown. */
export const quotaRemainAtom = atom((get) => {
  const lookup = get(pairLookupAtom);
  if (lookup.kind !== 'found') return null;
  return get(accountAtom)?.quota[lookup.symbol.symbol] ?? null;
});
quotaRemainAtom.debugLabel = 'quotaRemainAtom';

/**
 * Free balances of the routed pair as "quote|base": a string, so the order panel re-renders only when one of them
 * changes, not on every push of the account (1,000 open orders change often).
 */
export const pairFreeAtom = atom((get) => {
  const lookup = get(pairLookupAtom);
  const balances = get(accountAtom)?.balances;
  if (lookup.kind !== 'found') return '0|0';
  const free = (coin: string): string => balances?.find((b) => b.coin === coin)?.free ?? '0';
  return `${free(lookup.symbol.quote)}|${free(lookup.symbol.base)}`;
});
pairFreeAtom.debugLabel = 'pairFreeAtom';

/**
 * The hub's history version: it moves when order or trade history changed (an order reached a final state, a fill,
 * a login or reconnect load), so the REST history lists refetch then, and only then.
 */
export const historyVersionAtom = atom((get) => get(accountAtom)?.historyVersion ?? 0);
historyVersionAtom.debugLabel = 'historyVersionAtom';

/** The hub's fills version (the chart's fill markers reload when it moves); a number, so readers skip other diffs. */
export const fillsVersionAtom = atom((get) => get(accountAtom)?.fillsVersion ?? 0);
fillsVersionAtom.debugLabel = 'fillsVersionAtom';

/** The hub's averages version (average price lines and trade analysis reload when it moves). */
export const averagesVersionAtom = atom((get) => get(accountAtom)?.averagesVersion ?? 0);
averagesVersionAtom.debugLabel = 'averagesVersionAtom';

/** Whether the hub has loaded the logged-in user's server preferences (false for visitors). */
export const preferencesLoadedAtom = atom((get) => get(preferencesAtom) !== null);
preferencesLoadedAtom.debugLabel = 'preferencesLoadedAtom';
