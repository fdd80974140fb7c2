import { describe, expect, it } from 'vitest';
import type { PlaceOrderRequest } from '../../../../server/engine/types';
import { ENGINE_ERRORS } from '../../../../server/engine/types';
import { expectCode, expectOk, fund, world } from './helpers';

const E = ENGINE_ERRORS;

function req(extra: Partial<PlaceOrderRequest> = {}): PlaceOrderRequest {
  return {
    accountId: 'alice',
    clientOrderId: '',
    symbol: 'TSTUSDT',
    side: 'Buy',
    orderType: 'Limit',
    price: '100',
    qty: '1',
    ...extra,
  };
}

describe('place validation codes', () => {
  it('refuses unknown accounts and symbols, unopened symbols and banned sides', () => {
    const { engine, clock } = world({ openAt: { NEWCUSDT: 1_700_000_600_000 } });
    fund(engine, 'alice', { USDT: '10000', BANX: '100', NEWC: '1000' });
    expectCode(engine.placeOrder(req({ accountId: 'ghost' })), E.param);
    expectCode(engine.placeOrder(req({ symbol: 'NOPEUSDT' })), E.invalidSymbol);
    const newc = req({ symbol: 'NEWCUSDT', side: 'Sell', price: '0.1', qty: '100' });
    expectCode(engine.placeOrder(newc), E.symbolNotOpen);
    clock.t = 1_700_000_600_000;
    expectOk(engine.placeOrder(newc));
    expectCode(engine.placeOrder(req({ symbol: 'BANXUSDT', price: '12.345', qty: '1' })), E.sideBanned);
    expectOk(engine.placeOrder(req({ symbol: 'BANXUSDT', side: 'Sell', price: '12.345', qty: '1' })));
  });

  it('refuses missing, zero, negative and non-numeric numbers; accepts exponent forms', () => {
    const { engine } = world();
    fund(engine, 'alice', { USDT: '10000' });
    for (const bad of ['', 'abc', 'NaN', '-1', '0', '1,5', 'Infinity', '0x10', ' 1', '1e']) {
      expectCode(engine.placeOrder(req({ price: bad })), E.param);
      expectCode(engine.placeOrder(req({ qty: bad })), E.param);
    }
    expectCode(engine.placeOrder(req({ price: undefined })), E.param);
    expectCode(engine.placeOrder(req({ orderType: 'Market', qty: undefined, amount: undefined })), E.param);
    const o = expectOk(engine.placeOrder(req({ price: '1e2', qty: '5E-1' })));
    expect([o.price, o.qty]).toEqual(['100', '0.5']);
    expectCode(engine.placeOrder(req({ side: 'Hold' as 'Buy' })), E.param);
  });

  it('checks decimals, then quantity limits, then value limits, then balance', () => {
    const { engine } = world();
    fund(engine, 'alice', { USDT: '10000' });
    expectCode(engine.placeOrder(req({ price: '100.001' })), E.priceDecimals);
    expectCode(engine.placeOrder(req({ qty: '0.00001' })), E.qtyDecimals);
    // Price decimals are reported before qty problems.
    expectCode(engine.placeOrder(req({ price: '100.001', qty: '0.00001' })), E.priceDecimals);
    expectCode(engine.placeOrder(req({ qty: '1001' })), E.qtyTooLarge);
    expectCode(engine.placeOrder(req({ price: '1', qty: '0.5' })), E.valueTooSmall);
    expectCode(engine.placeOrder(req({ price: '2000', qty: '600' })), E.valueTooLarge);
    expectCode(engine.placeOrder(req({ price: '100', qty: '101' })), E.balance);
    expectCode(engine.placeOrder(req({ orderType: 'Market', amount: '0.5' })), E.valueTooSmall);
    expectCode(engine.placeOrder(req({ orderType: 'Market', amount: '1.0000001' })), E.param);
    expectOk(engine.placeOrder(req({ price: '100', qty: '100' })));
  });

  it('uses the catalogue limits (BTCUSDT minQty has more decimals than the lot)', () => {
    const { engine } = world();
    fund(engine, 'alice', { USDT: '100000' });
    const btc = (qty: string) => req({ symbol: 'BTCUSDT', price: '64000', qty });
    expectCode(engine.placeOrder(btc('0.000047')), E.qtyTooSmall);
    expectOk(engine.placeOrder(btc('0.000048')));
    expectCode(engine.placeOrder(btc('0.0000481')), E.qtyDecimals);
    expectCode(engine.placeOrder(req({ symbol: 'BTCUSDT', price: '1', qty: '71.739563' })), E.qtyTooLarge);
  });
});
