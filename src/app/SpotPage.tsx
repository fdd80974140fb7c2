import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import type { SymbolInfo } from '../../workers/api';
import { PanelGrid } from '../features/layout/PanelGrid';
import { Panel } from '../ui/Panel';
import { usePageSize } from '../features/layout/usePageSize';
import { EuUsdtBanner } from '../features/eu-banner/EuUsdtBanner';
import { MarketHeader } from '../features/market-header/MarketHeader';
import { NoticeBar } from '../features/notice-bar/NoticeBar';
import { LeftTabBar } from '../features/tools/LeftTabBar';
import { tradeTabAtom } from '../features/tools/state';
import { ToolsView } from '../features/tools/ToolsView';
import { BlockBoundary } from '../ui/BlockBoundary';
import { Footer } from './Footer';
import { GlobalSettingsBar } from './GlobalSettingsBar';
import { OpeningOverlay } from './overlays/OpeningOverlay';
import { PanelSlot } from './PanelSlot';
import { ToolSlot } from './ToolSlot';
import { isRtl, type Locale } from '../session/routes';
import { SimpleFooter } from './SimpleFooter';
import { GuideSlot } from './GuideSlot';
import { RoleBanners } from '../features/roles/RoleBanners';
import { AnnouncementBanner } from '../features/notices/AnnouncementBanner';
import { footerVisibleAtom } from '../session/state';

/**
 * The desktop spot page (spec §2): settings bar, notice bar, market header over the panel grid, the right column
 * with the left tab bar and the order panel (or Tools), and the footer.
 */
export function SpotPage({
  symbol,
  locale,
}: {
  readonly symbol: SymbolInfo;
  readonly locale: Locale;
}): React.JSX.Element {
  const { t } = useTranslation('layout');
  const page = usePageSize();
  const rtl = isRtl(locale);
  const footer = useAtomValue(footerVisibleAtom);
  const tab = useAtomValue(tradeTabAtom);
  const pair = `${symbol.base}/${symbol.quote}`;
  return (
    <div className="page page-desktop">
      <GlobalSettingsBar layout layoutFixed={rtl} />
      <EuUsdtBanner base={symbol.base} quote={symbol.quote} />
      <RoleBanners />
      <BlockBoundary name="notice-bar">
        <NoticeBar symbol={symbol.symbol} />
      </BlockBoundary>
      <div className="trade-area">
        <main className="main-column">
          <BlockBoundary name="market-header">
            <MarketHeader symbol={symbol} locale={locale} />
          </BlockBoundary>
          <BlockBoundary name="grid">
            <PanelGrid
              page={page}
              rtl={rtl}
              chartOverlay={<OpeningOverlay pair={pair} locale={locale} />}
              content={{
                chart: <PanelSlot id="chart" />,
                orderbook: <PanelSlot id="orderbook" />,
                position: <PanelSlot id="position" />,
              }}
            />
          </BlockBoundary>
        </main>
        <aside className="right-column">
          <BlockBoundary name="left-tab-bar">
            <LeftTabBar base={symbol.base} quote={symbol.quote} />
          </BlockBoundary>
          {tab === 'trade' ? (
            <Panel id="order-form" title={t('panel.orderForm')}>
              <PanelSlot id="order-form" />
            </Panel>
          ) : (
            <ToolsView content={(view) => <ToolSlot view={view} />} />
          )}
          {tab === 'trade' && <GuideSlot />}
        </aside>
      </div>
      <AnnouncementBanner />
      {footer ? <Footer /> : <SimpleFooter />}
    </div>
  );
}
