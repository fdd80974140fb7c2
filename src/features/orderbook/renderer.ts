/**
 * The order book's renderer: turns the hub's book frame into the view's scene and paints only the bands that changed
 * through the page's surface (pixi.js WebGL or Canvas2D). It owns the ratio bar's 300 ms animation.
 */
import { SceneRenderer } from '../../canvas/sceneRenderer';
import type { Surface } from '../../canvas/surface';
import type { BookFrame } from '../../../workers/api';
import type { HalfColumns } from './columns';
import type { RowSlot } from './layout';
import { toBookScene, type BookSceneInput } from './view';

/** The buy/sell ratio bar eases to a new value over this long (spec §4). */
export const RATIO_ANIMATION_MS = 300;

/** Eases the shown ratio towards its target: linear over RATIO_ANIMATION_MS from where it was when the target moved. */
export class RatioTween {
  private from = 0.5;
  private to = 0.5;
  private start = -Infinity;

  /** The value to show at `now`, retargeting when `target` moved. */
  at(target: number, now: number): number {
    if (target !== this.to) {
      this.from = this.value(now);
      this.to = target;
      this.start = now;
    }
    return this.value(now);
  }

  /** True while the bar is still moving at `now`. */
  moving(now: number): boolean {
    return now - this.start < RATIO_ANIMATION_MS;
  }

  private value(now: number): number {
    const t = Math.min(1, Math.max(0, (now - this.start) / RATIO_ANIMATION_MS));
    return this.from + (this.to - this.from) * t;
  }
}

/** What one draw produced. */
export interface BookDrawResult {
  /** The rows drawn (for hit-testing). */
  readonly slots: readonly RowSlot[];
  /** Bands repainted. */
  readonly painted: number;
  /** True while the ratio bar is still moving: draw again next frame. */
  readonly animating: boolean;
  /** Layout 4's column fit (null in layouts 1–3). */
  readonly columns: HalfColumns | null;
}

/** Draws the order book on one surface. */
export class BookRenderer {
  private readonly scene: SceneRenderer;
  private readonly tween = new RatioTween();

  constructor(surface: Surface) {
    this.scene = new SceneRenderer(surface);
  }

  /** Draws `book` for `input` at `now` (ms, for the ratio animation) and `dpr`. */
  draw(
    book: BookFrame | undefined,
    input: Omit<BookSceneInput, 'ratio'>,
    dpr: number,
    now: number,
  ): BookDrawResult {
    const ratio = this.tween.at(book?.ratio ?? 0.5, now);
    const { scene, slots, columns } = toBookScene(book, { ...input, ratio });
    const painted = this.scene.update(scene, dpr);
    return { slots, painted, animating: this.tween.moving(now), columns };
  }

  /** Repaint everything on the next draw (theme, locale, dpr). */
  invalidate(): void {
    this.scene.invalidate();
  }

  destroy(): void {
    this.scene.destroy();
  }
}
