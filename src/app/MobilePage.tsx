import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SymbolInfo } from '../../workers/api';
import { Panel } from '../ui/Panel';
import { NoticeBar } from '../features/notice-bar/NoticeBar';
import { MarketHeader } from '../features/market-header/MarketHeader';
import { BlockBoundary } from '../ui/BlockBoundary';
import { GlobalSettingsBar } from './GlobalSettingsBar';
import { OpeningOverlay } from './overlays/OpeningOverlay';
import type { PanelSlotId } from './panels';
import { PanelSlot } from './PanelSlot';
import type { Locale } from '../session/routes';
import { SimpleFooter } from './SimpleFooter';
import { Tabs } from '../ui/Tabs';

const TABS = [
  { id: 'chart', label: 'panel.chart' },
  { id: 'orderbook', label: 'panel.orderbook' },
  { id: 'trades', label: 'panel.trades' },
  { id: 'order-form', label: 'panel.trade' },
  { id: 'position', label: 'panel.position' },
] as const satisfies readonly { readonly id: PanelSlotId; readonly label: string }[];
const TAB_IDS: readonly PanelSlotId[] = TABS.map((x) => x.id);
/** The i18n key of a mobile tab's label. */
const labelOf = (id: PanelSlotId): (typeof TABS)[number]['label'] =>
  (TABS.find((x) => x.id === id) ?? TABS[0]).label;

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
      <main className="mobile-main">
        <BlockBoundary name="market-header">
          <MarketHeader symbol={symbol} locale={locale} />
        </BlockBoundary>
        <Tabs
          className="tabs mobile-tabs"
          keys={TAB_IDS}
          current={tab}
          onSelect={setTab}
          text={(id) => t(labelOf(id))}
        />
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
      </main>
      <SimpleFooter />
    </div>
  );
}
