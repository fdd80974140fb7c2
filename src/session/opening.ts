/**
 * Symbol opening (spec §4 "Symbol opening", §3 "Notice info", §9 timers). Pure: the notice and clock readings in,
 * the state to show out. Times are the tab's `Date.now()` unless named `server…`.
 */

/** The notice of getNoticeInfoBySymbolId (spec §3 Notice info). */
export interface OpeningNotice {
  /** 1 and 2 show the countdown, 3 shows the pending icon; anything else means nothing to announce. */
  readonly noticeType: number;
  readonly noticeContent: string;
  readonly noticeLinkUrl: string;
  /** Server ms when the symbol opens. */
  readonly onlineTime: number;
  /** Server ms when the notice was built. */
  readonly nowTime: number;
  readonly symbolId: number;
}

/** Timers of spec §9. */
export const OPENING_TIMING = {
  /** Countdown tick. */
  tickMs: 100,
  /** After the countdown reaches zero the symbol is shown this much later. */
  openDelayMs: 1000,
  /** A countdown that ends this late (the tab slept, so the clock offset is stale) shows the error overlay. */
  lateEndMs: 20_000,
  /** The notice is refetched when the page comes back after being hidden longer than this. */
  refetchAfterHiddenMs: 60_000,
} as const;

/** What the chart area shows about the symbol's opening. */
export type OpeningState =
  | { readonly kind: 'checking' }
  /** Countdown to `openAt` (tab clock: the server's onlineTime shifted by the server/tab clock offset). */
  | {
      readonly kind: 'countdown';
      readonly openAt: number;
      readonly onlineTime: number;
      readonly notice: OpeningNotice;
    }
  /** Zero reached: the symbol is shown `openDelayMs` after `openAt`. */
  | {
      readonly kind: 'opening';
      readonly openAt: number;
      readonly onlineTime: number;
      readonly notice: OpeningNotice;
    }
  | { readonly kind: 'pending'; readonly notice: OpeningNotice }
  | { readonly kind: 'open' }
  /** Notice failed, did not match the symbol, or the countdown ended too late to trust: network-error overlay. */
  | { readonly kind: 'error'; readonly onlineTime: number | null };

function isNum(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v);
}

/** The notice of a `{code, success, result}` reply, or undefined when the reply is not a usable notice. */
export function toOpeningNotice(reply: unknown): OpeningNotice | undefined {
  if (typeof reply !== 'object' || reply === null) return undefined;
  const { code, success, result } = reply as Record<string, unknown>;
  if (code !== 0 || success !== true || typeof result !== 'object' || result === null) return undefined;
  const r = result as Record<string, unknown>;
  if (!isNum(r.noticeType) || !isNum(r.onlineTime) || !isNum(r.nowTime) || !isNum(r.symbolId))
    return undefined;
  return {
    noticeType: r.noticeType,
    noticeContent: typeof r.noticeContent === 'string' ? r.noticeContent : '',
    noticeLinkUrl: typeof r.noticeLinkUrl === 'string' ? r.noticeLinkUrl : '',
    onlineTime: r.onlineTime,
    nowTime: r.nowTime,
    symbolId: r.symbolId,
  };
}

/**
 * The state a fresh notice gives. `receivedAt` is the tab time the reply arrived: the countdown runs on the tab clock
 * from there, so a skewed tab clock does not shift the opening.
 */
export function fromNotice(
  notice: OpeningNotice | undefined,
  symbolId: number,
  receivedAt: number,
): OpeningState {
  if (notice?.symbolId !== symbolId) return { kind: 'error', onlineTime: null };
  if (notice.noticeType === 3) return { kind: 'pending', notice };
  if ((notice.noticeType === 1 || notice.noticeType === 2) && notice.onlineTime > notice.nowTime) {
    return {
      kind: 'countdown',
      openAt: receivedAt + (notice.onlineTime - notice.nowTime),
      onlineTime: notice.onlineTime,
      notice,
    };
  }
  return { kind: 'open' };
}

/** The state after a clock reading `now`: countdown → opening at zero → open 1 s later, or error if zero came late. */
export function advanceOpening(state: OpeningState, now: number): OpeningState {
  if (state.kind === 'countdown' && now >= state.openAt) {
    if (now - state.openAt > OPENING_TIMING.lateEndMs) return { kind: 'error', onlineTime: state.onlineTime };
    return { kind: 'opening', openAt: state.openAt, onlineTime: state.onlineTime, notice: state.notice };
  }
  if (state.kind === 'opening' && now >= state.openAt + OPENING_TIMING.openDelayMs) return { kind: 'open' };
  return state;
}

/** Whole hours, minutes and seconds left until `openAt` (rounded up, so the clock shows 00:00:00 only at zero). */
export function countdownParts(
  openAt: number,
  now: number,
): { readonly hours: number; readonly minutes: number; readonly seconds: number } {
  const total = Math.max(0, Math.ceil((openAt - now) / 1000));
  return { hours: Math.floor(total / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60 };
}
