/** The socket's state: one type for the connection module that tracks it, the diff and the tab's atom. */

/** Socket state (spec §8 codes). */
export interface ConnectionState {
  readonly state: 'connecting' | 'open' | 'reconnecting' | 'offline';
  /** 4998 open error, 4997 open timeout, 4996 heartbeat timeout, 4995 heartbeat recovered, 4999 error, 4005/4006 abnormal close. */
  readonly code: number | null;
  /** ms since epoch of the last message from the feed. */
  readonly lastMessageAt: number;
  /** Reconnects so far. */
  readonly reconnects: number;
}
