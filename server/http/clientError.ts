/**
 * Requests node:http's parser gives up on (`clientError`) still get the error envelope: oversized headers are 431
 * (the client can shorten them and retry), anything else unparsable is 400. A socket already gone is destroyed.
 */
import type { Duplex } from 'node:stream';
import { HTTP_ERRORS } from './envelope';
import { refuseSocket } from './socketReply';

/** Answers a parser error on its raw socket. */
export function answerClientError(err: Error & { code?: string }, socket: Duplex): void {
  if (err.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  if (err.code === 'HPE_HEADER_OVERFLOW') {
    refuseSocket(socket, 431, HTTP_ERRORS.headersTooLarge, 'request headers too large');
    return;
  }
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    refuseSocket(socket, 408, HTTP_ERRORS.param, 'request timeout');
    return;
  }
  refuseSocket(socket, 400, HTTP_ERRORS.param, 'bad request');
}
