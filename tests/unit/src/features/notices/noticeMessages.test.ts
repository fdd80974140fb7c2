import { describe, expect, it } from 'vitest';
import type { OrderEvent, SymbolInfo } from '../../../../../workers/api';
import { toOrderEvent } from '../../../../../workers/protocol/orderEvent';
import { MARKET_FAIL_DELAY_MS, toNoticeMessage } from '../../../../../src/features/notices/noticeMessages';

function order(over: Record<string, unknown> = {}): OrderEvent {
  const ev = toOrderEvent({
    orderId: '1',
    symbol: 'BTCUSDT',
    side: 'Buy',
    orderType: 'Limit',
    orderStatus: 'Filled',
    price: '63000',
    qty: '0.5',
    createdTime: '1700000000000',
    ...over,
  });
  if (ev === undefined) throw new Error('bad order');
  return ev;
}

const BTC = { symbol: 'BTCUSDT', base: 'BTC', quote: 'USDT' } as SymbolInfo;

describe('toNoticeMessage (spec §4, §8)', () => {
  it('a limit fill stays as a notice with sound; a market fill is a toast only', () => {
    const m = toNoticeMessage({ id: 'a', kind: 'filled', sound: true, order: order() }, BTC);
    expect(m).toMatchObject({ tone: 'success', persistent: true, sound: true, delayMs: 0 });
    expect(m?.params).toEqual({ side: 'buy', qty: '0.5 BTC', pair: 'BTC/USDT', value: '' });
    const mkt = toNoticeMessage(
      { id: 'b', kind: 'filled', sound: true, order: order({ orderType: 'Market' }) },
      BTC,
    );
    expect(mkt?.persistent).toBe(false);
  });

  it('a cancel is a silent toast; a partial cancel a toast', () => {
    const c = toNoticeMessage(
      { id: 'c', kind: 'canceled', sound: true, order: order({ orderStatus: 'Cancelled' }) },
      BTC,
    );
    expect(c).toMatchObject({ tone: 'info', persistent: false, sound: false });
    const p = toNoticeMessage({ id: 'p', kind: 'partialFilledCanceled', sound: true, order: order() }, BTC);
    expect(p).toMatchObject({ persistent: false, sound: true });
  });

  it('the market-order-fail notice waits 100 ms; the cancel reasons are errors kept as notices', () => {
    const f = toNoticeMessage(
      { id: 'f', kind: 'marketFail', sound: false, order: order({ orderType: 'Market' }) },
      BTC,
    );
    expect(f).toMatchObject({ delayMs: MARKET_FAIL_DELAY_MS, tone: 'error', persistent: true });
    for (const kind of ['postOnly', 'reduceOnly', 'trialMargin'])
      expect(toNoticeMessage({ id: kind, kind, sound: false, order: order() }, BTC)).toMatchObject({
        tone: 'error',
        persistent: true,
      });
  });

  it('an amendment names the new value; a market-by-value order shows its quote amount', () => {
    const a = toNoticeMessage(
      { id: 'a', kind: 'amendedPrice', sound: false, order: order({ price: '63100' }) },
      BTC,
    );
    expect(a?.params.value).toBe('63100');
    const byValue = order({ orderType: 'Market', marketUnit: 'quoteCoin', amount: '100', qty: '0' });
    expect(toNoticeMessage({ id: 'v', kind: 'filled', sound: true, order: byValue }, BTC)?.params.qty).toBe(
      '100 USDT',
    );
  });

  it('an unknown kind (a newer hub) shows nothing', () => {
    expect(toNoticeMessage({ id: 'x', kind: 'somethingNew', sound: true, order: order() }, BTC)).toBeNull();
  });
});
