/**
 * Paints a scene through a surface, band by band, repainting only the bands that differ from what is on screen
 * (a row whose price, amount, bar and hover did not change costs nothing). A size, dpr or background change repaints
 * everything.
 */
import { sameBand, type Band, type Scene } from './scene';
import type { Surface } from './surface';

/** Owns a surface and the last scene painted on it. */
export class SceneRenderer {
  private shown: (Band | null)[] = [];
  private width = -1;
  private height = -1;
  private dpr = -1;
  private background: string | null = null;
  /** Bands repainted by the last `update` (for tests and the bench). */
  lastPainted = 0;

  constructor(readonly surface: Surface) {}

  /** Paints what changed in `scene`; returns the number of bands repainted. */
  update(scene: Scene, dpr: number): number {
    if (
      scene.width !== this.width ||
      scene.height !== this.height ||
      dpr !== this.dpr ||
      scene.background !== this.background
    ) {
      this.width = scene.width;
      this.height = scene.height;
      this.dpr = dpr;
      this.background = scene.background;
      this.surface.resize(scene.width, scene.height, dpr, scene.background);
      this.shown = [];
    }
    let painted = 0;
    const n = Math.max(scene.bands.length, this.shown.length);
    for (let i = 0; i < n; i++) {
      const next = scene.bands[i] ?? null;
      const prev = this.shown[i] ?? null;
      if (sameBand(prev, next)) continue;
      this.surface.paint(i, next);
      this.shown[i] = next;
      painted++;
    }
    this.shown.length = scene.bands.length;
    if (painted > 0) this.surface.present();
    this.lastPainted = painted;
    return painted;
  }

  /** Forgets what is on screen: the next update repaints everything (theme, locale, a lost context). */
  invalidate(): void {
    this.width = -1;
  }

  destroy(): void {
    this.surface.destroy();
  }
}
