import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SymbolInfo } from '../../workers/api';
import { Panel } from '../features/layout/Panel';
import { NoticeBar } from '../features/notice-bar/NoticeBar';
import { MarketHeader } from '../features/market-header/MarketHeader';
import { BlockBoundary } from './BlockBoundary';
import { GlobalSettingsBar } from './GlobalSettingsBar';
import { OpeningOverlay } from './overlays/OpeningOverlay';
import type { PanelSlotId } from './panels';
import { PanelSlot } from './PanelSlot';
import type { Locale } from './routes';
import { SimpleFooter } from './SimpleFooter';

const TABS = [
  { id: 'chart', label: 'panel.chart' },
  { id: 'orderbook', label: 'panel.orderbook' },
  { id: 'trades', label: 'panel.trades' },
  { id: 'order-form', label: 'panel.trade' },
  { id: 'position', label: 'panel.position' },
] as const satisfies readonly { readonly id: PanelSlotId; readonly label: string }[];

/** The mobile page (viewport 500 px or less): market header, then one panel at a time under tabs. */
export function MobilePage({
  symbol,
  locale,
}: {
  readonly symbol: SymbolInfo;
  readonly locale: Locale;
}): React.JSX.Element {
  const { t } = useTranslation('layout');
  const [tab, setTab] = useState<PanelSlotId>('chart');
  const active = TABS.find((x) => x.id === tab) ?? TABS[0];
  return (
    <div className="page page-mobile" data-testid="mobile-page">
      <GlobalSettingsBar layout={false} />
      <BlockBoundary name="notice-bar">
        <NoticeBar symbol={symbol.symbol} />
      </BlockBoundary>
      <BlockBoundary name="market-header">
        <MarketHeader symbol={symbol} locale={locale} />
      </BlockBoundary>
      <div className="tabs mobile-tabs" role="tablist">
        {TABS.map((x) => (
          <button
            key={x.id}
            type="button"
            role="tab"
            className="tab"
            aria-selected={x.id === tab}
            onClick={() => {
              setTab(x.id);
            }}
          >
            {t(x.label)}
          </button>
        ))}
      </div>
      <div className="mobile-body">
        <Panel
          id={active.id}
          title={t(active.label)}
          overlay={
            active.id === 'chart' ? (
              <OpeningOverlay pair={`${symbol.base}/${symbol.quote}`} locale={locale} />
            ) : undefined
          }
        >
          <PanelSlot id={active.id} />
        </Panel>
      </div>
      <SimpleFooter />
    </div>
  );
}
