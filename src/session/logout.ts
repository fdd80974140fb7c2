/** Logging out (spec §7 "POST /logout, empty body"): through the hub, so every tab of the browser follows at once. */
import type { WriteOutcome } from '../../workers/api';
import { hubClient } from '../hub/client';

/** Logs the session out; every tab then shows the visitor view (useSessionUser follows the hub's account). */
export function logout(): Promise<WriteOutcome> {
  return hubClient()
    .remote()
    .logout()
    .catch((e: unknown): WriteOutcome => ({ ok: false, message: String(e) }));
}
