/**
 * Password checks on a low-priority thread. scrypt is memory-hard and takes a core for a third of a second here; on
 * libuv's pool it competes with the event loop as an equal, so a login burst slows every other client's pings and
 * orders. This thread lowers its own scheduling priority (nice 19, Linux thread id from /proc/thread-self), checks
 * one password at a time, and ends itself when idle. The hash is the accounts' own: scrypt(password, salt, 32).
 */
import { timingSafeEqual } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { Account } from '../accounts/accounts';

const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
try {
  const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  require('node:os').setPriority(tid, 19);
} catch {
  // Not Linux, or not allowed: the check still runs, at normal priority.
}
parentPort.on('message', ({ id, password, salt }) => {
  parentPort.postMessage({ id, key: scryptSync(password, salt, 32) });
});
`;

/** How long the thread lives without work before it ends (a new check starts another). */
const IDLE_MS = 10_000;

/** Checks passwords against accounts on one low-priority thread. */
export class LowPriorityHasher {
  private worker: Worker | null = null;
  private idle: NodeJS.Timeout | null = null;
  private seq = 0;
  private readonly pending = new Map<number, (key: Buffer) => void>();

  /** scrypt(password, salt, 32) off the event loop, behind every check queued before it. */
  hash(password: string, salt: string): Promise<Buffer> {
    const w = this.thread();
    const id = ++this.seq;
    if (this.idle !== null) clearTimeout(this.idle);
    return new Promise((ok) => {
      this.pending.set(id, ok);
      w.postMessage({ id, password, salt });
    });
  }

  /**
   * The account of `email` if `password` is its password, else null; an unknown email costs the same hash (with a
   * pad salt), so the answer's timing does not tell whether the email exists.
   */
  async verify(accounts: readonly Account[], email: string, password: string): Promise<Account | null> {
    const key = email.trim().toLowerCase();
    const a = accounts.find((x) => x.email === key);
    const h = await this.hash(password, a?.salt ?? 'timing-pad');
    if (a === undefined) return null;
    return timingSafeEqual(h, Buffer.from(a.hash, 'hex')) ? a : null;
  }

  private thread(): Worker {
    if (this.worker !== null) return this.worker;
    const w = new Worker(WORKER_SOURCE, { eval: true });
    w.unref();
    w.on('message', (m: { id: number; key: Uint8Array }) => {
      const done = this.pending.get(m.id);
      this.pending.delete(m.id);
      done?.(Buffer.from(m.key));
      if (this.pending.size === 0) {
        this.idle = setTimeout(() => {
          this.stop();
        }, IDLE_MS);
        this.idle.unref();
      }
    });
    w.on('error', (e) => {
      console.error('[sim] password thread failed:', e);
      this.worker = null;
    });
    this.worker = w;
    return w;
  }

  private stop(): void {
    if (this.pending.size > 0 || this.worker === null) return;
    void this.worker.terminate();
    this.worker = null;
  }
}
