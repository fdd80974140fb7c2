/**
 * Human-speed hub data as Jotai atoms: the symbol list, 24h tickers, connection status. The hub client
 * (src/hub/client.ts) is the only writer; features read. Tick-rate data (book rows, trades) never goes through atoms.
 */
import { atom, type Atom } from 'jotai';
import type { AccountDiff, SymbolInfo } from '../../workers/api';

export type { SymbolInfo };

/** 24h statistics of one symbol, numbers parsed. */
export interface TickerView {
  readonly symbol: string;
  readonly last: number;
  readonly high24h: number;
  readonly low24h: number;
  readonly volume24h: number;
  readonly turnover24h: number;
  /** Fraction: 0.0196 = +1.96 %. */
  readonly change24h: number;
  /** Direction of the last change of `last`, for the title arrow and colouring. */
  readonly direction: 'up' | 'down' | 'flat';
}

/** Socket status as tabs see it (spec §8 socket codes). */
export interface ConnectionView {
  readonly state: 'connecting' | 'open' | 'reconnecting' | 'offline';
  /** Last status code: 4998 open error, 4997 open timeout, 4996 heartbeat timeout, 4995 recovered, 4999 error, 4005/4006 abnormal. */
  readonly code: number | null;
  /** ms since epoch of the last message from the feed. */
  readonly lastMessageAt: number;
}

/** Listed symbols, loaded once by the hub client (empty until then). */
export const symbolsAtom = atom<readonly SymbolInfo[]>([]);
symbolsAtom.debugLabel = 'symbolsAtom';

/** True once the symbol list loaded (or failed: see symbolsErrorAtom). */
export const symbolsLoadedAtom = atom(false);
symbolsLoadedAtom.debugLabel = 'symbolsLoadedAtom';

/** Set when the symbol list failed to load. */
export const symbolsErrorAtom = atom<string | null>(null);
symbolsErrorAtom.debugLabel = 'symbolsErrorAtom';

/** Tickers of every listed symbol, updated live by the hub at most a few times a second. */
export const tickersAtom = atom<ReadonlyMap<string, TickerView>>(new Map<string, TickerView>());
tickersAtom.debugLabel = 'tickersAtom';

const tickerAtoms = new Map<string, Atom<TickerView | undefined>>();

/**
 * One symbol's ticker. Its readers re-render when that symbol's ticker changes, not when any other symbol's does
 * (the hub client keeps the unchanged entries of `tickersAtom` as they were).
 */
export function tickerAtom(symbol: string): Atom<TickerView | undefined> {
  let a = tickerAtoms.get(symbol);
  if (a === undefined) {
    a = atom((get) => get(tickersAtom).get(symbol));
    a.debugLabel = `tickerAtom(${symbol})`;
    tickerAtoms.set(symbol, a);
  }
  return a;
}

/** Socket status. */
export const connectionAtom = atom<ConnectionView>({ state: 'connecting', code: null, lastMessageAt: 0 });
connectionAtom.debugLabel = 'connectionAtom';

/** Account data: login state, open orders (every list), balances. Null until the hub has checked the session. */
export const accountAtom = atom<Omit<AccountDiff, 'notices'> | null>(null);
accountAtom.debugLabel = 'accountAtom';

/** Order notifications waiting to be shown as toasts, oldest first; the toast host removes what it showed. */
export const orderNoticesAtom = atom<AccountDiff['notices']>([]);
orderNoticesAtom.debugLabel = 'orderNoticesAtom';
