/** The store's commit as an HTTP outcome: a write that did not reach the disk answers the caller's error envelope. */
import type { Store } from '../store/store';
import { WriteFailedError } from '../store/store';
import { HTTP_ERRORS } from './envelope';
import { ApiError } from './router';

/** Commits the current action; a failed write becomes ApiError 10016 with status 503 (state already restored). */
export function commitOrFail(store: Store): void {
  try {
    store.commit();
  } catch (e) {
    if (e instanceof WriteFailedError) throw new ApiError(HTTP_ERRORS.internal, e.message, 503);
    throw e;
  }
}
