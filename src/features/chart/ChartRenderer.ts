/**
 * The candle chart on lightweight-charts: owns the chart, the main series (one of seven chart types), indicator
 * series (overlays on the price pane, VOL/MACD/RSI in panes below), fill markers, average/tool price lines and the
 * order lines' axis labels. React mounts a container and calls these methods; nothing here knows about atoms.
 *
 * Live updates cost O(lines): one `update` per series, indicators recomputed for the last point only.
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
  type ISeriesApi,
  type ISeriesMarkersPluginApi,
  type ISeriesPrimitive,
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

/** A fixed-instance primitive whose only job is to hear about every repaint (the DOM overlays follow it). */
class PaintProbe implements ISeriesPrimitive {
  constructor(private readonly onPaint: () => void) {}
  updateAllViews(): void {
    this.onPaint();
  }
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

  constructor(container: HTMLElement, o: ChartRendererOptions) {
    this.tokens = o.tokens;
    this.chartType = o.chartType;
    this.indicators = o.indicators;
    this.pricePrecision = o.pricePrecision;
    this.locale = o.locale;
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
    this.probe = new PaintProbe(() => {
      for (const l of this.paintListeners) l();
    });
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
    this.main.update(this.mainPoint(i));
    this.engine.upsert(c);
    if (this.indicatorSeries.size === 0) return true;
    this.pendingFrom = this.pendingFrom < 0 ? i : Math.min(this.pendingFrom, i);
    const wait = INDICATOR_REFRESH_MS - (performance.now() - this.indicatorsAt);
    if (wait <= 0) this.flushIndicators();
    else
      this.indicatorTimer ??= setTimeout(() => {
        this.indicatorTimer = undefined;
        this.flushIndicators();
      }, wait);
    return true;
  }

  /** Pushes the indicator points computed since the last push (the engine is always current). */
  private flushIndicators(): void {
    if (this.dead || this.pendingFrom < 0) return;
    clearTimeout(this.indicatorTimer);
    this.indicatorTimer = undefined;
    for (let j = this.pendingFrom; j < this.rows.length; j++)
      for (const [key, s] of this.indicatorSeries) s.update(this.indicatorPoint(key, j));
    this.pendingFrom = -1;
    this.indicatorsAt = performance.now();
  }

  /** Switches the chart type (the main series is recreated with its markers and lines). */
  setChartType(t: ChartType): void {
    if (this.dead) return;
    if (t === this.chartType) return;
    this.chartType = t;
    this.markers.detach();
    this.main.detachPrimitive(this.probe);
    this.chart.removeSeries(this.main);
    this.main = this.createMain();
    this.markers = createSeriesMarkers(this.main, []);
    const lines = [...this.priceLines.values()].map((v) => v.draw);
    this.priceLines.clear();
    this.setPriceLines(lines);
    this.fullRedraw();
  }

  /** Chooses the indicators (series and panes rebuilt). */
  setIndicators(ids: readonly IndicatorId[]): void {
    if (this.dead) return;
    if (ids.length === this.indicators.length && ids.every((x) => this.indicators.includes(x))) return;
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
    this.applyTimezone(tz, locale);
    if (locale !== this.locale) {
      this.locale = locale;
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
  }

  /** Markers drawn now (tests and the bench read it). */
  markerCount(): number {
    return this.markerDraws.length;
  }

  /** Sets every price line; lines are matched by id, so unchanged ones are not recreated. */
  setPriceLines(draws: readonly PriceLineDraw[]): void {
    if (this.dead) return;
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
        axisLabelVisible: d.axisLabel,
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
    return this.chart.takeScreenshot();
  }

  /** Tears the chart down. */
  destroy(): void {
    if (this.dead) return;
    this.dead = true;
    clearTimeout(this.indicatorTimer);
    this.paintListeners.clear();
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
    const precision = this.pricePrecision;
    const locale = this.locale;
    return {
      type: 'custom',
      minMove: Math.pow(10, -precision),
      formatter: (price: number) => formatFixed(price, precision, locale),
    };
  }

  private mainOptions(): Record<string, unknown> {
    const t = this.tokens;
    const priceFormat = this.priceFormat();
    switch (this.chartType) {
      case 'bar':
        return { upColor: t.up, downColor: t.down, priceFormat };
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
        };
      case 'hollow':
        return {
          upColor: 'rgba(0,0,0,0)',
          downColor: t.down,
          borderUpColor: t.up,
          borderDownColor: t.down,
          wickUpColor: t.up,
          wickDownColor: t.down,
          priceFormat,
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
        const common = {
          priceLineVisible: false,
          lastValueVisible: false,
          // Titles live in the DOM legend (a pane-edge title label would cover the newest candles and markers).
          title: '',
        };
        const s =
          key === 'VOL.vol' || key === 'MACD.hist'
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
        this.indicatorSeries.set(key, s);
      }
    }
    const panes = this.chart.panes();
    for (let p = 1; p < panes.length; p++) panes[p]?.setStretchFactor(0.35);
  }

  private fullRedraw(): void {
    this.pendingFrom = -1;
    this.ha = this.chartType === 'heikinAshi' ? haSeries(this.rows) : [];
    this.main.setData(this.rows.map((_, i) => this.mainPoint(i)));
    this.engine.reset(this.rows);
    for (const [key, s] of this.indicatorSeries)
      s.setData(this.rows.map((_, i) => this.indicatorPoint(key, i)));
    if (this.chartType === 'baseline') {
      const first = this.rows[Math.max(0, this.rows.length - 200)]?.close;
      if (first !== undefined) this.main.applyOptions({ baseValue: { type: 'price', price: first } });
    }
  }

  private mainPoint(i: number): Record<string, number> & { time: UTCTimestamp } {
    const r = this.rows[i];
    if (r === undefined) return { time: 0 as UTCTimestamp };
    const time = sec(r.time);
    switch (this.chartType) {
      case 'line':
      case 'area':
      case 'baseline':
        return { time, value: r.close };
      case 'heikinAshi': {
        const h = this.ha[i] ?? r;
        return { time, open: h.open, high: h.high, low: h.low, close: h.close };
      }
      case 'bar':
      case 'candle':
      case 'hollow':
        return { time, open: r.open, high: r.high, low: r.low, close: r.close };
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

function haSeries(rows: readonly CandleRow[]): Ohlc[] {
  const out: Ohlc[] = [];
  for (const r of rows) out.push(heikinAshiBar(r, out[out.length - 1]));
  return out;
}
