/** Readers and guards shared by the order, fill and average routes (`orders.ts` and its route groups). */
import type { Account } from '../accounts/accounts';
import type { SimContext } from '../context';
import type { EngineResult, ExecutionView, PlanType } from '../engine/types';
import { commitOrFail } from '../http/commit';
import { ParamError, type Params } from '../http/params';
import { ApiError } from '../http/router';
import { findSymbol, type SymbolSpec } from '../market/symbols';

/** One day in ms. */
export const DAY = 86_400_000;
/** Plan type codes accepted on the wire. */
export const PLAN_TYPES: readonly string[] = ['-1', '1', '4', '5', '8', '10', '11'];

/** The session's account; order calls without one are refused. */
export function me(s: Account | null): Account {
  if (s === null) throw new ApiError(10007, 'login required', 401);
  return s;
}

/** Commits an order call's change before it answers (a failed write answers the error envelope). */
export function persist(ctx: SimContext): void {
  commitOrFail(ctx.store);
}

/** The engine's value, or its error code as an API error. */
export function unwrap<T>(r: EngineResult<T>): T {
  if (!r.ok) throw new ApiError(r.code, r.message);
  return r.value;
}

/** The required symbol (`symbol_id`, else `symbol`). */
export function readSymbol(p: Params): SymbolSpec {
  const key = p.str('symbol_id', { max: 32 }) ?? p.str('symbol', { max: 32 });
  if (key === undefined) throw new ParamError('symbol_id is required');
  const spec = findSymbol(key);
  if (spec === undefined) throw new ParamError(`symbol ${key} is not listed`);
  return spec;
}

/** An optional symbol filter; an unlisted one is refused. */
export function optionalSymbol(p: Params, name = 'symbol_id'): SymbolSpec | undefined {
  const key = p.str(name, { max: 32 });
  if (key === undefined) return undefined;
  const spec = findSymbol(key);
  if (spec === undefined) throw new ParamError(`${name} ${key} is not listed`);
  return spec;
}

/** The `plan_type` field as a plan code (`def` when absent). */
export function planTypeOf(p: Params, def: PlanType | undefined): PlanType | undefined {
  const v = p.oneOf('plan_type', PLAN_TYPES, def === undefined ? {} : { def: String(def) });
  return v === undefined ? undefined : (Number(v) as PlanType);
}

/** The account's fills in [since, until], newest first, optionally of one symbol. */
export function execFilter(
  ctx: SimContext,
  a: Account,
  spec: SymbolSpec | undefined,
  since: number,
  until = Infinity,
): ExecutionView[] {
  return ctx.engine
    .executions(a.id, spec === undefined ? { since } : { symbol: spec.symbol, since })
    .filter((e) => e.execTime <= until);
}
