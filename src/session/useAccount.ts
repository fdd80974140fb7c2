/**
 * Loads what order entry needs from REST beside the hub's live account data: the user's details and double-confirm
 * flags, the gate acknowledgements (server preferences), unified account info and the zone quota. Live balances and
 * open orders come from the hub (`accountAtom`); these REST facts are refetched when that data changes.
 */
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useEffect } from 'react';
import type { SymbolInfo } from '../../workers/api';
import { getCall, postCall, resultOf } from './api';
import { sessionUserAtom } from './state';
import { accountAtom } from '../hub/state';
import {
  accountInfoAtom,
  confirmFlagsAtom,
  GATE_PREF_KEYS,
  gatesAcceptedAtom,
  quotaRemainAtom,
  toConfirmFlags,
  userDetailsAtom,
  type AccountInfo,
  type ConfirmFlag,
} from './account';
import type { GateDialog } from '../lib/orderValidation';

/** Delay before refetching REST facts after the live account data changed (coalesces bursts of pushes). */
const REFETCH_DELAY_MS = 250;

const str = (x: unknown, def = '0'): string =>
  typeof x === 'string' ? x : typeof x === 'number' ? String(x) : def;

let detailsLoad: { key: string; promise: Promise<void> } | null = null;

/**
 * Keeps userDetailsAtom, confirmFlagsAtom and gatesAcceptedAtom in step with the session (any number of mounted
 * callers share one load per login).
 */
export function useUserDetailsSync(): void {
  const user = useAtomValue(sessionUserAtom);
  const store = useStore();
  const loggedIn = user?.loggedIn === true;
  useEffect(() => {
    if (!loggedIn) {
      store.set(userDetailsAtom, null);
      detailsLoad = null;
      return;
    }
    const key = 'in';
    if (detailsLoad?.key === key) return;
    const promise = (async () => {
      const [info, prefs] = await Promise.all([
        getCall('userInfo', {}).catch(() => null),
        getCall('getPrefSetting', {}).catch(() => null),
      ]);
      const r = resultOf(info);
      if (r?.isLogin === true) {
        const gray = (r.grayFlag ?? {}) as Record<string, unknown>;
        store.set(userDetailsAtom, {
          id: str(r.id, ''),
          marginMode: r.marginMode === 'isolated' ? 'isolated' : 'cross',
          minValueV2: gray.minValueV2 === true,
        });
        store.set(confirmFlagsAtom, toConfirmFlags(r.double_confirm));
      }
      const p = resultOf(prefs);
      if (p !== null) {
        const accepted = { ...store.get(gatesAcceptedAtom) };
        for (const [gate, prefKey] of Object.entries(GATE_PREF_KEYS) as [GateDialog, string][])
          accepted[gate] = p[prefKey] === 'Y';
        store.set(gatesAcceptedAtom, accepted);
      }
    })();
    detailsLoad = { key, promise };
  }, [loggedIn, store]);
}

/** Writes the double-confirm flags (a "do not ask again" tick); the atom changes at once, the server follows. */
export function useSetConfirmFlag(): (flag: ConfirmFlag, on: boolean) => void {
  const store = useStore();
  return (flag, on) => {
    const next = new Set(store.get(confirmFlagsAtom));
    if (on) next.add(flag);
    else next.delete(flag);
    store.set(confirmFlagsAtom, next);
    void postCall('setDoubleConfirm', { confirms: [...next].join(',') }).catch(() => undefined);
  };
}

/** Records a gate acknowledgement (server preference) and marks it given. */
export function useAcceptGate(): (gate: GateDialog) => Promise<void> {
  const set = useSetAtom(gatesAcceptedAtom);
  return async (gate) => {
    set((prev) => ({ ...prev, [gate]: true }));
    await postCall('setPrefSetting', { upsert_keys: { [GATE_PREF_KEYS[gate]]: 'Y' } }).catch(() => undefined);
  };
}

/** Parses a getUnifiedAsset reply into the account info of the form. */
export function toAccountInfo(body: unknown, symbol: SymbolInfo, leverage: boolean): AccountInfo | null {
  const r = resultOf(body);
  if (r === null) return null;
  const coins = Array.isArray(r.coinList) ? (r.coinList as Record<string, unknown>[]) : [];
  const coin = (name: string): Record<string, unknown> | undefined => coins.find((c) => c.tokenId === name);
  const avail = (name: string): string => {
    const c = coin(name);
    return str(leverage ? c?.spotMarginAvailableBalance : c?.spotAvailableBalance);
  };
  return {
    symbol: symbol.symbol,
    maxBuyAmt: str(r.maxBuyAmt),
    maxSellQty: str(r.maxSellQty),
    availableQuote: avail(symbol.quote),
    availableBase: avail(symbol.base),
    status: typeof r.status === 'number' ? r.status : 1,
    riskState: typeof r.riskState === 'number' ? r.riskState : 0,
    baseBorrowSize: str(r.baseBorrowSize),
    quoteBorrowSize: str(r.quoteBorrowSize),
    leverage,
  };
}

/**
 * Unified account info (getUnifiedAsset) and the zone quota of the routed symbol, refetched shortly after the live
 * account data changes (an order placed, filled or cancelled moves both).
 */
export function useAccountFacts(
  symbol: SymbolInfo,
  opts: { readonly unified: boolean; readonly leverage: boolean; readonly side: 'Buy' | 'Sell' },
): void {
  const store = useStore();
  const loggedIn = useAtomValue(sessionUserAtom)?.loggedIn === true;
  const { unified, leverage, side } = opts;
  const zone = symbol.mark === 'innovation' || symbol.mark === 'adventure';
  useEffect(() => {
    if (!loggedIn) {
      store.set(accountInfoAtom, null);
      store.set(quotaRemainAtom, null);
      return;
    }
    let ctl = new AbortController();
    let timer: ReturnType<typeof setTimeout> | null = null;
    const load = (): void => {
      timer = null;
      ctl.abort();
      ctl = new AbortController();
      const signal = ctl.signal;
      if (unified) {
        void getCall(
          'unifiedAsset',
          { symbolName: symbol.symbol, side: side === 'Buy' ? 0 : 1, isMargin: String(leverage) },
          signal,
        )
          .then((body) => {
            store.set(accountInfoAtom, toAccountInfo(body, symbol, leverage));
          })
          .catch(() => undefined);
      } else store.set(accountInfoAtom, null);
      if (zone && !unified) {
        void getCall('quota', { symbol_id: symbol.symbolId }, signal)
          .then((body) => {
            const r = resultOf(body);
            const remain = str(r?.remainAmount, '-');
            store.set(quotaRemainAtom, remain === '-1' || remain === '-' || remain === '--' ? null : remain);
          })
          .catch(() => undefined);
      } else store.set(quotaRemainAtom, null);
    };
    load();
    // Subscribed outside React: a push refetches (coalesced) without re-rendering the panel.
    const unsub = store.sub(accountAtom, () => {
      if (timer === null) timer = setTimeout(load, REFETCH_DELAY_MS);
    });
    return () => {
      unsub();
      if (timer !== null) clearTimeout(timer);
      ctl.abort();
    };
  }, [loggedIn, unified, leverage, side, symbol, zone, store]);
}
