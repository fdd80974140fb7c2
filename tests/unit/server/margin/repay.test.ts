/** Manual repay: from the free balance first, then by converting other coins through the real book. */
import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { repayDebt } from '../../../../server/margin/repay';
import { marginBench } from './fixture';

describe('manual repay', () => {
  it('converts other coins through the book until the debt is paid', () => {
    const b = marginBench();
    const uta = b.account('uta').id;
    const r = b.engine.placeOrder({
      accountId: uta,
      clientOrderId: '',
      symbol: 'BTCUSDT',
      side: 'Buy',
      orderType: 'Market',
      amount: '130000',
      marketUnit: 'quoteCoin',
      isLeverage: true,
    });
    expect(r.ok).toBe(true);
    const owed = b.debt(uta, 'USDT');
    expect(owed.gt(29_000)).toBe(true);
    const btcBefore = b.total(uta, 'BTC');
    const out = repayDebt(b.engine, b.desk, uta, 'USDT', undefined);
    expect(out).toEqual({ repaid: owed.toFixed(), remaining: '0' });
    expect(b.debt(uta, 'USDT').toFixed()).toBe('0');
    // The conversion sold BTC (the largest holding with a USDT pair) and the surplus stays free.
    expect(b.total(uta, 'BTC').lt(btcBefore)).toBe(true);
    expect(new Decimal(b.engine.balance(uta, 'USDT').free).lt(owed.times(0.01))).toBe(true);
    expect(b.engine.orderHistory(uta).some((o) => o.side === 'Sell' && o.orderType === 'Market')).toBe(true);
    expect(b.desk.book.repaymentsOf(uta)[0]?.auto).toBe(true);
  });
});
