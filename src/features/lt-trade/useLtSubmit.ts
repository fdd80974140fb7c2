import { useCallback, useState } from 'react';
import { postCall, resultOf } from '../../session/api';
import { toLtOrder, type LtOrder } from '../../../workers/protocol/lt';

/** How a subscription or redemption request ended: the order the simulator stored, or its error text. */
export type LtSubmitResult =
  { readonly ok: true; readonly order: LtOrder } | { readonly ok: false; readonly message: string };

/** Per-request timeout: the request is not retried (it has no client id), the trader sees the failure. */
const SUBMIT_TIMEOUT_MS = 10_000;

/** Reads the reply of ltSubscribe / ltRedeem. */
export function readLtReply(body: unknown): LtSubmitResult {
  const order = toLtOrder(resultOf(body)?.order);
  if (order !== undefined) return { ok: true, order };
  const msg = (body as { message?: unknown } | null)?.message;
  return { ok: false, message: typeof msg === 'string' ? msg : '' };
}

/** Sends a subscription (quote amount) or a redemption (token quantity); `sending` while one is in flight. */
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
        const body =
          kind === 'subscription'
            ? await postCall(
                'ltSubscribe',
                { symbol_id: symbolId, amount: value },
                undefined,
                SUBMIT_TIMEOUT_MS,
              )
            : await postCall(
                'ltRedeem',
                { symbol_id: symbolId, quantity: value },
                undefined,
                SUBMIT_TIMEOUT_MS,
              );
        return readLtReply(body);
      } catch (e) {
        return { ok: false, message: e instanceof Error ? e.message : String(e) };
      } finally {
        setSending(false);
      }
    },
    [],
  );
  return { sending, submit };
}
