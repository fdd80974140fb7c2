/**
 * One-time migration of the JSON files older simulators wrote (`accounts.json`, `engine.json`) into the database,
 * on the first start that finds them; they are then renamed `*.migrated`. A file that does not parse stops the
 * start (it is never treated as empty).
 */
import { existsSync, readFileSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { isAccountsState } from '../accounts/accounts';
import type { EngineState } from '../engine/types';
import { writeAccountsState } from './accountRows';
import { StoreOpenError, type Db } from './db';
import { writeEngineState } from './engineRows';

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as unknown;
  } catch (e) {
    throw new StoreOpenError(
      `cannot migrate ${file}: ${e instanceof Error ? e.message : String(e)}. It was left as it is; repair or ` +
        'move it away to start.',
    );
  }
}

function isEngineState(v: unknown): v is EngineState {
  return typeof v === 'object' && v !== null && (v as { version?: unknown }).version === 1;
}

/** Moves legacy JSON collections of `dir` into `db` once; returns the files migrated. */
export function migrateJson(db: Db, dir: string): string[] {
  const accountsFile = join(dir, 'accounts.json');
  const engineFile = join(dir, 'engine.json');
  const files = [accountsFile, engineFile].filter((f) => existsSync(f));
  if (files.length === 0) return [];
  const accounts = existsSync(accountsFile) ? readJson(accountsFile) : undefined;
  const engine = existsSync(engineFile) ? readJson(engineFile) : undefined;
  if (accounts !== undefined && !isAccountsState(accounts))
    throw new StoreOpenError(`cannot migrate ${accountsFile}: not an accounts document (left as it is)`);
  if (engine !== undefined && !isEngineState(engine))
    throw new StoreOpenError(`cannot migrate ${engineFile}: not an engine document (left as it is)`);
  db.transaction(() => {
    if (accounts !== undefined) writeAccountsState(db, accounts);
    if (engine !== undefined) writeEngineState(db, engine);
  })();
  for (const f of files) renameSync(f, `${f}.migrated`);
  return files;
}
