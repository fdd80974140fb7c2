/**
 * What the connection indicator says (spec §8 socket codes): pure mapping of the hub's socket state to a tone and
 * the words' keys. 4995 (heartbeat recovered) is good news; the other codes explain a reconnect.
 */
import type { ConnectionState } from '../../../workers/api';

/** The socket codes of spec §8 that have their own words. */
export const SOCKET_CODES = [4995, 4996, 4997, 4998, 4999, 4005, 4006] as const;

/** One known code. */
export type SocketCode = (typeof SOCKET_CODES)[number];

/** The indicator's view. */
export interface ConnectionView {
  readonly tone: 'ok' | 'warn' | 'down';
  /** Key under `notices:connection.` for the state. */
  readonly stateKey: 'connected' | 'connecting' | 'reconnecting' | 'offline';
  /** A known code (its words under `notices:connection.code.`), or null. */
  readonly code: SocketCode | null;
}

function isSocketCode(c: number | null): c is SocketCode {
  return c !== null && (SOCKET_CODES as readonly number[]).includes(c);
}

/** The view of a socket state. */
export function toConnectionView(s: Pick<ConnectionState, 'state' | 'code'>): ConnectionView {
  const code = isSocketCode(s.code) ? s.code : null;
  switch (s.state) {
    case 'open':
      return { tone: 'ok', stateKey: 'connected', code: code === 4995 ? code : null };
    case 'connecting':
      return { tone: 'warn', stateKey: 'connecting', code };
    case 'reconnecting':
      return { tone: 'warn', stateKey: 'reconnecting', code };
    case 'offline':
      return { tone: 'down', stateKey: 'offline', code };
  }
}
