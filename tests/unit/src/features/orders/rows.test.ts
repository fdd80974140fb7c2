import { describe, expect, it } from 'vitest';
import { toProductOrder } from '../../../../../server/api/orders';
import { parseRows, toHistoryOrder, toTradeRow } from '../../../../../src/features/orders/rows';
import { cancel, limit, sim } from '../../../workers/account/helpers';

/** A row as it arrives over REST: JSON text parsed back. */
const wire = (x: unknown): Record<string, unknown> =>
  JSON.parse(JSON.stringify(x)) as Record<string, unknown>;

/** A tradeHistory row in the simulator's shape (ExecutionView). */
const fill = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  execId: '9001',
  accountId: 'a1',
  orderId: '77',
  orderLinkId: 'c77',
  symbol: 'BTCUSDT',
  side: 'Sell',
  orderType: 'Limit',
  orderPrice: '60000',
  orderQty: '0.1',
  leavesQty: '0',
  execPrice: '60000.5',
  execQty: '0.1',
  execValue: '6000.05',
  execFee: '0.6',
  feeCurrency: 'USDT',
  feeRate: '0.0001',
  isMaker: true,
  execTime: 1_700_000_000_000,
  planType: -1,
  ...over,
});

describe('trade history rows', () => {
  it('reads a fill with its fee and currency', () => {
    expect(toTradeRow(wire(fill()))).toEqual({
      id: '9001',
      time: 1_700_000_000_000,
      symbol: 'BTCUSDT',
      side: 'Sell',
      price: '60000.5',
      qty: '0.1',
      value: '6000.05',
      fee: '0.6 USDT',
    });
  });
  it('reads any side but Sell as Buy, numbers as text, other fields as empty', () => {
    const r = toTradeRow(fill({ side: 'sideways', execQty: 0.25, execFee: null, feeCurrency: undefined }));
    expect(r).toMatchObject({ side: 'Buy', qty: '0.25', fee: ' ' });
  });
  it('drops a fill without an execution id', () => {
    expect(toTradeRow(fill({ execId: '' }))).toBeNull();
    expect(toTradeRow(fill({ execId: undefined }))).toBeNull();
    expect(toTradeRow({})).toBeNull();
  });
});

describe('order history rows', () => {
  it('reads a closed order as the simulator serves it, and refuses garbage', () => {
    const s = sim();
    const o = limit(s, 'Buy', '60000', '0.1');
    const closed = cancel(s, o.orderId);
    const row = toHistoryOrder(wire(toProductOrder(closed)));
    expect(row).toMatchObject({ orderId: o.orderId, symbol: 'BTCUSDT', side: 'Buy', planType: -1 });
    expect(toHistoryOrder({})).toBeNull();
    expect(toHistoryOrder({ ...wire(toProductOrder(closed)), side: 'Up' })).toBeNull();
  });
});

describe('parseRows', () => {
  it('keeps the list order and drops refused rows', () => {
    const rows = parseRows([fill({ execId: '3' }), fill({ execId: '' }), fill({ execId: '1' })], toTradeRow);
    expect(rows.map((r) => r.id)).toEqual(['3', '1']);
    expect(parseRows([], toTradeRow)).toEqual([]);
  });
});
