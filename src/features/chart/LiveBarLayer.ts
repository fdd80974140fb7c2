/**
 * Two small canvases slid into lightweight-charts' price pane and right price axis, between the library's data
 * canvas and its crosshair canvas. While the renderer is in live mode they show what changes on every live candle:
 * the forming bar (and a just-closed one not yet handed to the library), the last-price line, and the price-axis
 * labels (last price and the price lines' labels, placed as the library places them). A second layer, over the VOL
 * pane only, draws the forming volume column. A live update then repaints a bar-sized patch and the narrow axis
 * instead of every pane of the chart. Geometry is in `liveBarDraw.ts` and `histogramDraw.ts`.
 */
import {
  axisLabelBox,
  type AxisLabelBox,
  axisLabelHeight,
  axisLabelMetrics,
  alignAxisLabels,
  type FillRect,
  type PixelRatio,
} from './liveBarDraw';
import { keepInCommit } from './desyncCanvas';

/** A horizontal line to redraw over the bar (price lines lie above the candles in the library's order). */
export interface LiveLine {
  readonly y: number;
  readonly colour: string;
  readonly lineWidth: number;
  /** Dash pattern in units of the line width (the library's getDashPattern). */
  readonly dash: readonly number[];
}

/** A polyline to redraw over the bar (indicator lines lie above the candles). Points in media px. */
export interface LivePolyline {
  readonly colour: string;
  readonly lineWidth: number;
  readonly points: readonly (readonly [number, number])[];
}

/** An axis label: its price's y (media px), text and colours. */
export interface LiveLabel {
  readonly y: number;
  readonly text: string;
  readonly background: string;
  readonly foreground: string;
}

/** Everything the layer draws for one state. */
export interface LiveFrame {
  /** Bar rectangles in bitmap px, in the library's fill order. */
  readonly fills: readonly FillRect[];
  /** Opaque parts of `fills`: where the lines above the candles are drawn again. */
  readonly opaque: readonly FillRect[];
  /** Indicator lines of the live bars, drawn over the bars (the library's lines end before them). */
  readonly polylines: readonly LivePolyline[];
  readonly lastLine: LiveLine | null;
  readonly linesAbove: readonly LiveLine[];
  readonly polylinesAbove: readonly LivePolyline[];
  /** The first label is the center one (the main series' last value), as in the library. */
  readonly labels: readonly LiveLabel[];
  readonly center: number;
  readonly fontSize: number;
  readonly fontFamily: string;
  /** The price scale's `ticksVisible`: a tick in the text colour at the label's y. */
  readonly ticksVisible: boolean;
}

interface Surface {
  readonly canvas: HTMLCanvasElement;
  readonly ctx: CanvasRenderingContext2D;
  /** The library's data canvas whose size this one copies. */
  readonly twin: HTMLCanvasElement;
}

/**
 * A layer canvas over the library's canvas in `host`. `inCommit`: the canvas goes with the page's commit rather than
 * being desynchronized like the library's (desyncCanvas.ts). The axis layer does: its last-price label then shows in
 * the same frame as the header's price, which the page commits in that frame. Desynchronized, it often showed a frame
 * after the header (screens of the page under a storm: 90 pairs apart over 288 changes, `page.sameFrameChartPct`);
 * the axis is narrow, so the commit's copy of it is small.
 */
function surface(host: Element | null, inCommit: boolean): Surface | null {
  const twin = host?.querySelector('canvas') ?? null;
  if (host === null || twin === null) return null;
  const canvas = document.createElement('canvas');
  if (inCommit) keepInCommit(canvas);
  canvas.style.position = 'absolute';
  canvas.style.zIndex = '1';
  canvas.style.left = '0';
  canvas.style.top = '0';
  canvas.style.pointerEvents = 'none';
  canvas.dataset.testid = 'chart-live-layer';
  twin.after(canvas);
  const ctx = canvas.getContext('2d');
  if (ctx === null) return null;
  return { canvas, ctx, twin };
}

/** Keeps a surface the size of its twin; true when its bitmap was reset. */
function fit(s: Surface): boolean {
  const { canvas, twin } = s;
  let reset = false;
  if (canvas.width !== twin.width || canvas.height !== twin.height) {
    canvas.width = twin.width;
    canvas.height = twin.height;
    reset = true;
  }
  if (canvas.style.width !== twin.style.width) canvas.style.width = twin.style.width;
  if (canvas.style.height !== twin.style.height) canvas.style.height = twin.style.height;
  return reset;
}

/**
 * The twin's size in CSS pixels, from the inline size the library gives every canvas it sizes: reading `clientWidth`
 * instead forced a layout in each live draw whenever the page had changed since the last frame (the header had
 * re-rendered for the same ticker), about 1 ms a draw on the real page under a storm.
 */
function cssSize(twin: HTMLCanvasElement): { readonly w: number; readonly h: number } {
  const w = parseFloat(twin.style.width);
  const h = parseFloat(twin.style.height);
  return Number.isFinite(w) && Number.isFinite(h) ? { w, h } : { w: twin.clientWidth, h: twin.clientHeight };
}

function ratio(s: Surface): PixelRatio {
  const { w, h } = cssSize(s.twin);
  return { h: w > 0 ? s.canvas.width / w : 1, v: h > 0 ? s.canvas.height / h : 1 };
}

interface DrawnLabel {
  readonly key: string;
  readonly label: LiveLabel;
  readonly box: AxisLabelBox;
}

function intersects(a: AxisLabelBox, b: AxisLabelBox): boolean {
  return a.top < b.top + b.height && b.top < a.top + a.height;
}

/** The library's text-width cache measures digits 2-9 as 0 (tabular digits assumed). */
const DIGITS = /[2-9]/g;

/** Draws the live part of the price pane; see the file comment. */
export class LiveBarLayer {
  private readonly pane: Surface;
  /** The price axis' surface; null for a pane whose axis shows nothing live (VOL). */
  private readonly axis: Surface | null;
  /** Bitmap rectangles painted on the pane canvas by the last draw. */
  private dirty: { x: number; y: number; w: number; h: number }[] = [];
  private axisDirty = false;
  private readonly widths = new Map<string, { width: number; mid: number }>();
  private font = '';
  /** The axis labels on the canvas now, so a draw repaints only those that changed. */
  private drawn: DrawnLabel[] = [];

  private constructor(
    pane: Surface,
    axis: Surface | null,
    private readonly row: HTMLElement,
  ) {
    this.pane = pane;
    this.axis = axis;
  }

  /** The pane row the layer was built in (a pane rebuilt by the library is a new row). */
  attachedTo(): HTMLElement {
    return this.row;
  }

  /**
   * Builds the layer in a pane's row (`tr`: left axis, pane, right axis cells), over the right axis too when
   * `withAxis`; null when the DOM is not as expected.
   */
  static attach(row: HTMLElement | null, withAxis = true): LiveBarLayer | null {
    const cells = row?.children;
    if (row === null || cells === undefined || cells.length < 3) return null;
    const pane = surface(cells[1]?.firstElementChild ?? null, false);
    const axis = withAxis ? surface(cells[2]?.firstElementChild ?? null, true) : null;
    if (pane === null || (withAxis && axis === null)) {
      pane?.canvas.remove();
      axis?.canvas.remove();
      return null;
    }
    return new LiveBarLayer(pane, axis, row);
  }

  /** Pixel ratio of the pane canvas (horizontal, vertical). */
  paneRatio(): PixelRatio {
    fit(this.pane);
    return ratio(this.pane);
  }

  /** Draws `f`, replacing what the last draw left. */
  draw(f: LiveFrame): void {
    this.drawPane(f);
    if (this.axis !== null) this.drawAxis(this.axis, f);
  }

  /** The pane canvas' top in the viewport (media px): where a lower pane's layer goes in a screenshot. */
  paneTop(): number {
    return this.pane.twin.getBoundingClientRect().top;
  }

  /** Leaves both canvases empty. */
  clear(): void {
    const p = this.pane.ctx;
    for (const r of this.dirty) p.clearRect(r.x, r.y, r.w, r.h);
    this.dirty = [];
    if (this.axisDirty && this.axis !== null)
      this.axis.ctx.clearRect(0, 0, this.axis.canvas.width, this.axis.canvas.height);
    this.axisDirty = false;
    this.drawn = [];
  }

  /** Adds the layer to a screenshot of the chart: its pane at `top` (bitmap px) at the left, its price axis right of it. */
  paintOnto(target: HTMLCanvasElement, top = 0): void {
    const ctx = target.getContext('2d');
    if (ctx === null) return;
    ctx.drawImage(this.pane.canvas, 0, top);
    if (this.axis !== null) ctx.drawImage(this.axis.canvas, this.pane.canvas.width, top);
  }

  /** Removes the canvases. */
  destroy(): void {
    this.pane.canvas.remove();
    this.axis?.canvas.remove();
  }

  private drawPane(f: LiveFrame): void {
    const s = this.pane;
    const ctx = s.ctx;
    if (fit(s)) this.dirty = [];
    for (const r of this.dirty) ctx.clearRect(r.x, r.y, r.w, r.h);
    this.dirty = [];
    const pr = ratio(s);
    for (const r of f.fills) {
      ctx.fillStyle = r.colour;
      ctx.fillRect(r.x, r.y, r.w, r.h);
      this.mark(r.x, r.y, r.w, r.h);
    }
    for (const p of f.polylines) {
      const box = this.polyline(ctx, p, pr);
      if (box !== null) this.mark(box.x, box.y, box.w, box.h);
    }
    if (f.lastLine !== null) {
      const y = this.hline(ctx, f.lastLine, pr);
      if (y !== null) this.mark(0, y - 2, s.canvas.width, 5);
    }
    if (f.opaque.length === 0 || (f.linesAbove.length === 0 && f.polylinesAbove.length === 0)) return;
    ctx.save();
    ctx.beginPath();
    for (const r of f.opaque) ctx.rect(r.x, r.y, r.w, r.h);
    ctx.clip();
    for (const l of f.linesAbove) this.hline(ctx, l, pr);
    for (const p of f.polylinesAbove) this.polyline(ctx, p, pr);
    ctx.restore();
  }

  /** Strokes a line series' polyline as the library does; returns its bitmap bounds, or null when it has no points. */
  private polyline(
    ctx: CanvasRenderingContext2D,
    p: LivePolyline,
    pr: PixelRatio,
  ): { x: number; y: number; w: number; h: number } | null {
    const first = p.points[0];
    if (first === undefined) return null;
    ctx.lineCap = 'butt';
    ctx.lineJoin = 'round';
    ctx.lineWidth = p.lineWidth * pr.v;
    ctx.setLineDash([]);
    ctx.strokeStyle = p.colour;
    ctx.beginPath();
    let x0 = first[0];
    let x1 = first[0];
    let y0 = first[1];
    let y1 = first[1];
    ctx.moveTo(first[0] * pr.h, first[1] * pr.v);
    for (let i = 1; i < p.points.length; i++) {
      const q = p.points[i];
      if (q === undefined) continue;
      ctx.lineTo(q[0] * pr.h, q[1] * pr.v);
      x0 = Math.min(x0, q[0]);
      x1 = Math.max(x1, q[0]);
      y0 = Math.min(y0, q[1]);
      y1 = Math.max(y1, q[1]);
    }
    ctx.stroke();
    // The round join can reach a line width past a vertex.
    const pad = p.lineWidth * Math.max(pr.h, pr.v) + 1;
    return {
      x: Math.floor(x0 * pr.h - pad),
      y: Math.floor(y0 * pr.v - pad),
      w: Math.ceil((x1 - x0) * pr.h + 2 * pad),
      h: Math.ceil((y1 - y0) * pr.v + 2 * pad),
    };
  }

  /** HorizontalLineRenderer: returns the bitmap y drawn, or null when off the canvas. */
  private hline(ctx: CanvasRenderingContext2D, l: LiveLine, pr: PixelRatio): number | null {
    const y = Math.round(l.y * pr.v);
    if (y < 0 || y > this.pane.canvas.height) return null;
    ctx.lineCap = 'butt';
    ctx.strokeStyle = l.colour;
    ctx.lineWidth = Math.floor(l.lineWidth * pr.h);
    ctx.setLineDash(l.dash.map((d) => d * ctx.lineWidth));
    const c = ctx.lineWidth % 2 ? 0.5 : 0;
    ctx.beginPath();
    ctx.moveTo(0, y + c);
    ctx.lineTo(this.pane.canvas.width, y + c);
    ctx.stroke();
    return y;
  }

  private mark(x: number, y: number, w: number, h: number): void {
    const x0 = Math.min(x, x + w) - 1;
    const y0 = Math.min(y, y + h) - 1;
    this.dirty.push({ x: x0, y: y0, w: Math.abs(w) + 2, h: Math.abs(h) + 2 });
  }

  /**
   * Axis labels placed as the library places them. Usually only the last-price label changed: then only it is
   * repainted (its old and new boxes clear of the others); anything else repaints the whole axis.
   */
  private drawAxis(s: Surface, f: LiveFrame): void {
    const ctx = s.ctx;
    const reset = fit(s);
    const pr = ratio(s);
    const m = axisLabelMetrics(f.fontSize);
    const font = `${f.fontSize}px ${f.fontFamily}`;
    if (font !== this.font) {
      this.font = font;
      this.widths.clear();
      this.drawn = [];
    }
    ctx.font = font;
    const ys = alignAxisLabels(
      f.labels.map((l) => l.y),
      f.center,
      axisLabelHeight(m),
      cssSize(s.twin).h,
    );
    const next: DrawnLabel[] = f.labels.map((label, i) => {
      const { width, mid } = this.measure(ctx, label.text);
      const box = axisLabelBox(ys[i] ?? label.y, width, mid, m, pr);
      const key = `${label.text}|${box.top}|${box.width}|${box.height}|${label.background}|${label.foreground}`;
      return { key, label, box };
    });
    const prev = this.drawn;
    this.drawn = next;
    this.axisDirty = next.length > 0;
    const changed: number[] = [];
    if (!reset && prev.length === next.length && prev.length > 0)
      for (let i = 0; i < next.length; i++) if (prev[i]?.key !== next[i]?.key) changed.push(i);
    const partial =
      changed.length > 0 &&
      changed.length <= 2 &&
      changed.every((i) =>
        next.every(
          (o, j) =>
            changed.includes(j) ||
            (!intersects(o.box, next[i]?.box ?? o.box) && !intersects(o.box, prev[i]?.box ?? o.box)),
        ),
      );
    if (!reset && prev.length === next.length && prev.length > 0 && changed.length === 0) return;
    if (partial)
      for (const i of changed) {
        const old = prev[i]?.box;
        if (old !== undefined) ctx.clearRect(old.x, old.top, old.width, old.height);
      }
    else ctx.clearRect(0, 0, s.canvas.width, s.canvas.height);
    for (const [i, d] of next.entries())
      if (!partial || changed.includes(i)) this.paintLabel(ctx, d, f.ticksVisible, pr);
  }

  private paintLabel(
    ctx: CanvasRenderingContext2D,
    { label: l, box: b }: DrawnLabel,
    ticksVisible: boolean,
    pr: PixelRatio,
  ): void {
    ctx.beginPath();
    ctx.roundRect(b.x, b.top, b.width, b.height, [0, b.radius, b.radius, 0]);
    ctx.fillStyle = l.background;
    ctx.fill();
    ctx.fillStyle = l.foreground;
    if (ticksVisible) ctx.fillRect(b.x, b.tickTop, b.tickWidth, b.tickHeight);
    ctx.save();
    ctx.scale(pr.h, pr.v);
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    ctx.fillText(l.text, b.textX, b.textY);
    ctx.restore();
  }

  private measure(ctx: CanvasRenderingContext2D, text: string): { width: number; mid: number } {
    const key = text.replace(DIGITS, '0');
    let m = this.widths.get(key);
    if (m === undefined) {
      if (this.widths.size > 500) this.widths.clear();
      // The library measures with the baseline its text is drawn with.
      ctx.textBaseline = 'middle';
      const t = ctx.measureText(key);
      ctx.textBaseline = 'alphabetic';
      m = {
        width: Math.ceil(t.width),
        mid: (t.actualBoundingBoxAscent - t.actualBoundingBoxDescent) / 2,
      };
      this.widths.set(key, m);
    }
    return m;
  }
}
