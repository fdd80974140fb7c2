import { describe, expect, it } from 'vitest';
import {
  isNoticeFor,
  noticeBarAllowed,
  toNotices,
  visibleNotices,
} from '../../../../../src/features/notice-bar/notices';

const reply = {
  code: 0,
  success: true,
  result: {
    list: [
      { id: 'a', symbolName: 'ALL', info: 'For all', url: '/x' },
      { id: 'b', symbolName: 'BTCUSDT,ETHUSDT', info: 'Majors', url: '' },
      { id: 'c', symbolName: 'SUIUSDT', info: 'Sui only' },
      { id: 7, info: 'bad id' },
      { id: 'e', info: '   ' },
      null,
    ],
  },
};

describe('notice bar (spec §3, §4)', () => {
  it('parses notices and drops malformed rows', () => {
    expect(toNotices(reply).map((n) => n.id)).toEqual(['a', 'b', 'c']);
    expect(toNotices({ code: 1 })).toEqual([]);
  });

  it('keeps notices for the symbol (ALL or listed) that the user has not closed', () => {
    const list = toNotices(reply);
    expect(visibleNotices(list, 'BTCUSDT', []).map((n) => n.id)).toEqual(['a', 'b']);
    expect(visibleNotices(list, 'SUIUSDT', ['a']).map((n) => n.id)).toEqual(['c']);
    expect(isNoticeFor({ id: 'x', symbolName: ' btcusdt , ALL', info: 'i', url: '' }, 'XRPUSDT')).toBe(true);
  });

  it('shows the bar only to non-EAA users or demo users', () => {
    expect(noticeBarAllowed({ isEaa: false, isDemo: false })).toBe(true);
    expect(noticeBarAllowed({ isEaa: true, isDemo: false })).toBe(false);
    expect(noticeBarAllowed({ isEaa: true, isDemo: true })).toBe(true);
  });
});
