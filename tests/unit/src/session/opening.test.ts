import { describe, expect, it } from 'vitest';
import {
  advanceOpening,
  countdownParts,
  fromNotice,
  OPENING_TIMING,
  toOpeningNotice,
  type OpeningNotice,
} from '../../../../src/session/opening';

const notice = (over: Partial<OpeningNotice> = {}): OpeningNotice => ({
  noticeType: 1,
  noticeContent: 'NEWC/USDT opens soon',
  noticeLinkUrl: '/announcements/new-listing-NEWC',
  onlineTime: 1_000_600_000,
  nowTime: 1_000_000_000,
  symbolId: 9,
  ...over,
});

describe('symbol opening (spec §4, §9)', () => {
  it('reads the notice reply and rejects malformed ones', () => {
    expect(toOpeningNotice({ code: 0, success: true, result: notice() })).toEqual(notice());
    expect(
      toOpeningNotice({ code: 0, success: true, result: { ...notice(), onlineTime: '1' } }),
    ).toBeUndefined();
    expect(toOpeningNotice({ code: 10001, success: false, message: 'x' })).toBeUndefined();
    expect(toOpeningNotice(null)).toBeUndefined();
  });

  it('counts down on the tab clock from the server offset', () => {
    const s = fromNotice(notice(), 9, 5_000);
    expect(s).toMatchObject({ kind: 'countdown', openAt: 5_000 + 600_000, onlineTime: 1_000_600_000 });
  });

  it('shows the countdown for types 1 and 2, the pending icon for 3, nothing otherwise', () => {
    expect(fromNotice(notice({ noticeType: 2 }), 9, 0).kind).toBe('countdown');
    expect(fromNotice(notice({ noticeType: 3 }), 9, 0).kind).toBe('pending');
    expect(fromNotice(notice({ noticeType: 0 }), 9, 0).kind).toBe('open');
  });

  it('opens at once when the online time is at or before now', () => {
    expect(fromNotice(notice({ onlineTime: 1_000_000_000 }), 9, 0).kind).toBe('open');
    expect(fromNotice(notice({ onlineTime: 999 }), 9, 0).kind).toBe('open');
  });

  it('shows the error overlay for a failed or mismatched notice', () => {
    expect(fromNotice(undefined, 9, 0)).toEqual({ kind: 'error', onlineTime: null });
    expect(fromNotice(notice({ symbolId: 8 }), 9, 0)).toEqual({ kind: 'error', onlineTime: null });
  });

  it('reaches zero, then opens 1 s later', () => {
    const s0 = fromNotice(notice(), 9, 0);
    expect(advanceOpening(s0, 599_999)).toBe(s0);
    const s1 = advanceOpening(s0, 600_000);
    expect(s1.kind).toBe('opening');
    expect(advanceOpening(s1, 600_000 + OPENING_TIMING.openDelayMs - 1).kind).toBe('opening');
    expect(advanceOpening(s1, 600_000 + OPENING_TIMING.openDelayMs)).toEqual({ kind: 'open' });
  });

  it('shows the error overlay when zero is observed more than 20 s late', () => {
    const s0 = fromNotice(notice(), 9, 0);
    expect(advanceOpening(s0, 600_000 + 20_000).kind).toBe('opening');
    expect(advanceOpening(s0, 600_000 + 20_001)).toEqual({ kind: 'error', onlineTime: 1_000_600_000 });
  });

  it('splits the time left into hours, minutes and seconds, rounding up', () => {
    expect(countdownParts(3_725_000, 0)).toEqual({ hours: 1, minutes: 2, seconds: 5 });
    expect(countdownParts(1_001, 1)).toEqual({ hours: 0, minutes: 0, seconds: 1 });
    expect(countdownParts(1_000, 1)).toEqual({ hours: 0, minutes: 0, seconds: 1 });
    expect(countdownParts(0, 5)).toEqual({ hours: 0, minutes: 0, seconds: 0 });
    expect(countdownParts(100 * 3_600_000, 0).hours).toBe(100);
  });
});
