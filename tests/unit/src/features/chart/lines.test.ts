/** Marker bucketing (hub buckets, chart snaps to candles), average-line labels, order lines, grid levels, drag hints. */
import { describe, expect, it } from 'vitest';
import { bucketMarkers, toCandleInterval } from '../../../../../workers/account/fills';
import type { Fill } from '../../../../../workers/protocol/account';
import type { OrderEvent } from '../../../../../workers/api';
import {
  averageLegend,
  dragHint,
  floorIndex,
  gridPriceLevels,
  roundPrice,
  toMarkerDraws,
  toOrderLines,
  toSeriesMarkers,
  MAX_ORDER_LINES,
  orderLineAnchor,
} from '../../../../../src/features/chart/lines';

const MIN = 60_000;
const T0 = Date.UTC(2026, 10, 24, 10, 0);

function fill(id: string, side: 'Buy' | 'Sell', time: number, price: string, qty: string): Fill {
  return {
    id,
    orderId: `o-${id}`,
    symbol: 'BTCUSDT',
    side,
    time,
    price,
    qty,
    value: (Number(price) * Number(qty)).toString(),
    fee: '0',
    feeCurrency: 'USDT',
    orderType: 'Limit',
  };
}

describe('fill markers', () => {
  const fills = [
    fill('a', 'Buy', T0 + 1_000, '100', '1'),
    fill('b', 'Buy', T0 + 29 * MIN, '110', '1'),
    fill('c', 'Sell', T0 + 5 * MIN, '105', '2'),
    fill('d', 'Buy', T0 + 31 * MIN, '90', '1'),
  ];

  it('the hub buckets fills per candle of the interval: one marker per side per candle, buy first', () => {
    const iv = toCandleInterval('30');
    if (iv === undefined) throw new Error('interval');
    const m = bucketMarkers(fills, iv, { pricePrecision: 2 });
    expect(m.map((x) => [x.time, x.side, x.count, x.avgPrice, x.fillIds])).toEqual([
      [T0, 'Buy', 2, '105', ['a', 'b']],
      [T0, 'Sell', 1, '105', ['c']],
      [T0 + 30 * MIN, 'Buy', 1, '90', ['d']],
    ]);
  });

  it('a new interval re-buckets: at 1 hour everything lands in one candle', () => {
    const iv = toCandleInterval('60');
    if (iv === undefined) throw new Error('interval');
    const m = bucketMarkers(fills, iv);
    expect(m.map((x) => [x.side, x.count])).toEqual([
      ['Buy', 3],
      ['Sell', 1],
    ]);
  });

  it('markers snap to the loaded candle holding them, in seconds; out-of-range ones are dropped', () => {
    const iv = toCandleInterval('30');
    if (iv === undefined) throw new Error('interval');
    const markers = bucketMarkers([...fills, fill('old', 'Sell', T0 - 86_400_000, '1', '1')], iv);
    // Only two candles loaded (the second one forming): the old fill is before the first.
    const draws = toMarkerDraws(markers, [T0, T0 + 30 * MIN], 30 * MIN);
    expect(draws.map((d) => [d.id, d.time, d.side, d.count])).toEqual([
      [`Buy:${T0}`, T0 / 1000, 'Buy', 2],
      [`Sell:${T0}`, T0 / 1000, 'Sell', 1],
      [`Buy:${T0 + 30 * MIN}`, (T0 + 30 * MIN) / 1000, 'Buy', 1],
    ]);
    expect(draws[0]?.fillIds).toEqual(['a', 'b']);
  });

  it('markers of one side landing on the same candle (a gap in the candles) merge', () => {
    const draws = toMarkerDraws(
      [
        { time: T0, side: 'Buy', count: 1, qty: '1', value: '1', avgPrice: '1', fillIds: ['x'] },
        { time: T0 + MIN, side: 'Buy', count: 2, qty: '1', value: '1', avgPrice: '1', fillIds: ['y', 'z'] },
      ],
      [T0, T0 + 5 * MIN],
      5 * MIN,
    );
    expect(draws).toHaveLength(1);
    expect(draws[0]?.count).toBe(3);
    expect(draws[0]?.fillIds).toEqual(['x', 'y', 'z']);
  });

  it('no candles, no markers', () => {
    expect(
      toMarkerDraws(
        [{ time: T0, side: 'Buy', count: 1, qty: '1', value: '1', avgPrice: '1', fillIds: [] }],
        [],
        MIN,
      ),
    ).toEqual([]);
  });

  it('floorIndex finds the candle at or before a time', () => {
    expect(floorIndex([10, 20, 30], 5)).toBe(-1);
    expect(floorIndex([10, 20, 30], 20)).toBe(1);
    expect(floorIndex([10, 20, 30], 29)).toBe(1);
    expect(floorIndex([10, 20, 30], 99)).toBe(2);
  });
});

describe('average-line labels (spec §9)', () => {
  it('shows "last N days" below a year and years from 365 days', () => {
    expect([7, 30, 60, 90, 180, 365, 730, 1095].map(averageLegend)).toEqual([
      { key: 'lastNDays', n: 7 },
      { key: 'lastNDays', n: 30 },
      { key: 'lastNDays', n: 60 },
      { key: 'lastNDays', n: 90 },
      { key: 'lastNDays', n: 180 },
      { key: 'lastNYears', n: 1 },
      { key: 'lastNYears', n: 2 },
      { key: 'lastNYears', n: 3 },
    ]);
  });
});

function order(p: Partial<OrderEvent>): OrderEvent {
  return {
    orderId: '1',
    clientOrderId: 'c1',
    symbol: 'BTCUSDT',
    side: 'Buy',
    orderType: 'Limit',
    status: 'NEW',
    planType: -1,
    price: '60000',
    qty: '0.01',
    amount: '0',
    marketUnit: 'baseCoin',
    orderQtyForView: '0.01',
    timeInForce: 'GTC',
    stopOrderType: '',
    triggerPrice: '0',
    activationPrice: '0',
    trailingPercentage: '0',
    trailingValue: '0',
    takeProfit: '0',
    stopLoss: '0',
    cumExecQty: '0',
    cumExecValue: '0',
    leavesQty: '0.01',
    avgPrice: '0',
    createType: '',
    cancelType: '',
    isLeverage: false,
    createdTime: 0,
    updatedTime: 0,
    ...p,
  };
}

describe('order lines', () => {
  it('limit orders at their price, plan orders at the trigger; market orders and other symbols have none', () => {
    const lines = toOrderLines(
      [
        order({ orderId: 'a', price: '60000' }),
        order({
          orderId: 'b',
          status: 'ORDER_NEW',
          planType: 8,
          side: 'Sell',
          triggerPrice: '70000',
          price: '69000',
        }),
        order({ orderId: 'c', orderType: 'Market', price: '0' }),
        order({ orderId: 'd', symbol: 'ETHUSDT' }),
        order({ orderId: 'e', status: 'PARTIALLY_FILLED', price: '61000', qty: '0.03', leavesQty: '0.02' }),
      ],
      'BTCUSDT',
    );
    expect(lines.map((l) => [l.id, l.kind, l.price, l.side, l.quantity, l.textKey])).toEqual([
      ['b', 'plan', '70000', 'Sell', '0.01', 'stopLimit'],
      ['e', 'limit', '61000', 'Buy', '0.02', 'limit'],
      ['a', 'limit', '60000', 'Buy', '0.01', 'limit'],
    ]);
  });

  it('keeps at most MAX_ORDER_LINES, nearest the market, or the newest when the price is unknown', () => {
    // 120 buys at 50,000 … 61,900, newest first (as the hub lists open orders).
    const orders = Array.from({ length: 120 }, (_, i) =>
      order({ orderId: `o${119 - i}`, price: String(50_000 + (119 - i) * 100) }),
    );
    const near = toOrderLines(orders, 'BTCUSDT', 55_000);
    expect(near).toHaveLength(MAX_ORDER_LINES);
    // The 50 nearest 55,000 are all within 2,500 of it (55,000 itself, 24 pairs either side, one of the 2,500 pair).
    expect(near.every((l) => Math.abs(Number(l.price) - 55_000) <= 2_500)).toBe(true);
    expect(near.map((l) => Number(l.price))).toEqual(
      [...near.map((l) => Number(l.price))].sort((a, b) => b - a),
    );
    const newest = toOrderLines(orders, 'BTCUSDT', null, 3);
    expect(newest.map((l) => l.id)).toEqual(['o119', 'o118', 'o117']);
    expect(toOrderLines(orders.slice(0, 10), 'BTCUSDT', 55_000)).toHaveLength(10);
  });

  // The order lines re-render when the anchor changes, so it must hold still on ticks and move with the market.
  it('anchors the kept lines on a 1 % grid of the last price: still on ticks, moved by a 1 % move', () => {
    for (const bad of [null, undefined, 0, -5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(orderLineAnchor(bad)).toBeNull();
    const a = orderLineAnchor(65_000);
    expect(a).not.toBeNull();
    expect(Math.abs((a ?? 0) / 65_000 - 1)).toBeLessThan(0.005);
    let changes = 0;
    let prev = a;
    // 2,000 ticks of 0.5 dollars: a 1,000-dollar (1.5 %) walk changes the anchor once or twice, not per tick.
    for (let i = 1; i <= 2_000; i++) {
      const now = orderLineAnchor(65_000 + i * 0.5);
      if (now !== prev) changes += 1;
      prev = now;
    }
    expect(changes).toBeGreaterThanOrEqual(1);
    expect(changes).toBeLessThanOrEqual(2);
    expect(orderLineAnchor(65_000 * 1.05)).not.toBe(a);
  });
});

describe('drag hints and prices', () => {
  const buy = { price: '60000', side: 'Buy' as const, kind: 'limit' as const };
  it('equal price asks to confirm', () => {
    expect(dragHint(buy, '60000.00', 65000)).toBe('same');
  });
  it('a buy dragged above the market (or a sell below it) crosses the market', () => {
    expect(dragHint(buy, '66000', 65000)).toBe('crossesMarket');
    expect(dragHint({ ...buy, side: 'Sell' }, '64000', 65000)).toBe('crossesMarket');
  });
  it('a move on its own side needs no hint', () => {
    expect(dragHint(buy, '59000', 65000)).toBeNull();
    expect(dragHint(buy, '66000', null)).toBeNull();
  });
  it('prices round half-up to the symbol precision', () => {
    expect(roundPrice(64123.456, 2)).toBe('64123.46');
    expect(roundPrice(64123.454, 2)).toBe('64123.45');
    expect(roundPrice(Number.NaN, 2)).toBe('');
  });
});

describe('grid levels', () => {
  it("'grade' is arithmetic", () => {
    expect(gridPriceLevels({ minPrice: 100, maxPrice: 200, gridNumber: 4, type: 'grade' })).toEqual([
      100, 125, 150, 175, 200,
    ]);
  });
  it('anything else is geometric', () => {
    const l = gridPriceLevels({ minPrice: 100, maxPrice: 400, gridNumber: 2, type: 'ratio' });
    expect(l[0]).toBeCloseTo(100);
    expect(l[1]).toBeCloseTo(200);
    expect(l[2]).toBeCloseTo(400);
  });
  it('a malformed grid has no levels', () => {
    expect(gridPriceLevels({ minPrice: 200, maxPrice: 100, gridNumber: 4, type: 'grade' })).toEqual([]);
    expect(gridPriceLevels({ minPrice: 100, maxPrice: 200, gridNumber: 0, type: 'grade' })).toEqual([]);
  });
});

describe('toSeriesMarkers', () => {
  it('draws a buy as an up arrow below the bar and a sell as a down arrow above it', () => {
    const ms = toSeriesMarkers(
      [
        { id: 'b', time: 60, side: 'Buy', count: 1, fillIds: ['f1'] },
        { id: 's', time: 120, side: 'Sell', count: 2, fillIds: ['f2', 'f3'] },
      ],
      { up: 'green', down: 'red' },
    );
    expect(ms).toEqual([
      { id: 'b', time: 60, position: 'belowBar', shape: 'arrowUp', size: 1.6, color: 'green', text: 'B' },
      { id: 's', time: 120, position: 'aboveBar', shape: 'arrowDown', size: 1.6, color: 'red', text: 'S' },
    ]);
  });
});
