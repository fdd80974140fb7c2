/**
 * The candle chart on lightweight-charts: owns the chart, the main series (one of seven chart types), indicator
 * series (overlays on the price pane, VOL/MACD/RSI in panes below), fill markers, average/tool price lines and the
 * order lines' axis labels. React mounts a container and calls these methods; nothing here knows about atoms.
 *
 * Live updates cost O(lines): one `update` per series, indicators recomputed for the last point only. For the bar
 * types (candles, hollow, Heikin-Ashi, bars) a live update usually touches no series at all: `LiveBarLayer` draws the
 * forming bar, the last-price line and the axis labels over the library's canvas (live mode, see `tryLive`), and the
 * library is handed the bar with the indicators, at most every INDICATOR_REFRESH_MS.
 */
import {
  AreaSeries,
  BarSeries,
  BaselineSeries,
  CandlestickSeries,
  createChart,
  CrosshairMode,
  LineStyle,
  PriceScaleMode,
  createSeriesMarkers,
  HistogramSeries,
  LineSeries,
  type IChartApi,
  type IPriceLine,
  type AutoscaleInfo,
  type ISeriesApi,
  type ISeriesMarkersPluginApi,
  type IPrimitivePaneRenderer,
  type IPrimitivePaneView,
  type ISeriesPrimitive,
  type Logical,
  type LogicalRange,
  type MouseEventParams,
  type SeriesMarker,
  type SeriesType,
  type Time,
  type UTCTimestamp,
  type WhitespaceData,
} from 'lightweight-charts';
import type { CandleRow } from '../../../workers/api';
import type { ColourTokens } from '../../canvas/tokens';
import { formatFixed } from '../../lib/format';
import type { ChartTimezone, ChartType } from './config';
import { heikinAshiBar, type Ohlc } from './heikinAshi';
import { IndicatorEngine, INDICATOR_LINES, isOverlay, type IndicatorId } from './indicators';
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

/** A horizontal line drawn by lightweight-charts (averages, tool previews, order lines' axis labels). */
export interface PriceLineDraw {
  readonly id: string;
  readonly price: number;
  readonly color: string;
  readonly title: string;
  readonly style: 'solid' | 'dashed' | 'dotted';
  /** Show the price on the axis. */
  readonly axisLabel: boolean;
}

const STYLE: Readonly<Record<PriceLineDraw['style'], LineStyle>> = {
  solid: LineStyle.Solid,
  dotted: LineStyle.Dotted,
  dashed: LineStyle.Dashed,
};

/** The library's dash patterns (getDashPattern) in units of the line width. */
const DASH: Readonly<Record<PriceLineDraw['style'], readonly number[]>> = {
  solid: [],
  dotted: [1, 1],
  dashed: [2, 2],
};

/** Chart types whose forming bar `LiveBarLayer` can draw. */
const LIVE_TYPES: ReadonlySet<ChartType> = new Set<ChartType>(['candle', 'hollow', 'heikinAshi', 'bar']);

const TRANSPARENT = 'rgba(0,0,0,0)';

/** The library's default font (we set none): the layer's axis labels use it too. */
const LIBRARY_FONT = `-apple-system, BlinkMacSystemFont, 'Trebuchet MS', Roboto, Ubuntu, sans-serif`;
const LIBRARY_FONT_SIZE = 12;

/** Colours of the indicator lines (the DOM legend uses them too). */
export const INDICATOR_COLOURS: Readonly<Record<string, string>> = {
  'MA.ma': '#f0b90b',
  'EMA.ema': '#c26bff',
  'BOLL.mid': '#f0b90b',
  'BOLL.upper': '#3d8bfd',
  'BOLL.lower': '#3d8bfd',
  'MACD.dif': '#3d8bfd',
  'MACD.dea': '#f0b90b',
  'RSI.rsi': '#c26bff',
};

/** Legend labels of the indicator lines. */
export const INDICATOR_TITLES: Readonly<Record<string, string>> = {
  'MA.ma': 'MA 20',
  'EMA.ema': 'EMA 9',
  'BOLL.mid': 'BOLL',
  'MACD.dif': 'DIF',
  'MACD.dea': 'DEA',
  'RSI.rsi': 'RSI 14',
};

/**
 * Indicator series follow the forming candle at most this often: lightweight-charts re-derives every bar of a
 * changed series on the next paint (O(bars) per series), so 6 to 8 indicator series updated on every tick would
 * cost several ms a frame. The candle itself updates at once; indicator points (a new candle's too) follow within
 * this delay, all that changed since the last push at once.
 */
export const INDICATOR_REFRESH_MS = 500;

const sec = (ms: number): UTCTimestamp => Math.floor(ms / 1000) as UTCTimestamp;

/**
 * A fixed-instance primitive whose only job is to hear about every repaint: `onPaint` when the views are updated
 * (the DOM overlays follow it), `onDraw` while the price pane is drawn (the live layer follows it in the same frame).
 */
class PaintProbe implements ISeriesPrimitive {
  private readonly views: readonly IPrimitivePaneView[];
  constructor(
    private readonly onPaint: () => void,
    onDraw: () => void,
  ) {
    const renderer: IPrimitivePaneRenderer = {
      draw: () => {
        onDraw();
      },
    };
    this.views = [{ renderer: () => renderer }];
  }
  updateAllViews(): void {
    this.onPaint();
  }
  paneViews(): readonly IPrimitivePaneView[] {
    return this.views;
  }
}

/** A main-series data point of any chart type. */
interface MainPoint {
  readonly time: UTCTimestamp;
  readonly value?: number;
  readonly open?: number;
  readonly high?: number;
  readonly low?: number;
  readonly close?: number;
  readonly color?: string;
  readonly borderColor?: string;
  readonly wickColor?: string;
}

/** Options fixed at creation. */
export interface ChartRendererOptions {
  readonly tokens: ColourTokens;
  readonly timezone: ChartTimezone;
  readonly locale: string;
  readonly pricePrecision: number;
  readonly chartType: ChartType;
  readonly indicators: readonly IndicatorId[];
}

/** lightweight-charts wrapper for one symbol's candles. */
export class ChartRenderer {
  private readonly chart: IChartApi;
  private main: ISeriesApi<SeriesType>;
  private markers: ISeriesMarkersPluginApi<Time>;
  private readonly probe: PaintProbe;
  private rows: CandleRow[] = [];
  /** The last-price line colour last given to a hollow series ('' when not yet). */
  private hollowLine = '';
  private ha: Ohlc[] = [];
  private engine: IndicatorEngine;
  private indicatorSeries = new Map<string, ISeriesApi<SeriesType>>();
  private compareSeries: ISeriesApi<'Line'> | null = null;
  private readonly priceLines = new Map<string, { line: IPriceLine; draw: PriceLineDraw }>();
  private markerDraws: readonly MarkerDraw[] = [];
  private readonly paintListeners = new Set<() => void>();
  private tokens: ColourTokens;
  private chartType: ChartType;
  private indicators: readonly IndicatorId[];
  private pricePrecision: number;
  /** Locale of the price labels (grouping and decimal sign as everywhere else on the page). */
  private locale: string;
  /** Set by destroy(): late calls from React effects of the same commit become no-ops. */
  private dead = false;
  /** First candle index whose indicator points are computed but not yet pushed to the series; -1 none. */
  private pendingFrom = -1;
  private indicatorsAt = 0;
  private indicatorTimer: ReturnType<typeof setTimeout> | undefined;
  /** Formats prices like the axis (one memoised instance per precision and locale). */
  private fmt: (price: number) => string;
  /** Candles the main series holds: `rows.length`, or one less while a new candle is drawn by the layer only. */
  private lwcCount = 0;
  /**
   * Live mode: the main series holds the forming bar with transparent colours (its values at the last push, so the
   * scale, time axis and crosshair work as before), its last-value label and line and the price lines' axis labels
   * are off, and `layer` draws all of those for the current values. See `tryLive`.
   */
  private liveMode = false;
  private layer: LiveBarLayer | null = null;
  /** The main series' own autoscale range at the library's last autoscale (its data, excluding the live values). */
  private autoscaleBase: { min: number; max: number } | null = null;
  /** Price-scale width when live mode began: labels the layer draws must not change it (else live mode ends). */
  private liveAxisWidth = -1;
  /** Set when live mode had to end for a reason the next update cannot see (axis width); cleared by new lines/data. */
  private liveBlocked = false;

  constructor(container: HTMLElement, o: ChartRendererOptions) {
    this.tokens = o.tokens;
    this.chartType = o.chartType;
    this.indicators = o.indicators;
    this.pricePrecision = o.pricePrecision;
    this.locale = o.locale;
    this.fmt = this.makeFormatter();
    this.chart = createChart(container, {
      autoSize: true,
      layout: {
        background: { color: o.tokens.surface },
        textColor: o.tokens.textMuted,
        attributionLogo: true,
        panes: { separatorColor: o.tokens.border },
      },
      grid: { vertLines: { color: o.tokens.border }, horzLines: { color: o.tokens.border } },
      rightPriceScale: { borderColor: o.tokens.border },
      timeScale: { borderColor: o.tokens.border, timeVisible: true, secondsVisible: false, rightOffset: 6 },
      crosshair: { mode: CrosshairMode.Normal },
    });
    this.applyTimezone(o.timezone, o.locale);
    this.probe = new PaintProbe(
      () => {
        for (const l of this.paintListeners) l();
      },
      () => {
        this.onLibraryDraw();
      },
    );
    this.engine = new IndicatorEngine(new Set(o.indicators));
    this.main = this.createMain();
    this.markers = createSeriesMarkers(this.main, []);
    this.createIndicatorSeries();
  }

  /** The lightweight-charts instance (screenshots, tests). */
  api(): IChartApi {
    return this.chart;
  }

  /** Candle start times (ms), ascending. */
  candleTimes(): number[] {
    return this.rows.map((r) => r.time);
  }

  /** Candles loaded. */
  get length(): number {
    return this.rows.length;
  }

  /** Oldest candle's start (ms), or null when empty. */
  oldestTime(): number | null {
    return this.rows[0]?.time ?? null;
  }

  /** Last close, or null. */
  lastClose(): number | null {
    return this.rows[this.rows.length - 1]?.close ?? null;
  }

  /** Replaces the whole series (a new symbol, interval or range). */
  setData(rows: readonly CandleRow[]): void {
    if (this.dead) return;
    this.leaveLive();
    this.liveBlocked = false;
    this.rows = rows.filter((r, i) => i === 0 || r.time > (rows[i - 1]?.time ?? -Infinity));
    this.fullRedraw();
    this.chart.timeScale().scrollToRealTime();
  }

  /** Adds older candles in front (lazy loading to the left) keeping the view where it was. */
  prepend(older: readonly CandleRow[]): number {
    if (this.dead) return 0;
    const first = this.rows[0]?.time ?? Infinity;
    const add = older.filter((r) => r.time < first);
    if (add.length === 0) return 0;
    this.leaveLive();
    const range = this.chart.timeScale().getVisibleLogicalRange();
    this.rows = [...add, ...this.rows];
    this.fullRedraw();
    if (range !== null)
      this.chart
        .timeScale()
        .setVisibleLogicalRange({ from: range.from + add.length, to: range.to + add.length });
    return add.length;
  }

  /** A live candle: the forming one changed, or a new one began. Older candles are ignored. */
  update(c: CandleRow): boolean {
    if (this.dead) return false;
    const n = this.rows.length;
    const last = this.rows[n - 1];
    if (last === undefined || c.time < last.time) return false;
    if (c.time === last.time) this.rows[n - 1] = c;
    else this.rows.push(c);
    const i = this.rows.length - 1;
    if (this.chartType === 'heikinAshi') {
      this.ha.length = i;
      this.ha.push(heikinAshiBar(c, this.ha[i - 1]));
    }
    this.engine.upsert(c);
    if (!this.tryLive()) this.pushMain();
    if (this.indicatorSeries.size > 0)
      this.pendingFrom = this.pendingFrom < 0 ? i : Math.min(this.pendingFrom, i);
    if (this.pendingFrom < 0 && this.lwcCount === this.rows.length) return true;
    const wait = INDICATOR_REFRESH_MS - (performance.now() - this.indicatorsAt);
    if (wait <= 0) this.flush();
    else
      this.indicatorTimer ??= setTimeout(() => {
        this.indicatorTimer = undefined;
        this.flush();
      }, wait);
    return true;
  }

  /**
   * Hands the library what it has not seen: a new candle the layer drew alone (with the closed one's final values;
   * the forming bar transparent, which the layer keeps drawing) and the indicator points computed since the last
   * push. The transparent forming bar is otherwise left at its old values: they only feed the autoscale, which
   * `liveAllowed` watches.
   */
  private flush(): void {
    if (this.dead) return;
    clearTimeout(this.indicatorTimer);
    this.indicatorTimer = undefined;
    if (this.lwcCount < this.rows.length) this.pushMain();
    if (this.pendingFrom >= 0)
      for (let j = this.pendingFrom; j < this.rows.length; j++)
        for (const [key, s] of this.indicatorSeries) s.update(this.indicatorPoint(key, j));
    this.pendingFrom = -1;
    this.indicatorsAt = performance.now();
  }

  /** Updates the main series from its last bar on (the forming bar transparent in live mode). */
  private pushMain(): void {
    const n = this.rows.length;
    // Live mode: from the library's transparent bar, which may have closed since. Otherwise the library is current
    // up to the row before.
    const from = this.liveMode ? this.lwcCount - 1 : Math.min(this.lwcCount, n - 1);
    for (let j = Math.max(0, from); j < n; j++)
      this.main.update(this.mainPoint(j, this.liveMode && j === n - 1));
    this.lwcCount = n;
    this.syncHollowLine();
  }

  /** Hollow candles: the last-price line's colour follows the last bar's direction (see mainOptions). */
  private hollowLineColour(): string {
    const r = this.rows[this.rows.length - 1];
    return r !== undefined && r.close < r.open ? this.tokens.down : this.tokens.up;
  }

  private syncHollowLine(): void {
    if (this.chartType !== 'hollow') return;
    const c = this.hollowLineColour();
    if (c === this.hollowLine) return;
    this.hollowLine = c;
    this.main.applyOptions({ priceLineColor: c });
  }

  /**
   * Live mode for this update if the layer can draw what the library would: a bar type, a plain price scale, no
   * compare, no titled axis lines, no fill marker on the live bars, the last bar in view, at most one bar the library
   * has not seen (a new candle waits for the next push), and the live bars inside the range the library autoscaled
   * to (otherwise the scale must change: the library draws). Entering costs one library repaint; staying costs none.
   */
  private tryLive(): boolean {
    const fit = this.liveFit();
    if (fit === 'no') {
      if (this.liveMode) this.leaveLive();
      return false;
    }
    if (!this.liveMode) {
      this.layer ??= LiveBarLayer.attach(this.chart.panes()[0]?.getHTMLElement() ?? null);
      if (this.layer === null) return false;
      this.enterLive();
    } else if (fit === 'rescale') this.pushMain();
    this.drawLive();
    return true;
  }

  /**
   * 'yes': the layer can draw this state over what the library shows; 'rescale': it can once the library has the
   * live bars (they left the range it autoscaled to); 'no': the library must draw.
   */
  private liveFit(): 'yes' | 'rescale' | 'no' {
    const n = this.rows.length;
    if (this.liveBlocked || !LIVE_TYPES.has(this.chartType) || this.compareSeries !== null || n < 2)
      return 'no';
    if (n - this.lwcCount > 1) return 'no';
    const mode = this.chart.priceScale('right').options().mode;
    if (mode !== PriceScaleMode.Normal && mode !== PriceScaleMode.Logarithmic) return 'no';
    for (const { draw } of this.priceLines.values())
      if (draw.axisLabel && (draw.title !== '' || parseColour(draw.color) === null)) return 'no';
    if (parseColour(this.tokens.up) === null || parseColour(this.tokens.down) === null) return 'no';
    // The bars the layer would draw: the library's transparent one and any after it (entering: the last one).
    const firstLive = this.liveMode ? Math.max(0, this.lwcCount - 1) : n - 1;
    const first = this.rows[firstLive];
    if (first === undefined) return 'no';
    const from = sec(first.time);
    if (this.markerDraws.some((m) => m.time >= from)) return 'no';
    const range = this.chart.timeScale().getVisibleLogicalRange();
    if (range === null || range.to < n || range.from > n - 1) return 'no';
    if (this.chart.priceScale('right').options().autoScale) {
      const base = this.autoscaleBase;
      if (base === null) return 'no';
      for (let j = firstLive; j < n; j++) {
        const p = this.mainPoint(j);
        if ((p.high ?? Infinity) > base.max || (p.low ?? -Infinity) < base.min) return 'rescale';
      }
    }
    return 'yes';
  }

  private enterLive(): void {
    this.liveMode = true;
    this.liveAxisWidth = this.chart.priceScale('right').width();
    this.main.applyOptions({ lastValueVisible: false, priceLineVisible: false });
    for (const { line, draw } of this.priceLines.values())
      if (draw.axisLabel) line.applyOptions({ axisLabelVisible: false });
    this.pushMain();
  }

  /** Back to the library drawing everything (before anything that rebuilds series, options or lines). */
  private leaveLive(): void {
    if (!this.liveMode) return;
    this.liveMode = false;
    this.layer?.clear();
    this.main.applyOptions({ lastValueVisible: true, priceLineVisible: true });
    for (const { line, draw } of this.priceLines.values())
      if (draw.axisLabel) line.applyOptions({ axisLabelVisible: true });
    const n = this.rows.length;
    for (let j = Math.max(0, this.lwcCount - 1); j < n; j++) this.main.update(this.mainPoint(j));
    this.lwcCount = n;
  }

  /** Every library repaint moves coordinates: redraw the layer in the same frame, or leave live mode soon after. */
  private onLibraryDraw(): void {
    if (!this.liveMode || this.dead) return;
    const width = this.chart.priceScale('right').width();
    if (width !== this.liveAxisWidth) this.liveBlocked = true;
    const fit = this.liveFit();
    if (fit !== 'no') this.drawLive();
    if (fit !== 'yes')
      // Not from inside the library's paint: leave, or hand it the live bars so it rescales (the next paint redraws).
      setTimeout(() => {
        if (this.dead || !this.liveMode) return;
        const now = this.liveFit();
        if (now === 'no') this.leaveLive();
        else if (now === 'rescale') this.pushMain();
      }, 0);
  }

  /** Draws the live bars, last-price line and axis labels for the current rows on the layer. */
  private drawLive(): void {
    const layer = this.layer;
    if (layer === null) return;
    const ts = this.chart.timeScale();
    const n = this.rows.length;
    const px = (j: number): BarPx | null => {
      const p = this.mainPoint(j);
      const x = ts.logicalToCoordinate(j as Logical);
      const openY = this.main.priceToCoordinate(p.open ?? NaN);
      const highY = this.main.priceToCoordinate(p.high ?? NaN);
      const lowY = this.main.priceToCoordinate(p.low ?? NaN);
      const closeY = this.main.priceToCoordinate(p.close ?? NaN);
      if (x === null || openY === null || highY === null || lowY === null || closeY === null) return null;
      return { x, openY, highY, lowY, closeY };
    };
    const x0 = ts.logicalToCoordinate((n - 2) as Logical);
    const x1 = ts.logicalToCoordinate((n - 1) as Logical);
    if (x0 === null || x1 === null) return;
    const barSpacing = Math.round((x1 - x0) * 1e6) / 1e6;
    const pr = layer.paneRatio();
    const o = this.mainOptions();
    const str = (k: string): string => {
      const v = o[k];
      return typeof v === 'string' ? v : TRANSPARENT;
    };
    const fills: FillRect[] = [];
    let lastColour = TRANSPARENT;
    const firstLive = Math.max(0, this.lwcCount - 1);
    for (let j = firstLive; j < n; j++) {
      const bar = px(j);
      const p = this.mainPoint(j);
      if (bar === null || p.open === undefined || p.close === undefined) continue;
      const up = p.open <= p.close;
      lastColour = str(up ? 'upColor' : 'downColor');
      if (this.chartType === 'bar') fills.push(...ohlcFills(bar, lastColour, barSpacing, pr));
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
    const close = this.rows[n - 1]?.close ?? NaN;
    const closeY = this.main.priceToCoordinate(this.mainPoint(n - 1).close ?? close);
    const lastLine: LiveLine | null =
      closeY === null ? null : { y: closeY, colour: lastColour, lineWidth: 1, dash: DASH.dashed };
    const linesAbove: LiveLine[] = [];
    const labels: LiveLabel[] = [];
    const lastContrast = contrastColours(lastColour);
    const lastClose = this.mainPoint(n - 1).close;
    if (closeY !== null && lastContrast !== null && lastClose !== undefined)
      labels.push({
        y: closeY,
        text: this.fmt(lastClose),
        background: lastContrast.background,
        foreground: lastContrast.foreground,
      });
    for (const { draw } of this.priceLines.values()) {
      const y = this.main.priceToCoordinate(draw.price);
      if (y === null) continue;
      linesAbove.push({ y, colour: draw.color, lineWidth: 1, dash: DASH[draw.style] });
      const c = contrastColours(draw.color);
      if (draw.axisLabel && c !== null)
        labels.push({ y, text: this.fmt(draw.price), background: c.background, foreground: c.foreground });
    }
    const polylinesAbove: LivePolyline[] = [];
    for (const id of this.indicators.filter(isOverlay))
      for (const line of INDICATOR_LINES[id]) {
        const key = `${id}.${line}`;
        const s = this.indicatorSeries.get(key);
        if (s === undefined) continue;
        const points: [number, number][] = [];
        for (let j = Math.max(0, firstLive - 1); j < n; j++) {
          const d = s.dataByIndex(j);
          const v = d !== null && 'value' in d && typeof d.value === 'number' ? d.value : null;
          const x = ts.logicalToCoordinate(j as Logical);
          const y = v === null ? null : s.priceToCoordinate(v);
          if (x !== null && y !== null) points.push([x, y]);
        }
        if (points.length > 1)
          polylinesAbove.push({ colour: INDICATOR_COLOURS[key] ?? this.tokens.accent, lineWidth: 1, points });
      }
    layer.draw({
      fills,
      opaque,
      lastLine,
      linesAbove,
      polylinesAbove,
      labels,
      center: closeY ?? 0,
      fontSize: LIBRARY_FONT_SIZE,
      fontFamily: LIBRARY_FONT,
      ticksVisible: this.chart.priceScale('right').options().ticksVisible,
    });
  }

  /** Switches the chart type (the main series is recreated with its markers and lines). */
  setChartType(t: ChartType): void {
    if (this.dead) return;
    if (t === this.chartType) return;
    this.leaveLive();
    this.chartType = t;
    this.markers.detach();
    this.main.detachPrimitive(this.probe);
    this.chart.removeSeries(this.main);
    this.main = this.createMain();
    this.markers = createSeriesMarkers(this.main, []);
    const lines = [...this.priceLines.values()].map((v) => v.draw);
    this.priceLines.clear();
    this.setPriceLines(lines);
    // The overlays on the price pane go back above the main series (and after it in the scale's source order, which
    // the axis-label layout depends on).
    for (const id of this.indicators.filter(isOverlay))
      for (const line of INDICATOR_LINES[id]) {
        const key = `${id}.${line}`;
        const old = this.indicatorSeries.get(key);
        if (old === undefined) continue;
        this.chart.removeSeries(old);
        this.indicatorSeries.set(key, this.addIndicatorSeries(id, key, 0));
      }
    this.fullRedraw();
  }

  /** Chooses the indicators (series and panes rebuilt). */
  setIndicators(ids: readonly IndicatorId[]): void {
    if (this.dead) return;
    if (ids.length === this.indicators.length && ids.every((x) => this.indicators.includes(x))) return;
    this.leaveLive();
    this.indicators = ids;
    for (const s of this.indicatorSeries.values()) this.chart.removeSeries(s);
    this.indicatorSeries.clear();
    for (let p = this.chart.panes().length - 1; p > 0; p--) this.chart.removePane(p);
    this.engine = new IndicatorEngine(new Set(ids));
    this.pendingFrom = -1;
    this.createIndicatorSeries();
    this.engine.reset(this.rows);
    for (const [key, s] of this.indicatorSeries)
      s.setData(this.rows.map((_, i) => this.indicatorPoint(key, i)));
  }

  /** Colours of a theme. */
  setTheme(tokens: ColourTokens): void {
    if (this.dead) return;
    this.leaveLive();
    this.tokens = tokens;
    this.chart.applyOptions({
      layout: {
        background: { color: tokens.surface },
        textColor: tokens.textMuted,
        panes: { separatorColor: tokens.border },
      },
      grid: { vertLines: { color: tokens.border }, horzLines: { color: tokens.border } },
      rightPriceScale: { borderColor: tokens.border },
      timeScale: { borderColor: tokens.border },
    });
    this.main.applyOptions(this.mainOptions());
    const vol = this.indicatorSeries.get('VOL.vol');
    if (vol !== undefined) vol.setData(this.rows.map((_, i) => this.indicatorPoint('VOL.vol', i)));
    this.setMarkers(this.markerDraws);
  }

  /** Time axis and crosshair labels in a timezone (data stays in UTC seconds). */
  setTimezone(tz: ChartTimezone, locale: string): void {
    if (this.dead) return;
    this.leaveLive();
    this.applyTimezone(tz, locale);
    if (locale !== this.locale) {
      this.locale = locale;
      this.fmt = this.makeFormatter();
      this.main.applyOptions(this.mainOptions());
      for (const id of this.indicators.filter(isOverlay))
        for (const line of INDICATOR_LINES[id])
          this.indicatorSeries.get(`${id}.${line}`)?.applyOptions({ priceFormat: this.priceFormat() });
    }
  }

  /** Time axis shows seconds for second candles. */
  setSecondsVisible(on: boolean): void {
    if (this.dead) return;
    this.chart.applyOptions({ timeScale: { secondsVisible: on } });
  }

  /** Fill markers (buy below the bar, sell above). */
  setMarkers(draws: readonly MarkerDraw[]): void {
    if (this.dead) return;
    this.markerDraws = draws;
    const ms: SeriesMarker<Time>[] = draws.map((d) => ({
      id: d.id,
      time: d.time as UTCTimestamp,
      position: d.side === 'Buy' ? 'belowBar' : 'aboveBar',
      shape: d.side === 'Buy' ? 'arrowUp' : 'arrowDown',
      size: 1.6,
      color: d.side === 'Buy' ? this.tokens.up : this.tokens.down,
      text: d.side === 'Buy' ? 'B' : 'S',
    }));
    this.markers.setMarkers(ms);
    if (this.liveMode && this.liveFit() === 'no') this.leaveLive();
  }

  /** Markers drawn now (tests and the bench read it). */
  markerCount(): number {
    return this.markerDraws.length;
  }

  /** Sets every price line; lines are matched by id, so unchanged ones are not recreated. */
  setPriceLines(draws: readonly PriceLineDraw[]): void {
    if (this.dead) return;
    if (this.liveMode && draws.some((d) => d.axisLabel && d.title !== '')) this.leaveLive();
    this.liveBlocked = false;
    const keep = new Set(draws.map((d) => d.id));
    for (const [id, v] of this.priceLines)
      if (!keep.has(id)) {
        this.main.removePriceLine(v.line);
        this.priceLines.delete(id);
      }
    for (const d of draws) {
      const opts = {
        id: d.id,
        price: d.price,
        color: d.color,
        title: d.title,
        lineStyle: STYLE[d.style],
        lineWidth: 1 as const,
        // In live mode the layer draws the axis labels.
        axisLabelVisible: d.axisLabel && !this.liveMode,
      };
      const cur = this.priceLines.get(d.id);
      if (cur === undefined) this.priceLines.set(d.id, { line: this.main.createPriceLine(opts), draw: d });
      else if (cur.draw !== d) {
        cur.line.applyOptions(opts);
        cur.draw = d;
      }
    }
  }

  /** Overlays a second symbol; both drawn as percentages from the first visible bar. null removes it. */
  setCompare(rows: readonly CandleRow[] | null, colour = '#3d8bfd'): void {
    if (this.dead) return;
    this.leaveLive();
    if (rows === null) {
      if (this.compareSeries !== null) this.chart.removeSeries(this.compareSeries);
      this.compareSeries = null;
      this.chart.priceScale('right').applyOptions({ mode: PriceScaleMode.Normal });
      return;
    }
    this.compareSeries ??= this.chart.addSeries(LineSeries, {
      color: colour,
      lineWidth: 2,
      priceLineVisible: false,
      lastValueVisible: true,
    });
    this.compareSeries.setData(rows.map((r) => ({ time: sec(r.time), value: r.close })));
    this.chart.priceScale('right').applyOptions({ mode: PriceScaleMode.Percentage });
  }

  /** y (px, in the price pane) of a price; null when off-scale or empty. */
  priceToY(price: number): number | null {
    if (this.dead) return null;
    return this.main.priceToCoordinate(price);
  }

  /** Price at a y (px, in the price pane). */
  yToPrice(y: number): number | null {
    if (this.dead) return null;
    return this.main.coordinateToPrice(y);
  }

  /** Height of the price pane (px). */
  pricePaneHeight(): number {
    if (this.dead) return 0;
    return this.chart.paneSize(0).height;
  }

  /** Width of the right price scale (px). */
  priceScaleWidth(): number {
    if (this.dead) return 0;
    return this.chart.priceScale('right').width();
  }

  /** Called after every repaint (DOM overlays reposition). Returns the unsubscribe. */
  onPaint(l: () => void): () => void {
    this.paintListeners.add(l);
    return () => {
      this.paintListeners.delete(l);
    };
  }

  /** Clicks on the chart; `markerId` is set when a fill marker was clicked. */
  onClick(l: (markerId: string | null) => void): () => void {
    const h = (p: MouseEventParams): void => {
      const id = p.hoveredInfo?.objectKind === 'series-marker' ? p.hoveredInfo.objectId : undefined;
      l(typeof id === 'string' && this.markerDraws.some((m) => m.id === id) ? id : null);
    };
    this.chart.subscribeClick(h);
    return () => {
      this.chart.unsubscribeClick(h);
    };
  }

  /** Crosshair moves inside the price pane: y in px, or null when the pointer left. */
  onCrosshair(l: (y: number | null) => void): () => void {
    const h = (p: MouseEventParams): void => {
      l(p.point === undefined || (p.paneIndex ?? 0) !== 0 ? null : p.point.y);
    };
    this.chart.subscribeCrosshairMove(h);
    return () => {
      this.chart.unsubscribeCrosshairMove(h);
    };
  }

  /** Visible logical range changes (lazy loading to the left). */
  onRangeChange(l: (r: LogicalRange | null) => void): () => void {
    const ts = this.chart.timeScale();
    ts.subscribeVisibleLogicalRangeChange(l);
    return () => {
      ts.unsubscribeVisibleLogicalRangeChange(l);
    };
  }

  /** Shows the last `bars` candles (time-frame presets fit the whole range instead). */
  fitAll(): void {
    if (this.dead) return;
    this.chart.timeScale().fitContent();
  }

  /** The chart as one canvas (PNG download). */
  screenshot(): HTMLCanvasElement {
    const shot = this.chart.takeScreenshot();
    if (this.liveMode) this.layer?.paintOnto(shot);
    return shot;
  }

  /** Tears the chart down. */
  destroy(): void {
    if (this.dead) return;
    this.dead = true;
    clearTimeout(this.indicatorTimer);
    this.paintListeners.clear();
    this.layer?.destroy();
    this.chart.remove();
  }

  private applyTimezone(tz: ChartTimezone, locale: string): void {
    const timeZone = tz === 'local' ? undefined : tz;
    const base = {
      numberingSystem: 'latn',
      hourCycle: 'h23',
      ...(timeZone === undefined ? {} : { timeZone }),
    } as const;
    const full = new Intl.DateTimeFormat(locale, {
      ...base,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    const fmts = [
      new Intl.DateTimeFormat(locale, { ...base, year: 'numeric' }),
      new Intl.DateTimeFormat(locale, { ...base, month: 'short' }),
      new Intl.DateTimeFormat(locale, { ...base, month: 'short', day: 'numeric' }),
      new Intl.DateTimeFormat(locale, { ...base, hour: '2-digit', minute: '2-digit' }),
      new Intl.DateTimeFormat(locale, { ...base, hour: '2-digit', minute: '2-digit', second: '2-digit' }),
    ];
    const ms = (t: Time): number => (typeof t === 'number' ? t * 1000 : 0);
    this.chart.applyOptions({
      localization: { locale, timeFormatter: (t: Time) => full.format(ms(t)) },
      timeScale: {
        tickMarkFormatter: (t: Time, type: number) => (fmts[type] ?? full).format(ms(t)),
      },
    });
  }

  /**
   * Prices on the axis, the last-price label and the crosshair read like the rest of the page: the locale's grouping
   * at the symbol's precision ("64,000.00", not "64000.00"). The main series and the overlays on its pane share it,
   * since the pane's axis takes its format from whichever of them comes first.
   */
  private priceFormat(): { type: 'custom'; minMove: number; formatter: (price: number) => string } {
    return { type: 'custom', minMove: Math.pow(10, -this.pricePrecision), formatter: this.fmt };
  }

  private makeFormatter(): (price: number) => string {
    const precision = this.pricePrecision;
    const locale = this.locale;
    return memoFormatter((price: number) => formatFixed(price, precision, locale));
  }

  /** Remembers the main series' own autoscale range (live mode must not leave it). */
  private readonly captureAutoscale = (base: () => AutoscaleInfo | null): AutoscaleInfo | null => {
    const r = base();
    this.autoscaleBase =
      r?.priceRange === null || r?.priceRange === undefined
        ? null
        : { min: r.priceRange.minValue, max: r.priceRange.maxValue };
    return r;
  };

  private mainOptions(): Record<string, unknown> {
    const t = this.tokens;
    const priceFormat = this.priceFormat();
    const autoscaleInfoProvider = this.captureAutoscale;
    switch (this.chartType) {
      case 'bar':
        return { upColor: t.up, downColor: t.down, priceFormat, autoscaleInfoProvider };
      case 'candle':
      case 'heikinAshi':
        return {
          upColor: t.up,
          downColor: t.down,
          borderUpColor: t.up,
          borderDownColor: t.down,
          wickUpColor: t.up,
          wickDownColor: t.down,
          priceFormat,
          autoscaleInfoProvider,
        };
      case 'hollow':
        return {
          // The library colours the last-price line and label with the last bar's body, which a hollow up bar has
          // none of (a black label, an invisible line): the line takes the bar's direction colour instead.
          priceLineColor: this.hollowLineColour(),
          upColor: 'rgba(0,0,0,0)',
          downColor: t.down,
          borderUpColor: t.up,
          borderDownColor: t.down,
          wickUpColor: t.up,
          wickDownColor: t.down,
          priceFormat,
          autoscaleInfoProvider,
        };
      case 'line':
        return { color: t.accent, lineWidth: 2, priceFormat };
      case 'area':
        return {
          lineColor: t.accent,
          topColor: `${t.accent}66`,
          bottomColor: `${t.accent}08`,
          lineWidth: 2,
          priceFormat,
        };
      case 'baseline':
        return {
          topLineColor: t.up,
          topFillColor1: `${t.up}55`,
          topFillColor2: `${t.up}08`,
          bottomLineColor: t.down,
          bottomFillColor1: `${t.down}08`,
          bottomFillColor2: `${t.down}55`,
          lineWidth: 2,
          priceFormat,
        };
    }
  }

  private createMain(): ISeriesApi<SeriesType> {
    const o = this.mainOptions();
    let s: ISeriesApi<SeriesType>;
    switch (this.chartType) {
      case 'bar':
        s = this.chart.addSeries(BarSeries, o);
        break;
      case 'candle':
      case 'hollow':
      case 'heikinAshi':
        s = this.chart.addSeries(CandlestickSeries, o);
        break;
      case 'line':
        s = this.chart.addSeries(LineSeries, o);
        break;
      case 'area':
        s = this.chart.addSeries(AreaSeries, o);
        break;
      case 'baseline':
        s = this.chart.addSeries(BaselineSeries, o);
        break;
    }
    s.attachPrimitive(this.probe);
    return s;
  }

  private createIndicatorSeries(): void {
    let pane = 0;
    for (const id of this.indicators) {
      if (!isOverlay(id)) pane++;
      const paneIndex = isOverlay(id) ? 0 : pane;
      for (const line of INDICATOR_LINES[id]) {
        const key = `${id}.${line}`;
        this.indicatorSeries.set(key, this.addIndicatorSeries(id, key, paneIndex));
      }
    }
    const panes = this.chart.panes();
    for (let p = 1; p < panes.length; p++) panes[p]?.setStretchFactor(0.35);
  }

  private addIndicatorSeries(id: IndicatorId, key: string, paneIndex: number): ISeriesApi<SeriesType> {
    const common = {
      priceLineVisible: false,
      lastValueVisible: false,
      // Titles live in the DOM legend (a pane-edge title label would cover the newest candles and markers).
      title: '',
    };
    return key === 'VOL.vol' || key === 'MACD.hist'
      ? this.chart.addSeries(
          HistogramSeries,
          {
            ...common,
            priceFormat:
              key === 'VOL.vol' ? { type: 'volume' } : { type: 'price', precision: 4, minMove: 0.0001 },
          },
          paneIndex,
        )
      : this.chart.addSeries(
          LineSeries,
          {
            ...common,
            color: INDICATOR_COLOURS[key] ?? this.tokens.accent,
            lineWidth: 1,
            crosshairMarkerVisible: false,
            priceFormat:
              id === 'RSI' || id === 'MACD'
                ? { type: 'price', precision: 2, minMove: 0.01 }
                : this.priceFormat(),
          },
          paneIndex,
        );
  }

  private fullRedraw(): void {
    this.pendingFrom = -1;
    this.lwcCount = this.rows.length;
    this.ha = this.chartType === 'heikinAshi' ? haSeries(this.rows) : [];
    this.main.setData(this.rows.map((_, i) => this.mainPoint(i)));
    this.hollowLine = '';
    this.syncHollowLine();
    this.engine.reset(this.rows);
    for (const [key, s] of this.indicatorSeries)
      s.setData(this.rows.map((_, i) => this.indicatorPoint(key, i)));
    if (this.chartType === 'baseline') {
      const first = this.rows[Math.max(0, this.rows.length - 200)]?.close;
      if (first !== undefined) this.main.applyOptions({ baseValue: { type: 'price', price: first } });
    }
  }

  /** The main series' point for row `i`; `hidden` gives a bar type transparent colours (live mode's forming bar). */
  private mainPoint(i: number, hidden = false): MainPoint {
    const r = this.rows[i];
    if (r === undefined) return { time: 0 as UTCTimestamp };
    const time = sec(r.time);
    const colours = hidden
      ? this.chartType === 'bar'
        ? { color: TRANSPARENT }
        : { color: TRANSPARENT, borderColor: TRANSPARENT, wickColor: TRANSPARENT }
      : {};
    switch (this.chartType) {
      case 'line':
      case 'area':
      case 'baseline':
        return { time, value: r.close };
      case 'heikinAshi': {
        const h = this.ha[i] ?? r;
        return { time, open: h.open, high: h.high, low: h.low, close: h.close, ...colours };
      }
      case 'bar':
      case 'candle':
      case 'hollow':
        return { time, open: r.open, high: r.high, low: r.low, close: r.close, ...colours };
    }
  }

  private indicatorPoint(key: string, i: number): WhitespaceData & { value?: number; color?: string } {
    const r = this.rows[i];
    const time = sec(r?.time ?? 0);
    const v = this.engine.line(key)[i];
    if (v === undefined || Number.isNaN(v)) return { time };
    if (key === 'VOL.vol' && r !== undefined)
      return { time, value: v, color: r.close >= r.open ? `${this.tokens.up}88` : `${this.tokens.down}88` };
    if (key === 'MACD.hist') return { time, value: v, color: v >= 0 ? this.tokens.up : this.tokens.down };
    return { time, value: v };
  }
}

/**
 * lightweight-charts formats the same few prices (axis ticks, line labels, last value) on every paint; Intl
 * formatting is the dearest part of a repaint, so results are kept (bounded) per formatter.
 */
function memoFormatter(format: (price: number) => string): (price: number) => string {
  const cache = new Map<number, string>();
  return (price) => {
    let s = cache.get(price);
    if (s === undefined) {
      if (cache.size >= 4096) cache.clear();
      s = format(price);
      cache.set(price, s);
    }
    return s;
  };
}

function haSeries(rows: readonly CandleRow[]): Ohlc[] {
  const out: Ohlc[] = [];
  for (const r of rows) out.push(heikinAshiBar(r, out[out.length - 1]));
  return out;
}
