/** Symbol-list filtering: quote tabs, favourites, search. Pure. */
import type { SymbolInfo } from '../../../workers/api';

/** The tab showing favourites. */
export const FAVOURITES_TAB = 'fav';

/** Quote coins of the list, in order of first appearance. */
export function quoteTabs(list: readonly SymbolInfo[]): readonly string[] {
  return [...new Set(list.map((s) => s.quote))];
}

/** Rows for a tab and a search text; a search looks across every quote coin (matches base, quote or "BASE/QUOTE"). */
export function filterSymbols(
  list: readonly SymbolInfo[],
  tab: string,
  query: string,
  favourites: readonly string[],
): readonly SymbolInfo[] {
  const q = query
    .trim()
    .toUpperCase()
    .replace(/[\s/_-]/g, '');
  if (q !== '') return list.filter((s) => s.symbol.includes(q) || s.base.startsWith(q));
  if (tab === FAVOURITES_TAB) {
    return favourites.map((f) => list.find((s) => s.symbol === f)).filter((s) => s !== undefined);
  }
  return list.filter((s) => s.quote === tab);
}
