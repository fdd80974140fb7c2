/** Messages between a market panel and its paint worker (discriminated on `type`). */
import type { TabInterest, TradeRow } from '../../../workers/api';
import type { PanelInput, PanelKind, PanelReport } from './panelPainter';
import type { RowRef } from './view';

/** The worker's first message: its canvases (plot, and the overlay for depth), its hub port, what to pull. */
export interface PanelWorkerInit {
  readonly type: 'init';
  readonly kind: PanelKind;
  readonly canvases: readonly OffscreenCanvas[];
  readonly hubPort: MessagePort;
  readonly visible: boolean;
  readonly interest: TabInterest;
  readonly input: PanelInput;
  /** Bench only: report draw and feed-to-pixel times every half second. */
  readonly stats?: boolean;
}

/** Tab → worker. */
export type ToPanelWorker =
  | PanelWorkerInit
  | { readonly type: 'input'; readonly input: PanelInput }
  | { readonly type: 'interest'; readonly interest: TabInterest }
  | { readonly type: 'visible'; readonly visible: boolean }
  | { readonly type: 'row'; readonly id: number; readonly row: RowRef }
  | { readonly type: 'trade'; readonly id: number; readonly row: number }
  | { readonly type: 'best'; readonly id: number };

/** Worker → tab. */
export type FromPanelWorker =
  | { readonly type: 'report'; readonly report: PanelReport }
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
      /** ms per drawn frame, and ms from the hub receiving a book to the frame after its draw. */
      readonly drawMs: readonly number[];
      readonly feedToPixelMs: readonly number[];
      /** ms from the hub receiving a book to the end of its draw (the definition of browser.feedToPixelP95Ms). */
      readonly feedToDrawMs: readonly number[];
    };
