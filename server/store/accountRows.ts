/**
 * The accounts' rows in SQLite: a sink that stages one row per change (account, session, settings) and
 * `loadAccountsState` that rebuilds the accounts document from the tables.
 */
import type { Account, AccountSettings, AccountsSink, AccountsState } from '../accounts/accounts';
import type { Db } from './db';
import type { Store } from './store';

/** The sink that persists account changes through the store's current transaction. */
export function accountsSink(store: Store): AccountsSink {
  return {
    account: (a, nextId) => {
      const doc = JSON.stringify(a);
      store.stage((db) => {
        db.prepare('INSERT OR REPLACE INTO accounts (id, email, doc) VALUES (?, ?, ?)').run(
          a.id,
          a.email,
          doc,
        );
        db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('accounts.nextId', ?)").run(
          String(nextId),
        );
      });
    },
    session: (token, s) => {
      store.stage((db) => {
        if (s === null) db.prepare('DELETE FROM sessions WHERE token = ?').run(token);
        else
          db.prepare('INSERT OR REPLACE INTO sessions (token, account_id, created_at) VALUES (?, ?, ?)').run(
            token,
            s.accountId,
            s.createdAt,
          );
      });
    },
    settings: (accountId, s) => {
      const doc = JSON.stringify(s);
      store.stage((db) => {
        db.prepare('INSERT OR REPLACE INTO settings (account_id, doc) VALUES (?, ?)').run(accountId, doc);
      });
    },
    pruneSessions: (olderThan) => {
      store.stage((db) => {
        db.prepare('DELETE FROM sessions WHERE created_at < ?').run(olderThan);
      });
    },
  };
}

/** Writes a whole accounts document (the one-time JSON migration). */
export function writeAccountsState(db: Db, s: AccountsState): void {
  const putAccount = db.prepare('INSERT OR REPLACE INTO accounts (id, email, doc) VALUES (?, ?, ?)');
  for (const a of s.accounts) putAccount.run(a.id, a.email, JSON.stringify(a));
  db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('accounts.nextId', ?)").run(String(s.nextId));
  const putSession = db.prepare(
    'INSERT OR REPLACE INTO sessions (token, account_id, created_at) VALUES (?, ?, ?)',
  );
  for (const [token, v] of Object.entries(s.sessions)) putSession.run(token, v.accountId, v.createdAt);
  const putSettings = db.prepare('INSERT OR REPLACE INTO settings (account_id, doc) VALUES (?, ?)');
  for (const a of s.accounts) {
    const row: AccountSettings = {
      prefs: s.prefs[a.id],
      doubleConfirm: s.doubleConfirm[a.id],
      klineConfig: s.klineConfig[a.id],
      layouts: s.layouts[a.id],
      quotaUsed: s.quotaUsed[a.id],
    };
    putSettings.run(a.id, JSON.stringify(row));
  }
}

/** The accounts document as the database holds it (undefined for an empty database). */
export function loadAccountsState(db: Db): AccountsState | undefined {
  const next = db.prepare("SELECT value FROM meta WHERE key = 'accounts.nextId'").get() as
    { value: string } | undefined;
  if (next === undefined) return undefined;
  const accounts = (
    db.prepare('SELECT doc FROM accounts ORDER BY CAST(id AS INTEGER)').all() as { doc: string }[]
  ).map((r) => JSON.parse(r.doc) as Account);
  const sessions: AccountsState['sessions'] = {};
  const sessionRows = db.prepare('SELECT token, account_id, created_at FROM sessions').all() as {
    token: string;
    account_id: string;
    created_at: number;
  }[];
  for (const r of sessionRows) sessions[r.token] = { accountId: r.account_id, createdAt: r.created_at };
  const state: AccountsState = {
    version: 1,
    nextId: Number(next.value),
    accounts,
    sessions,
    prefs: {},
    doubleConfirm: {},
    klineConfig: {},
    layouts: {},
    quotaUsed: {},
  };
  const rows = db.prepare('SELECT account_id, doc FROM settings').all() as {
    account_id: string;
    doc: string;
  }[];
  for (const r of rows) {
    const s = JSON.parse(r.doc) as AccountSettings;
    if (s.prefs !== undefined) state.prefs[r.account_id] = s.prefs;
    if (s.doubleConfirm !== undefined) state.doubleConfirm[r.account_id] = s.doubleConfirm;
    if (s.klineConfig !== undefined) state.klineConfig[r.account_id] = s.klineConfig;
    if (s.layouts !== undefined) state.layouts[r.account_id] = s.layouts;
    if (s.quotaUsed !== undefined) state.quotaUsed[r.account_id] = s.quotaUsed;
  }
  return state;
}
