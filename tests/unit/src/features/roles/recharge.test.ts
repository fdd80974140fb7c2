import { describe, expect, it } from 'vitest';
import { toDemoBalance, toRechargeOutcome } from '../../../../../src/features/roles/recharge';

describe('demo wallet (spec §7, §8 Recharge)', () => {
  it('reads wb beside or inside the result', () => {
    expect(toDemoBalance({ code: 0, success: true, wb: '100000' })).toBe('100000');
    expect(toDemoBalance({ code: 0, result: { wb: 5 } })).toBe('5');
    expect(toDemoBalance({ code: 3410001, message: 'only demo' })).toBeNull();
  });
  it('3410020 names the token, another code shows the server message, none the generic error', () => {
    expect(toRechargeOutcome({ code: 0, result: { resultCode: 0 } }, 'USDT')).toEqual({ type: 'ok' });
    expect(toRechargeOutcome({ code: 3410020, message: 'x' }, 'BTC')).toEqual({
      type: 'limit',
      token: 'BTC',
    });
    expect(toRechargeOutcome({ code: 10001, message: 'amount must be at most 1000000' }, 'USDT')).toEqual({
      type: 'message',
      message: 'amount must be at most 1000000',
    });
    expect(toRechargeOutcome({ code: 3410021, success: false }, 'USDT')).toEqual({ type: 'generic' });
    expect(toRechargeOutcome(null, 'USDT')).toEqual({ type: 'generic' });
  });
});
