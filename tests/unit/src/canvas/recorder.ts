/** A recording 2D context for renderer tests: every fillRect / fillText with the state it was drawn in. */
import type { Ctx2D } from '../../../../src/canvas/canvas2dSurface';

/** One drawing call. Coordinates are device pixels, as the surface issues them. */
export interface Op {
  readonly op: 'text' | 'rect' | 'clear' | 'fill' | 'stroke';
  readonly fill: string;
  readonly text?: string;
  readonly x: number;
  readonly y: number;
  readonly w?: number;
  readonly h?: number;
  readonly align?: string;
  readonly font?: string;
  readonly alpha?: number;
}

/** A context that records what it is asked to draw. */
export function recorder(): Ctx2D & { ops: Op[] } {
  const ops: Op[] = [];
  const ctx = {
    ops,
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
    globalAlpha: 1,
    font: '',
    textAlign: 'left' as CanvasTextAlign,
    textBaseline: 'alphabetic' as CanvasTextBaseline,
    setTransform: () => undefined,
    beginPath: () => undefined,
    moveTo: () => undefined,
    lineTo: () => undefined,
    closePath: () => undefined,
    setLineDash: () => undefined,
    fill() {
      ops.push({ op: 'fill', fill: ctx.fillStyle, x: 0, y: 0, alpha: ctx.globalAlpha });
    },
    stroke() {
      ops.push({ op: 'stroke', fill: ctx.strokeStyle, x: 0, y: 0 });
    },
    clearRect(x: number, y: number, w: number, h: number) {
      ops.push({ op: 'clear', fill: '', x, y, w, h });
    },
    fillRect(x: number, y: number, w: number, h: number) {
      ops.push({ op: 'rect', fill: ctx.fillStyle, x, y, w, h, alpha: ctx.globalAlpha });
    },
    fillText(text: string, x: number, y: number) {
      ops.push({
        op: 'text',
        fill: ctx.fillStyle,
        text,
        x,
        y,
        align: ctx.textAlign,
        font: ctx.font,
      });
    },
  };
  return ctx;
}

/** The texts drawn. */
export function texts(ops: readonly Op[]): Op[] {
  return ops.filter((o) => o.op === 'text');
}
