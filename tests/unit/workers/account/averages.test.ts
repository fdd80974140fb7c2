import { describe, expect, it } from 'vitest';
import {
  averageRequestParams,
  AveragePrices,
  effectiveAverageDays,
  isAverageLineShown,
  parseAverageResult,
  toAverageDays,
  type AccountKind,
  type AverageSnapshot,
} from '../../../../workers/account/averages';
import {
  AVERAGE_DAY_CHOICES,
  averageLineLabel,
  type AverageDays,
} from '../../../../workers/protocol/account';
import { DAY_MS, FillHistory, fromExecutionRow } from '../../../../workers/account/fills';
import type { Fill } from '../../../../workers/protocol/account';
import { CALLS } from '../../../../workers/protocol/paths';
import { frame, limit, quote, sim, type Sim } from './helpers';
import { restOf } from './rest';

function trade(s: Sim, side: 'Buy' | 'Sell', price: string, qty: string): void {
  quote(s, side === 'Buy' ? 'Sell' : 'Buy', price, qty);
  limit(s, side, price, qty);
}

function pushed(s: Sim, from = 0): Fill[] {
  return s.executions(from).flatMap((e) => {
    const f = fromExecutionRow(frame('execution', [e], e.execTime).data[0]);
    return f === undefined ? [] : [f];
  });
}

/** The server's averages answer for ME, read. */
function server(s: Sim, account: AccountKind, side: 'Buy' | 'Sell', days: AverageDays): AverageSnapshot {
  const def = account === 'classic' ? CALLS.avgClassic : CALLS.avgUnified;
  const params = averageRequestParams(account, { symbol: 'BTCUSDT', symbolId: 1, side, days }, s.clock.t);
  const snap = parseAverageResult(account, restOf(s, account)(def, params));
  if (snap === undefined) throw new Error('unreadable average');
  return snap;
}

describe('average day spans and labels (spec §9)', () => {
  it('offers 7…1095 days, default 7, classic capped at 90', () => {
    expect(AVERAGE_DAY_CHOICES).toEqual([7, 30, 60, 90, 180, 365, 730, 1095]);
    expect(toAverageDays(undefined)).toBe(7);
    expect(toAverageDays('30')).toBe(30);
    expect(toAverageDays(31)).toBe(7);
    expect(AVERAGE_DAY_CHOICES.map((d) => effectiveAverageDays(d, 'classic'))).toEqual([
      7, 30, 60, 90, 90, 90, 90, 90,
    ]);
    expect(AVERAGE_DAY_CHOICES.map((d) => effectiveAverageDays(d, 'unified'))).toEqual([
      ...AVERAGE_DAY_CHOICES,
    ]);
  });

  it("labels 'last N days' below a year and 'last N years' from 365", () => {
    expect(AVERAGE_DAY_CHOICES.map(averageLineLabel)).toEqual([
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

  it('builds both request shapes of spec §7', () => {
    const q = { symbol: 'BTCUSDT', symbolId: 1, side: 'Sell' as const, days: 180 as const };
    expect(averageRequestParams('unified', q, 1e12)).toEqual({
      contractType: 6,
      symbol: 'BTCUSDT',
      side: 2,
      daySpan: 180,
    });
    expect(averageRequestParams('classic', q, 1e12)).toEqual({
      symbol_id: 1,
      side: 1,
      start_time: 1e12 - 90 * DAY_MS,
      end_time: 1e12,
      limit: 1000,
      daySpan: 90,
    });
  });
});

describe('AveragePrices', () => {
  it('starts from the server sums and adds only newer fills, never twice', () => {
    const s = sim();
    trade(s, 'Buy', '64000', '0.1');
    trade(s, 'Buy', '62000', '0.3');
    trade(s, 'Sell', '65000', '0.2');
    const avg = new AveragePrices();
    const buy = avg.setServer('BTCUSDT', 'Buy', 7, server(s, 'unified', 'Buy', 7));
    expect(buy).toMatchObject({ price: '62500', valueSum: '25000', qtySum: '0.4', positive: true, days: 7 });
    // The fills the server already summed arrive (late pushes, or a REST fill list): nothing changes.
    const v = avg.version;
    expect(avg.applyFills(pushed(s))).toBe(false);
    expect(avg.version).toBe(v);
    // New fills count once, however often they are fed.
    const m = s.events.length;
    trade(s, 'Buy', '66000', '0.1');
    trade(s, 'Sell', '65500', '0.2');
    const fresh = pushed(s, m);
    expect(avg.applyFills(fresh)).toBe(true);
    expect(avg.applyFills(fresh)).toBe(false);
    expect(avg.line('BTCUSDT', 'Buy')).toMatchObject({ price: '63200', qtySum: '0.5' });
    // Incremental = what the server computes from scratch now.
    const again = server(s, 'unified', 'Buy', 7);
    expect(avg.line('BTCUSDT', 'Buy')).toMatchObject({ valueSum: again.valueSum, qtySum: again.qtySum });
    expect(avg.line('BTCUSDT', 'Sell')).toBeUndefined();
  });

  it('adds fills pushed while the request was in flight only if the server had not counted them', () => {
    const s = sim();
    trade(s, 'Buy', '60000', '0.1');
    const early = server(s, 'unified', 'Buy', 30);
    const avg = new AveragePrices();
    const fills = new FillHistory();
    // Pushes reach the hub before the (older) answer: the first was counted by the server, the second not.
    trade(s, 'Buy', '70000', '0.1');
    avg.applyFills(fills.add(pushed(s), s.clock.t));
    const line = avg.setServer('BTCUSDT', 'Buy', 30, early);
    expect(line).toMatchObject({ price: '65000', qtySum: '0.2' });
    // An answer that already holds both fills: nothing is added on top.
    const late = server(s, 'unified', 'Buy', 30);
    expect(avg.setServer('BTCUSDT', 'Buy', 30, late)).toMatchObject({ price: '65000', qtySum: '0.2' });
  });

  it('classic averages cover 90 days even when a longer span is chosen; unified ones the full span', () => {
    const s = sim();
    trade(s, 'Buy', '50000', '1');
    s.clock.t += 120 * DAY_MS;
    trade(s, 'Buy', '60000', '1');
    const classic = new AveragePrices();
    const days = effectiveAverageDays(365, 'classic');
    expect(classic.setServer('BTCUSDT', 'Buy', days, server(s, 'classic', 'Buy', 365))).toMatchObject({
      price: '60000',
      days: 90,
    });
    expect(averageLineLabel(days)).toEqual({ key: 'lastNDays', n: 90 });
    const unified = new AveragePrices();
    expect(unified.setServer('BTCUSDT', 'Buy', 365, server(s, 'unified', 'Buy', 365))).toMatchObject({
      price: '55000',
      days: 365,
    });
  });

  it('shows a line only when its toggle is on and the average is above 0', () => {
    const s = sim();
    const avg = new AveragePrices();
    const none = avg.setServer('BTCUSDT', 'Sell', 7, server(s, 'classic', 'Sell', 7));
    expect(none).toMatchObject({ price: '0', positive: false });
    expect(isAverageLineShown('show', none)).toBe(false);
    trade(s, 'Sell', '64000', '0.1');
    avg.applyFills(pushed(s));
    const line = avg.line('BTCUSDT', 'Sell');
    expect(line?.price).toBe('64000');
    expect(isAverageLineShown('show', line)).toBe(true);
    expect(isAverageLineShown('hide', line)).toBe(false);
    expect(isAverageLineShown('show', undefined)).toBe(false);
    avg.drop('BTCUSDT', 'Sell');
    expect(avg.line('BTCUSDT', 'Sell')).toBeUndefined();
  });

  it('reads both answer shapes and refuses others', () => {
    expect(parseAverageResult('classic', { lastTradeId: '9', priceTotal: '10', quantitySum: '2' })).toEqual({
      version: '9',
      valueSum: '10',
      qtySum: '2',
    });
    expect(
      parseAverageResult('unified', { maxMarginVersion: '0', sumExecValue: '0', sumExecQty: '0' }),
    ).toEqual({
      version: '0',
      valueSum: '0',
      qtySum: '0',
    });
    expect(
      parseAverageResult('unified', { lastTradeId: '9', priceTotal: '10', quantitySum: '2' }),
    ).toBeUndefined();
    expect(parseAverageResult('classic', [])).toBeUndefined();
  });
});
