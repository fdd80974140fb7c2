/**
 * Which of the paint worker's panels draw for a display frame. Every order book draws in every frame it has news
 * for. The other panels (latest trades, depth chart) share one draw per frame: when both have news for the same
 * frame, the one that has waited longer draws and the other draws in the next frame. A panel whose human input
 * changed (hover, size, theme, locale) draws at once, outside the share.
 *
 * Why: each canvas the worker commits in a frame is one more surface the display compositor waits for, and on a slow
 * machine that wait, not the drawing, is what delays the book's pixels. In a storm the trades list and the depth chart
 * have news in every frame; three commits a frame become two, and each of the two still moves at 30 frames a second.
 * Measured on the render bench page (2,000 msgs/s, 4× throttle), switching the share on and off every second within
 * one run, six runs: the book's feed-to-pixel p95 was lower with it in four (median of the runs 20.0 ms against
 * 21.9; 16.5–25.6 against 18.1–32.5), and the depth chart's rose from 22–24 ms to 25–41 ms. In a calm market only one
 * of them has news in a frame, and nothing waits.
 *
 * Pure: the worker calls `allow` before drawing a panel for a frame and `drew` after.
 */

/** What the slots need to know of a panel. */
export interface SlotPanel {
  readonly id: number;
  /** The order book: draws in every frame it has news for. */
  readonly primary: boolean;
  /** Has something to draw (new data, an animation running, or new input). */
  wantsFrame(): boolean;
  /** Its human input changed since it last drew: draws at once. */
  inputChanged(): boolean;
}

/** The per-frame share of the secondary panels. */
export class FrameSlots {
  /** The frame whose shared draw is given, and to which panel (null: none wanted it when asked). */
  private slotFrame = -1;
  private slotPanel: number | null = null;
  /** The frame each secondary panel last drew for. */
  private readonly lastDrew = new Map<number, number>();

  /** Whether `p` may draw for display frame `frame`; `all` are the worker's panels. */
  allow(p: SlotPanel, frame: number, all: Iterable<SlotPanel>): boolean {
    if (p.primary || p.inputChanged()) return true;
    if (this.slotFrame !== frame || this.slotPanel === null) {
      this.slotFrame = frame;
      this.slotPanel = this.longestWaiting(all);
    }
    return this.slotPanel === p.id;
  }

  /** `p` drew for `frame`. */
  drew(p: SlotPanel, frame: number): void {
    if (!p.primary) this.lastDrew.set(p.id, frame);
  }

  /** The panel left. */
  forget(id: number): void {
    this.lastDrew.delete(id);
    if (this.slotPanel === id) this.slotPanel = null;
  }

  /** Of the secondary panels that want a frame, the one that drew longest ago (a new panel first). */
  private longestWaiting(all: Iterable<SlotPanel>): number | null {
    let best: number | null = null;
    let bestAt = Infinity;
    for (const q of all) {
      if (q.primary || !q.wantsFrame()) continue;
      const at = this.lastDrew.get(q.id) ?? -Infinity;
      if (at < bestAt) {
        best = q.id;
        bestAt = at;
      }
    }
    return best;
  }
}
