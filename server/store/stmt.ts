/** Prepared statements compiled once per database, for the store's hot paths. */
import type Database from 'better-sqlite3';
import type { Db } from './db';

const STATEMENTS = new WeakMap<Db, Map<string, Database.Statement>>();

/**
 * The prepared statement for `sql` on `db`, compiled once: better-sqlite3 does not cache, and compiling a statement
 * costs more than running it on the store's hot paths (every fill's rows, every strategy record).
 */
export function stmt(db: Db, sql: string): Database.Statement {
  let byDb = STATEMENTS.get(db);
  if (byDb === undefined) {
    byDb = new Map();
    STATEMENTS.set(db, byDb);
  }
  let st = byDb.get(sql);
  if (st === undefined) {
    st = db.prepare(sql);
    byDb.set(sql, st);
  }
  return st;
}
