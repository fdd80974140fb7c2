/** What the render bench's paint worker (renderPaint.worker.ts) posts its page every half second. */

/** The paint worker's timings since the last post, as the page reads them. */
export interface PaintMarks {
  readonly type: 'paint-marks';
  /** ms per drawn frame, per panel kind. */
  readonly drawMs: readonly { readonly kind: string; readonly ms: number }[];
  /** ms from the hub receiving a book to the frame after its first draw, per kind. */
  readonly feedToPixelMs: readonly { readonly kind: string; readonly ms: number }[];
  /** ms from the hub receiving a book to the end of its first draw (as browser.feedToPixelP95Ms counts), per kind. */
  readonly feedToDrawMs: readonly { readonly kind: string; readonly ms: number }[];
}
