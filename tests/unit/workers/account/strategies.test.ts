import { describe, expect, it } from 'vitest';
import { StrategyBook, STRATEGY_HISTORY_CAP } from '../../../../workers/account/strategies';

function row(id: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    strategyId: id,
    strategyType: 'twap',
    category: 'spot',
    symbol: 'BTCUSDT',
    side: 'Buy',
    strategyStatus: 'RUNNING',
    size: '0.6',
    executedSize: '0',
    createdTime: 1000 + Number(id),
    updatedTime: 1000 + Number(id),
    ...over,
  };
}

describe('StrategyBook', () => {
  it('keeps the newer update of a strategy and lists newest first', () => {
    const b = new StrategyBook();
    b.apply([row('1'), row('2')]);
    b.apply([row('1', { executedSize: '0.3', updatedTime: 5000 })]);
    b.apply([row('1', { executedSize: '0.1', updatedTime: 4000 })]); // older: ignored
    expect(b.list().map((r) => [r.strategyId, r.executedSize])).toEqual([
      ['2', '0'],
      ['1', '0.3'],
    ]);
  });

  it('announces a finished TWAP with fills once, and not one first seen finished or with nothing executed', () => {
    const b = new StrategyBook();
    b.apply([row('1'), row('2'), row('3', { strategyType: 'grid', category: 'grid' })]);
    const r = b.apply([
      row('1', { strategyStatus: 'COMPLETED', executedSize: '0.6', updatedTime: 9000 }),
      row('2', { strategyStatus: 'COMPLETED', executedSize: '0', updatedTime: 9000 }),
      row('3', { strategyType: 'grid', strategyStatus: 'COMPLETED', executedSize: '1', updatedTime: 9000 }),
      row('4', { strategyStatus: 'COMPLETED', executedSize: '1' }),
    ]);
    expect(r.finished.map((x) => x.strategyId)).toEqual(['1']);
    expect(
      b.apply([row('1', { strategyStatus: 'COMPLETED', executedSize: '0.6', updatedTime: 9001 })]).finished,
    ).toEqual([]);
  });

  it('announces a push that is already final (started and finished in one action), once', () => {
    const b = new StrategyBook();
    const fin = row('9', { strategyType: 'iceberg', strategyStatus: 'COMPLETED', executedSize: '0.002' });
    expect(b.apply([fin], true).finished.map((x) => x.strategyId)).toEqual(['9']);
    expect(b.apply([{ ...fin, updatedTime: 99_999 }], true).finished).toEqual([]);
  });

  it('counts rows that do not decode and caps the history', () => {
    const b = new StrategyBook();
    expect(b.apply([{ strategyId: 'x' }, null, row('1', { strategyStatus: 'BOGUS' })]).bad).toBe(3);
    b.apply(
      Array.from({ length: STRATEGY_HISTORY_CAP + 5 }, (_, i) =>
        row(String(i + 1), { strategyStatus: 'COMPLETED' }),
      ),
    );
    expect(b.list()).toHaveLength(STRATEGY_HISTORY_CAP);
    expect(b.list()[0]?.strategyId).toBe(String(STRATEGY_HISTORY_CAP + 5));
  });
});
