import { Decimal } from 'decimal.js';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRecords } from '../../../../server/store/records';
import { openRig, type Rig } from './rig';

let rigs: Rig[] = [];
afterEach(() => {
  for (const r of rigs) r.close();
  rigs = [];
});
function rig(...args: Parameters<typeof openRig>): Rig {
  const r = openRig(...args);
  rigs.push(r);
  return r;
}
const open = (r: Rig): number => r.engine.openOrders('u1').length;

describe('grid bot', () => {
  it('makes exactly the expected fills and profit across a scripted price path', () => {
    const r = rig();
    r.mm('Sell', '64000', '0.080039'); // exactly the start purchase
    const g = r.create({
      kind: 'grid',
      symbol: 'BTCUSDT',
      minPrice: '60000',
      maxPrice: '68000',
      gridNumber: 4,
      type: 'grade',
      investment: '10000',
    });
    expect(g.strategyStatus).toBe('RUNNING');
    expect(g.grid?.levels).toEqual(['60000', '62000', '64000', '66000', '68000']);
    expect(g.grid?.qtyPerGrid).toBe('0.039979');
    // Buys below the price, sells above, the level at the price empty.
    const book = (): string[] =>
      r.engine
        .openOrders('u1')
        .map((o) => `${o.side} ${o.price}`)
        .sort();
    expect(book()).toEqual(['Buy 60000', 'Buy 62000', 'Sell 66000', 'Sell 68000']);
    expect(
      r.engine
        .openOrders('u1')
        .every((o) => o.createType === 'CreateByGrid' && o.strategyId === g.strategyId),
    ).toBe(true);

    r.mm('Sell', '62000', '0.039979'); // the price falls to 62000: the buy fills, a sell goes up one level
    expect(book()).toEqual(['Buy 60000', 'Sell 64000', 'Sell 66000', 'Sell 68000']);
    r.mm('Buy', '64000', '0.039979'); // back up: the pair 62000 → 64000 completes
    expect(book()).toEqual(['Buy 60000', 'Buy 62000', 'Sell 66000', 'Sell 68000']);
    r.mm('Buy', '66000', '0.039979'); // up again: the start base sells at 66000
    expect(book()).toEqual(['Buy 60000', 'Buy 62000', 'Buy 64000', 'Sell 68000']);

    const row = r.runner.get(g.strategyId);
    expect(row?.grid?.completedPairs).toBe(2);
    // Pair 1: 0.039979 × 64000 × 0.999 − (0.039979 × 62000 + 0.000039979 × 62000) = 74.920646
    // Pair 2: 0.039979 × 66000 × 0.999 − 0.039979 × 64000 (the start purchase's price) = 77.319386
    expect(row?.grid?.gridProfit).toBe('152.240032');
    // Start purchase + 3 grid fills on the account.
    expect(r.engine.executions('u1')).toHaveLength(4);
    expect(row?.executedSize).toBe(new Decimal('0.080039').plus(new Decimal('0.039979').times(3)).toFixed());
  });

  it('waits for its trigger price, then stops by take profit and sells its base', () => {
    const r = rig();
    const g = r.create({
      kind: 'grid',
      symbol: 'BTCUSDT',
      minPrice: '60000',
      maxPrice: '68000',
      gridNumber: 4,
      type: 'geometric',
      investment: '10000',
      triggerPrice: '63000',
      takeProfit: '70000',
    });
    expect(g.strategyStatus).toBe('AWAIT_ACTIVATION');
    expect(open(r)).toBe(0);
    r.mm('Sell', '63000', '0.2'); // mm posts an ask the start purchase buys from
    r.mm('Buy', '62990', '0.0001'); // nothing trades at the trigger yet
    expect(r.runner.get(g.strategyId)?.strategyStatus).toBe('AWAIT_ACTIVATION');
    r.mm('Buy', '63000', '0.0001'); // a trade at the trigger price
    expect(r.runner.get(g.strategyId)?.strategyStatus).toBe('RUNNING');
    expect(open(r)).toBe(4);
    r.mm('Sell', '70000', '0.001');
    // A buy sweeps the rest of the trigger ask and the grid's two sells, and trades at the take-profit price.
    r.mm('Buy', '70000', '0.3');
    const done = r.runner.get(g.strategyId);
    expect(done?.strategyStatus).toBe('COMPLETED');
    expect(done?.closeReason).toBe('takeProfit');
    expect(open(r)).toBe(0);
  });
});

describe('TWAP', () => {
  it('places 60 slices over an hour, each on time', () => {
    const r = rig();
    r.mm('Sell', '64000', '10');
    const t = r.create({
      kind: 'twap',
      symbol: 'BTCUSDT',
      side: 'Buy',
      totalQty: '0.6',
      durationMs: 3_600_000,
      intervalMs: 60_000,
    });
    expect(t.plannedChildren).toBe(60);
    r.clock.advance(3_600_000);
    r.settle();
    const fills = r.engine
      .executions('u1')
      .map((e) => e.execTime - t.createdTime)
      .sort((a, b) => a - b);
    expect(fills).toEqual(Array.from({ length: 60 }, (_, i) => (i + 1) * 60_000));
    const row = r.runner.get(t.strategyId);
    expect(row?.strategyStatus).toBe('COMPLETED');
    expect(row?.executedSize).toBe('0.6');
    expect(r.engine.orderHistory('u1').every((o) => o.createType === 'CreateByTWAP')).toBe(true);
  });

  it('reports slices skipped by the price limit', () => {
    const r = rig();
    r.mm('Sell', '64000', '10');
    const t = r.create({
      kind: 'twap',
      symbol: 'BTCUSDT',
      side: 'Buy',
      totalQty: '0.05',
      durationMs: 300_000,
      intervalMs: 60_000,
      priceLimit: '63000',
    });
    r.clock.advance(300_000);
    r.settle();
    const row = r.runner.get(t.strategyId);
    expect(row?.skipped).toHaveLength(5);
    expect(row?.skipped[0]?.marketPrice).toBe('64000');
    expect(row?.executedSize).toBe('0');
    expect(row?.strategyStatus).toBe('COMPLETED');
  });

  it('survives a save / restore of the exchange state mid-run and finishes its schedule', () => {
    const a = openRig();
    a.mm('Sell', '64000', '10');
    const t = a.create({
      kind: 'twap',
      symbol: 'BTCUSDT',
      side: 'Buy',
      totalQty: '0.6',
      durationMs: 3_600_000,
      intervalMs: 60_000,
    });
    a.clock.advance(1_800_000);
    a.settle();
    expect(a.runner.get(t.strategyId)?.executedSize).toBe('0.3');
    const stopped = a.clock.now();
    a.close();

    const b = rig(a.dir, stopped); // a new Store on the same database
    expect(loadRecords(b.store.db, 'strategy')).toHaveLength(1);
    b.mm('Sell', '64000', '10'); // system liquidity is not persisted
    expect(b.runner.get(t.strategyId)?.strategyStatus).toBe('RUNNING');
    b.clock.advance(1_800_000);
    b.settle();
    const row = b.runner.get(t.strategyId);
    expect(row?.strategyStatus).toBe('COMPLETED');
    expect(row?.executedSize).toBe('0.6');
    expect(b.engine.executions('u1')).toHaveLength(60);
  });
});

describe('iceberg', () => {
  it('never shows more than one slice and places the next when one fills', () => {
    const r = rig();
    const ice = r.create({
      kind: 'iceberg',
      symbol: 'BTCUSDT',
      side: 'Buy',
      totalQty: '1',
      price: '63000',
      sliceQty: '0.1',
    });
    expect(ice.plannedChildren).toBe(10);
    expect(open(r)).toBe(1);
    for (let i = 0; i < 9; i++) {
      r.mm('Sell', '63000', '0.04'); // a partial fill: the same slice keeps resting
      expect(open(r)).toBe(1);
      r.mm('Sell', '63000', '0.06');
      expect(open(r)).toBe(1);
      expect(r.engine.depth('BTCUSDT', 5).bids[0]).toEqual(['63000', '0.1']);
    }
    r.mm('Sell', '63000', '0.1');
    expect(open(r)).toBe(0);
    const row = r.runner.get(ice.strategyId);
    expect(row?.strategyStatus).toBe('COMPLETED');
    expect(row?.executedSize).toBe('1');
    expect(row?.childCount).toBe(10);
  });

  it('stops when asked: the resting slice is cancelled', () => {
    const r = rig();
    const ice = r.create({
      kind: 'iceberg',
      symbol: 'BTCUSDT',
      side: 'Sell',
      totalQty: '0.5',
      price: '65000',
      sliceCount: 5,
    });
    expect(open(r)).toBe(1);
    const row = r.runner.stop('u1', ice.strategyId, false);
    r.store.commit();
    expect(row?.strategyStatus).toBe('COMPLETED');
    expect(row?.closeReason).toBe('manual');
    expect(open(r)).toBe(0);
    expect(r.pushes.map((p) => p.strategyStatus)).toContain('COMPLETED');
    expect(r.engine.balance('u1', 'BTC').locked).toBe('0');
  });
});

describe('scaled order', () => {
  it('places the batch between the two prices with increasing sizes and reports refused children', () => {
    const r = rig();
    r.engine.withdraw('u1', 'USDT', '90000'); // 10,000 USDT left: the larger orders cannot all be funded
    const s = r.create({
      kind: 'scaled',
      symbol: 'BTCUSDT',
      side: 'Buy',
      priceLow: '60000',
      priceHigh: '62000',
      orderCount: 5,
      distribution: 'increasing',
      totalQty: '0.5',
    });
    expect(s.children).toEqual([
      { price: '60000', qty: '0.033333' },
      { price: '60500', qty: '0.066666' },
      { price: '61000', qty: '0.1' },
      { price: '61500', qty: '0.133333' },
      { price: '62000', qty: '0.166666' },
    ]);
    // 1,999.98 + 4,033.29 fit in 10,000; 6,100 does not, nor do the larger ones.
    expect(open(r)).toBe(2);
    expect(s.rejected.map((c) => [c.price, c.code])).toEqual([
      ['61000', 170131],
      ['61500', 170131],
      ['62000', 170131],
    ]);
    expect(s.strategyStatus).toBe('RUNNING');
    r.mm('Sell', '60000', '1');
    expect(r.runner.get(s.strategyId)?.strategyStatus).toBe('COMPLETED');
  });
});
