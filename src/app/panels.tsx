/**
 * What fills each panel slot. The shell renders the frames (title, `data-panel` id, error boundary); the features of
 * later issues plug their components in here, and nowhere else.
 */
import { useAtomValue } from 'jotai';
import type { ComponentType } from 'react';
import type { ToolView } from '../features/tools/pinnedTools';
import { ChartPanel } from '../features/chart/ChartPanel';
import { OrderForm } from '../features/order-form/OrderForm';
import { OrderBookPanel } from '../features/orderbook/OrderBookPanel';
import { AssetsView } from '../features/account/AssetsView';
import { BorrowingView } from '../features/account/BorrowingView';
import { PositionsView } from '../features/account/PositionsView';
import { OrdersPanel, type OrdersPanelViews } from '../features/orders/OrdersPanel';
import { TradesPanel } from '../features/trades/TradesPanel';
import { DepthChart } from '../features/depth/DepthChart';
import { pairLookupAtom, routeAtom } from '../session/state';
import { LtOrderPanelBlock } from './LtTrade';
import { botPanelOpenAtom } from '../session/botPanel';
import { BotOrdersPanel } from '../features/tools/BotOrdersPanel';
import { ToolContent } from '../features/tools/ToolContent';
import { ToolsHost } from '../features/tools/ToolsHost';

/** The chart panel with the depth chart as its depth view. */
function ChartSlot(): React.JSX.Element {
  return <ChartPanel depth={DepthChart} />;
}

/** The order-book panel with the latest-trades list as its trades tab. */
function OrderBookSlot(): React.JSX.Element | null {
  return <OrderBookPanel trades={TradesPanel} />;
}

/** Panel slots by `data-panel` id (desktop grid: chart, orderbook, position; right column: order-form; mobile adds trades). */
export type PanelSlotId = 'chart' | 'orderbook' | 'trades' | 'position' | 'order-form';

/** The account feature's views in the orders panel's unified tabs (features do not import each other). */
const ACCOUNT_VIEWS: OrdersPanelViews = {
  positions: PositionsView,
  borrowing: BorrowingView,
  assets: AssetsView,
};

/** The orders panel with the account views composed in, or the bot (grid) orders panel; the tools' host beside. */
function OrdersSlot(): React.JSX.Element | null {
  const bot = useAtomValue(botPanelOpenAtom);
  return (
    <>
      {bot ? <BotOrdersPanel /> : <OrdersPanel views={ACCOUNT_VIEWS} />}
      <ToolsHost />
    </>
  );
}

/** The order panel, with subscription and redemption under it for a leveraged-token symbol. */
function OrderFormSlot(): React.JSX.Element {
  const lookup = useAtomValue(pairLookupAtom);
  const locale = useAtomValue(routeAtom).locale;
  const lt = lookup.kind === 'found' && lookup.symbol.ltDirection !== '' ? lookup.symbol : null;
  return (
    <>
      <OrderForm />
      {lt !== null && <LtOrderPanelBlock key={lt.symbolId} symbol={lt} locale={locale} />}
    </>
  );
}

/** Slot contents; null renders an empty frame. Components read what they need (symbol, locale…) from atoms. */
export const PANEL_CONTENT: Readonly<Record<PanelSlotId, ComponentType | null>> = {
  chart: ChartSlot,
  orderbook: OrderBookSlot,
  trades: TradesPanel,
  position: OrdersSlot,
  'order-form': OrderFormSlot,
};

/** Content of a Tools sub-view (slot `tool-{view}`); null renders an empty frame. */
export const TOOL_CONTENT: ComponentType<{ readonly view: ToolView }> | null = ToolContent;
