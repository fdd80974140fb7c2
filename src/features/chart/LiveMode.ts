/**
 * Live mode: for the bar types, a live candle update touches no library series. The main series holds the forming
 * bar with transparent colours (its values at the last push, so the scale, time axis and crosshair work as before),
 * its last-value label and line and the price lines' axis labels are off, and `LiveBarLayer` draws all of those for
 * the current values (`liveBarDraw.ts` mirrors the library's geometry). With only line indicators on the price pane
 * and VOL shown, it draws their live points too (the lines' last segments; the forming VOL column on a layer over the
 * VOL pane, `histogramDraw.ts`), and the library holds those points hidden until a new candle or a scale change. A
 * live update then costs a bar-sized repaint instead of every pane. Live mode is left (the library draws everything again) whenever the layer could not draw
 * what the library would: see `fit`.
 */
import { PriceScaleMode, type IChartApi, type Logical } from 'lightweight-charts';
import type { ChartType } from './config';
import { histogramColumns, histogramFill, visibleItems, type Column } from './histogramDraw';
import type { IndicatorPanes } from './indicatorPanes';
import type { MarkerDraw } from './lines';
import { LiveBarLayer, type LiveLabel, type LiveLine, type LivePolyline } from './LiveBarLayer';
import {
  candleFills,
  contrastColours,
  ohlcFills,
  parseColour,
  type BarPx,
  type CandleColours,
  type FillRect,
} from './liveBarDraw';
import { sec, TRANSPARENT, type MainSeries } from './mainSeries';
import { DASH, type PriceLineSet } from './priceLines';

/** Chart types whose forming bar `LiveBarLayer` can draw. */
const LIVE_TYPES: ReadonlySet<ChartType> = new Set<ChartType>(['candle', 'hollow', 'heikinAshi', 'bar']);

/** The library's default font (we set none): the layer's axis labels use it too. */
const LIBRARY_FONT = `-apple-system, BlinkMacSystemFont, 'Trebuchet MS', Roboto, Ubuntu, sans-serif`;
const LIBRARY_FONT_SIZE = 12;

/** What live mode reads and switches on the renderer's chart. */
export interface LiveHost {
  readonly chart: IChartApi;
  readonly main: MainSeries;
  readonly lines: PriceLineSet;
  readonly panes: IndicatorPanes;
  /** The fill markers drawn now. */
  markers(): readonly MarkerDraw[];
  /** True while a compared symbol is shown (percentage scale). */
  hasCompare(): boolean;
  /** Writes a price as the axis does. */
  format(price: number): string;
  /** True once the renderer is destroyed. */
  isDead(): boolean;
}

/** The live-bar fast path of one chart, owning the layer it draws on. */
export class LiveMode {
  private on = false;
  private layer: LiveBarLayer | null = null;
  /** The layer over the VOL pane (its forming columns), while VOL is shown. */
  private volumeLayer: LiveBarLayer | null = null;
  /**
   * True while the layer also draws the indicators of the live bars (see IndicatorPanes.liveDrawable): the library
   * then holds their points hidden, and needs them only at a new candle or when a scale must follow.
   */
  private indicators = false;
  /** VOL columns as the library places them, for the visible range and spacing they were computed for. */
  private columns: { key: string; first: number; cols: Column[] } | null = null;
  /** Price-scale width when live mode began: labels the layer draws must not change it (else live mode ends). */
  private axisWidth = -1;
  /** Set when live mode had to end for a reason the next update cannot see (axis width); cleared by new lines/data. */
  private blocked = false;

  constructor(private readonly host: LiveHost) {}

  /** True while the layer draws the forming bar. */
  get active(): boolean {
    return this.on;
  }

  /** True while the layer draws the forming bar's indicators too: they are handed over only at a new candle. */
  get drawsIndicators(): boolean {
    return this.on && this.indicators;
  }

  /**
   * Hands the library the live bars (the forming one transparent) and the indicator points (the live bars' hidden
   * when the layer draws them), so its scales follow them.
   */
  handOver(): void {
    const { main, panes } = this.host;
    main.push(true);
    panes.push(main.rows, this.indicators ? main.rows.length - 1 : -1);
  }

  /**
   * Draws this update in live mode if the layer can draw what the library would: a bar type, a plain price scale, no
   * compare, no titled axis lines, no fill marker on the live bars, the last bar in view, at most one bar the library
   * has not seen (a new candle waits for the next push), and the live bars inside the range the library autoscaled
   * to (otherwise the scale must change: the library draws). Entering costs one library repaint; staying costs none.
   * False: the caller hands the library the update.
   */
  update(): boolean {
    const fit = this.fit();
    if (fit === 'no') {
      if (this.on) this.leave();
      return false;
    }
    if (!this.on) {
      this.layer ??= LiveBarLayer.attach(this.host.chart.panes()[0]?.getHTMLElement() ?? null);
      if (this.layer === null) return false;
      this.enter();
    } else if (fit === 'rescale') this.rescale();
    this.draw();
    return true;
  }

  /** Leaves live mode if what changed (markers) keeps the layer from drawing. */
  recheck(): void {
    if (this.on && this.fit() === 'no') this.leave();
  }

  /** New lines or data: a past axis-width block no longer holds. */
  unblock(): void {
    this.blocked = false;
  }

  /** Back to the library drawing everything (before anything that rebuilds series, options or lines). */
  leave(): void {
    if (!this.on) return;
    this.on = false;
    this.layer?.clear();
    this.volumeLayer?.clear();
    this.host.main.api.applyOptions({ lastValueVisible: true, priceLineVisible: true });
    this.host.lines.showAxisLabels(true);
    this.host.main.reveal();
    if (this.host.panes.hidesPoints()) this.host.panes.push(this.host.main.rows);
  }

  /** Every library repaint moves coordinates: redraw the layer in the same frame, or leave live mode soon after. */
  onLibraryDraw(): void {
    if (!this.on || this.host.isDead()) return;
    const width = this.host.chart.priceScale('right').width();
    if (width !== this.axisWidth) this.blocked = true;
    const fit = this.fit();
    if (fit !== 'no') this.draw();
    if (fit !== 'yes')
      // Not from inside the library's paint: leave, or hand it the live bars so it rescales (the next paint redraws).
      setTimeout(() => {
        if (this.host.isDead() || !this.on) return;
        const now = this.fit();
        if (now === 'no') this.leave();
        else if (now === 'rescale') this.rescale();
      }, 0);
  }

  /** Paints what the layer shows onto a screenshot of the library's canvases. */
  paintOnto(shot: HTMLCanvasElement): void {
    if (!this.on || this.layer === null) return;
    this.layer.paintOnto(shot);
    const vol = this.volumeLayer;
    if (vol !== null && this.indicators)
      vol.paintOnto(shot, Math.round((vol.paneTop() - this.layer.paneTop()) * this.layer.paneRatio().v));
  }

  /** Removes the layer's canvases. */
  destroy(): void {
    this.layer?.destroy();
    this.volumeLayer?.destroy();
  }

  /** The live bars left a range a scale was set to: the library gets them (VOL's scale is raised with headroom). */
  private rescale(): void {
    const { main, panes } = this.host;
    let most = 0;
    if (this.indicators)
      for (let j = Math.max(0, main.libraryCount - 1); j < main.rows.length; j++)
        most = Math.max(most, panes.value('VOL.vol', j) || 0);
    const top = panes.volumeTop();
    this.handOver();
    // After the hand-over (a new candle in it ends an earlier ceiling); the library autoscales when it next paints.
    if (most > top) panes.raiseVolumeCeiling(most);
  }

  /**
   * 'yes': the layer can draw this state over what the library shows; 'rescale': it can once the library has the
   * live bars (they left the range it autoscaled to); 'no': the library must draw.
   */
  private fit(): 'yes' | 'rescale' | 'no' {
    const { chart, main } = this.host;
    const n = main.rows.length;
    if (this.blocked || !LIVE_TYPES.has(main.chartType) || this.host.hasCompare() || n < 2) return 'no';
    if (n - main.libraryCount > 1) return 'no';
    const mode = chart.priceScale('right').options().mode;
    if (mode !== PriceScaleMode.Normal && mode !== PriceScaleMode.Logarithmic) return 'no';
    for (const draw of this.host.lines.draws())
      if (draw.axisLabel && (draw.title !== '' || parseColour(draw.color) === null)) return 'no';
    if (parseColour(main.tokens.up) === null || parseColour(main.tokens.down) === null) return 'no';
    // The bars the layer would draw: the library's transparent one and any after it (entering: the last one).
    const firstLive = this.on ? Math.max(0, main.libraryCount - 1) : n - 1;
    const first = main.rows[firstLive];
    if (first === undefined) return 'no';
    const from = sec(first.time);
    if (this.host.markers().some((m) => m.time >= from)) return 'no';
    const range = chart.timeScale().getVisibleLogicalRange();
    if (range === null || range.to < n || range.from > n - 1) return 'no';
    if (chart.priceScale('right').options().autoScale) {
      const base = main.autoscaleBase;
      if (base === null) return 'no';
      for (let j = firstLive; j < n; j++) {
        const p = main.point(j);
        if ((p.high ?? Infinity) > base.max || (p.low ?? -Infinity) < base.min) return 'rescale';
      }
      if (this.on && this.indicators && this.overlaysOutside(base, firstLive)) return 'rescale';
    }
    if (this.on && this.indicators) {
      const top = this.host.panes.volumeTop();
      for (let j = firstLive; j < n; j++) if (this.host.panes.value('VOL.vol', j) > top) return 'rescale';
    }
    return 'yes';
  }

  /**
   * True when a live overlay value lies outside the price pane's autoscaled range (the main series' and the
   * overlays' own ranges, without the hidden live points). A value that moves back inside leaves the range as it
   * was until the next hand-over, where the library would have narrowed it at once.
   */
  private overlaysOutside(main: { min: number; max: number }, firstLive: number): boolean {
    let min = main.min;
    let max = main.max;
    const { panes } = this.host;
    const keys: string[] = [];
    for (const { key } of panes.overlays()) {
      keys.push(key);
      const b = panes.base(key);
      if (b !== null) {
        min = Math.min(min, b.min);
        max = Math.max(max, b.max);
      }
    }
    for (const key of keys)
      for (let j = firstLive; j < this.host.main.rows.length; j++) {
        const v = panes.value(key, j);
        if (v > max || v < min) return true;
      }
    return false;
  }

  private enter(): void {
    const { chart, main, panes } = this.host;
    this.on = true;
    this.axisWidth = chart.priceScale('right').width();
    main.api.applyOptions({ lastValueVisible: false, priceLineVisible: false });
    this.host.lines.showAxisLabels(false);
    const volume = panes.volume();
    if (volume === null) {
      this.volumeLayer?.destroy();
      this.volumeLayer = null;
    } else if (this.volumeLayer?.attachedTo() !== volume.series.getPane().getHTMLElement()) {
      this.volumeLayer?.destroy();
      this.volumeLayer = LiveBarLayer.attach(volume.series.getPane().getHTMLElement(), false);
    }
    this.indicators = panes.liveDrawable() && (volume === null || this.volumeLayer !== null);
    this.columns = null;
    this.handOver();
  }

  /** Draws the live bars, last-price line and axis labels for the current rows on the layer. */
  private draw(): void {
    const layer = this.layer;
    if (layer === null) return;
    const { chart, main } = this.host;
    const series = main.api;
    const ts = chart.timeScale();
    const n = main.rows.length;
    const px = (j: number): BarPx | null => {
      const p = main.point(j);
      const x = ts.logicalToCoordinate(j as Logical);
      const openY = series.priceToCoordinate(p.open ?? NaN);
      const highY = series.priceToCoordinate(p.high ?? NaN);
      const lowY = series.priceToCoordinate(p.low ?? NaN);
      const closeY = series.priceToCoordinate(p.close ?? NaN);
      if (x === null || openY === null || highY === null || lowY === null || closeY === null) return null;
      return { x, openY, highY, lowY, closeY };
    };
    const x0 = ts.logicalToCoordinate((n - 2) as Logical);
    const x1 = ts.logicalToCoordinate((n - 1) as Logical);
    if (x0 === null || x1 === null) return;
    const barSpacing = Math.round((x1 - x0) * 1e6) / 1e6;
    const pr = layer.paneRatio();
    const o = main.options();
    const str = (k: string): string => {
      const v = o[k];
      return typeof v === 'string' ? v : TRANSPARENT;
    };
    const fills: FillRect[] = [];
    let lastColour = TRANSPARENT;
    const firstLive = Math.max(0, main.libraryCount - 1);
    for (let j = firstLive; j < n; j++) {
      const bar = px(j);
      const p = main.point(j);
      if (bar === null || p.open === undefined || p.close === undefined) continue;
      const up = p.open <= p.close;
      lastColour = str(up ? 'upColor' : 'downColor');
      if (main.chartType === 'bar') fills.push(...ohlcFills(bar, lastColour, barSpacing, pr));
      else {
        const colours: CandleColours = up
          ? { body: str('upColor'), border: str('borderUpColor'), wick: str('wickUpColor') }
          : { body: str('downColor'), border: str('borderDownColor'), wick: str('wickDownColor') };
        fills.push(...candleFills(bar, j > 0 ? px(j - 1) : null, colours, barSpacing, pr));
      }
    }
    // As the library: the series' priceLineColor, when set, colours the last-price line and label (hollow sets it).
    const lineOption = o.priceLineColor;
    if (typeof lineOption === 'string' && lineOption !== '') lastColour = lineOption;
    const opaque = fills.filter((f) => parseColour(f.colour)?.[3] === 1 && f.w !== 0 && f.h !== 0);
    const close = main.rows[n - 1]?.close ?? NaN;
    const closeY = series.priceToCoordinate(main.point(n - 1).close ?? close);
    const lastLine: LiveLine | null =
      closeY === null ? null : { y: closeY, colour: lastColour, lineWidth: 1, dash: DASH.dashed };
    const linesAbove: LiveLine[] = [];
    const labels: LiveLabel[] = [];
    const lastContrast = contrastColours(lastColour);
    const lastClose = main.point(n - 1).close;
    if (closeY !== null && lastContrast !== null && lastClose !== undefined)
      labels.push({
        y: closeY,
        text: this.host.format(lastClose),
        background: lastContrast.background,
        foreground: lastContrast.foreground,
      });
    for (const draw of this.host.lines.draws()) {
      const y = series.priceToCoordinate(draw.price);
      if (y === null) continue;
      linesAbove.push({ y, colour: draw.color, lineWidth: 1, dash: DASH[draw.style] });
      const c = contrastColours(draw.color);
      if (draw.axisLabel && c !== null)
        labels.push({
          y,
          text: this.host.format(draw.price),
          background: c.background,
          foreground: c.foreground,
        });
    }
    const polylines: LivePolyline[] = [];
    const polylinesAbove: LivePolyline[] = [];
    if (this.indicators)
      for (const { key, series: s, colour } of this.host.panes.overlays()) {
        const points: [number, number][] = [];
        for (let j = Math.max(0, firstLive - 1); j < n; j++) {
          const x = ts.logicalToCoordinate(j as Logical);
          const y = s.priceToCoordinate(this.host.panes.value(key, j));
          if (x !== null && y !== null) points.push([x, y]);
        }
        if (points.length > 1) polylines.push({ colour, lineWidth: 1, points });
      }
    else
      for (const { series: s, colour } of this.host.panes.overlays()) {
        const points: [number, number][] = [];
        for (let j = Math.max(0, firstLive - 1); j < n; j++) {
          const d = s.dataByIndex(j);
          const v = d !== null && 'value' in d && typeof d.value === 'number' ? d.value : null;
          const x = ts.logicalToCoordinate(j as Logical);
          const y = v === null ? null : s.priceToCoordinate(v);
          if (x !== null && y !== null) points.push([x, y]);
        }
        if (points.length > 1) polylinesAbove.push({ colour, lineWidth: 1, points });
      }
    layer.draw({
      fills,
      opaque,
      polylines,
      lastLine,
      linesAbove,
      polylinesAbove,
      labels,
      center: closeY ?? 0,
      fontSize: LIBRARY_FONT_SIZE,
      fontFamily: LIBRARY_FONT,
      ticksVisible: chart.priceScale('right').options().ticksVisible,
    });
    if (this.indicators) this.drawVolume(firstLive, barSpacing);
  }

  /** The VOL columns of the live bars, on the VOL pane's layer. */
  private drawVolume(firstLive: number, barSpacing: number): void {
    const layer = this.volumeLayer;
    const volume = this.host.panes.volume();
    const range = this.host.chart.timeScale().getVisibleLogicalRange();
    if (layer === null || volume === null || range === null) return;
    const { main, panes } = this.host;
    const n = main.rows.length;
    const pr = layer.paneRatio();
    const items = visibleItems(range.from, range.to, n);
    const ts = this.host.chart.timeScale();
    const lastX = ts.logicalToCoordinate((n - 1) as Logical);
    const key = `${items?.first}|${items?.last}|${barSpacing}|${lastX}|${pr.h}`;
    if (items !== null && this.columns?.key !== key) {
      const xs: number[] = [];
      for (let j = items.first; j <= items.last; j++) xs.push(ts.logicalToCoordinate(j as Logical) ?? NaN);
      this.columns = { key, first: items.first, cols: histogramColumns(xs, barSpacing, pr.h) };
    }
    const baseY = volume.series.priceToCoordinate(0);
    const fills: FillRect[] = [];
    for (let j = firstLive; j < n; j++) {
      const col = this.columns?.key === key ? this.columns.cols[j - this.columns.first] : undefined;
      const row = main.rows[j];
      const y = volume.series.priceToCoordinate(panes.value('VOL.vol', j));
      if (col !== undefined && row !== undefined && y !== null && baseY !== null)
        fills.push(histogramFill(col, y, baseY, volume.colour(row), pr));
    }
    layer.draw({
      fills,
      opaque: [],
      polylines: [],
      lastLine: null,
      linesAbove: [],
      polylinesAbove: [],
      labels: [],
      center: 0,
      fontSize: LIBRARY_FONT_SIZE,
      fontFamily: LIBRARY_FONT,
      ticksVisible: false,
    });
  }
}
