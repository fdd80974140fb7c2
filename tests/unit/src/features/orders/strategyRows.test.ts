import { describe, expect, it } from 'vitest';
import { toStrategyRow, type StrategyRow } from '../../../../../workers/protocol/strategy';
import {
  activeToolRows,
  chaseFraction,
  historyStamp,
  strategyOriginOf,
  strategyProgress,
  strategyStatusIcon,
  toolsListStatus,
} from '../../../../../src/features/orders/strategyRows';
import { toStrategyListRow } from '../../../../../src/features/orders/rows';

/** A wire row as the list call and the `strategy` push carry it. */
const wire = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  strategyId: '1',
  strategyType: 'iceberg',
  category: 'spot',
  symbol: 'BTCUSDT',
  side: 'Buy',
  strategyStatus: 'RUNNING',
  closeReason: '',
  size: '0.5',
  executedSize: '0.2',
  createdTime: 1000,
  updatedTime: 1000,
  ...over,
});

const row = (over: Record<string, unknown> = {}): StrategyRow => {
  const r = toStrategyRow(wire(over));
  if (r === undefined) throw new Error('row did not decode');
  return r;
};

describe('strategy child orders show their origin (spec §3 Order createType)', () => {
  it.each([
    ['CreateByIceBerg', 'iceberg'],
    ['CreateByTWAP', 'twap'],
    ['CreateByTwap', 'twap'],
    ['CreateByGrid', 'grid'],
    ['CreateByFGridBot', 'grid'],
    ['CreateByScaledOrder', 'scaled'],
    ['CreateByChaseOrder', 'chaseOrder'],
    ['CreateByTVSignal', 'webhook'],
  ])('%s → %s', (createType, kind) => {
    expect(strategyOriginOf({ createType })).toBe(kind);
  });
  it('no badge for the user own and other orders', () => {
    expect(strategyOriginOf({ createType: '' })).toBeNull();
    expect(strategyOriginOf({ createType: 'CreateByUser' })).toBeNull();
    expect(strategyOriginOf({ createType: 'CreateByStopOrder' })).toBeNull();
  });
});

describe('tools tab rows (spec §3 Strategy order, §7 strategy list)', () => {
  it('sub-tabs ask the list call for status 2 (active) and 3 (history)', () => {
    expect(toolsListStatus('active')).toBe(2);
    expect(toolsListStatus('history')).toBe(3);
  });

  it('active rows: running strategies of the pair, or of all pairs, in the hub order, at most 80', () => {
    const rows = [
      row({ strategyId: '3', symbol: 'ETHUSDT' }),
      row({ strategyId: '2', strategyStatus: 'COMPLETED' }),
      row({ strategyId: '1', strategyStatus: 'AWAIT_ACTIVATION', strategyType: 'grid', category: 'grid' }),
    ];
    expect(activeToolRows(rows, 'BTCUSDT').map((r) => r.strategyId)).toEqual(['1']);
    expect(activeToolRows(rows, null).map((r) => r.strategyId)).toEqual(['3', '1']);
    const many = Array.from({ length: 90 }, (_, i) => row({ strategyId: String(i + 1) }));
    expect(activeToolRows(many, null)).toHaveLength(80);
  });

  it('progress is executed ÷ size, clamped; none for a zero size', () => {
    expect(strategyProgress(row())).toBeCloseTo(0.4);
    expect(strategyProgress(row({ executedSize: '0.5' }))).toBe(1);
    expect(strategyProgress(row({ executedSize: '0.6' }))).toBe(1);
    expect(strategyProgress(row({ size: '0' }))).toBeNull();
  });

  it('status icons: running pending, completed filled, stopped cancelled, rejected failure', () => {
    expect(strategyStatusIcon(row())).toBe('pending');
    expect(strategyStatusIcon(row({ strategyStatus: 'COMPLETED' }))).toBe('filled');
    expect(strategyStatusIcon(row({ strategyStatus: 'COMPLETED', closeReason: 'manual' }))).toBe('canceled');
    expect(strategyStatusIcon(row({ strategyStatus: 'REJECTED', closeReason: 'failedInitiation' }))).toBe(
      'failure',
    );
  });

  it('the history stamp moves when a strategy reaches history, not while one runs', () => {
    const running = [row({ strategyId: '1' })];
    const before = historyStamp(running);
    expect(historyStamp([row({ strategyId: '1', executedSize: '0.3', updatedTime: 2000 })])).toBe(before);
    const stopped = [row({ strategyId: '1', strategyStatus: 'COMPLETED', updatedTime: 2000 })];
    expect(historyStamp(stopped)).not.toBe(before);
  });

  it('chase and webhook rows decode with their labels; chasePercentE4 is a fraction × 10⁴', () => {
    const chase = toStrategyListRow(wire({ strategyType: 'chaseOrder', chasePercentE4: 50 }));
    expect(chase?.strategyType).toBe('chaseOrder');
    expect(chase === null ? null : chaseFraction(chase)).toBeCloseTo(0.005);
    const hook = toStrategyListRow(wire({ strategyType: 'webhook' }));
    expect(hook?.strategyType).toBe('webhook');
    expect(hook === null ? 0 : chaseFraction(hook)).toBeNull();
    expect(toStrategyListRow(wire({ strategyType: 'martingale' }))).toBeNull();
    expect(toStrategyListRow(wire({ strategyStatus: 'DONE' }))).toBeNull();
  });
});
