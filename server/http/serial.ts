/**
 * Runs async jobs one at a time, in arrival order. Password hashes go through one: scrypt takes a whole core for a
 * third of a second here, and libuv would run four at once, leaving the event loop (every other client's pings
 * and orders) no core on a small machine. One at a time, a login burst costs one core and waits its turn.
 */

/** A one-slot queue of async jobs. */
export class Serial {
  private tail: Promise<unknown> = Promise.resolve();

  /** Runs `job` after every job queued before it; resolves or rejects with its outcome. */
  run<T>(job: () => Promise<T>): Promise<T> {
    const result = this.tail.then(job, job);
    this.tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}
