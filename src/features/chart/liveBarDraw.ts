/**
 * Pixel geometry of what lightweight-charts 5.2 draws for one bar, the last-price line and the price-axis labels,
 * so `LiveBarLayer` can draw the forming candle exactly as the library would without a full chart repaint. Every
 * function mirrors a named piece of the library (PaneRendererCandlesticks, PaneRendererBars, PriceAxisViewRenderer,
 * PriceAxisWidget._fixLabelOverlap); keep them in step when the library is upgraded (tests pin the numbers).
 * Coordinates in: media px (CSS); out: bitmap px, as the library rounds them.
 */

/** A filled rectangle in bitmap px (fillRect arguments: width/height may be negative, as in the library). */
export interface FillRect {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  readonly colour: string;
}

/** One bar in media px. */
export interface BarPx {
  readonly x: number;
  readonly openY: number;
  readonly highY: number;
  readonly lowY: number;
  readonly closeY: number;
}

/** Candle colours (body, border, wick) for one bar. */
export interface CandleColours {
  readonly body: string;
  readonly border: string;
  readonly wick: string;
}

/** Scale factors between media and bitmap px. */
export interface PixelRatio {
  readonly h: number;
  readonly v: number;
}

/** optimalCandlestickWidth plus the renderer's parity fix (bitmap px). */
export function candleWidth(barSpacing: number, hpr: number): number {
  let res: number;
  if (barSpacing >= 2.5 && barSpacing <= 4) res = Math.floor(3 * hpr);
  else {
    const coeff = 1 - (0.2 * Math.atan(Math.max(4, barSpacing) - 4)) / (Math.PI * 0.5);
    res = Math.max(
      Math.floor(hpr),
      Math.min(Math.floor(barSpacing * coeff * hpr), Math.floor(barSpacing * hpr)),
    );
  }
  if (res >= 2 && Math.floor(hpr) % 2 !== res % 2) res--;
  return res;
}

function candleBorderWidth(barWidth: number, hpr: number): number {
  let bw = Math.floor(hpr);
  if (barWidth <= 2 * bw) bw = Math.floor((barWidth - 1) * 0.5);
  const res = Math.max(Math.floor(hpr), bw);
  return barWidth <= res * 2 ? Math.max(Math.floor(hpr), Math.floor(hpr)) : res;
}

/**
 * The rectangles PaneRendererCandlesticks fills for `bar` (wick, then border, then body; borders and wicks visible).
 * `prev` is the bar to its left (its right edges clamp this bar's left edges at tight spacing), or null.
 */
export function candleFills(
  bar: BarPx,
  prev: BarPx | null,
  colours: CandleColours,
  barSpacing: number,
  pr: PixelRatio,
): FillRect[] {
  const out: FillRect[] = [];
  const barWidth = candleWidth(barSpacing, pr.h);
  const top = Math.round(Math.min(bar.openY, bar.closeY) * pr.v);
  const bottom = Math.round(Math.max(bar.openY, bar.closeY) * pr.v);
  // Wicks.
  let wickWidth = Math.min(Math.floor(pr.h), Math.floor(barSpacing * pr.h));
  wickWidth = Math.max(Math.floor(pr.h), Math.min(wickWidth, barWidth));
  const wickOffset = Math.floor(wickWidth * 0.5);
  const wickSpan = (b: BarPx): [number, number] => {
    const left = Math.round(pr.h * b.x) - wickOffset;
    return [left, left + wickWidth - 1];
  };
  const [wl0, wr] = wickSpan(bar);
  const wl = prev === null ? wl0 : Math.min(Math.max(wickSpan(prev)[1] + 1, wl0), wr);
  const high = Math.round(bar.highY * pr.v);
  const low = Math.round(bar.lowY * pr.v);
  out.push({ x: wl, y: high, w: wr - wl + 1, h: top - high, colour: colours.wick });
  out.push({ x: wl, y: bottom + 1, w: wr - wl + 1, h: low - bottom, colour: colours.wick });
  // Border.
  const bw = candleBorderWidth(barWidth, pr.h);
  const bodySpan = (b: BarPx): [number, number] => {
    const left = Math.round(b.x * pr.h) - Math.floor(barWidth * 0.5);
    return [left, left + barWidth - 1];
  };
  const [bl0, br] = bodySpan(bar);
  const bl = prev === null ? bl0 : Math.min(Math.max(bodySpan(prev)[1] + 1, bl0), br);
  const w = br - bl + 1;
  const h = bottom - top + 1;
  if (barSpacing * pr.h > 2 * bw) {
    out.push({ x: bl + bw, y: top, w: w - bw * 2, h: bw, colour: colours.border });
    out.push({ x: bl + bw, y: top + h - bw, w: w - bw * 2, h: bw, colour: colours.border });
    out.push({ x: bl, y: top, w: bw, h, colour: colours.border });
    out.push({ x: bl + w - bw, y: top, w: bw, h, colour: colours.border });
  } else out.push({ x: bl, y: top, w, h, colour: colours.border });
  // Body (inside the border).
  if (barWidth > bw * 2) {
    const [l0, r0] = bodySpan(bar);
    const l = l0 + bw;
    const r = r0 - bw;
    const t = top + bw;
    const b = bottom - bw;
    if (t <= b) out.push({ x: l, y: t, w: r - l + 1, h: b - t + 1, colour: colours.body });
  }
  return out;
}

/** The rectangles PaneRendererBars fills for an OHLC bar (thin bars, open tick visible). */
export function ohlcFills(bar: BarPx, colour: string, barSpacing: number, pr: PixelRatio): FillRect[] {
  let barWidth = Math.max(Math.floor(pr.h), Math.floor(barSpacing * 0.3 * pr.h));
  if (barWidth >= 2 && Math.max(1, Math.floor(pr.h)) % 2 !== barWidth % 2) barWidth--;
  const lineWidth = Math.min(barWidth, Math.floor(pr.h));
  const out: FillRect[] = [];
  const half = Math.floor(lineWidth * 0.5);
  const center = Math.round(bar.x * pr.h);
  const left = center - half;
  const right = left + lineWidth - 1;
  const hi = Math.min(bar.highY, bar.lowY);
  const lo = Math.max(bar.highY, bar.lowY);
  const top = Math.round(hi * pr.v) - half;
  const bottom = Math.round(lo * pr.v) + half;
  const height = Math.max(bottom - top, lineWidth);
  out.push({ x: left, y: top, w: lineWidth, h: height, colour });
  if (lineWidth <= barWidth && barSpacing >= Math.floor(1.5 * pr.h)) {
    const side = Math.ceil(barWidth * 1.5);
    const tick = (y: number): [number, number] => {
      let t = Math.max(top, Math.round(y * pr.v) - half);
      let b = t + lineWidth - 1;
      if (b > top + height - 1) {
        b = top + height - 1;
        t = b - lineWidth + 1;
      }
      return [t, b];
    };
    const [ot, ob] = tick(bar.openY);
    out.push({ x: center - side, y: ot, w: left - (center - side), h: ob - ot + 1, colour });
    const [ct, cb] = tick(bar.closeY);
    out.push({ x: right + 1, y: ct, w: center + side - right, h: cb - ct + 1, colour });
  }
  return out;
}

/** `#rgb`, `#rrggbb`, `#rrggbbaa`, `rgb()`/`rgba()` → [r, g, b, a]; anything else → null. */
export function parseColour(c: string): [number, number, number, number] | null {
  const s = c.trim().toLowerCase();
  if (s === 'transparent') return [0, 0, 0, 0];
  const hex = /^#([0-9a-f]{3,8})$/.exec(s)?.[1];
  if (hex !== undefined) {
    const full = hex.length <= 4 ? hex.replace(/./g, (d) => d + d) : hex;
    if (full.length !== 6 && full.length !== 8) return null;
    const n = (i: number): number => parseInt(full.slice(i, i + 2), 16);
    return [n(0), n(2), n(4), full.length === 8 ? n(6) / 255 : 1];
  }
  const fn = /^rgba?\(([^)]*)\)$/.exec(s)?.[1];
  if (fn === undefined) return null;
  const parts = fn.split(',').map((p) => Number(p.trim()));
  const [r, g, b, a = 1] = parts;
  if (r === undefined || g === undefined || b === undefined || parts.some((p) => !Number.isFinite(p)))
    return null;
  return [r, g, b, a];
}

/** The library's generateContrastColors: the colour without alpha, and black or white text on it. */
export function contrastColours(c: string): { background: string; foreground: string } | null {
  const rgba = parseColour(c);
  if (rgba === null) return null;
  const [r, g, b] = rgba;
  return {
    background: `rgb(${r}, ${g}, ${b})`,
    foreground: 0.199 * r + 0.687 * g + 0.114 * b > 160 ? 'black' : 'white',
  };
}

/** Price-axis label metrics for a font size (PriceAxisRendererOptionsProvider). */
export interface AxisLabelMetrics {
  readonly fontSize: number;
  readonly paddingY: number;
  readonly paddingX: number;
  readonly tickLength: number;
  readonly borderSize: number;
}

export function axisLabelMetrics(fontSize: number): AxisLabelMetrics {
  return {
    fontSize,
    paddingY: (2.5 / 12) * fontSize,
    paddingX: (fontSize / 12) * 5,
    tickLength: 5,
    borderSize: 1,
  };
}

/** A label's height in media px. */
export function axisLabelHeight(m: AxisLabelMetrics): number {
  return m.fontSize + 2 * m.paddingY;
}

/**
 * Where the library draws each axis label (PriceAxisWidget._fixLabelOverlap): labels keep their price's y unless
 * they overlap; then they are pushed away from `center` (the first series' last value), top half upwards and bottom
 * half downwards, and labels within half a label of an edge are held inside. Returns the render y of each label.
 */
export function alignAxisLabels(
  ys: readonly number[],
  center: number,
  height: number,
  paneHeight: number,
): number[] {
  interface View {
    y: number;
    r: number;
  }
  const views: View[] = ys.map((y) => ({ y, r: y }));
  const top = views.filter((v) => v.y <= center).sort((a, b) => b.y - a.y);
  const bottom = views.filter((v) => v.y > center);
  const first = top[0];
  if (first !== undefined && bottom.length > 0) bottom.push(first);
  bottom.sort((a, b) => a.y - b.y);
  const half = Math.floor(height / 2);
  for (const v of views) {
    if (v.y > -half && v.y < half) v.r = half;
    if (v.y > paneHeight - half && v.y < paneHeight + half) v.r = paneHeight - half;
  }
  overlap(top, 1, paneHeight, height);
  overlap(bottom, -1, paneHeight, height);
  return views.map((v) => v.r);
}

/** recalculateOverlapping of the library. */
function overlap(views: { r: number }[], dir: 1 | -1, scaleHeight: number, height: number): void {
  const v0 = views[0];
  if (v0 === undefined) return;
  let groupStart = 0;
  let space = dir === 1 ? scaleHeight / 2 - (v0.r - height / 2) : v0.r - height / 2 - scaleHeight / 2;
  space = Math.max(0, space);
  for (let i = 1; i < views.length; i++) {
    const view = views[i];
    const prev = views[i - 1];
    if (view === undefined || prev === undefined) continue;
    const c = view.r;
    const pc = prev.r;
    if (dir === 1 ? c > pc - height : c < pc + height) {
      const rc = pc - height * dir;
      view.r = rc;
      const edge = rc - (dir * height) / 2;
      const out = dir === 1 ? edge < 0 : edge > scaleHeight;
      if (out && space > 0) {
        const desired = dir === 1 ? -1 - edge : edge - scaleHeight;
        const shift = Math.min(desired, space);
        for (let k = groupStart; k < views.length; k++) {
          const vk = views[k];
          if (vk !== undefined) vk.r += dir * shift;
        }
        space -= shift;
      }
    } else {
      groupStart = i;
      space = dir === 1 ? pc - height - c : c - (pc + height);
    }
  }
}

/** Bitmap geometry of a left-aligned axis label (PriceAxisViewRenderer._calculateGeometry, tick visible, no border). */
export interface AxisLabelBox {
  readonly x: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
  readonly radius: number;
  readonly tickTop: number;
  readonly tickWidth: number;
  readonly tickHeight: number;
  /** Text position in media px (left-aligned, middle baseline). */
  readonly textX: number;
  readonly textY: number;
}

export function axisLabelBox(
  y: number,
  textWidth: number,
  textMidCorrection: number,
  m: AxisLabelMetrics,
  pr: PixelRatio,
): AxisLabelBox {
  const tickHeight = Math.max(1, Math.floor(pr.v));
  let height = Math.round((m.fontSize + 2 * m.paddingY) * pr.v);
  if (height % 2 !== tickHeight % 2) height += 1;
  const width = Math.round((m.borderSize + 2 * m.paddingX + Math.ceil(textWidth) + m.tickLength) * pr.h);
  const mid = Math.round(y * pr.v) - Math.floor(pr.v * 0.5);
  const top = Math.floor(mid + tickHeight / 2 - height / 2);
  return {
    x: 0,
    top,
    width,
    height,
    radius: 2 * pr.h,
    tickTop: mid,
    tickWidth: Math.round(m.tickLength * pr.h),
    tickHeight,
    textX: m.tickLength + m.paddingX,
    textY: (top / pr.v + (top + height) / pr.v) / 2 + textMidCorrection,
  };
}
