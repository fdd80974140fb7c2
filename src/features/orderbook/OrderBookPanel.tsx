/**
 * The order-book panel (spec §2 Order book and trades): an order book tab and a latest-trades tab (desktop; the
 * mobile page gives trades a tab of its own). Only the shown tab is mounted, so a hidden tab asks the hub for
 * nothing and draws nothing.
 */
import { useAtom, useAtomValue } from 'jotai';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { pairLookupAtom } from '../../session/state';
import { MOBILE_QUERY } from '../../session/viewport';
import { OrderBook } from './OrderBook';
import { bookTabAtom, type BookTab } from './state';
import './orderbook.css';

const TABS: readonly BookTab[] = ['book', 'trades'];

/** The panel's content for the `orderbook` slot. */
export function OrderBookPanel({
  trades: Trades,
}: {
  /** The latest-trades list, composed in by the panel registry (features do not import each other). */
  readonly trades: ComponentType;
}): React.JSX.Element | null {
  const { t } = useTranslation('orderbook');
  const lookup = useAtomValue(pairLookupAtom);
  const [tab, setTab] = useAtom(bookTabAtom);
  if (lookup.kind !== 'found') return null;
  // The mobile page has its own trades tab (and reloads when crossing the breakpoint): the book alone here.
  if (window.matchMedia(MOBILE_QUERY).matches)
    return (
      <div className="orderbook-panel">
        <OrderBook key={lookup.symbol.symbol} symbol={lookup.symbol} />
      </div>
    );
  return (
    <div className="orderbook-panel">
      <div className="orderbook-tabs" role="tablist" aria-label={t('tabs.label')}>
        {TABS.map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            id={`orderbook-tab-${id}`}
            aria-selected={tab === id}
            aria-controls={`orderbook-tabpanel-${id}`}
            className="orderbook-tab"
            data-testid={`book-tab-${id}`}
            onClick={() => {
              setTab(id);
            }}
          >
            {t(`tabs.${id}`)}
          </button>
        ))}
      </div>
      <div
        className="orderbook-tabpanel"
        role="tabpanel"
        id={`orderbook-tabpanel-${tab}`}
        aria-labelledby={`orderbook-tab-${tab}`}
      >
        {tab === 'book' ? <OrderBook key={lookup.symbol.symbol} symbol={lookup.symbol} /> : <Trades />}
      </div>
    </div>
  );
}
