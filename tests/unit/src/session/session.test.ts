import { describe, expect, it } from 'vitest';
import { toSessionUser, VISITOR } from '../../../../src/session/session';

describe('session user', () => {
  it('reads roles from a logged-in user-info reply', () => {
    expect(
      toSessionUser({
        code: 0,
        success: true,
        result: {
          isLogin: true,
          isDemoAccount: true,
          isSubAccount: false,
          is_copy_trading_leader: true,
          isUTA: true,
          eaaStatus: false,
        },
      }),
    ).toEqual({
      loggedIn: true,
      isDemo: true,
      isSub: false,
      isCopyTradingLeader: true,
      isUTA: true,
      isEaa: false,
    });
  });

  it('treats a logged-out or malformed reply as a visitor', () => {
    expect(toSessionUser({ code: 0, success: true, result: { isLogin: false } })).toBe(VISITOR);
    expect(toSessionUser({ code: 401 })).toBe(VISITOR);
    expect(toSessionUser('x')).toBe(VISITOR);
  });
});
