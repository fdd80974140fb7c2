/**
 * Paints a scene through a surface, band by band, repainting only the bands that differ from what is on screen
 * (a row whose price, amount, bar and hover did not change costs nothing). A size, dpr or background change repaints
 * everything.
 */
import { sameBand, type Band, type Scene } from './scene';

function sameRect(a: Band, b: Band): boolean {
  return a.x === b.x && a.y === b.y && a.w === b.w && a.h === b.h;
}

function overlaps(a: Band, b: Band): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}
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
    // First empty what moved or went away, so clearing a vacated strip never wipes a band painted this frame…
    const cleared: Band[] = [];
    for (let i = 0; i < n; i++) {
      const next = scene.bands[i] ?? null;
      const prev = this.shown[i] ?? null;
      if (prev === null || sameBand(prev, next)) continue;
      if (next === null || !sameRect(prev, next)) {
        this.surface.paint(i, null);
        this.shown[i] = null;
        cleared.push(prev);
        painted++;
      }
    }
    // …then paint what changed, and anything a cleared strip overlapped.
    for (let i = 0; i < n; i++) {
      const next = scene.bands[i] ?? null;
      const prev = this.shown[i] ?? null;
      if (next === null) continue;
      if (sameBand(prev, next) && !cleared.some((c) => overlaps(c, next))) continue;
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
