import { describe, expect, it } from 'vitest';
import { dealTexts, failureMessageKey, noticeTitleKey } from '../../../../../src/features/lt-trade/messages';
import { estimateLt } from '../../../../../src/features/lt-trade/estimate';
import type { LtOrder } from '../../../../../workers/protocol/lt';
import enLt from '../../../../../locales/en/lt.json';

const ORDER: LtOrder = {
  orderId: '7',
  symbolId: 6,
  symbolName: 'BTC3LUSDT',
  token: 'BTC3L',
  quote: 'USDT',
  orderType: 1,
  orderQuantity: '1000',
  status: 1,
  nav: '2.1375',
  fee: '1',
  dealQuantity: '467.36',
  failReason: '',
  failValues: {},
  createdTime: 1,
};

describe('LT messages', () => {
  it('maps every failure key of each order type to an existing en message', () => {
    const keys = [
      ...Object.keys(enLt.subscribe).map((k) => failureMessageKey(1, k)),
      ...Object.keys(enLt.redeem).map((k) => failureMessageKey(2, k)),
    ];
    expect(keys.every((k) => k !== null)).toBe(true);
    expect(failureMessageKey(1, 'closed')).toBe('subscribe.closed');
    expect(failureMessageKey(2, 'closed')).toBe('redeem.closed');
    // A key of the other side, or one the page does not know, shows the generic text.
    expect(failureMessageKey(2, 'closePosition')).toBe(null);
    expect(failureMessageKey(1, 'netWorth')).toBe(null);
    expect(failureMessageKey(1, 'rm -rf')).toBe(null);
  });

  it('titles notices by type and status (1 success, 3 failure)', () => {
    expect(noticeTitleKey({ orderType: 1, status: 1 })).toBe('notice.subscribeOk');
    expect(noticeTitleKey({ orderType: 1, status: 3 })).toBe('notice.subscribeFail');
    expect(noticeTitleKey({ orderType: 2, status: 1 })).toBe('notice.redeemOk');
    expect(noticeTitleKey({ orderType: 2, status: 3 })).toBe('notice.redeemFail');
  });

  it('says what was paid and received, in the right coins', () => {
    expect(dealTexts(ORDER)).toEqual({ paid: '1000 USDT', received: '467.36 BTC3L' });
    expect(dealTexts({ ...ORDER, orderType: 2, orderQuantity: '100', dealQuantity: '213.5' })).toEqual({
      paid: '100 BTC3L',
      received: '213.5 USDT',
    });
    expect(dealTexts({ ...ORDER, status: 3 })).toEqual({ paid: '1000 USDT', received: '' });
  });
});

describe('estimateLt', () => {
  const P = { quantityPrecision: 2, amountPrecision: 6 };
  it('prices as the simulator does: fee off the amount, tokens rounded down', () => {
    expect(estimateLt('subscription', '1000', '2.1375', '0.001', P)).toEqual({ fee: '1', receive: '467.36' });
    expect(estimateLt('redemption', '100', '2.2016', '0.001', P)).toEqual({
      fee: '0.22016',
      receive: '219.93984',
    });
  });
  it('gives nothing to estimate without an amount or a NAV', () => {
    expect(estimateLt('subscription', '', '2.1', '0.001', P)).toBe(null);
    expect(estimateLt('subscription', '100', '0', '0.001', P)).toBe(null);
    expect(estimateLt('redemption', '0', '2.1', '0.001', P)).toBe(null);
  });
});
