/**
 * Answers written straight onto a raw socket, for the places where node:http hands us no response object: a
 * refused WebSocket upgrade and a request the parser gave up on (`clientError`). The body is still the error
 * envelope, so a client sees the same shape as on any other refusal.
 */
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { fail } from './envelope';

/** The bytes of a complete HTTP/1.1 answer carrying the `code` error envelope; the connection closes after it. */
export function rawEnvelope(status: number, code: number, message: string): string {
  const body = JSON.stringify(fail('code', code, message, status).body);
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\n` +
    'Content-Type: application/json; charset=utf-8\r\n' +
    'Cache-Control: no-store\r\n' +
    'X-Content-Type-Options: nosniff\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    'Connection: close\r\n\r\n' +
    body
  );
}

/** Writes an error envelope onto a raw socket and closes it (no-op when the socket is already gone). */
export function refuseSocket(socket: Duplex, status: number, code: number, message: string): void {
  if (socket.destroyed || !socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(rawEnvelope(status, code, message));
}
