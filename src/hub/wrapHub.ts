/**
 * The hub's API over a port or a worker: the one `Comlink.wrap<HubApi>()` of the tab (its hub client) and of the
 * paint worker (its frame pullers). Compiles in the tab and in workers alike.
 */
import * as Comlink from 'comlink';
import type { HubApi } from '../../workers/api';

/** The typed hub API behind `endpoint` (a SharedWorker's port, a dedicated hub Worker, or a port the hub gave). */
export function wrapHub(endpoint: Comlink.Endpoint): Comlink.Remote<HubApi> {
  return Comlink.wrap<HubApi>(endpoint);
}
