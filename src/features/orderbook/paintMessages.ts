/**
 * Messages between a tab and its one paint worker, which hosts every market panel of the tab (discriminated on
 * `type`; `panel` names the panel a message is about).
 */
import type { TabInterest, TradeRow } from '../../../workers/api';
import type { PanelInput, PanelKind, PanelReport } from './panelPainter';
import type { RowRef } from './layout';

/** The worker's first message: its port to the hub and whether the tab is visible. */
export interface PanelWorkerInit {
  readonly type: 'init';
  readonly hubPort: MessagePort;
  readonly visible: boolean;
  /** Bench only: report draw and feed-to-pixel times every half second. */
  readonly stats?: boolean;
}

/** A panel joins the worker with its canvas. */
export interface PanelAdd {
  readonly type: 'add';
  readonly panel: number;
  readonly kind: PanelKind;
  readonly canvas: OffscreenCanvas;
  readonly interest: TabInterest;
  readonly input: PanelInput;
}

/** Tab → worker. */
export type ToPanelWorker =
  | PanelWorkerInit
  | PanelAdd
  | { readonly type: 'remove'; readonly panel: number }
  | { readonly type: 'input'; readonly panel: number; readonly input: PanelInput }
  | { readonly type: 'interest'; readonly panel: number; readonly interest: TabInterest }
  | { readonly type: 'visible'; readonly visible: boolean }
  | { readonly type: 'row'; readonly panel: number; readonly id: number; readonly row: RowRef }
  | { readonly type: 'trade'; readonly panel: number; readonly id: number; readonly row: number }
  | { readonly type: 'best'; readonly panel: number; readonly id: number };

/** Worker → tab. */
export type FromPanelWorker =
  | { readonly type: 'report'; readonly panel: number; readonly report: PanelReport }
  | {
      readonly type: 'row';
      readonly id: number;
      readonly row: { readonly price: number; readonly cumQty: number } | null;
    }
  | { readonly type: 'trade'; readonly id: number; readonly trade: TradeRow | null }
  | {
      readonly type: 'best';
      readonly id: number;
      readonly best: { readonly bid: number; readonly ask: number } | null;
    }
  | {
      readonly type: 'stats';
      readonly panel: number;
      readonly kind: PanelKind;
      /** ms per drawn frame, and ms from the hub receiving a book to the frame after its first draw. */
      readonly drawMs: readonly number[];
      readonly feedToPixelMs: readonly number[];
      /** ms from the hub receiving a book to the end of its first draw (as browser.feedToPixelP95Ms counts). */
      readonly feedToDrawMs: readonly number[];
    };
