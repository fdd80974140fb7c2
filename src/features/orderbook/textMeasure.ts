/**
 * Text widths in the canvases' fonts, for fitting layout 4's columns, on a 1 × 1 OffscreenCanvas (available in the tab
 * and in the paint worker). Numbers, which change every frame, are summed from per-character widths measured once
 * (digits and separators do not kern); words are measured whole, once each (joined scripts such as Arabic are
 * narrower than their letters alone). Without OffscreenCanvas (Node) it falls back to the view's conservative estimate.
 */
import { toCssFont, type FontRole } from '../../canvas/scene';
import { estimateTextWidth } from './columns';

/** A formatted number: digits, separators (any locale's), signs, percent, K/M/B/T. */
const NUMBER_TEXT = /^[\d\s.,\u066b\u066c\u2212+%KMBT-]*$/u;

/** Per-character widths, measured lazily. */
export class TextMeasure {
  private readonly ctx: OffscreenCanvasRenderingContext2D | null;
  private readonly widths = new Map<string, number>();
  private readonly words = new Map<string, number>();

  constructor() {
    this.ctx = typeof OffscreenCanvas === 'function' ? new OffscreenCanvas(1, 1).getContext('2d') : null;
  }

  /** Width of `text` in CSS px in `font`. */
  readonly measure = (text: string, font: FontRole): number => {
    if (this.ctx !== null && !NUMBER_TEXT.test(text)) return this.wordWidth(this.ctx, text, font);
    let w = 0;
    for (const ch of text) w += this.charWidth(ch, font);
    return w;
  };

  private wordWidth(ctx: OffscreenCanvasRenderingContext2D, text: string, font: FontRole): number {
    const key = `${font}|${text}`;
    let w = this.words.get(key);
    if (w === undefined) {
      if (this.words.size > 500) this.words.clear();
      ctx.font = toCssFont(font);
      w = ctx.measureText(text).width;
      this.words.set(key, w);
    }
    return w;
  }

  private charWidth(ch: string, font: FontRole): number {
    const key = font + ch;
    let w = this.widths.get(key);
    if (w === undefined) {
      if (this.widths.size > 4000) this.widths.clear();
      if (this.ctx === null) w = estimateTextWidth(ch, font);
      else {
        this.ctx.font = toCssFont(font);
        w = this.ctx.measureText(ch).width;
      }
      this.widths.set(key, w);
    }
    return w;
  }
}
