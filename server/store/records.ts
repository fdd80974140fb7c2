/**
 * Generic records for the exchange's products (strategies, loans, LT orders, upgrades, positions…): one table,
 * keyed by kind and id, holding a JSON document per record. A product module stages its changed records in the
 * current action's transaction with `putRecord`, and loads its kind at start with `loadRecords`.
 */
import type { Db } from './db';
import { stmt } from './stmt';
import type { Store } from './store';

/** One stored record. */
export interface StoredRecord<T> {
  readonly id: string;
  readonly accountId: string;
  readonly updatedAt: number;
  readonly doc: T;
}

/** Schema of the records table (created with the rest of the schema in `db.ts`). */
export const RECORDS_SCHEMA = `
CREATE TABLE IF NOT EXISTS records (
  kind TEXT NOT NULL, id TEXT NOT NULL, account_id TEXT NOT NULL, updated_at INTEGER NOT NULL, doc TEXT NOT NULL,
  PRIMARY KEY (kind, id));
CREATE INDEX IF NOT EXISTS records_account ON records (kind, account_id, updated_at);
`;

/** Stages an upsert of a record in the current action (written in its transaction, before its pushes leave). */
export function putRecord<T>(store: Store, kind: string, rec: StoredRecord<T>): void {
  const doc = JSON.stringify(rec.doc);
  store.stage((db) => {
    stmt(
      db,
      'INSERT OR REPLACE INTO records (kind, id, account_id, updated_at, doc) VALUES (?, ?, ?, ?, ?)',
    ).run(kind, rec.id, rec.accountId, rec.updatedAt, doc);
  });
}

/** Stages the removal of a record. */
export function deleteRecord(store: Store, kind: string, id: string): void {
  store.stage((db) => {
    stmt(db, 'DELETE FROM records WHERE kind = ? AND id = ?').run(kind, id);
  });
}

/** Every record of a kind, oldest update first (start-up and restore after a failed write). */
export function loadRecords<T>(db: Db, kind: string): StoredRecord<T>[] {
  const rows = db
    .prepare('SELECT id, account_id, updated_at, doc FROM records WHERE kind = ? ORDER BY updated_at, id')
    .all(kind) as { id: string; account_id: string; updated_at: number; doc: string }[];
  return rows.map((r) => ({
    id: r.id,
    accountId: r.account_id,
    updatedAt: r.updated_at,
    doc: JSON.parse(r.doc) as T,
  }));
}
