/** Notice-bar notices (spec §3 "Notice bar notice", §4, §9): parsing, filtering and timing. Pure. */

/** One notice as shown: plain text and an optional link (checked against the allowlist before use). */
export interface Notice {
  readonly id: string;
  /** Comma list of symbols, or ALL. */
  readonly symbolName: string;
  readonly info: string;
  readonly url: string;
}

/** Timing and size of the bar (spec §9). */
export const NOTICE_BAR = {
  /** The bar appears this long after load. */
  startDelayMs: 3000,
  /** Next notice every… */
  rotateMs: 5000,
  /** Bar height in px. */
  heightPx: 44,
  /** At most this many closed ids are remembered. */
  maxRemembered: 200,
} as const;

/** The notices of a `{code, success, result: {list}}` reply (malformed rows dropped); [] for anything else. */
export function toNotices(reply: unknown): readonly Notice[] {
  if (typeof reply !== 'object' || reply === null) return [];
  const { code, result } = reply as Record<string, unknown>;
  if (code !== 0 || typeof result !== 'object' || result === null) return [];
  const list = (result as Record<string, unknown>).list;
  if (!Array.isArray(list)) return [];
  const out: Notice[] = [];
  for (const row of list as unknown[]) {
    if (typeof row !== 'object' || row === null) continue;
    const { id, symbolName, info, url } = row as Record<string, unknown>;
    if (typeof id !== 'string' || typeof info !== 'string' || info.trim() === '') continue;
    out.push({
      id,
      symbolName: typeof symbolName === 'string' ? symbolName : 'ALL',
      info,
      url: typeof url === 'string' ? url : '',
    });
  }
  return out;
}

/** True when the notice applies to `symbol` (ALL, or listed in its comma list). */
export function isNoticeFor(notice: Notice, symbol: string): boolean {
  const names = notice.symbolName.split(',').map((s) => s.trim().toUpperCase());
  return names.includes('ALL') || names.includes(symbol.toUpperCase());
}

/** The notices to rotate: for this symbol and not closed by the user. */
export function visibleNotices(
  notices: readonly Notice[],
  symbol: string,
  closed: readonly string[],
): readonly Notice[] {
  return notices.filter((n) => isNoticeFor(n, symbol) && !closed.includes(n.id));
}

/** The notice bar shows only for non-EAA users, or demo users (spec §4). */
export function noticeBarAllowed(user: { readonly isEaa: boolean; readonly isDemo: boolean }): boolean {
  return !user.isEaa || user.isDemo;
}
