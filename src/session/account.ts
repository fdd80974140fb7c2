/**
 * Account-wide facts of the logged-in user that the order form, the orders panel, the chart's order lines and the
 * toasts share: user details with the double-confirm flags, gate acknowledgements, unified account info, zone quota,
 * and the routed pair's free balances. The hooks in `useAccount.ts` are the only writers of the fetched atoms.
 */
import { atom } from 'jotai';
import { DOUBLE_CONFIRM_FLAGS, type DoubleConfirmFlag } from '../../workers/protocol/account';
import { accountAtom } from '../hub/state';
import type { GateDialog } from '../lib/orderValidation';
import { pairLookupAtom } from './state';

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

/** Details of the logged-in user; null while unknown or logged out. */
export const userDetailsAtom = atom<UserDetails | null>(null);
userDetailsAtom.debugLabel = 'userDetailsAtom';

/** The user's double-confirm flags (loaded with the user, written back on "do not ask again"). */
export const confirmFlagsAtom = atom<ReadonlySet<ConfirmFlag>>(new Set<ConfirmFlag>());
confirmFlagsAtom.debugLabel = 'confirmFlagsAtom';

/** Preference keys of the gate acknowledgements (setPrefSetting upsert_keys). */
export const GATE_PREF_KEYS: Readonly<Record<GateDialog, string>> = {
  suiTerms: 'spot.gate.suiTerms',
  ltRiskTest: 'spot.gate.ltRiskTest',
  disclaimer: 'spot.gate.disclaimer',
  zoneRisk: 'spot.gate.zoneRisk',
};

/** Acknowledgements given (server preferences, so they follow the user). */
export const gatesAcceptedAtom = atom<Readonly<Record<GateDialog, boolean>>>({
  suiTerms: false,
  ltRiskTest: false,
  disclaimer: false,
  zoneRisk: false,
});
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
}

/** Unified account info for the routed symbol; null for classic accounts or while loading. */
export const accountInfoAtom = atom<AccountInfo | null>(null);
accountInfoAtom.debugLabel = 'accountInfoAtom';

/** Remaining zone quota of the routed symbol (non-unified); null = unlimited or unknown. */
export const quotaRemainAtom = atom<string | null>(null);
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
