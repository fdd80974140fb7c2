/**
 * What the UTA upgrade shows (spec §4 "UTA upgrade states"), as a pure function of the user's facts, the latest
 * upgrade event and what this tab did: the entry and its tip, the modal (status 0 confirm, 1 in process, 3 failed),
 * the progress mask or the inverse one, the post-upgrade guide, or a reload.
 */
import type { UpgradeEvent, UtaFacts } from '../../../workers/protocol/margin';
import { MARGIN_ERRORS, UPGRADE_PROGRESS_CODE, UPGRADE_RESULT_CODE } from '../../../workers/protocol/margin';

/** Preference key of the post-upgrade guide ("Y" once read). */
export const UTA_GUIDE_PREF_KEY = 'utaGuideRead';

/** The upgrade modal's states: 0 confirm, 1 in process, 3 failed (with the error code). */
export type ModalState =
  { readonly status: 0 } | { readonly status: 1 } | { readonly status: 3; readonly code: string };

/** What the tab knows beyond the hub's facts. */
export interface LocalUpgrade {
  /** The modal the user opened or an event opened; null when closed. */
  readonly modal: ModalState | null;
  /** This tab started an upgrade (or learnt it is in process) and waits for its result. */
  readonly processing: boolean;
  readonly inverse: boolean;
  readonly progress: number;
}

/** Nothing open, nothing running. */
export const IDLE: LocalUpgrade = { modal: null, processing: false, inverse: false, progress: 0 };

/** Applies one upgrade event (spec §4): "0" reloads, "3400324" in process + modal 1, other data modal 3. */
export function applyUpgradeEvent(s: LocalUpgrade, ev: UpgradeEvent): LocalUpgrade | 'reload' {
  if (ev.code === UPGRADE_PROGRESS_CODE) {
    return { ...s, processing: true, inverse: ev.inverse, progress: Number(ev.data) || 0 };
  }
  if (ev.code !== UPGRADE_RESULT_CODE) return s;
  if (ev.data === '0') return 'reload';
  if (ev.data === String(MARGIN_ERRORS.upgradeInProcess)) {
    return { ...s, processing: true, inverse: ev.inverse, modal: { status: 1 } };
  }
  return { ...s, processing: false, modal: { status: 3, code: ev.data } };
}

/** The screens to show. */
export interface UpgradeView {
  /** The entry button and its tip (none or fail, gray flag, not unified, not demo). */
  readonly entry: boolean;
  readonly mask: 'none' | 'progress' | 'inverse';
  readonly progress: number;
  readonly modal: ModalState | null;
  readonly guide: boolean;
}

/** Decides the screens from the facts (null: logged out) and the tab's state. */
export function upgradeView(
  facts: UtaFacts | null,
  user: { readonly isUTA: boolean; readonly isDemo: boolean } | null,
  guideRead: boolean,
  local: LocalUpgrade,
): UpgradeView {
  if (facts === null || user === null)
    return { entry: false, mask: 'none', progress: 0, modal: null, guide: false };
  const u = facts.upgrade;
  const processing = local.processing || u.status === 'processing';
  const inverse = local.processing ? local.inverse : u.inverse;
  // A finished inverse upgrade leaves a classic account again: for the forward path that is "none".
  const idle = u.status === 'none' || u.status === 'fail' || (u.status === 'success' && u.inverse);
  return {
    entry: idle && !processing && facts.grayUta && !user.isUTA && !user.isDemo,
    mask: processing ? (inverse ? 'inverse' : 'progress') : 'none',
    progress: Math.max(local.progress, u.status === 'processing' ? u.progress : 0),
    modal: local.modal,
    guide: u.status === 'success' && !u.inverse && user.isUTA && !user.isDemo && !guideRead && !processing,
  };
}
