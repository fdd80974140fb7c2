/**
 * The demo wallet (spec §7 "Demo wallet balance get", "Demo recharge with bizScene SPOT_TRADE", §8 "Recharge"): the
 * replies read and the error rule. Pure.
 */

/** Spec §8: this code names the token already at its demo limit. */
export const RECHARGE_LIMIT_CODE = 3410020;

/** The wallet balance (wb) of a demo wallet-balance reply; null for an error or another shape. */
export function toDemoBalance(reply: unknown): string | null {
  if (typeof reply !== 'object' || reply === null) return null;
  const r = reply as { code?: unknown; wb?: unknown; result?: { wb?: unknown } };
  if (r.code !== 0) return null;
  const wb = r.wb ?? r.result?.wb;
  return typeof wb === 'string' || typeof wb === 'number' ? String(wb) : null;
}

/** What a recharge reply says. */
export type RechargeOutcome =
  | { readonly type: 'ok' }
  | { readonly type: 'limit'; readonly token: string }
  | { readonly type: 'message'; readonly message: string }
  | { readonly type: 'generic' };

/**
 * Spec §8: 3410020 shows the token; any other non-zero code shows the server's message, and a failure without one
 * (or no answer at all) the generic globaldemoAccountRechargeError.
 */
export function toRechargeOutcome(reply: unknown, token: string): RechargeOutcome {
  if (typeof reply !== 'object' || reply === null) return { type: 'generic' };
  const r = reply as { code?: unknown; message?: unknown; result?: { resultCode?: unknown } };
  if (r.code === 0 && (r.result?.resultCode === undefined || r.result.resultCode === 0))
    return { type: 'ok' };
  if (r.code === RECHARGE_LIMIT_CODE) return { type: 'limit', token };
  return typeof r.message === 'string' && r.message.trim() !== ''
    ? { type: 'message', message: r.message }
    : { type: 'generic' };
}
