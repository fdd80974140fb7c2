/**
 * The simulator's unit of work over SQLite: changes are staged as row writes during an engine action and
 * committed in one transaction; the pushes of that action (listener events) wait in `after` and leave only once
 * the transaction committed. A failed commit rolls the database back, drops the pushes and calls `onFailure` so
 * the caller restores the in-memory state from the database.
 */
import type { Db } from './db';

/** A staged write: runs inside the commit's transaction. */
export type StagedWrite = (db: Db) => void;

/** A commit that did not reach the disk (the caller answers an error envelope; state was restored). */
export class WriteFailedError extends Error {
  override readonly name = 'WriteFailedError';
}

/** Transactional store: stage writes, defer pushes, commit once per engine action. */
export class Store {
  private writes: StagedWrite[] = [];
  private pushes: (() => void)[] = [];
  private scheduled = false;
  private failures = 0;
  /** Called before every commit so collectors can stage the rows they marked dirty. */
  private readonly collectors: (() => void)[] = [];
  /** Called after a failed commit (restore memory from the database). */
  onFailure: () => void = () => undefined;
  /** Commits so far (tests and the chaos script read it). */
  commits = 0;
  /** Commits that failed so far, quiet ones included (a request compares it to learn its write was lost). */
  failedCommits = 0;

  constructor(readonly db: Db) {}

  /** Adds a step that stages its dirty rows right before each commit. */
  collect(fn: () => void): void {
    this.collectors.push(fn);
  }

  /** Stages a write for the current action; a commit is scheduled for the end of this tick if none is made. */
  stage(write: StagedWrite): void {
    this.writes.push(write);
    this.schedule();
  }

  /** Defers a push until the current action committed (immediately when nothing is pending). */
  after(push: () => void): void {
    this.pushes.push(push);
    this.schedule();
  }

  /** Makes the next `n` commits fail (test hook: `SIM_TEST_HOOKS=1` exposes it as POST /sim/test/fail-writes). */
  failNext(n: number): void {
    this.failures = n;
  }

  /** Commits the staged writes in one transaction, then sends the deferred pushes; throws WriteFailedError. */
  commit(): void {
    for (const c of this.collectors) c();
    const writes = this.writes;
    const pushes = this.pushes;
    this.writes = [];
    this.pushes = [];
    if (writes.length > 0) {
      try {
        this.db.transaction(() => {
          for (const w of writes) w(this.db);
          if (this.failures > 0) {
            this.failures--;
            throw new Error('injected write failure');
          }
        })();
        this.commits++;
      } catch (e) {
        this.failedCommits++;
        console.error('[sim] store: write failed, state restored from the database:', e);
        this.onFailure();
        // Restoring may itself have staged rows or pushes describing the restored state: keep only the pushes.
        this.writes = [];
        throw new WriteFailedError('the change could not be saved; nothing was changed');
      }
    }
    for (const p of pushes) p();
  }

  /** Commits from a timer or a microtask: a failure is logged and contained (never escapes a timer). */
  commitQuietly(): boolean {
    try {
      this.commit();
      return true;
    } catch (e) {
      if (!(e instanceof WriteFailedError)) console.error('[sim] store: commit failed:', e);
      return false;
    }
  }

  /** Writes anything staged and closes the database. */
  close(): void {
    this.commitQuietly();
    this.db.close();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      this.commitQuietly();
    });
  }
}
