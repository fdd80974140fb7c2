/** The store's commit as an HTTP outcome: a write that did not reach the disk answers the caller's error envelope. */
import type { Store } from '../store/store';
import { WriteFailedError } from '../store/store';
import { HTTP_ERRORS } from './envelope';
import { ApiError } from './router';

/** The store's failure count when a request began (pass it back to {@link commitOrFail}). */
export function commitMark(store: Store): number {
  return store.failedCommits;
}

/**
 * Commits the current action; a failed write becomes ApiError 10016 with status 503 (state already restored).
 * With `since` (the request's {@link commitMark}), a commit that failed while the handler ran also fails the
 * request: writes a handler stages before an `await` can be committed by the store's end-of-tick commit, and
 * that commit's failure would otherwise be swallowed and the request answered as if saved.
 */
export function commitOrFail(store: Store, since?: number): void {
  try {
    store.commit();
  } catch (e) {
    if (e instanceof WriteFailedError) throw new ApiError(HTTP_ERRORS.internal, e.message, 503);
    throw e;
  }
  if (since !== undefined && store.failedCommits > since) {
    throw new ApiError(HTTP_ERRORS.internal, 'the change could not be saved; nothing was changed', 503);
  }
}
