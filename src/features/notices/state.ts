/** The notice centre's state: the session's notices, newest first, and how many the trader has not seen. */
import { atom } from 'jotai';
import { storedAtom } from '../../session/storage';
import { NO_READ_STATE, type BannerReadState } from './announcements';
import type { NoticeMessage } from './noticeMessages';

/** Notices kept for the session. */
export const CENTRE_LIMIT = 50;

/** One kept notice: the message and when it arrived. */
export interface KeptNotice {
  readonly message: NoticeMessage;
  readonly at: number;
}

/** The session's notices, newest first (at most CENTRE_LIMIT). */
export const noticeCentreAtom = atom<readonly KeptNotice[]>([]);
noticeCentreAtom.debugLabel = 'noticeCentreAtom';

/** Persistent notices not yet seen (opening the centre reads them). */
export const unreadNoticesAtom = atom(0);
unreadNoticesAtom.debugLabel = 'unreadNoticesAtom';

/** Keeps one notice (and counts it unread when it is a persistent one). */
export const keepNoticeAtom = atom(null, (get, set, kept: KeptNotice) => {
  set(noticeCentreAtom, [kept, ...get(noticeCentreAtom)].slice(0, CENTRE_LIMIT));
  if (kept.message.persistent) set(unreadNoticesAtom, get(unreadNoticesAtom) + 1);
});
keepNoticeAtom.debugLabel = 'keepNoticeAtom';

/** The announcement banner's read state (spec §3 openTime / readedList), kept in the browser. */
export const bannerReadAtom = storedAtom<BannerReadState>('announcementBanner', NO_READ_STATE, (raw) => {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const r = raw as { hiddenUntil?: unknown; readedList?: unknown };
  if (typeof r.hiddenUntil !== 'number' || !Array.isArray(r.readedList)) return undefined;
  return {
    hiddenUntil: r.hiddenUntil,
    readedList: r.readedList.filter((x): x is string => typeof x === 'string'),
  };
});
bannerReadAtom.debugLabel = 'bannerReadAtom';
