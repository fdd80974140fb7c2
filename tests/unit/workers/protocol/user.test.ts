import { describe, expect, it } from 'vitest';
import {
  decodeConfirmFlags,
  decodePreferences,
  decodeQuotaRemain,
  decodeUser,
  decodeWriteOutcome,
  toConfirmFlags,
} from '../../../../workers/protocol/user';

const ok = (result: unknown): unknown => ({ code: 0, success: true, message: '', result });

describe('user facts decoders', () => {
  it('reads the user of a logged-in user-info reply, null otherwise', () => {
    const u = decodeUser(
      ok({
        id: 'u1',
        isLogin: true,
        isUTA: true,
        isDemoAccount: false,
        isSubAccount: true,
        is_copy_trading_leader: false,
        eaaStatus: true,
        marginMode: 'isolated',
        grayFlag: { minValueV2: true },
        kycPassed: true,
      }),
    );
    expect(u).toEqual({
      id: 'u1',
      isDemo: false,
      isSub: true,
      isCopyTradingLeader: false,
      isUTA: true,
      isEaa: true,
      marginMode: 'isolated',
      minValueV2: true,
      kycPassed: true,
    });
    expect(decodeUser(ok({ isLogin: false }))).toBeNull();
    expect(decodeUser({ code: 401, result: { isLogin: true } })).toBeNull();
    expect(decodeUser('nope')).toBeNull();
    expect(decodeUser(ok({ isLogin: true, id: 7 }))?.marginMode).toBe('cross');
    // No kycPassed from the server: not verified (the trade dialog waits).
    expect(decodeUser(ok({ isLogin: true, id: 7 }))?.kycPassed).toBe(false);
  });

  it('parses confirm flags from either reply, dropping unknown and repeated ones', () => {
    expect(toConfirmFlags('successAudio, bogus,successAudio,notifyClose')).toEqual([
      'successAudio',
      'notifyClose',
    ]);
    expect(toConfirmFlags(3)).toEqual([]);
    expect(decodeConfirmFlags(ok({ isLogin: true, double_confirm: 'tradeNotifyClose' }))).toEqual([
      'tradeNotifyClose',
    ]);
    expect(decodeConfirmFlags(ok({ confirms: 'cancelOrderNotifyClose' }))).toEqual([
      'cancelOrderNotifyClose',
    ]);
    expect(decodeConfirmFlags({ code: 1 })).toBeNull();
  });

  it('keeps string preferences only', () => {
    expect(decodePreferences(ok({ 'spot.gate.zoneRisk': 'Y', n: 3 }))).toEqual({ 'spot.gate.zoneRisk': 'Y' });
    expect(decodePreferences({ code: 10001, message: 'bad' })).toBeNull();
  });

  it('reads the quota left, unlimited as null', () => {
    expect(decodeQuotaRemain(ok({ remainAmount: '120.5' }))).toBe('120.5');
    expect(decodeQuotaRemain(ok({ remainAmount: 7 }))).toBe('7');
    expect(decodeQuotaRemain(ok({ remainAmount: '-1' }))).toBeNull();
    expect(decodeQuotaRemain(ok({}))).toBeNull();
    expect(decodeQuotaRemain(null)).toBeNull();
  });

  it('reads a write outcome with its message', () => {
    expect(decodeWriteOutcome(ok({}))).toEqual({ ok: true });
    expect(decodeWriteOutcome({ code: 10001, message: 'upsert_keys must not be empty' })).toEqual({
      ok: false,
      message: 'upsert_keys must not be empty',
    });
    expect(decodeWriteOutcome(undefined)).toEqual({ ok: false, message: 'request failed' });
  });
});
