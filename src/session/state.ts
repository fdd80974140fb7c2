/** Shell-wide state: the routed page, theme, footer, the session user and the current symbol's opening. */
import { atom } from 'jotai';
import { isTheme, type Theme } from '../canvas/tokens';
import { symbolsAtom, symbolsErrorAtom, symbolsLoadedAtom, type SymbolInfo } from '../hub/state';
import type { OpeningState } from './opening';
import type { PageRoute } from './routes';
import type { SessionUser } from './session';
import { storedAtom } from './storage';

/** The page being shown; set once at boot (hydrated) and on every in-app navigation. */
export const routeAtom = atom<PageRoute>({ kind: 'spot', locale: 'en', base: 'BTC', quote: 'USDT' });
routeAtom.debugLabel = 'routeAtom';

/** Symbol name of the routed pair, e.g. "BTCUSDT". */
export const routeSymbolAtom = atom((get) => {
  const r = get(routeAtom);
  return `${r.base}${r.quote}`;
});
routeSymbolAtom.debugLabel = 'routeSymbolAtom';

/** The routed pair against the symbol list. */
export type PairLookup =
  | { readonly kind: 'loading' }
  | { readonly kind: 'found'; readonly symbol: SymbolInfo }
  | { readonly kind: 'missing' }
  | { readonly kind: 'error' };

/** The routed pair's symbol, once the list is in. */
export const pairLookupAtom = atom<PairLookup>((get) => {
  const name = get(routeSymbolAtom);
  const list = get(symbolsAtom);
  const found = list.find((s) => s.symbol === name);
  if (found !== undefined) return { kind: 'found', symbol: found };
  if (list.length > 0) return { kind: 'missing' };
  if (get(symbolsErrorAtom) !== null) return { kind: 'error' };
  return get(symbolsLoadedAtom) ? { kind: 'missing' } : { kind: 'loading' };
});
pairLookupAtom.debugLabel = 'pairLookupAtom';

/** The user's theme choice (remembered). The LT page forces light without changing it. */
export const themeAtom = storedAtom<Theme>('theme', 'dark', (raw) => (isTheme(raw) ? raw : undefined));
themeAtom.debugLabel = 'themeAtom';

/** Whether the full footer shows (a simple footer shows otherwise). */
export const footerVisibleAtom = storedAtom('footer.visible', true, (raw) =>
  typeof raw === 'boolean' ? raw : undefined,
);
footerVisibleAtom.debugLabel = 'footerVisibleAtom';

/** The session user; null until `/user/api/info` answered. */
export const sessionUserAtom = atom<SessionUser | null>(null);
sessionUserAtom.debugLabel = 'sessionUserAtom';

/** Opening state of the routed symbol (countdown, pending, open, error); other features read it to gate trading. */
export const openingAtom = atom<OpeningState>({ kind: 'checking' });
openingAtom.debugLabel = 'openingAtom';
