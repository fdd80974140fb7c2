/**
 * The renderer interface both backends implement: pixi.js on WebGL (a hardware GPU) and plain Canvas2D (no WebGL, or
 * a software-emulated one). A surface paints bands; it never decides what changed (see `SceneRenderer`).
 */
import type { Band } from './scene';

/** Which backend draws. */
export type Backend = 'webgl' | 'canvas';

/** One canvas's painter. */
export interface Surface {
  readonly backend: Backend;
  /** What actually draws: 'canvas2d', or pixi's `app.renderer.name`. */
  readonly rendererName: string;
  /** Sizes the backing store (CSS px × dpr) and clears it to `background`. */
  resize(width: number, height: number, dpr: number, background: string | null): void;
  /** Repaints band `id` (clearing its strip first); null empties what band `id` last painted. */
  paint(id: number, band: Band | null): void;
  /** Shows what was painted since the last present (pixi renders its stage; Canvas2D has nothing to do). */
  present(): void;
  destroy(): void;
}
