/**
 * Opens the simulator's SQLite database: refuses (never wipes) a file that cannot be opened or fails its
 * integrity check, sets WAL + synchronous=FULL, and creates the schema.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { RECORDS_SCHEMA } from './records';

/** The database handle type the store modules share. */
export type Db = Database.Database;

/** File name of the database inside the data directory. */
export const DB_FILE = 'sim.db';

/** A database the simulator must not start on (message says what to do; the file is left untouched). */
export class StoreOpenError extends Error {
  override readonly name = 'StoreOpenError';
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS accounts (id TEXT PRIMARY KEY, email TEXT NOT NULL UNIQUE, doc TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS sessions (token TEXT PRIMARY KEY, account_id TEXT NOT NULL, created_at INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS sessions_created ON sessions (created_at);
CREATE TABLE IF NOT EXISTS settings (account_id TEXT PRIMARY KEY, doc TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS balances (
  account_id TEXT NOT NULL, coin TEXT NOT NULL, free TEXT NOT NULL, locked TEXT NOT NULL,
  PRIMARY KEY (account_id, coin));
CREATE TABLE IF NOT EXISTS orders (
  id TEXT PRIMARY KEY, account_id TEXT NOT NULL, open INTEGER NOT NULL, updated_time INTEGER NOT NULL,
  view TEXT NOT NULL, state TEXT);
CREATE INDEX IF NOT EXISTS orders_account ON orders (account_id, open, updated_time);
CREATE TABLE IF NOT EXISTS executions (
  id TEXT PRIMARY KEY, account_id TEXT NOT NULL, exec_time INTEGER NOT NULL, view TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS executions_account ON executions (account_id, exec_time);
CREATE TABLE IF NOT EXISTS client_ids (
  account_id TEXT NOT NULL, client_id TEXT NOT NULL, order_id TEXT NOT NULL, PRIMARY KEY (account_id, client_id));
`;

/** Opens (creating when missing) and checks the database of a data directory. */
export function openDatabase(dir: string): Db {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, DB_FILE);
  const existed = existsSync(file);
  let db: Db;
  try {
    db = new Database(file, { fileMustExist: false });
  } catch (e) {
    throw new StoreOpenError(
      `cannot open the database ${file}: ${String(e)}. The file was left as it is; move it away to start fresh.`,
    );
  }
  try {
    if (existed) {
      const rows = db.pragma('quick_check') as { quick_check: string }[];
      const verdict = rows.map((r) => r.quick_check).join('; ');
      if (verdict !== 'ok') throw new Error(`quick_check says: ${verdict}`);
    }
    // WAL + FULL: a commit is on disk (WAL fsynced) before the answer leaves, so a kill -9 or power loss never
    // loses an acknowledged write; NORMAL would only be safe against process crashes, not power loss.
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = OFF');
    db.exec(SCHEMA);
    db.exec(RECORDS_SCHEMA);
  } catch (e) {
    db.close();
    throw new StoreOpenError(
      `the database ${file} is damaged or unreadable (${e instanceof Error ? e.message : String(e)}). ` +
        'It was left as it is: inspect it with `sqlite3`, restore a copy, or move it away to start fresh.',
    );
  }
  return db;
}
