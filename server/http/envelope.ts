/** Success and error envelopes of the three families the spec and the wire use. */
import type { CallDef } from '../../workers/protocol/paths';

/** A JSON HTTP answer: status and body. */
export interface JsonReply {
  readonly status: number;
  readonly body: unknown;
  readonly headers?: Readonly<Record<string, string | string[]>>;
}

/** Builds the success envelope of a call's family. */
export function ok(envelope: CallDef['envelope'], result: unknown, now = Date.now()): JsonReply {
  switch (envelope) {
    case 'v5':
      return { status: 200, body: { retCode: 0, retMsg: 'OK', result, retExtInfo: {}, time: now } };
    case 'code':
      return { status: 200, body: { code: 0, success: true, message: 'success', result } };
    case 'ret':
      return { status: 200, body: { ret_code: 0, ret_msg: 'OK', result } };
  }
}

/** Builds the error envelope of a call's family. HTTP status stays 200 for business errors, as exchanges do. */
export function fail(
  envelope: CallDef['envelope'],
  code: number,
  message: string,
  status = 200,
  now = Date.now(),
): JsonReply {
  switch (envelope) {
    case 'v5':
      return { status, body: { retCode: code, retMsg: message, result: {}, retExtInfo: {}, time: now } };
    case 'code':
      return { status, body: { code, success: false, message, result: null } };
    case 'ret':
      return { status, body: { ret_code: code, ret_msg: message, result: null } };
  }
}

/** Error codes of the HTTP layer (bybit-wire.md §4 where it has one). */
export const HTTP_ERRORS = {
  param: 10001,
  auth: 10007,
  rateLimit: 10006,
  notFound: 10404,
  method: 10405,
  tooLarge: 10413,
  forbidden: 10403,
  mediaType: 10415,
  headersTooLarge: 10431,
  internal: 10016,
} as const;
