/**
 * The depth chart's renderer: the plot and the crosshair on one opaque surface. One canvas rather than a transparent
 * crosshair overlay above the plot: in a storm the plot repaints every frame anyway, and each canvas is one more
 * surface the display compositor waits for and blends each frame (render bench, traced: commit to screen at the
 * median went from about 3.8 ms to 3.0 ms without the overlay). A pointer move repaints the plot with the crosshair.
 */
import type { BookFrame } from '../../../workers/api';
import { SceneRenderer } from '../../canvas/sceneRenderer';
import type { Scene } from '../../canvas/scene';
import type { Surface } from '../../canvas/surface';
import { crosshair, toDepthScene, type DepthReadout, type DepthSceneInput } from './view';

/** What one draw produced. */
export interface DepthDrawResult {
  /** Bands repainted (0 when nothing changed). */
  readonly painted: number;
  /** What the crosshair reads (null: no pointer, or no book under it), and its y. */
  readonly readout: DepthReadout | null;
  readonly y: number;
}

/** Draws the depth chart and its crosshair. */
export class DepthRenderer {
  private readonly scene: SceneRenderer;

  constructor(surface: Surface) {
    this.scene = new SceneRenderer(surface);
  }

  /** Draws `book` with the crosshair at `hoverX` (null: none). */
  draw(
    book: BookFrame | undefined,
    hoverX: number | null,
    input: DepthSceneInput,
    dpr: number,
  ): DepthDrawResult {
    const plot = toDepthScene(book, input);
    const { shapes, readout, y } = crosshair(book, hoverX, input);
    const band = plot.bands[0] ?? null;
    const scene: Scene =
      band === null || shapes.length === 0
        ? plot
        : { ...plot, bands: [{ ...band, shapes: [...band.shapes, ...shapes] }] };
    return { painted: this.scene.update(scene, dpr), readout, y };
  }

  destroy(): void {
    this.scene.destroy();
  }
}
