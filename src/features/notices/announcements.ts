/**
 * The footer announcement banner's rules (spec §4 "Announcement banner", §5 "Display and other", §9 "Announcements"):
 * which announcement shows, and how long each dismissal hides the banner. Pure: time comes in as `now`.
 */

/** The five categories the banner shows (spec §3 Announcement keys). */
export const BANNER_CATEGORIES = [
  'new_crypto',
  'latest_bybit_news',
  'latest_activities',
  'partnership_announcement',
  'delisting',
] as const;

/** Spec §9: close hides 24 h; 'more' and a message click hide 5 minutes; the search looks back 7 days. */
export const CLOSE_HIDE_MS = 24 * 3600_000;
export const DISMISS_HIDE_MS = 5 * 60_000;
export const LOOKBACK_MS = 7 * 24 * 3600_000;

/** Server preference of the logged-in user's 'do not show again' (the station notice, spec §7). */
export const NO_SHOW_PREF_KEY = 'noShowStationNotice';

/** One announcement as the banner needs it. */
export interface Announcement {
  readonly id: string;
  readonly category: string;
  readonly title: string;
  readonly url: string;
  readonly releaseTime: number;
  /** 'false' takes it off line (spec §5); anything else keeps it. */
  readonly downOnLine: string;
}

/** The read state kept in the browser (spec §3: openTime and readedList). */
export interface BannerReadState {
  /** The banner stays hidden until this time (ms since epoch). */
  readonly hiddenUntil: number;
  /** Ids marked read. */
  readonly readedList: readonly string[];
}

/** Nothing hidden, nothing read. */
export const NO_READ_STATE: BannerReadState = { hiddenUntil: 0, readedList: [] };

/** The hits of an announcement search reply (`ret_code 0`, result.hits); malformed hits dropped. */
export function toAnnouncements(reply: unknown): readonly Announcement[] {
  if (typeof reply !== 'object' || reply === null) return [];
  const r = reply as { ret_code?: unknown; result?: { hits?: unknown } };
  if (r.ret_code !== 0 || !Array.isArray(r.result?.hits)) return [];
  const out: Announcement[] = [];
  for (const h of r.result.hits as unknown[]) {
    if (typeof h !== 'object' || h === null) continue;
    const x = h as Record<string, unknown>;
    const cat = x.category as { key?: unknown } | undefined;
    if (typeof x.objectID !== 'string' || typeof x.title !== 'string' || typeof x.date_timestamp !== 'number')
      continue;
    out.push({
      id: x.objectID,
      category: typeof cat?.key === 'string' ? cat.key : '',
      title: x.title,
      url: typeof x.url === 'string' ? x.url : '',
      releaseTime: x.date_timestamp,
      downOnLine: typeof x.downOnLine === 'string' ? x.downOnLine : '',
    });
  }
  return out;
}

/** Who may see the banner (spec §5): users passing the not-EAA-or-demo check, not opted out. */
export interface BannerViewer {
  readonly isEaa: boolean;
  readonly isDemo: boolean;
  /** A logged-in user chose 'do not show again'. */
  readonly noShow: boolean;
}

/** The announcement the banner shows now, or null: the newest eligible one, unless hidden. */
export function bannerAnnouncement(
  list: readonly Announcement[],
  viewer: BannerViewer,
  read: BannerReadState,
  now: number,
): Announcement | null {
  if ((viewer.isEaa && !viewer.isDemo) || viewer.noShow || now < read.hiddenUntil) return null;
  const known: readonly string[] = BANNER_CATEGORIES;
  const eligible = list.filter(
    (a) =>
      known.includes(a.category) &&
      a.downOnLine !== 'false' &&
      !read.readedList.includes(a.id) &&
      a.releaseTime >= now - LOOKBACK_MS &&
      a.releaseTime <= now,
  );
  return eligible.reduce<Announcement | null>(
    (best, a) => (best === null || a.releaseTime > best.releaseTime ? a : best),
    null,
  );
}

/** What closing, 'more' or a message click does: hide for its span and mark the announcement read. */
export function dismissBanner(
  read: BannerReadState,
  id: string,
  how: 'close' | 'more' | 'message',
  now: number,
): BannerReadState {
  const span = how === 'close' ? CLOSE_HIDE_MS : DISMISS_HIDE_MS;
  return {
    hiddenUntil: now + span,
    readedList: read.readedList.includes(id) ? read.readedList : [...read.readedList, id].slice(-200),
  };
}
