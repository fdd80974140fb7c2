/**
 * The orders bench's table-update figures from marks (bench/ordersMarks.ts): the same bookkeeping the in-app probe
 * did, replayed from the open-orders table's User Timing entries.
 */
import { describe, expect, it } from 'vitest';
import { tableUpdatesFromMarks, type TimingEntry } from '../../../bench/ordersMarks';

const mark = (name: string, startTime: number): TimingEntry => ({ name, startTime, duration: 0 });
const rows = (startTime: number, duration: number): TimingEntry => ({
  name: 'orders.rows',
  startTime,
  duration,
});

describe('tableUpdatesFromMarks', () => {
  it('counts derive + render→commit as work and push→commit as wall time', () => {
    const u = tableUpdatesFromMarks([
      mark('orders.push', 100),
      rows(101, 2),
      mark('orders.render', 110),
      mark('orders.commit', 115),
    ]);
    expect(u.work).toEqual([7]);
    expect(u.total).toEqual([15]);
  });
  it('keeps the first push and render of an update, in time order whatever the input order', () => {
    const u = tableUpdatesFromMarks([
      mark('orders.commit', 130),
      mark('orders.render', 125),
      mark('orders.push', 100),
      mark('orders.render', 120),
      mark('orders.push', 105),
      rows(101, 1),
      rows(106, 1),
    ]);
    expect(u.work).toEqual([12]);
    expect(u.total).toEqual([30]);
  });
  it('skips commits with no push open and carries derive time to the next counted update', () => {
    const u = tableUpdatesFromMarks([
      rows(10, 3),
      mark('orders.render', 12),
      mark('orders.commit', 14),
      mark('orders.push', 20),
      mark('orders.commit', 24),
      mark('orders.push', 30),
      rows(31, 1),
      mark('orders.render', 32),
      mark('orders.commit', 40),
      mark('other', 41),
    ]);
    // No render mark in the second update: its work runs from the push.
    expect(u.work).toEqual([7, 9]);
    expect(u.total).toEqual([4, 10]);
  });
  it('gives nothing for no entries', () => {
    expect(tableUpdatesFromMarks([])).toEqual({ work: [], total: [] });
  });
});
