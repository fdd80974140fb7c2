/**
 * Order actions against the exchange (spec §7 Orders): create, modify, cancel, cancel all. Used by the order panel,
 * the orders panel and the chart's order lines alike, so every place behaves the same.
 *
 * A create carries a client order id; when the answer is lost (timeout, dropped connection, simulator restart) the
 * same request is sent again with the same id, and the server answers the first order instead of making a second.
 */
import { toOrderEvent, type OrderEvent } from '../../workers/protocol/orderEvent';
import type { CallName } from '../../workers/protocol/paths';
import type { CreateOrderParams } from '../lib/orderDraft';
import { postCall } from './api';

/** What an order call ended with: the order as the server now has it, or the server's error (spec §8 codes). */
export type OrderResult =
  | { readonly ok: true; readonly order: OrderEvent }
  | { readonly ok: false; readonly code: number; readonly message: string };

/** Code used when no server answer arrived after every retry (the network-error toast). */
export const NETWORK_ERROR_CODE = -1;

/** Per-attempt timeout of a create; then the same client order id is sent again. */
const ATTEMPT_TIMEOUT_MS = 5_000;
/** Attempts of a create before giving up with a network error. */
const CREATE_ATTEMPTS = 4;
/** Pause before a retry (doubles each time). */
const RETRY_BASE_MS = 400;

let sequence = 0;

/** A fresh client order id: unique per tab and time, within the server's 64-character [A-Za-z0-9_-:.] pattern. */
export function newClientOrderId(now: number = Date.now()): string {
  sequence = (sequence + 1) % 1_000_000;
  const rand = Math.floor(Math.random() * 36 ** 6)
    .toString(36)
    .padStart(6, '0');
  return `w${now.toString(36)}-${rand}-${sequence.toString(36)}`;
}

/** Reads a `code 0 + success` envelope into an OrderResult. */
export function readOrderReply(body: unknown): OrderResult {
  if (typeof body !== 'object' || body === null) return { ok: false, code: NETWORK_ERROR_CODE, message: '' };
  const b = body as { code?: unknown; message?: unknown; result?: unknown };
  const code = typeof b.code === 'number' ? b.code : NETWORK_ERROR_CODE;
  const message = typeof b.message === 'string' ? b.message : '';
  if (code !== 0) return { ok: false, code, message };
  const order = toOrderEvent(b.result);
  return order === undefined
    ? { ok: false, code: NETWORK_ERROR_CODE, message: 'bad order reply' }
    : { ok: true, order };
}

/** One POST with a timeout; throws on transport failure, timeout or a 5xx (which may not have reached the engine). */
function post(name: CallName, body: unknown, timeoutMs: number): Promise<unknown> {
  return postCall(name, body, undefined, timeoutMs);
}

const sleep = (ms: number): Promise<void> => new Promise((ok) => setTimeout(ok, ms));

/**
 * Places an order. Retries lost answers with the same client order id (idempotent on the server), so a create
 * never makes two orders. Pass `client_order_id` to control the id (a form keeps one per submit).
 */
export async function createOrder(
  params: CreateOrderParams,
  clientOrderId: string = newClientOrderId(),
): Promise<OrderResult> {
  const body = { ...params, client_order_id: clientOrderId };
  for (let attempt = 0; attempt < CREATE_ATTEMPTS; attempt++) {
    try {
      return readOrderReply(await post('orderCreate', body, ATTEMPT_TIMEOUT_MS));
    } catch {
      if (attempt + 1 < CREATE_ATTEMPTS) await sleep(RETRY_BASE_MS * 2 ** attempt);
    }
  }
  return { ok: false, code: NETWORK_ERROR_CODE, message: 'network error' };
}

/** Which open list an order is in decides the call: plan orders waiting for their trigger use the plan variants. */
export interface OrderRef {
  readonly orderId: string;
  /** true for an untriggered plan order (conditional, stop-limit, OCO, trailing). */
  readonly plan: boolean;
}

/** Changes the price / quantity (or trigger fields of a plan order). One attempt: a modify is not blindly retried. */
export async function modifyOrder(
  ref: OrderRef,
  change: {
    readonly price?: string;
    readonly quantity?: string;
    readonly trigger_price?: string;
    readonly symbol_id?: number;
  },
): Promise<OrderResult> {
  try {
    return readOrderReply(
      await post(
        ref.plan ? 'planOrderModify' : 'orderModify',
        { order_id: ref.orderId, ...change },
        ATTEMPT_TIMEOUT_MS,
      ),
    );
  } catch {
    return { ok: false, code: NETWORK_ERROR_CODE, message: 'network error' };
  }
}

/** Cancels one order. Retried once on a lost answer (cancelling twice answers "order does not exist", code 170213). */
export async function cancelOrder(ref: OrderRef): Promise<OrderResult> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      return readOrderReply(
        await post(
          ref.plan ? 'cancelPlanOrder' : 'cancelOrder',
          { order_id: ref.orderId },
          ATTEMPT_TIMEOUT_MS,
        ),
      );
    } catch {
      if (attempt === 0) await sleep(RETRY_BASE_MS);
    }
  }
  return { ok: false, code: NETWORK_ERROR_CODE, message: 'network error' };
}

/**
 * Cancels every open ordinary order (or every plan order of one plan type), optionally of one symbol; resolves true
 * on success. Ordinary orders go to cancelAll (`symbol_ids`, empty for all pairs); plan orders to cancelAllPlan
 * (`symbol_id` and `plan_type`, spec §7: 1 conditional, 8 stop-limit, 10 OCO, 4 trailing, 11 TP/SL; default 1).
 */
export async function cancelAllOrders(scope: {
  readonly plan: boolean;
  readonly symbol_id?: number;
  readonly plan_type?: number;
}): Promise<{ readonly ok: boolean; readonly code: number; readonly message: string }> {
  try {
    let request: Record<string, unknown>;
    if (scope.plan) {
      request = {
        plan_type: scope.plan_type ?? 1,
        ...(scope.symbol_id === undefined ? {} : { symbol_id: scope.symbol_id }),
      };
    } else {
      request = { symbol_ids: scope.symbol_id === undefined ? [] : [String(scope.symbol_id)] };
    }
    const body = await post(scope.plan ? 'cancelAllPlan' : 'cancelAll', request, ATTEMPT_TIMEOUT_MS);
    const b = (typeof body === 'object' && body !== null ? body : {}) as {
      code?: unknown;
      message?: unknown;
    };
    const code = typeof b.code === 'number' ? b.code : NETWORK_ERROR_CODE;
    return { ok: code === 0, code, message: typeof b.message === 'string' ? b.message : '' };
  } catch {
    return { ok: false, code: NETWORK_ERROR_CODE, message: 'network error' };
  }
}
