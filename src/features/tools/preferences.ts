/** Trade preferences (spec §3 flags, §2 popover sections, §6 who may change what). Pure. */
import type { ComplianceConfig } from '../../app/compliance';
import type { SessionUser } from '../../app/session';

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
  | 'showBaseOrQuote';

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
  { id: 'unit', keys: ['showBaseOrQuote'] },
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
};

/** Whether the account may change a flag (spec §6: advanced and unit for UTA non-demo; margin when compliance allows). */
export function canChangePreference(
  key: TradePreferenceKey,
  config: ComplianceConfig,
  user: SessionUser,
): boolean {
  const utaLive = user.isUTA && !user.isDemo;
  switch (key) {
    case 'showSpotMargin':
      return config.spotMargin && user.isUTA;
    case 'showLeverage':
      return user.isUTA;
    case 'showAvailableBalance':
    case 'showMaxBuy':
    case 'showBorrowedAmount':
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

/** Display preferences of the market panels, kept beside the trade flags (the panels offer their own toggles). */
export interface DisplayPreferences {
  /** Flash a new row of the latest-trades list. */
  readonly flashTrades: boolean;
}

/** Defaults: flashes on. */
export const DEFAULT_DISPLAY_PREFERENCES: DisplayPreferences = { flashTrades: true };

/** Stored display preferences merged over the defaults (unknown or non-boolean entries ignored). */
export function toDisplayPreferences(raw: unknown): DisplayPreferences {
  if (typeof raw !== 'object' || raw === null) return DEFAULT_DISPLAY_PREFERENCES;
  const v = (raw as Record<string, unknown>).flashTrades;
  return typeof v === 'boolean' ? { flashTrades: v } : DEFAULT_DISPLAY_PREFERENCES;
}
