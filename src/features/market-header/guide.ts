/**
 * Trade-guide state decisions (spec §4 "Trade guide states", §6 "The trade dialog shows only when …"). Pure.
 *
 * States: `unknown` (nothing known, the guide does not open by itself), `new` (the user has not seen it: it opens by
 * itself once), `readed` (finished or closed). Logged-in users' state lives on the server under
 * {@link GUIDE_PREF_KEY} (setPrefSetting upsert_keys) and is mirrored locally; visitors have the local state only.
 */
import type { TradeGuideState } from './state';

/** Preference key of the guide state on the server (spec §7 setPrefSetting upsert_keys). */
export const GUIDE_PREF_KEY = 'spotTradeGuide';

/** A guide state from any value; `unknown` for anything that is not one. */
export function toGuideState(value: unknown): TradeGuideState {
  return value === 'new' || value === 'readed' ? value : 'unknown';
}

/** The guide state in a getPrefSetting reply (`{code: 0, result: {key: value}}`); `unknown` when absent or malformed. */
export function toGuidePref(reply: unknown): TradeGuideState {
  if (typeof reply !== 'object' || reply === null) return 'unknown';
  const { code, result } = reply as Record<string, unknown>;
  if (code !== 0 || typeof result !== 'object' || result === null) return 'unknown';
  return toGuideState((result as Record<string, unknown>)[GUIDE_PREF_KEY]);
}

/**
 * The state that counts: for a logged-in user the server's, when it knows one (it follows the user across devices),
 * else the local one; for a visitor the local one.
 */
export function resolveGuideState(
  local: TradeGuideState,
  server: TradeGuideState,
  loggedIn: boolean,
): TradeGuideState {
  if (loggedIn && server !== 'unknown') return server;
  return local;
}

/** What the auto-open decision needs. */
export interface GuideAutoOpenInput {
  /** The resolved state; null while it is still being read (session or preference not answered yet). */
  readonly state: TradeGuideState | null;
  /** A blocking (aria-modal) dialog is open. */
  readonly blockingModalOpen: boolean;
  /** The guide already opened by itself on this page. */
  readonly alreadyShown: boolean;
  /** The account passes KYC (the server's verification level; visitors have none to pass); null while unknown. */
  readonly kycPassed: boolean | null;
  /** The UTA upgrade's user guide is done (no upgrade running, its guide read or not due); null while unknown. */
  readonly upgradeGuideDone: boolean | null;
}

/**
 * True when the trade dialog should open by itself now (spec §5 "only when no blocking modal is open, KYC passes and
 * the upgrade guide is done"): the state is `new`, nothing blocks, and it has not opened by itself on this page yet.
 * An unknown fact holds it back: it opens later, when the fact arrives, rather than in front of a guide it must follow.
 */
export function shouldAutoOpenGuide(input: GuideAutoOpenInput): boolean {
  return (
    input.state === 'new' &&
    !input.blockingModalOpen &&
    !input.alreadyShown &&
    input.kycPassed === true &&
    input.upgradeGuideDone === true
  );
}
