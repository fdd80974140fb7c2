/**
 * Backend-neutral draw data. A view turns its data into bands (horizontal strips that own their pixels: a book row,
 * the caption row, the chart plot); a surface paints one band at a time. Coordinates are CSS pixels; the surface
 * maps them to device pixels once (devicePixelRatio lives only there).
 */

/** Text alignment against the text's x. */
export type Align = 'left' | 'right' | 'center';

/** Font roles; every surface maps a role to one family, size and weight. */
export type FontRole = 'row' | 'caption' | 'mid' | 'small';

/** Font size (CSS px) and weight per role. */
export const FONTS: Readonly<Record<FontRole, { readonly size: number; readonly weight: 400 | 600 }>> = {
  row: { size: 12, weight: 400 },
  caption: { size: 12, weight: 400 },
  mid: { size: 16, weight: 600 },
  small: { size: 11, weight: 400 },
};

/** The one font stack of the canvases (the page's UI stack). */
export const FONT_FAMILY = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

/** A CSS font string for a role, for Canvas2D. */
export function toCssFont(role: FontRole): string {
  const f = FONTS[role];
  return `${f.weight === 600 ? '600 ' : ''}${f.size}px ${FONT_FAMILY}`;
}

/** A filled rectangle; `alpha` 0..1 (default 1). */
export interface RectShape {
  readonly kind: 'rect';
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  readonly colour: string;
  readonly alpha?: number;
}

/** A text, vertically centred on y. `digits` marks numbers (bitmap text on the pixi backend). */
export interface TextShape {
  readonly kind: 'text';
  readonly text: string;
  readonly x: number;
  readonly y: number;
  readonly colour: string;
  readonly align: Align;
  readonly font: FontRole;
  readonly digits: boolean;
}

/** A filled polygon: x0, y0, x1, y1, … */
export interface PolyShape {
  readonly kind: 'poly';
  readonly points: readonly number[];
  readonly colour: string;
  readonly alpha: number;
}

/** A polyline: x0, y0, x1, y1, … */
export interface LineShape {
  readonly kind: 'line';
  readonly points: readonly number[];
  readonly colour: string;
  readonly width: number;
  readonly dashed?: boolean;
}

/** Anything a band holds. */
export type Shape = RectShape | TextShape | PolyShape | LineShape;

/** A strip of the canvas that owns its pixels: painting it first clears it to `background` (null: transparent). */
export interface Band {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  readonly background: string | null;
  readonly shapes: readonly Shape[];
}

/** Everything one canvas shows: its size and its bands (index = band id; null = an empty slot). */
export interface Scene {
  readonly width: number;
  readonly height: number;
  /** Behind every band (and what an emptied band is cleared to); null: transparent. */
  readonly background: string | null;
  readonly bands: readonly (Band | null)[];
}

function sameShape(a: Shape, b: Shape): boolean {
  switch (a.kind) {
    case 'rect':
      return (
        b.kind === 'rect' &&
        a.x === b.x &&
        a.y === b.y &&
        a.w === b.w &&
        a.h === b.h &&
        a.colour === b.colour &&
        a.alpha === b.alpha
      );
    case 'text':
      return (
        b.kind === 'text' &&
        a.text === b.text &&
        a.x === b.x &&
        a.y === b.y &&
        a.colour === b.colour &&
        a.align === b.align &&
        a.font === b.font
      );
    case 'poly':
      return (
        b.kind === 'poly' && a.colour === b.colour && a.alpha === b.alpha && samePoints(a.points, b.points)
      );
    case 'line':
      return (
        b.kind === 'line' &&
        a.colour === b.colour &&
        a.width === b.width &&
        a.dashed === b.dashed &&
        samePoints(a.points, b.points)
      );
  }
}

function samePoints(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** True when two bands would paint the same pixels (so the second needs no repaint). */
export function sameBand(a: Band | null | undefined, b: Band | null | undefined): boolean {
  if (a === b) return true;
  if (a === null || a === undefined || b === null || b === undefined) return false;
  if (a.x !== b.x || a.y !== b.y || a.w !== b.w || a.h !== b.h || a.background !== b.background) return false;
  if (a.shapes.length !== b.shapes.length) return false;
  for (let i = 0; i < a.shapes.length; i++) {
    const sa = a.shapes[i];
    const sb = b.shapes[i];
    if (sa === undefined || sb === undefined || !sameShape(sa, sb)) return false;
  }
  return true;
}
