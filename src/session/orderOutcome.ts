/** What the trader sees after an order call (spec §8 "Order create", "Cancel", "Cancel-all", "Success toasts"). Pure. */
import { NETWORK_ERROR_CODE, type OrderResult } from './orderActions';
/** Blocking result states of a create (spec §8): trade-try-limit and standard-account-limit. */
export type CreateBlock = 'tradeTryLimit' | 'standardAccountLimit';

/** Create codes that open the trade-try-limit state (spec §8). */
export const TRADE_TRY_LIMIT_CODES: ReadonlySet<number> = new Set([32241, -2172, 12240, 170348]);
/** Create code that opens the standard-account-limit state. */
export const STANDARD_ACCOUNT_LIMIT_CODE = 32329;
/** Cancel / cancel-all code meaning the account is being liquidated. */
export const LIQUIDATION_CODE = 81001;

/** The result of a create as the form shows it. */
export type CreateOutcome =
  | { readonly type: 'success' }
  | { readonly type: 'block'; readonly block: CreateBlock }
  /** A toast with the server's message (rendered as text only); empty message → the generic failure text. */
  | { readonly type: 'toast'; readonly message: string; readonly network: boolean };

/** Classifies a create result. */
export function toCreateOutcome(r: OrderResult): CreateOutcome {
  if (r.ok) return { type: 'success' };
  if (TRADE_TRY_LIMIT_CODES.has(r.code)) return { type: 'block', block: 'tradeTryLimit' };
  if (r.code === STANDARD_ACCOUNT_LIMIT_CODE) return { type: 'block', block: 'standardAccountLimit' };
  return { type: 'toast', message: r.message, network: r.code === NETWORK_ERROR_CODE };
}

/** The toast of a cancel or cancel-all result: success, liquidation (81001), or the server's message. */
export type CancelOutcome =
  | { readonly type: 'success' }
  | { readonly type: 'liquidation' }
  | { readonly type: 'failure'; readonly message: string };

/** Classifies a cancel / cancel-all result (code 0 is success). */
export function toCancelOutcome(r: {
  readonly code: number;
  readonly message: string;
  readonly ok: boolean;
}): CancelOutcome {
  if (r.ok) return { type: 'success' };
  if (r.code === LIQUIDATION_CODE) return { type: 'liquidation' };
  return { type: 'failure', message: r.message };
}
