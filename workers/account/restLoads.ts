/**
 * The account's REST loads that need no reducer state of their own (moved out of accountState.ts, which holds the
 * reducers): open orders of the account's kind paged by order id, balances over the endpoints of spec §6, and the
 * `result.list` of a list call, and the strategy lists.
 */
import type { AccountKind } from './averages';
import { CALLS } from '../protocol/paths';
import type { WalletBalances } from './wallet';

/** What the loads need of the hub (AccountState's hooks satisfy it; declared here so this file stays pure). */
interface RestHooks {
  getJson(path: string): Promise<unknown>;
  postJson(path: string, body: unknown): Promise<unknown>;
  log(line: string): void;
  balancesLoaded?: () => void;
}

/** The `result.list` of a list call; null (logged) when the call failed or answered no list. */
export async function listOf(hooks: RestHooks, path: string, what: string): Promise<unknown[] | null> {
  try {
    const json = (await hooks.getJson(path)) as { result?: { list?: unknown } } | null;
    const list = json?.result?.list;
    return Array.isArray(list) ? (list as unknown[]) : null;
  } catch (e) {
    hooks.log(`${what} failed: ${String(e)}`);
    return null;
  }
}

/**
 * Balances over REST (spec §6 endpoints): the wallet list (getBalance), then for a unified account each shown
 * pair's coins from getUnifiedAsset (the unified endpoint answers a pair's two coins, so the list comes first).
 */
export async function loadBalances(
  hooks: RestHooks,
  wallet: WalletBalances,
  kind: AccountKind,
  shownSymbols: readonly string[],
): Promise<void> {
  const wm = wallet.mark();
  try {
    const bal = (await hooks.getJson(CALLS.balanceClassic.path)) as { result?: unknown };
    wallet.applyClassicRest(bal.result, wm);
    if (kind === 'unified')
      for (const symbol of shownSymbols) {
        const um = wallet.mark();
        const q = `symbolName=${encodeURIComponent(symbol)}`;
        const r = (await hooks.getJson(`${CALLS.unifiedAsset.path}?${q}`)) as { result?: unknown };
        wallet.applyUnifiedRest(r.result, um);
      }
    hooks.balancesLoaded?.();
  } catch (e) {
    hooks.log(`balances failed: ${String(e)}`);
  }
}

/** Open orders: classic getOpenOrders + getOpenPlanOrders, unified getUTAOrders (spec §6, §7); null on failure. */
export async function openOrderRows(hooks: RestHooks, kind: AccountKind): Promise<unknown[] | null> {
  if (kind === 'unified') return pages(hooks, CALLS.getUTAOrders.path);
  const ordinary = await pages(hooks, CALLS.getOpenOrders.path);
  const plans = ordinary === null ? null : await pages(hooks, CALLS.getOpenPlanOrders.path);
  return ordinary === null || plans === null ? null : [...ordinary, ...plans];
}

/** Every open order of one list call, paged by from_order_id, 100 a page; null if a page failed. */
async function pages(hooks: RestHooks, path: string): Promise<unknown[] | null> {
  const rows: unknown[] = [];
  let from = '0';
  for (let page = 0; page < 50; page++) {
    let json: unknown;
    try {
      json = await hooks.getJson(`${path}?limit=100&from_order_id=${from}`);
    } catch (e) {
      hooks.log(`open orders failed: ${String(e)}`);
      return null;
    }
    const list = (json as { result?: { list?: unknown } } | null)?.result?.list;
    if (!Array.isArray(list)) return null;
    rows.push(...(list as unknown[]));
    const last = list[list.length - 1] as { orderId?: unknown } | undefined;
    if (list.length < 100 || typeof last?.orderId !== 'string') return rows;
    from = last.orderId;
  }
  return rows;
}

/** Both lists of the strategy call (spec §7: active, status 2, 80 a page; history, status 3, 20); a failed one is left out. */
export async function strategyLists(hooks: RestHooks): Promise<unknown[][]> {
  const out: unknown[][] = [];
  for (const [status, pageSize] of [
    [2, 80],
    [3, 20],
  ] as const) {
    try {
      const json = (await hooks.postJson(CALLS.strategyList.path, { status, pageSize })) as {
        result?: { list?: unknown };
      } | null;
      const list = json?.result?.list;
      if (Array.isArray(list)) out.push(list as unknown[]);
    } catch (e) {
      hooks.log(`strategies failed: ${String(e)}`);
    }
  }
  return out;
}
