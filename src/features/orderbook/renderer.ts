/**
 * The order book's renderer: turns the hub's book frame into the view's scene and paints only the bands that changed
 * through the page's surface (pixi.js WebGL or Canvas2D). It owns the ratio bar's 300 ms animation.
 */
import { SceneRenderer } from '../../canvas/sceneRenderer';
import type { Surface } from '../../canvas/surface';
import type { BookFrame } from '../../../workers/api';
import { RatioTween, toBookScene, type BookSceneInput, type HalfColumns, type RowSlot } from './view';

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
