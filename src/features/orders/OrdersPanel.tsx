/**
 * The orders panel frame (the `position` slot, spec §2 "Orders panel"): who may see it, the top tab strip, the
 * "view more" link and which view a tab shows. Views of other features (positions, borrowing, assets) come in
 * through `views` from the composition root, so this feature never imports them.
 */
import { useAtom, useAtomValue } from 'jotai';
import { useEffect, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import type { SymbolInfo } from '../../../workers/api';
import { pairLookupAtom, sessionUserAtom } from '../../session/state';
import { complianceAtom } from '../../session/compliance';
import { demoAccess } from '../../session/demoRules';
import { useHubWant } from '../../hub/useHubWant';
import { Tabs } from '../../ui/Tabs';
import { VisitorPrompt } from '../../ui/VisitorPrompt';
import { ltSubTabAtom, ordersSubTabAtom, ordersTabAtom } from './state';
import {
  ordersComplianceOf,
  ordersSubTabs,
  ordersTabs,
  viewMoreHref,
  type OrdersCompliance,
  type OrdersTab,
  type OrdersViewer,
} from './tabs';
import { HistoryView } from './views/HistoryView';
import { LtRecordsView } from './views/LtRecordsView';
import { OpenOrdersView } from './views/OpenOrdersView';
import { PnlView } from './views/PnlView';
import { ToolsTabView } from './views/ToolsTabView';
import { TradesView } from './views/TradesView';
import './orders.css';

/** Tabs whose view another feature provides (the unified account's positions, borrowing and assets). */
export type InjectedOrdersTab = Extract<OrdersTab, 'positions' | 'borrowing' | 'assets'>;

/** The views of the injected tabs, keyed by tab id; a tab without one shows an empty body. */
export type OrdersPanelViews = Readonly<Partial<Record<InjectedOrdersTab, ComponentType>>>;

/** The orders panel; `views` supplies the tabs this feature does not own. */
export function OrdersPanel({ views }: { readonly views: OrdersPanelViews }): React.JSX.Element | null {
  const { t } = useTranslation('orders');
  const user = useAtomValue(sessionUserAtom);
  const lookup = useAtomValue(pairLookupAtom);
  const compliance = ordersComplianceOf(useAtomValue(complianceAtom));
  if (user === null || lookup.kind !== 'found') return null;
  if (compliance.restricted) {
    return (
      <div className="orders-restricted" data-testid="orders-restricted">
        <p>{t('restricted.text')}</p>
        <a href="/user/assets/order/fed/spot-current-orders/active">{t('restricted.link')}</a>
      </div>
    );
  }
  if (!user.loggedIn) return <VisitorPrompt />;
  return (
    <OrdersBody
      symbol={lookup.symbol}
      viewer={{ unified: user.isUTA, isDemo: user.isDemo, isSub: user.isSub }}
      views={views}
      compliance={compliance}
    />
  );
}

function OrdersBody({
  symbol,
  viewer,
  views,
  compliance,
}: {
  readonly symbol: SymbolInfo;
  readonly viewer: OrdersViewer;
  readonly views: OrdersPanelViews;
  readonly compliance: OrdersCompliance;
}): React.JSX.Element {
  const { t } = useTranslation('orders');
  useHubWant({ account: true });
  const tabs = ordersTabs(viewer, compliance);
  const [tab, setTab] = useAtom(ordersTabAtom);
  const [sub, setSub] = useAtom(ordersSubTabAtom);
  const lt = useAtomValue(ltSubTabAtom);
  const current = tabs.includes(tab) ? tab : 'current';
  const href = viewMoreHref(current, sub, lt);
  // spotOrderHeader off: the header keeps its tabs but links nowhere out.
  const showMore =
    compliance.spotOrderHeader &&
    href !== null &&
    !(current === 'pnl' && demoAccess('performanceLink', viewer) !== 'available');
  const subs = ordersSubTabs(viewer, compliance, current === 'history');
  useEffect(() => {
    if (!subs.includes(sub)) setSub('ordinary');
  }, [subs, sub, setSub]);
  return (
    <div className="orders-panel" data-testid="orders-panel" data-tab={current}>
      <div className="orders-head">
        <Tabs
          className="tabs orders-tabs"
          label={t('label')}
          keys={tabs}
          current={current}
          onSelect={setTab}
          testId={(k) => `orders-tab-${k}`}
          text={(k) => t(`tab.${k}`)}
        />
        {showMore && (
          <a className="orders-more" href={href} data-testid="orders-view-more">
            {t('viewMore')}
          </a>
        )}
      </div>
      <TabBody tab={current} symbol={symbol} viewer={viewer} subs={subs} views={views} />
    </div>
  );
}

/** The view of one tab. */
function TabBody({
  tab,
  symbol,
  viewer,
  subs,
  views,
}: {
  readonly tab: OrdersTab;
  readonly symbol: SymbolInfo;
  readonly viewer: OrdersViewer;
  readonly subs: ReturnType<typeof ordersSubTabs>;
  readonly views: OrdersPanelViews;
}): React.JSX.Element | null {
  switch (tab) {
    case 'current':
      return <OpenOrdersView symbol={symbol} viewer={viewer} subs={subs} />;
    case 'history':
      return <HistoryView symbol={symbol} subs={subs} />;
    case 'trades':
      return <TradesView symbol={symbol} />;
    case 'lt':
      return <LtRecordsView />;
    case 'pnl':
      return <PnlView demoTip={demoAccess('performanceLink', viewer) === 'tip'} />;
    case 'tools':
      return <ToolsTabView symbol={symbol} />;
    case 'positions':
    case 'borrowing':
    case 'assets': {
      const View = views[tab];
      return View === undefined ? null : <View />;
    }
  }
}
