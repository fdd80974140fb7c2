import { describe, expect, it } from 'vitest';
import {
  decodeBorrowingRow,
  decodeOrderReply,
  decodeOrderRow,
  decodePositionRow,
  decodeTradeRow,
  isOpenPosition,
} from '../../../../workers/protocol/rest';

const ORDER = {
  orderId: '101',
  orderLinkId: 'c1',
  symbol: 'BTCUSDT',
  side: 'Buy',
  orderType: 'Limit',
  status: 'FILLED',
  price: '64000',
  qty: '0.5',
  cumExecQty: '0.5',
  createdTime: '1700000000000',
  updatedTime: '1700000001000',
};

describe('REST row decoders', () => {
  it('reads order-history rows and the order-create reply', () => {
    expect(decodeOrderRow(ORDER)?.status).toBe('FILLED');
    expect(decodeOrderRow({ orderId: '1' })).toBeUndefined();
    const placed = decodeOrderReply({ code: 0, success: true, result: { ...ORDER, status: 'NEW' } });
    expect(placed).toMatchObject({
      orderId: '101',
      clientOrderId: 'c1',
      status: 'NEW',
      updatedTime: 1700000001000,
    });
    expect(decodeOrderReply({ code: 10001, message: 'bad', result: ORDER })).toBeUndefined();
    expect(decodeOrderReply('x')).toBeUndefined();
  });

  it('reads a trade-history row, skipping one without execId', () => {
    expect(
      decodeTradeRow({
        execId: '9',
        execTime: '1700000000000',
        symbol: 'ETHUSDT',
        side: 'Sell',
        execPrice: '3000',
        execQty: '0.1',
        execValue: '300',
        execFee: '0.3',
        feeCurrency: 'USDT',
      }),
    ).toEqual({
      id: '9',
      time: 1700000000000,
      symbol: 'ETHUSDT',
      side: 'Sell',
      price: '3000',
      qty: '0.1',
      value: '300',
      fee: '0.3 USDT',
    });
    expect(decodeTradeRow({ execTime: 1 })).toBeUndefined();
    expect(decodeTradeRow(null)).toBeUndefined();
  });

  it('reads positions and borrowing rows', () => {
    const p = decodePositionRow({ symbol: 'BTCUSDT', size: 0.5, unrealisedPnl: '-1.2' });
    expect(p).toEqual({ symbol: 'BTCUSDT', size: '0.5', unrealisedPnl: '-1.2' });
    expect(p !== undefined && isOpenPosition(p)).toBe(true);
    expect(isOpenPosition({ symbol: 'X', size: '', unrealisedPnl: '' })).toBe(false);
    expect(decodePositionRow([])).toBeUndefined();
    expect(decodeBorrowingRow({ currency: 'USDT', borrowSize: '10', borrowMaxSize: 100 })).toEqual({
      currency: 'USDT',
      borrowSize: '10',
      borrowMaxSize: '100',
    });
    expect(decodeBorrowingRow({ borrowSize: '1' })).toBeUndefined();
  });
});
