/** Market-header state: favourite symbols, the symbol list's quote tab, the trade guide's progress. */
import { atom } from 'jotai';
import { storedAtom } from '../../session/storage';

/** Favourite symbols ("BTCUSDT"), in the order they were added. */
export const favouritesAtom = storedAtom<readonly string[]>('favourites', [], (raw) =>
  Array.isArray(raw) && raw.every((x) => typeof x === 'string') ? raw.slice(0, 500) : undefined,
);
favouritesAtom.debugLabel = 'favouritesAtom';

/** Adds or removes a favourite. */
export const toggleFavouriteAtom = atom(null, (get, set, symbol: string) => {
  const list = get(favouritesAtom);
  set(favouritesAtom, list.includes(symbol) ? list.filter((s) => s !== symbol) : [...list, symbol]);
});
toggleFavouriteAtom.debugLabel = 'toggleFavouriteAtom';

/** The symbol list's tab: a quote coin, or "fav" for favourites. */
export const symbolListTabAtom = storedAtom<string>('symbolList.tab', 'USDT', (raw) =>
  typeof raw === 'string' && /^[A-Za-z0-9]{1,12}$/.test(raw) ? raw : undefined,
);
symbolListTabAtom.debugLabel = 'symbolListTabAtom';

/** Trade-guide states (spec §4): unknown, new, readed. */
export type TradeGuideState = 'unknown' | 'new' | 'readed';

/** Where the user is with the trade guide (saved locally; also saved to the server for logged-in users). */
export const tradeGuideAtom = storedAtom<TradeGuideState>('tradeGuide', 'unknown', (raw) =>
  raw === 'unknown' || raw === 'new' || raw === 'readed' ? raw : undefined,
);
tradeGuideAtom.debugLabel = 'tradeGuideAtom';
