/**
 * The registry of panel views: which view draws each `kind` of panel input. The ONE module of `src/paint` that imports
 * features (their view classes): the paint worker entry needs to make any panel's view from its kind, and this keeps
 * every other module of the layer below the features. Also names the input and report unions the worker carries.
 */
import type { Surface } from '../canvas/surface';
import { createDepthPanelView, type DepthInput, type DepthReport } from '../features/depth/depthPanelView';
import { createBookPanelView, type BookInput, type BookReport } from '../features/orderbook/bookPanelView';
import {
  createTradesPanelView,
  type TradesInput,
  type TradesReport,
} from '../features/trades/tradesPanelView';
import type { PanelView } from './panelView';

/** Every panel's input, tagged by `kind`. */
export type PanelInput = BookInput | TradesInput | DepthInput;

/** Every panel's report, tagged by `kind`. */
export type PanelReport = BookReport | TradesReport | DepthReport;

/** Which panel. */
export type PanelKind = PanelInput['kind'];

/** The view for a panel input's kind, on `surface`. */
export function createPanelView(kind: PanelKind, surface: Surface): PanelView<PanelInput, PanelReport> {
  switch (kind) {
    case 'book':
      return createBookPanelView(surface);
    case 'trades':
      return createTradesPanelView(surface);
    case 'depth':
      return createDepthPanelView(surface);
  }
}
