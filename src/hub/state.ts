/**
 * Human-speed hub data as Jotai atoms: the symbol list, 24h tickers, connection status. The hub client
 * (src/hub/client.ts) is the only writer; features read. Tick-rate data (book rows, trades) never goes through atoms.
 */
import { atom, type Atom, type createStore } from 'jotai';
import type { AccountDiff, ConnectionState, SymbolInfo, TickerRow } from '../../workers/api';
import { DEFAULT_WEB_CONFIG, type WebConfig } from '../../workers/protocol/webConfig';
import { shareEqual } from './share';

type Store = ReturnType<typeof createStore>;

export type { SymbolInfo };

/** 24h statistics of one symbol: the contract's row, kept as the hub sent it. */
export type TickerView = TickerRow;

/** Socket status as tabs see it (spec §8 socket codes): the contract's state without the reconnect count. */
export type ConnectionView = Omit<ConnectionState, 'reconnects'>;

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

const tickerViewAtoms = new Map<string, Atom<unknown>>();

/**
 * What `select` reads off one symbol's ticker, as an atom kept per `name` and symbol: its readers re-render only when
 * that value changes (`Object.is`), not on every ticker. `name` must say everything `select` depends on besides the
 * ticker (a precision, say), since the first atom made under a name is the one kept.
 */
export function tickerViewAtom<T>(
  symbol: string,
  name: string,
  select: (ticker: TickerView | undefined) => T,
): Atom<T> {
  const key = `${name}(${symbol})`;
  let a = tickerViewAtoms.get(key) as Atom<T> | undefined;
  if (a === undefined) {
    const ticker = tickerAtom(symbol);
    a = atom((get) => select(get(ticker)));
    a.debugLabel = key;
    tickerViewAtoms.set(key, a);
  }
  return a;
}

/**
 * One symbol's last price as the order form reads it ("65432.10" at `precision` decimals; null without a positive
 * price). Its readers re-render only when that text changes, not on the ticker's other fields.
 */
export function lastPriceTextAtom(symbol: string, precision: number): Atom<string | null> {
  return tickerViewAtom(symbol, `lastPriceText${precision}`, (t) =>
    t === undefined || !(t.last > 0) ? null : t.last.toFixed(precision),
  );
}

/** An atom that is always null: the reader's stand-in for a subscription it does not need right now. */
export const nullAtom: Atom<null> = atom(null);
nullAtom.debugLabel = 'nullAtom';

/** Socket status. */
export const connectionAtom = atom<ConnectionView>({ state: 'connecting', code: null, lastMessageAt: 0 });
connectionAtom.debugLabel = 'connectionAtom';

/** Account data: login state, open orders (every list), balances. Null until the hub has checked the session. */
export const accountAtom = atom<AccountView | null>(null);
accountAtom.debugLabel = 'accountAtom';

/**
 * Stores the account of a hub diff. The diff is a structured clone, new from top to bottom: every part equal to what
 * the tab holds is kept by reference (`shareEqual`), and an account equal to the held one is not stored at all, so
 * readers of a part that did not change are not woken.
 */
export function storeAccount(store: Store, next: AccountView): void {
  const prev = store.get(accountAtom);
  const shared = prev === null ? next : shareEqual(prev, next);
  if (shared !== prev) store.set(accountAtom, shared);
}

/** The account as tabs hold it. */
export type AccountView = Omit<AccountDiff, 'notices' | 'ltNotices'>;

const accountFields = new Map<keyof AccountView, Atom<unknown>>();

/**
 * One field of the account (undefined while the account is unknown). The hub client keeps every unchanged part of
 * the account by reference (`shareEqual`), so a reader of one field wakes only when that field changes, not on every
 * account diff (an order's push would otherwise render the book, the chart's order lines and the tools).
 */
export function accountFieldAtom<K extends keyof AccountView>(key: K): Atom<AccountView[K] | undefined> {
  let a = accountFields.get(key);
  if (a === undefined) {
    a = atom((get) => get(accountAtom)?.[key]);
    a.debugLabel = `accountAtom.${key}`;
    accountFields.set(key, a);
  }
  return a as Atom<AccountView[K] | undefined>;
}

/** Order notifications waiting to be shown as toasts, oldest first; the toast host removes what it showed. */
export const orderNoticesAtom = atom<AccountDiff['notices']>([]);
orderNoticesAtom.debugLabel = 'orderNoticesAtom';

/** LT orders to announce (spec §4 success / failure notice), oldest first; the LT notice host removes what it showed. */
export const ltNoticesAtom = atom<NonNullable<AccountDiff['ltNotices']>>([]);
ltNoticesAtom.debugLabel = 'ltNoticesAtom';
/** The web config (compliance switches) the hub fetched; the defaults until it answered. */
export const webConfigAtom = atom<WebConfig>(DEFAULT_WEB_CONFIG);
webConfigAtom.debugLabel = 'webConfigAtom';
