import { useCallback, useState } from 'react';
import { postCall, resultOf } from '../../session/api';
import { newClientOrderId } from '../../session/orderActions';
import { toLtOrder, type LtOrder } from '../../../workers/protocol/lt';

/** How a subscription or redemption request ended: the order the simulator stored, or its error text. */
export type LtSubmitResult =
  { readonly ok: true; readonly order: LtOrder } | { readonly ok: false; readonly message: string };

/** Per-attempt timeout; then the same request is sent again with the same client id. */
const ATTEMPT_TIMEOUT_MS = 5_000;
/** Attempts before giving up with the transport's error. */
const ATTEMPTS = 3;
/** Pause before a retry (doubles each time). */
const RETRY_BASE_MS = 400;

/** Reads the reply of ltSubscribe / ltRedeem. */
export function readLtReply(body: unknown): LtSubmitResult {
  const order = toLtOrder(resultOf(body)?.order);
  if (order !== undefined) return { ok: true, order };
  const msg = (body as { message?: unknown } | null)?.message;
  return { ok: false, message: typeof msg === 'string' ? msg : '' };
}

/** A transport used by `sendLt` (the real one is `postCall`; tests pass their own). */
export type LtPost = (name: 'ltSubscribe' | 'ltRedeem', body: unknown, timeoutMs: number) => Promise<unknown>;

const realPost: LtPost = (name, body, timeoutMs) => postCall(name, body, undefined, timeoutMs);

const sleep = (ms: number): Promise<void> =>
  new Promise((ok) => {
    setTimeout(ok, ms);
  });

/**
 * Sends one subscription (quote amount) or redemption (token quantity) with a client id made once for it. A lost
 * answer (timeout, dropped connection, 5xx) is sent again with the same id: the simulator answers the first order
 * instead of making a second, so a retry never moves money twice.
 */
export async function sendLt(
  kind: 'subscription' | 'redemption',
  symbolId: number,
  value: string,
  post: LtPost = realPost,
  clientOrderId: string = newClientOrderId(),
  retryBaseMs: number = RETRY_BASE_MS,
): Promise<LtSubmitResult> {
  const body =
    kind === 'subscription'
      ? { symbol_id: symbolId, amount: value, client_order_id: clientOrderId }
      : { symbol_id: symbolId, quantity: value, client_order_id: clientOrderId };
  const name = kind === 'subscription' ? 'ltSubscribe' : 'ltRedeem';
  let last = '';
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    try {
      return readLtReply(await post(name, body, ATTEMPT_TIMEOUT_MS));
    } catch (e) {
      last = e instanceof Error ? e.message : String(e);
      if (attempt + 1 < ATTEMPTS) await sleep(retryBaseMs * 2 ** attempt);
    }
  }
  return { ok: false, message: last };
}

/** Sends a subscription or a redemption (`sendLt`); `sending` while one is in flight. */
export function useLtSubmit(): {
  readonly sending: boolean;
  readonly submit: (
    kind: 'subscription' | 'redemption',
    symbolId: number,
    value: string,
  ) => Promise<LtSubmitResult>;
} {
  const [sending, setSending] = useState(false);
  const submit = useCallback(
    async (kind: 'subscription' | 'redemption', symbolId: number, value: string): Promise<LtSubmitResult> => {
      setSending(true);
      try {
        return await sendLt(kind, symbolId, value);
      } finally {
        setSending(false);
      }
    },
    [],
  );
  return { sending, submit };
}
