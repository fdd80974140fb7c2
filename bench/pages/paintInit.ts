/** The hub bench page's paint worker's first message (types only: shared by the page and the worker). */

/** What every paint worker receives first. */
export interface PaintInit {
  readonly canvas: OffscreenCanvas;
  readonly hubPort: MessagePort;
  readonly visible: boolean;
}
