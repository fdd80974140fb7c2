/**
 * The Canvas2D backend: paints bands straight into a 2D context in device pixels. Every edge and text origin is
 * rounded to a whole device pixel, so rows stay crisp at devicePixelRatio 1, 1.5, 2 and 3.
 */
import { FONT_FAMILY, FONTS, type Band, type FontRole, type Shape } from './scene';
import type { Surface } from './surface';

/** The part of a 2D context the surface uses (a page canvas, an OffscreenCanvas, or a recording one in tests). */
export type Ctx2D = Pick<
  // The OffscreenCanvas context type exists in the DOM and WebWorker libs alike; a page canvas's context has these.
  OffscreenCanvasRenderingContext2D,
  | 'fillRect'
  | 'clearRect'
  | 'fillText'
  | 'setTransform'
  | 'beginPath'
  | 'moveTo'
  | 'lineTo'
  | 'closePath'
  | 'fill'
  | 'stroke'
  | 'setLineDash'
  | 'fillStyle'
  | 'strokeStyle'
  | 'lineWidth'
  | 'globalAlpha'
  | 'font'
  | 'textAlign'
  | 'textBaseline'
>;

/** What the surface needs of a canvas element (its backing-store size). */
export interface SizedCanvas {
  width: number;
  height: number;
}

/** Canvas2D implementation of `Surface`. */
export class Canvas2DSurface implements Surface {
  readonly backend = 'canvas' as const;
  readonly rendererName = 'canvas2d';
  private dpr = 1;
  private background: string | null = null;
  private readonly last = new Map<number, Band>();
  private readonly fonts = new Map<FontRole, string>();
  /**
   * The context state this surface last set (null: unknown). A storm frame paints a couple of hundred texts and rects,
   * and each state write costs a parse or a font lookup in the browser even when the value is unchanged; these are
   * the surface's own strings, compared before writing (the context's read-back values are normalised, so they are
   * never compared). Resizing a canvas resets its context state, and so these.
   */
  private fill: string | null = null;
  private alpha: number | null = null;
  private fontNow: string | null = null;
  private align: CanvasTextAlign | null = null;
  private baselineSet = false;

  constructor(
    private readonly ctx: Ctx2D,
    private readonly canvas: SizedCanvas | null = null,
  ) {}

  resize(width: number, height: number, dpr: number, background: string | null): void {
    this.dpr = dpr;
    this.background = background;
    this.fonts.clear();
    const w = Math.round(width * dpr);
    const h = Math.round(height * dpr);
    if (this.canvas !== null && (this.canvas.width !== w || this.canvas.height !== h)) {
      this.canvas.width = w;
      this.canvas.height = h;
    }
    this.forgetState();
    this.ctx.setTransform(1, 0, 0, 1, 0, 0);
    this.clear(0, 0, width, height, background);
    this.last.clear();
  }

  paint(id: number, band: Band | null): void {
    const prev = this.last.get(id);
    if (band === null) {
      if (prev !== undefined) this.clear(prev.x, prev.y, prev.w, prev.h, this.background);
      this.last.delete(id);
      return;
    }
    if (
      prev !== undefined &&
      (prev.x !== band.x || prev.y !== band.y || prev.w !== band.w || prev.h !== band.h)
    )
      this.clear(prev.x, prev.y, prev.w, prev.h, this.background);
    this.last.set(id, band);
    this.clear(band.x, band.y, band.w, band.h, band.background ?? this.background);
    for (const s of band.shapes) this.shape(s);
  }

  present(): void {
    // Canvas2D shows what was drawn when the task ends.
  }

  destroy(): void {
    this.last.clear();
  }

  private forgetState(): void {
    this.fill = null;
    this.alpha = null;
    this.fontNow = null;
    this.align = null;
    this.baselineSet = false;
  }

  private setFill(colour: string): void {
    if (colour === this.fill) return;
    this.ctx.fillStyle = colour;
    this.fill = colour;
  }

  private setAlpha(a: number): void {
    if (a === this.alpha) return;
    this.ctx.globalAlpha = a;
    this.alpha = a;
  }

  private px(v: number): number {
    return Math.round(v * this.dpr);
  }

  private clear(x: number, y: number, w: number, h: number, colour: string | null): void {
    const x0 = this.px(x);
    const y0 = this.px(y);
    const ww = this.px(x + w) - x0;
    const hh = this.px(y + h) - y0;
    if (colour === null) this.ctx.clearRect(x0, y0, ww, hh);
    else {
      this.setAlpha(1);
      this.setFill(colour);
      this.ctx.fillRect(x0, y0, ww, hh);
    }
  }

  private font(role: FontRole): string {
    let f = this.fonts.get(role);
    if (f === undefined) {
      const spec = FONTS[role];
      f = `${spec.weight === 600 ? '600 ' : ''}${Math.round(spec.size * this.dpr)}px ${FONT_FAMILY}`;
      this.fonts.set(role, f);
    }
    return f;
  }

  private shape(s: Shape): void {
    const c = this.ctx;
    switch (s.kind) {
      case 'rect': {
        const x0 = this.px(s.x);
        const y0 = this.px(s.y);
        this.setAlpha(s.alpha ?? 1);
        this.setFill(s.colour);
        c.fillRect(x0, y0, this.px(s.x + s.w) - x0, this.px(s.y + s.h) - y0);
        return;
      }
      case 'text': {
        const font = this.font(s.font);
        if (font !== this.fontNow) {
          c.font = font;
          this.fontNow = font;
        }
        if (!this.baselineSet) {
          c.textBaseline = 'middle';
          this.baselineSet = true;
        }
        if (s.align !== this.align) {
          c.textAlign = s.align;
          this.align = s.align;
        }
        this.setAlpha(1);
        this.setFill(s.colour);
        c.fillText(s.text, this.px(s.x), this.px(s.y));
        return;
      }
      case 'poly':
      case 'line': {
        const p = s.points;
        if (p.length < 4) return;
        c.beginPath();
        c.moveTo((p[0] ?? 0) * this.dpr, (p[1] ?? 0) * this.dpr);
        for (let i = 2; i + 1 < p.length; i += 2)
          c.lineTo((p[i] ?? 0) * this.dpr, (p[i + 1] ?? 0) * this.dpr);
        if (s.kind === 'poly') {
          c.closePath();
          this.setAlpha(s.alpha);
          this.setFill(s.colour);
          c.fill();
        } else {
          c.setLineDash(s.dashed === true ? [4 * this.dpr, 4 * this.dpr] : []);
          c.lineWidth = s.width * this.dpr;
          c.strokeStyle = s.colour;
          this.setAlpha(1);
          c.stroke();
          c.setLineDash([]);
        }
        return;
      }
    }
  }
}
