import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../../server/store/db';
import { pruneHistory } from '../../../../server/store/prune';
import { tempDataDir } from '../../../support/sim';

describe('pruneHistory', () => {
  it('keeps each account’s newest closed orders and fills up to the caps, and every open order', () => {
    const db = openDatabase(tempDataDir());
    const putOrder = db.prepare(
      'INSERT INTO orders (id, account_id, open, updated_time, view, state) VALUES (?, ?, ?, ?, ?, NULL)',
    );
    const putExec = db.prepare(
      'INSERT INTO executions (id, account_id, exec_time, view) VALUES (?, ?, ?, ?)',
    );
    let id = 1;
    for (const acct of ['a', 'b'])
      for (let i = 0; i < 10; i++) {
        putOrder.run(String(id), acct, i < 3 ? 1 : 0, 1000 + i, '{}');
        putExec.run(String(id), acct, 1000 + i, '{}');
        id++;
      }
    putOrder.run(String(id++), 'c', 0, 5, '{}');

    expect(pruneHistory(db, { closedOrders: 4, executions: 6 })).toEqual({ orders: 6, executions: 8 });
    const ids = (sql: string): string[] => (db.prepare(sql).all() as { id: string }[]).map((r) => r.id);
    // Account a: ids 1-3 open (kept), 4-10 closed: 7-10 are the newest four. Account b: 11-13 open, 17-20.
    expect(ids("SELECT id FROM orders WHERE account_id = 'a' ORDER BY CAST(id AS INTEGER)")).toEqual([
      '1',
      '2',
      '3',
      '7',
      '8',
      '9',
      '10',
    ]);
    expect(ids("SELECT id FROM orders WHERE account_id = 'b' AND open = 1").length).toBe(3);
    expect(ids("SELECT id FROM orders WHERE account_id = 'c'")).toEqual(['21']);
    expect(ids("SELECT id FROM executions WHERE account_id = 'b' ORDER BY CAST(id AS INTEGER)")).toEqual([
      '15',
      '16',
      '17',
      '18',
      '19',
      '20',
    ]);
    // A second pass finds nothing more.
    expect(pruneHistory(db, { closedOrders: 4, executions: 6 })).toEqual({ orders: 0, executions: 0 });
    db.close();
  });
});
