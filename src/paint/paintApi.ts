/**
 * The paint worker's API (`Comlink.expose`d by panelPaint.worker.ts, wrapped once by panelWorkerHost.ts): the tab
 * gives it a port to the hub and page visibility, and each market panel joins with its canvas, sends its input and
 * interest, asks what lies under a click, and leaves. Types only: shared by both realms.
 */
import type { TabInterest, TradeRow } from '../../workers/api';
import type { BestPrices, PanelInputBase, PanelReportBase, PanelRowRef, RowAnswer } from './panelView';

/** What the paint worker does for the tab. */
export interface PaintApi {
  /** Its own port to the hub (transferred), and whether the tab is visible. */
  init(hubPort: MessagePort, visible: boolean): void;
  /**
   * Panel `panel` joins with its canvas (transferred), its interest and input; `onReport` (a Comlink proxy) hears each
   * report that differs from the last. The panel's view is chosen by `input.kind`.
   */
  add(
    panel: number,
    canvas: OffscreenCanvas,
    interest: TabInterest,
    input: PanelInputBase,
    onReport: (report: PanelReportBase) => void,
  ): void;
  /** The panel leaves: its painter, its canvas and its report callback go with it. */
  remove(panel: number): void;
  /** New human-speed input of a panel. */
  input(panel: number, input: PanelInputBase): void;
  /** New interest of a panel (symbol, step…): its pulls are regrouped. */
  interest(panel: number, interest: TabInterest): void;
  /** The tab became visible or hidden (a hidden tab pulls and draws nothing). */
  visible(visible: boolean): void;
  /** The book row of a panel at a position, for a click. */
  row(panel: number, row: PanelRowRef): RowAnswer | null;
  /** The trade at a list row, for a click. */
  trade(panel: number, row: number): TradeRow | null;
  /** The best prices a book panel holds. */
  best(panel: number): BestPrices | null;
}
