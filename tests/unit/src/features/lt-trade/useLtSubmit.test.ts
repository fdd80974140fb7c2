import { describe, expect, it } from 'vitest';
import { sendLt, type LtPost } from '../../../../../src/features/lt-trade/useLtSubmit';

const ORDER = {
  orderId: '7',
  symbolId: 6,
  symbolName: 'BTC3LUSDT',
  token: 'BTC3L',
  quote: 'USDT',
  orderType: 1,
  orderQuantity: '100',
  status: 1,
  nav: '2.1375',
  fee: '0.1',
  dealQuantity: '46.73',
  failReason: '',
  failValues: {},
  createdTime: 1_700_000_000_000,
  clientOrderId: 'cid-1',
};

/** A transport that loses the first `lost` answers, then answers the order; records every request. */
function flaky(lost: number): { post: LtPost; sent: { name: string; body: unknown }[] } {
  const sent: { name: string; body: unknown }[] = [];
  const post: LtPost = (name, body) => {
    sent.push({ name, body });
    if (sent.length <= lost) return Promise.reject(new Error('HTTP 503'));
    return Promise.resolve({ code: 0, success: true, result: { order: ORDER } });
  };
  return { post, sent };
}

describe('sendLt', () => {
  it('sends the same client id again after a lost answer and reads the first order', async () => {
    const { post, sent } = flaky(2);
    const r = await sendLt('subscription', 6, '100', post, 'cid-1', 0);
    expect(r).toEqual({ ok: true, order: ORDER });
    expect(sent).toHaveLength(3);
    for (const s of sent)
      expect(s).toEqual({
        name: 'ltSubscribe',
        body: { symbol_id: 6, amount: '100', client_order_id: 'cid-1' },
      });
  });

  it('gives up after three lost answers with the transport error', async () => {
    const { post, sent } = flaky(5);
    expect(await sendLt('redemption', 6, '10', post, 'cid-2', 0)).toEqual({ ok: false, message: 'HTTP 503' });
    expect(sent.map((s) => s.body)).toEqual(
      Array.from({ length: 3 }, () => ({ symbol_id: 6, quantity: '10', client_order_id: 'cid-2' })),
    );
  });

  it('does not resend an answered error and makes a fresh id per request', async () => {
    const sent: unknown[] = [];
    const post: LtPost = (_name, body) => {
      sent.push(body);
      return Promise.resolve({ code: 10001, success: false, message: 'amount is required' });
    };
    expect(await sendLt('subscription', 6, '1', post)).toEqual({ ok: false, message: 'amount is required' });
    await sendLt('subscription', 6, '1', post);
    const ids = sent.map((b) => (b as { client_order_id: string }).client_order_id);
    expect(ids).toHaveLength(2);
    expect(ids[0]).not.toBe(ids[1]);
    expect(ids[0]).toMatch(/^[A-Za-z0-9_\-:.]{1,64}$/);
  });
});
