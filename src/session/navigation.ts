/** In-app navigation: pair and language switches change the URL and the routed page without a reload. */
import { atom } from 'jotai';
import { resolveRoute, type Locale, type PageRoute } from './routes';
import { routeAtom } from './state';

/** Key of the remembered locale (read by spec §2's redirects). Not secret. */
const LOCALE_KEY = 'locale';

/** The remembered locale, or null. */
export function readStoredLocale(): string | null {
  try {
    return localStorage.getItem(LOCALE_KEY);
  } catch {
    return null;
  }
}

/** Remembers the locale for the next visit's redirects. */
export function rememberLocale(locale: Locale): void {
  try {
    localStorage.setItem(LOCALE_KEY, locale);
  } catch {
    // Private mode: not remembered.
  }
}

/** Follows redirects until a page: the page and its canonical path. */
export function resolvePage(pathname: string): { readonly route: PageRoute; readonly path: string } {
  let path = pathname;
  for (let hop = 0; hop < 5; hop++) {
    const r = resolveRoute(path, readStoredLocale(), navigator.languages);
    if (r.kind !== 'redirect') return { route: r, path };
    path = r.to;
  }
  // Unreachable with spec §2's routes (every redirect lands on a page in at most three hops).
  return {
    route: { kind: 'spot', locale: 'en', base: 'BTC', quote: 'USDT' },
    path: '/en/trade/spot/BTC/USDT',
  };
}

/** Navigates to a path inside the app (history entry added; the routed page updates). */
export const navigateAtom = atom(null, (_get, set, pathname: string) => {
  const { route, path } = resolvePage(pathname);
  if (path !== location.pathname) history.pushState(null, '', path);
  rememberLocale(route.locale);
  set(routeAtom, route);
});
navigateAtom.debugLabel = 'navigateAtom';

/** Syncs the routed page with the URL after Back or Forward. */
export const syncRouteFromLocationAtom = atom(null, (_get, set) => {
  const { route, path } = resolvePage(location.pathname);
  if (path !== location.pathname) history.replaceState(null, '', path + location.search + location.hash);
  set(routeAtom, route);
});
syncRouteFromLocationAtom.debugLabel = 'syncRouteFromLocationAtom';
