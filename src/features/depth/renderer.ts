/**
 * The depth chart's renderer: the plot on one surface, the crosshair on a transparent overlay surface above it, so a
 * pointer move repaints only the overlay.
 */
import type { BookFrame } from '../../../workers/api';
import { SceneRenderer } from '../../canvas/sceneRenderer';
import type { Surface } from '../../canvas/surface';
import { toCrosshairScene, toDepthScene, type DepthReadout, type DepthSceneInput } from './view';

/** Draws the depth chart and its crosshair. */
export class DepthRenderer {
  private readonly plot: SceneRenderer;
  private readonly overlay: SceneRenderer;

  constructor(plot: Surface, overlay: Surface) {
    this.plot = new SceneRenderer(plot);
    this.overlay = new SceneRenderer(overlay);
  }

  /** Draws the plot of `book`. */
  drawPlot(book: BookFrame | undefined, input: DepthSceneInput, dpr: number): number {
    return this.plot.update(toDepthScene(book, input), dpr);
  }

  /** Draws the crosshair at `hoverX` (null: none); returns what it reads. */
  drawCrosshair(
    book: BookFrame | undefined,
    hoverX: number | null,
    input: DepthSceneInput,
    dpr: number,
  ): { readout: DepthReadout | null; y: number } {
    const { scene, readout, y } = toCrosshairScene(book, hoverX, input);
    this.overlay.update(scene, dpr);
    return { readout, y };
  }

  destroy(): void {
    this.plot.destroy();
    this.overlay.destroy();
  }
}
