import { describe, expect, it } from 'vitest';
import {
  bannerAnnouncement,
  CLOSE_HIDE_MS,
  DISMISS_HIDE_MS,
  dismissBanner,
  NO_READ_STATE,
  toAnnouncements,
  type Announcement,
} from '../../../../../src/features/notices/announcements';

const NOW = 1_800_000_000_000;
const DAY = 86_400_000;
const a = (id: string, daysAgo: number, category = 'new_crypto', downOnLine = ''): Announcement => ({
  id,
  category,
  title: id,
  url: `/announcements/${id}`,
  releaseTime: NOW - daysAgo * DAY,
  downOnLine,
});
const viewer = { isEaa: false, isDemo: false, noShow: false };

describe('announcement banner rules (spec §4, §5, §9)', () => {
  it('shows the newest eligible: five categories, last 7 days, not off line, not read', () => {
    const list = [
      a('old', 8),
      a('derivs', 0.5, 'derivatives'),
      a('off', 0.2, 'delisting', 'false'),
      a('ok', 1),
      a('newer', 0.7),
    ];
    expect(bannerAnnouncement(list, viewer, NO_READ_STATE, NOW)?.id).toBe('newer');
    expect(bannerAnnouncement(list, viewer, { hiddenUntil: 0, readedList: ['newer'] }, NOW)?.id).toBe('ok');
  });

  it('EAA users see none unless demo; an opted-out user sees none', () => {
    const list = [a('x', 1)];
    expect(bannerAnnouncement(list, { ...viewer, isEaa: true }, NO_READ_STATE, NOW)).toBeNull();
    expect(bannerAnnouncement(list, { ...viewer, isEaa: true, isDemo: true }, NO_READ_STATE, NOW)?.id).toBe(
      'x',
    );
    expect(bannerAnnouncement(list, { ...viewer, noShow: true }, NO_READ_STATE, NOW)).toBeNull();
  });

  it('close hides 24 h, more and message 5 minutes, each marking the announcement read', () => {
    const closed = dismissBanner(NO_READ_STATE, 'x', 'close', NOW);
    expect(closed).toEqual({ hiddenUntil: NOW + CLOSE_HIDE_MS, readedList: ['x'] });
    const list = [a('x', 1), a('y', 2)];
    expect(bannerAnnouncement(list, viewer, closed, NOW + CLOSE_HIDE_MS - 1)).toBeNull();
    expect(bannerAnnouncement(list, viewer, closed, NOW + CLOSE_HIDE_MS)?.id).toBe('y');
    expect(dismissBanner(closed, 'y', 'more', NOW).hiddenUntil).toBe(NOW + DISMISS_HIDE_MS);
    expect(dismissBanner(closed, 'x', 'message', NOW).readedList).toEqual(['x']);
  });

  it('reads search hits and drops malformed ones', () => {
    const hits = [
      { objectID: '1', title: 't', date_timestamp: 5, url: '/u', category: { key: 'delisting' } },
      { objectID: 2, title: 't', date_timestamp: 5 },
    ];
    expect(toAnnouncements({ ret_code: 0, result: { hits } })).toEqual([
      { id: '1', category: 'delisting', title: 't', url: '/u', releaseTime: 5, downOnLine: '' },
    ]);
    expect(toAnnouncements({ ret_code: 10001 })).toEqual([]);
  });
});
