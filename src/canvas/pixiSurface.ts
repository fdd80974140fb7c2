/**
 * The pixi.js WebGL backend. One container per band holds a Graphics (rects, polygons, lines) and a pool of text
 * objects that are reused frame after frame: numbers as BitmapText from fonts installed at the canvas's
 * devicePixelRatio (crisp), words (captions, localised labels) as Text. Only painted bands change their objects; the
 * stage renders once per `present`, never on pixi's own ticker.
 */
// pixi's default shader setup builds functions with `new Function`; this build does not, so the page's
// Content-Security-Policy needs no 'unsafe-eval' (server/http/static.ts).
import 'pixi.js/unsafe-eval';
import { Application, BitmapFont, BitmapText, Container, Graphics, Text } from 'pixi.js';
import { toColourNumber } from './tokens';
import { FONT_FAMILY, FONTS, type Band, type FontRole, type TextShape } from './scene';
import type { Surface } from './surface';

const DIGIT_CHARS = '0123456789.,:-+%KMBT↑↓ ()/';

interface BandNode {
  readonly root: Container;
  readonly g: Graphics;
  readonly digits: BitmapText[];
  readonly words: Text[];
}

function fontName(role: FontRole, dpr: number): string {
  return `canvas-${role}-${String(dpr).replace('.', '_')}`;
}

/** Dash length and gap (CSS px), as the Canvas2D backend's setLineDash([4, 4]). */
const DASH = 4;

/** Adds a dashed polyline to `g` as separate segments (pixi's Graphics has no line dash). */
function dashes(g: Graphics, p: readonly number[]): void {
  for (let i = 0; i + 3 < p.length; i += 2) {
    const x0 = p[i] ?? 0;
    const y0 = p[i + 1] ?? 0;
    const dx = (p[i + 2] ?? 0) - x0;
    const dy = (p[i + 3] ?? 0) - y0;
    const len = Math.hypot(dx, dy);
    for (let d = 0; d < len; d += 2 * DASH) {
      const e = Math.min(len, d + DASH);
      g.moveTo(x0 + (dx * d) / len, y0 + (dy * d) / len);
      g.lineTo(x0 + (dx * e) / len, y0 + (dy * e) / len);
    }
  }
}

function anchorX(align: TextShape['align']): number {
  return align === 'left' ? 0 : align === 'right' ? 1 : 0.5;
}

/** pixi.js implementation of `Surface`. Create with `PixiSurface.create`. */
export class PixiSurface implements Surface {
  readonly backend = 'webgl' as const;
  private readonly nodes = new Map<number, BandNode>();
  private readonly base = new Graphics();
  private dpr = 1;
  private installed = new Set<string>();

  private constructor(private readonly app: Application) {
    app.stage.addChild(this.base);
  }

  /** Starts pixi on `canvas` with WebGL (no fallback: the caller chose this backend). */
  static async create(
    canvas: HTMLCanvasElement,
    width: number,
    height: number,
    dpr: number,
  ): Promise<PixiSurface> {
    const app = new Application();
    await app.init({
      canvas,
      width: Math.max(1, width),
      height: Math.max(1, height),
      resolution: dpr,
      autoDensity: true,
      antialias: false,
      backgroundAlpha: 0,
      preference: 'webgl',
      autoStart: false,
      roundPixels: true,
    });
    return new PixiSurface(app);
  }

  get rendererName(): string {
    return this.app.renderer.name;
  }

  resize(width: number, height: number, dpr: number, background: string | null): void {
    this.dpr = dpr;
    this.app.renderer.resize(Math.max(1, width), Math.max(1, height), dpr);
    this.base.clear();
    if (background !== null) this.base.rect(0, 0, width, height).fill(toColourNumber(background));
    for (const n of this.nodes.values()) n.root.visible = false;
  }

  paint(id: number, band: Band | null): void {
    let node = this.nodes.get(id);
    if (band === null) {
      if (node !== undefined) node.root.visible = false;
      return;
    }
    if (node === undefined) {
      const root = new Container();
      const g = new Graphics();
      root.addChild(g);
      node = { root, g, digits: [], words: [] };
      this.nodes.set(id, node);
      this.app.stage.addChild(root);
    }
    node.root.visible = true;
    const g = node.g;
    g.clear();
    if (band.background !== null)
      g.rect(band.x, band.y, band.w, band.h).fill(toColourNumber(band.background));
    let digits = 0;
    let words = 0;
    for (const s of band.shapes) {
      switch (s.kind) {
        case 'rect':
          g.rect(s.x, s.y, s.w, s.h).fill({ color: toColourNumber(s.colour), alpha: s.alpha ?? 1 });
          break;
        case 'poly':
          g.poly([...s.points]).fill({ color: toColourNumber(s.colour), alpha: s.alpha });
          break;
        case 'line': {
          const p = s.points;
          if (s.dashed === true) dashes(g, p);
          else {
            g.moveTo(p[0] ?? 0, p[1] ?? 0);
            for (let i = 2; i + 1 < p.length; i += 2) g.lineTo(p[i] ?? 0, p[i + 1] ?? 0);
          }
          g.stroke({ width: s.width, color: toColourNumber(s.colour) });
          break;
        }
        case 'text':
          if (s.digits) this.digitText(node, digits++, s);
          else this.wordText(node, words++, s);
          break;
      }
    }
    for (let i = digits; i < node.digits.length; i++) {
      const t = node.digits[i];
      if (t !== undefined) t.visible = false;
    }
    for (let i = words; i < node.words.length; i++) {
      const t = node.words[i];
      if (t !== undefined) t.visible = false;
    }
  }

  present(): void {
    this.app.renderer.render(this.app.stage);
  }

  destroy(): void {
    this.app.destroy({ removeView: false }, { children: true });
    this.nodes.clear();
  }

  private snap(v: number): number {
    return Math.round(v * this.dpr) / this.dpr;
  }

  private ensureFont(role: FontRole): string {
    const name = fontName(role, this.dpr);
    if (!this.installed.has(name)) {
      const f = FONTS[role];
      BitmapFont.install({
        name,
        style: {
          fontFamily: FONT_FAMILY,
          fontSize: f.size,
          fontWeight: f.weight === 600 ? '600' : 'normal',
          fill: 0xffffff,
        },
        chars: DIGIT_CHARS,
        resolution: this.dpr,
      });
      this.installed.add(name);
    }
    return name;
  }

  private digitText(node: BandNode, i: number, s: TextShape): void {
    const family = this.ensureFont(s.font);
    let t = node.digits[i];
    if (t === undefined) {
      t = new BitmapText({ text: s.text, style: { fontFamily: family, fontSize: FONTS[s.font].size } });
      node.digits.push(t);
      node.root.addChild(t);
    }
    if (t.style.fontFamily !== family) t.style.fontFamily = family;
    if (t.text !== s.text) t.text = s.text;
    t.visible = true;
    t.tint = toColourNumber(s.colour);
    t.anchor.set(anchorX(s.align), 0.5);
    t.position.set(this.snap(s.x), this.snap(s.y));
  }

  private wordText(node: BandNode, i: number, s: TextShape): void {
    let t = node.words[i];
    const f = FONTS[s.font];
    if (t === undefined) {
      t = new Text({
        text: s.text,
        resolution: this.dpr,
        style: {
          fontFamily: FONT_FAMILY,
          fontSize: f.size,
          fontWeight: f.weight === 600 ? '600' : 'normal',
          fill: 0xffffff,
        },
      });
      node.words.push(t);
      node.root.addChild(t);
    }
    if (t.resolution !== this.dpr) t.resolution = this.dpr;
    if (t.text !== s.text) t.text = s.text;
    t.visible = true;
    t.tint = toColourNumber(s.colour);
    t.anchor.set(anchorX(s.align), 0.5);
    t.position.set(this.snap(s.x), this.snap(s.y));
  }
}
