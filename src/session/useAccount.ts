/**
 * Order entry's account hooks: the write paths of the user's facts (preferences, gate acknowledgements, double-confirm
 * flags), all through the hub, which owns them and sends them to every tab; and the unified account info of the routed
 * symbol, which depends on the form's side and leverage and so is asked by the tab.
 */
import { useAtomValue, useStore } from 'jotai';
import { useCallback, useEffect } from 'react';
import type { SymbolInfo } from '../../workers/api';
import type { Preferences } from '../../workers/protocol/user';
import { hubClient } from '../hub/client';
import { accountAtom } from '../hub/state';
import type { GateDialog } from '../lib/orderValidation';
import {
  accountInfoAtom,
  confirmFlagsAtom,
  GATE_PREF_KEYS,
  pendingConfirmFlagsAtom,
  pendingPreferencesAtom,
  type AccountInfo,
  type ConfirmFlag,
} from './account';
import { getCall, resultOf } from './api';
import { sessionUserAtom } from './state';

/** Delay before refetching REST facts after the live account data changed (coalesces bursts of pushes). */
const REFETCH_DELAY_MS = 250;

const str = (x: unknown, def = '0'): string =>
  typeof x === 'string' ? x : typeof x === 'number' ? String(x) : def;

/** How long a pending write waits for the hub's diff to show it before the tab falls back to the hub's value. */
const CATCH_UP_MS = 1_000;

/** Resolves when `caughtUp()` holds for the hub's account data, or after CATCH_UP_MS. */
function hubCaughtUp(store: ReturnType<typeof useStore>, caughtUp: () => boolean): Promise<void> {
  if (caughtUp()) return Promise.resolve();
  return new Promise((done) => {
    const finish = (): void => {
      clearTimeout(timer);
      unsub();
      done();
    };
    const timer = setTimeout(finish, CATCH_UP_MS);
    const unsub = store.sub(accountAtom, () => {
      if (caughtUp()) finish();
    });
  });
}

/**
 * Writes server preferences through the hub (the one write path: every tab follows in its next diff). The value shows
 * in this tab at once; a refused write falls back to the hub's value.
 */
export function useSetPreferences(): (patch: Preferences) => Promise<void> {
  const store = useStore();
  return useCallback(
    async (patch) => {
      store.set(pendingPreferencesAtom, { ...store.get(pendingPreferencesAtom), ...patch });
      const out = await hubClient()
        .remote()
        .setPreferences(patch)
        .catch((e: unknown) => ({ ok: false as const, message: String(e) }));
      if (!out.ok) console.warn('preference not saved', out.message);
      else
        await hubCaughtUp(store, () => {
          const prefs = store.get(accountAtom)?.preferences ?? {};
          return Object.entries(patch).every(([k, v]) => prefs[k] === v);
        });
      const pending = Object.entries(store.get(pendingPreferencesAtom)).filter(([k, v]) => patch[k] !== v);
      store.set(pendingPreferencesAtom, Object.fromEntries(pending));
    },
    [store],
  );
}

/** Writes the double-confirm flags (a "do not ask again" tick) through the hub; the tab shows the change at once. */
export function useSetConfirmFlag(): (flag: ConfirmFlag, on: boolean) => void {
  const store = useStore();
  return (flag, on) => {
    const next = new Set(store.get(confirmFlagsAtom));
    if (on) next.add(flag);
    else next.delete(flag);
    const flags = [...next];
    store.set(pendingConfirmFlagsAtom, flags);
    void (async () => {
      const out = await hubClient()
        .remote()
        .setConfirmFlags(flags)
        .catch((e: unknown) => ({ ok: false as const, message: String(e) }));
      if (out.ok)
        await hubCaughtUp(store, () => {
          const hub = store.get(accountAtom)?.confirmFlags ?? [];
          return hub.length === flags.length && flags.every((f) => hub.includes(f));
        });
      if (store.get(pendingConfirmFlagsAtom) === flags) store.set(pendingConfirmFlagsAtom, null);
    })();
  };
}

/** Records a gate acknowledgement (a server preference, so it follows the user). */
export function useAcceptGate(): (gate: GateDialog) => Promise<void> {
  const setPreferences = useSetPreferences();
  return (gate) => setPreferences({ [GATE_PREF_KEYS[gate]]: 'Y' });
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
    leverageEnabled: r.leverageEnabled !== false,
    riskRatio: str(r.riskRatio),
    actualLeverageRatio: str(r.actualLeverageRatio, '1'),
  };
}

/**
 * Unified account info (getUnifiedAsset) of the routed symbol, refetched shortly after the live account data changes
 * (an order placed, filled or cancelled moves it). It depends on the form's side and leverage, so the tab asks for it;
 * the zone quota comes from the hub.
 */
export function useAccountFacts(
  symbol: SymbolInfo,
  opts: { readonly unified: boolean; readonly leverage: boolean; readonly side: 'Buy' | 'Sell' },
): void {
  const store = useStore();
  const loggedIn = useAtomValue(sessionUserAtom)?.loggedIn === true;
  const { unified, leverage, side } = opts;
  useEffect(() => {
    if (!loggedIn || !unified) {
      store.set(accountInfoAtom, null);
      return;
    }
    let ctl = new AbortController();
    let timer: ReturnType<typeof setTimeout> | null = null;
    const load = (): void => {
      timer = null;
      ctl.abort();
      ctl = new AbortController();
      void getCall(
        'unifiedAsset',
        { symbolName: symbol.symbol, side: side === 'Buy' ? 0 : 1, isMargin: String(leverage) },
        ctl.signal,
      )
        .then((body) => {
          store.set(accountInfoAtom, toAccountInfo(body, symbol, leverage));
        })
        .catch(() => undefined);
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
  }, [loggedIn, unified, leverage, side, symbol, store]);
}
