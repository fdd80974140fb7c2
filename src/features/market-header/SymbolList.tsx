import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { BanFlag } from './BanFlag';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SymbolInfo } from '../../../workers/api';
import { symbolsAtom, tickersAtom } from '../../hub/state';
import { useHubWant } from '../../hub/useHubWant';
import { formatFixed, formatPercent, NO_VALUE } from '../../lib/format';
import { favouritesAtom, symbolListTabAtom, toggleFavouriteAtom } from './state';
import { FAVOURITES_TAB, filterSymbols, quoteTabs } from './symbolFilter';
import { Tabs } from '../../ui/Tabs';

/**
 * The market's symbol list: search, quote tabs, favourites, last price and 24h change live from the hub.
 * Used by the header's hover popover and by the "pair not found" page.
 */
export function SymbolList({
  current,
  onPick,
  autoFocus = false,
}: {
  readonly current: string;
  readonly onPick: (s: SymbolInfo) => void;
  readonly autoFocus?: boolean;
}): React.JSX.Element {
  const { t, i18n } = useTranslation('header');
  useHubWant({ allTickers: true });
  const list = useAtomValue(symbolsAtom);
  const tickers = useAtomValue(tickersAtom);
  const favourites = useAtomValue(favouritesAtom);
  const toggleFavourite = useSetAtom(toggleFavouriteAtom);
  const [tab, setTab] = useAtom(symbolListTabAtom);
  const [query, setQuery] = useState('');
  const tabs = useMemo(() => [FAVOURITES_TAB, ...quoteTabs(list)], [list]);
  const activeTab = tabs.includes(tab) ? tab : (tabs[1] ?? FAVOURITES_TAB);
  const rows = filterSymbols(list, activeTab, query, favourites);
  const locale = i18n.language;

  return (
    <div className="symbol-list" data-testid="symbol-list">
      <input
        type="search"
        className="input symbol-search"
        placeholder={t('symbols.search')}
        aria-label={t('symbols.search')}
        value={query}
        // The popover opens on hover; focusing the search lets the user type at once.
        autoFocus={autoFocus}
        onChange={(e) => {
          setQuery(e.currentTarget.value);
        }}
      />
      <Tabs
        className="tabs tabs-small"
        keys={tabs}
        current={query === '' ? activeTab : null}
        onSelect={(q) => {
          setTab(q);
          setQuery('');
        }}
        text={(q) => (q === FAVOURITES_TAB ? `★ ${t('symbols.favourites')}` : q)}
      />
      <div className="symbol-rows" role="table" aria-label={t('symbols.pair')}>
        <div className="symbol-row symbol-row-head" role="row">
          <span role="columnheader">{t('symbols.pair')}</span>
          <span role="columnheader" className="num">
            {t('symbols.price')}
          </span>
          <span role="columnheader" className="num">
            {t('stats.change')}
          </span>
        </div>
        {rows.length === 0 && <div className="symbol-empty">{t('symbols.empty')}</div>}
        {rows.map((s) => {
          const tk = tickers.get(s.symbol);
          const fav = favourites.includes(s.symbol);
          const change = tk?.change24h ?? Number.NaN;
          return (
            <div
              key={s.symbol}
              role="row"
              className={`symbol-row${s.symbol === current ? ' is-current' : ''}`}
              data-symbol={s.symbol}
            >
              <span role="cell" className="symbol-name">
                <button
                  type="button"
                  className={`star${fav ? ' is-on' : ''}`}
                  aria-pressed={fav}
                  aria-label={fav ? t('symbols.removeFavourite') : t('symbols.addFavourite')}
                  onClick={() => {
                    toggleFavourite(s.symbol);
                  }}
                >
                  ★
                </button>
                <button
                  type="button"
                  className="link-btn"
                  onClick={() => {
                    onPick(s);
                  }}
                >
                  <bdi>
                    {s.base}/{s.quote}
                  </bdi>
                </button>
                <BanFlag symbol={s} />
              </span>
              <span role="cell" className="num">
                {tk === undefined ? NO_VALUE : formatFixed(tk.last, s.pricePrecision, locale)}
              </span>
              <span role="cell" className={`num ${change > 0 ? 'up' : change < 0 ? 'down' : ''}`}>
                {formatPercent(change, locale)}
              </span>
            </div>
          );
        })}
      </div>
    </div>
  );
}
