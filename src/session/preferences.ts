/**
 * Trade preferences (spec §3 flags, §2 popover sections, §6 who may change what), plus the latest-trades flash, which
 * any visitor may turn off. Pure.
 */
import { atom } from 'jotai';
import type { ComplianceConfig } from './compliance';
import { demoAccess } from './demoRules';
import type { SessionUser } from './session';
import { storedAtom } from './storage';

/** One preference flag. */
export type TradePreferenceKey =
  | 'showSpotMargin'
  | 'showLeverage'
  | 'showAvailableBalance'
  | 'showMaxBuy'
  | 'showBorrowedAmount'
  | 'showTpSl'
  | 'showPostOnly'
  | 'showTimeInForce'
  | 'showMaxSlippageLimit'
  | 'showBaseOrQuote'
  | 'showTradeFlashes';

/** All flags and their values. */
export type TradePreferences = Readonly<Record<TradePreferenceKey, boolean>>;

/** Popover sections, in order, with their flags. */
export const PREFERENCE_SECTIONS: readonly {
  readonly id: 'setup' | 'orderInfo' | 'advanced' | 'unit';
  readonly keys: readonly TradePreferenceKey[];
}[] = [
  { id: 'setup', keys: ['showSpotMargin', 'showLeverage'] },
  { id: 'orderInfo', keys: ['showAvailableBalance', 'showMaxBuy', 'showBorrowedAmount'] },
  { id: 'advanced', keys: ['showTpSl', 'showPostOnly', 'showTimeInForce', 'showMaxSlippageLimit'] },
  // Unit display also holds how the market panels display: the latest-trades flash (the issue: "flashes can be turned
  // off in preferences"); the spec's four sections stay four.
  { id: 'unit', keys: ['showBaseOrQuote', 'showTradeFlashes'] },
];

/** Defaults: everything shown. */
export const DEFAULT_PREFERENCES: TradePreferences = {
  showSpotMargin: true,
  showLeverage: true,
  showAvailableBalance: true,
  showMaxBuy: true,
  showBorrowedAmount: true,
  showTpSl: true,
  showPostOnly: true,
  showTimeInForce: true,
  showMaxSlippageLimit: true,
  showBaseOrQuote: true,
  showTradeFlashes: true,
};

/** Whether the account may change a flag (spec §6: advanced and unit for UTA non-demo; margin when compliance allows). */
export function canChangePreference(
  key: TradePreferenceKey,
  config: ComplianceConfig,
  user: SessionUser,
): boolean {
  const utaLive = user.isUTA && demoAccess('advancedPreferences', user) === 'available';
  switch (key) {
    case 'showSpotMargin':
      return config.spotMargin && user.isUTA;
    case 'showLeverage':
      return user.isUTA;
    case 'showAvailableBalance':
    case 'showMaxBuy':
    case 'showBorrowedAmount':
    case 'showTradeFlashes':
      return true;
    case 'showTpSl':
    case 'showPostOnly':
    case 'showTimeInForce':
    case 'showMaxSlippageLimit':
    case 'showBaseOrQuote':
      return utaLive;
  }
}

/** Stored preferences merged over the defaults (unknown or non-boolean entries ignored). */
export function toTradePreferences(raw: unknown): TradePreferences {
  if (typeof raw !== 'object' || raw === null) return DEFAULT_PREFERENCES;
  const r = raw as Record<string, unknown>;
  const out: Record<TradePreferenceKey, boolean> = { ...DEFAULT_PREFERENCES };
  for (const k of Object.keys(DEFAULT_PREFERENCES) as TradePreferenceKey[]) {
    const v = r[k];
    if (typeof v === 'boolean') out[k] = v;
  }
  return out;
}

/** Trade preference flags (remembered locally). */
export const tradePreferencesAtom = storedAtom<TradePreferences>(
  'tradePreferences',
  DEFAULT_PREFERENCES,
  toTradePreferences,
);
tradePreferencesAtom.debugLabel = 'tradePreferencesAtom';

/** Sets one preference flag. */
export const setTradePreferenceAtom = atom(
  null,
  (get, set, change: { readonly key: TradePreferenceKey; readonly value: boolean }) => {
    set(tradePreferencesAtom, { ...get(tradePreferencesAtom), [change.key]: change.value });
  },
);
setTradePreferenceAtom.debugLabel = 'setTradePreferenceAtom';
