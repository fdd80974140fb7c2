/** Makes the surface of the chosen backend for a page canvas (pixi is loaded only when WebGL is chosen). */
import { Canvas2DSurface } from './canvas2dSurface';
import type { Backend, Surface } from './surface';

/** Size of a canvas in CSS px and its devicePixelRatio. */
export interface CanvasSize {
  readonly width: number;
  readonly height: number;
  readonly dpr: number;
}

/**
 * A surface of `backend` on `canvas`, marking the canvas with `data-backend` and `data-renderer`. Throws when the
 * backend cannot start (a canvas that once had a WebGL context cannot give a 2D one: retry on a fresh canvas).
 */
export async function createSurface(
  canvas: HTMLCanvasElement,
  backend: Backend,
  size: CanvasSize,
): Promise<Surface> {
  let surface: Surface;
  if (backend === 'webgl') {
    const { PixiSurface } = await import('./pixiSurface');
    surface = await PixiSurface.create(canvas, size.width, size.height, size.dpr);
  } else {
    const ctx = canvas.getContext('2d', { alpha: false });
    if (ctx === null) throw new Error('no 2D context');
    surface = new Canvas2DSurface(ctx, canvas);
  }
  canvas.dataset.backend = surface.backend;
  canvas.dataset.renderer = surface.rendererName;
  return surface;
}
