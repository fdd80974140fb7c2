/**
 * The candle chart on lightweight-charts: owns the chart and composes its parts: the main series (one of seven chart
 * types, `mainSeries.ts`), indicator series (overlays on the price pane, VOL/MACD/RSI in panes below,
 * `indicatorPanes.ts`), fill markers, average/tool price lines and the order lines' axis labels (`priceLines.ts`),
 * and the live-bar fast path (`LiveMode.ts`). React mounts a container and calls these methods; nothing here knows
 * about atoms.
 *
 * Live updates cost O(lines): one `update` per series, indicators recomputed for the last point only. For the bar
 * types (candles, hollow, Heikin-Ashi, bars) a live update usually touches no series at all (live mode): the library
 * is handed the bar and the indicator points at a new candle or when a scale must follow, and the indicators the
 * layer cannot draw (MACD, RSI) at most every INDICATOR_REFRESH_MS.
 */
import {
  createChart,
  createSeriesMarkers,
  CrosshairMode,
  LineSeries,
  PriceScaleMode,
  type IChartApi,
  type ISeriesApi,
  type ISeriesMarkersPluginApi,
  type LogicalRange,
  type MouseEventParams,
  type Time,
} from 'lightweight-charts';
import type { CandleRow } from '../../../workers/api';
import type { ColourTokens } from '../../canvas/tokens';
import { chartThemeOptions } from './chartTheme';
import { desyncCanvasesIn } from './desyncCanvas';
import type { ChartTimezone, ChartType } from './config';
import { IndicatorPanes, INDICATOR_REFRESH_MS } from './indicatorPanes';
import type { IndicatorId } from './indicators';
import { toSeriesMarkers, type MarkerDraw } from './lines';
import { LiveMode } from './LiveMode';
import { MainSeries, sec } from './mainSeries';
import { PaintHook } from './paintHook';
import { customPriceFormat, priceFormatter, type CustomPriceFormat } from './priceFormat';
import { PriceLineSet, type PriceLineDraw } from './priceLines';
import { timeLabelOptions } from './timezone';

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
  private readonly hook: PaintHook;
  private readonly main: MainSeries;
  private markers: ISeriesMarkersPluginApi<Time>;
  private readonly panes: IndicatorPanes;
  private readonly lines = new PriceLineSet();
  private readonly live: LiveMode;
  private compareSeries: ISeriesApi<'Line'> | null = null;
  private markerDraws: readonly MarkerDraw[] = [];
  private readonly paintListeners = new Set<() => void>();
  private readonly pricePrecision: number;
  /** Locale of the price labels (grouping and decimal sign as everywhere else on the page). */
  private locale: string;
  /** Formats prices like the axis (one memoised instance per precision and locale). */
  private fmt: (price: number) => string;
  /** Set by destroy(): late calls from React effects of the same commit become no-ops. */
  private dead = false;
  /** When the indicator points (and a candle the layer drew alone) were last handed to the library. */
  private pushedAt = 0;
  private pushTimer: ReturnType<typeof setTimeout> | undefined;
  /** The array of the last setData (holds()). */
  private given: readonly CandleRow[] | null = null;
  /** Time zone of the time labels, and whether they show seconds (a call that changes nothing costs no redraw). */
  private timezone: ChartTimezone;
  private secondsVisible = false;
  /** The chart's size as handed to the library (even CSS pixels, as the library rounds it). */
  private width = 0;
  private height = 0;
  private readonly sizer: ResizeObserver;
  /** The container: its `data-candles` and `data-last-close` follow the series (tests and the bench read them). */
  private readonly container: HTMLElement;
  /** What those attributes say now ("count|close"), so a draw that changes neither writes nothing. */
  private published = '';

  constructor(container: HTMLElement, o: ChartRendererOptions) {
    this.container = container;
    this.pricePrecision = o.pricePrecision;
    this.locale = o.locale;
    this.timezone = o.timezone;
    this.fmt = priceFormatter(o.pricePrecision, o.locale);
    const theme = chartThemeOptions(o.tokens);
    const box = container.getBoundingClientRect();
    this.width = evenPx(box.width);
    this.height = evenPx(box.height);
    // Before the library asks for its first context (desyncCanvas.ts): its canvases then skip the page's commit.
    desyncCanvasesIn(container);
    this.chart = createChart(container, {
      ...theme,
      // Sized here, not by the library's `autoSize`: its observer compares the container's raw size with the even
      // size it keeps, so for a container of odd or fractional size (most of them, at a device pixel ratio of 1.75)
      // its first callback, which always comes, laid out and painted every canvas a second time at load.
      autoSize: false,
      width: this.width,
      height: this.height,
      layout: { ...theme.layout, attributionLogo: true },
      timeScale: { ...theme.timeScale, timeVisible: true, secondsVisible: false, rightOffset: 6 },
      crosshair: { mode: CrosshairMode.Normal },
    });
    this.chart.applyOptions(timeLabelOptions(o.timezone, o.locale));
    // The library lays its panes out in a <table>: a layout table, not data, for assistive technology.
    container.querySelector('table')?.setAttribute('role', 'presentation');
    // The library paints in a later frame, so the hook never calls into `live` before it exists.
    this.hook = new PaintHook(
      () => {
        for (const l of this.paintListeners) l();
      },
      () => {
        this.live.onLibraryDraw();
      },
    );
    const priceFormat = (): CustomPriceFormat => this.priceFormat();
    this.main = new MainSeries(this.chart, o.chartType, o.tokens, priceFormat, this.hook);
    this.markers = createSeriesMarkers(this.main.api, []);
    this.panes = new IndicatorPanes(this.chart, o.indicators, {
      tokens: () => this.main.tokens,
      priceFormat,
    });
    this.live = new LiveMode({
      chart: this.chart,
      main: this.main,
      lines: this.lines,
      panes: this.panes,
      markers: () => this.markerDraws,
      hasCompare: () => this.compareSeries !== null,
      format: (price) => this.fmt(price),
      isDead: () => this.dead,
    });
    this.sizer = new ResizeObserver((entries) => {
      const box = entries[entries.length - 1]?.contentRect;
      if (box === undefined || this.dead) return;
      const w = evenPx(box.width);
      const h = evenPx(box.height);
      if (w === this.width && h === this.height) return;
      this.width = w;
      this.height = h;
      // Painted at once, as the library's own observer does: no frame shows the old canvases stretched.
      this.chart.resize(w, h, true);
    });
    this.sizer.observe(container);
    this.publish();
  }

  /** Writes the candle count and last close onto the container, from the series itself (no React render). */
  private publish(): void {
    const count = this.main.rows.length;
    const close = this.lastClose();
    const now = `${count}|${close}`;
    if (now === this.published) return;
    this.published = now;
    this.container.dataset.candles = String(count);
    this.container.dataset.lastClose = close === null ? '' : String(close);
  }

  /** The lightweight-charts instance (screenshots, tests). */
  api(): IChartApi {
    return this.chart;
  }

  /** Candle start times (ms), ascending. */
  candleTimes(): number[] {
    return this.main.rows.map((r) => r.time);
  }

  /** Candles loaded. */
  get length(): number {
    return this.main.rows.length;
  }

  /** Oldest candle's start (ms), or null when empty. */
  oldestTime(): number | null {
    return this.main.rows[0]?.time ?? null;
  }

  /** Last close, or null. */
  lastClose(): number | null {
    const rows = this.main.rows;
    return rows[rows.length - 1]?.close ?? null;
  }

  /** True when `rows` is the array the series was last replaced with (by reference). */
  holds(rows: readonly CandleRow[]): boolean {
    return this.given === rows;
  }

  /** Replaces the whole series (a new symbol, interval or range). */
  setData(rows: readonly CandleRow[]): void {
    if (this.dead) return;
    this.given = rows;
    this.live.leave();
    this.live.unblock();
    this.main.rows = rows.filter((r, i) => i === 0 || r.time > (rows[i - 1]?.time ?? -Infinity));
    this.fullRedraw();
    this.chart.timeScale().scrollToRealTime();
    this.publish();
  }

  /** Adds older candles in front (lazy loading to the left) keeping the view where it was. */
  prepend(older: readonly CandleRow[]): number {
    if (this.dead) return 0;
    const first = this.main.rows[0]?.time ?? Infinity;
    const add = older.filter((r) => r.time < first);
    if (add.length === 0) return 0;
    this.live.leave();
    const range = this.chart.timeScale().getVisibleLogicalRange();
    this.main.rows = [...add, ...this.main.rows];
    this.fullRedraw();
    this.publish();
    if (range !== null)
      this.chart
        .timeScale()
        .setVisibleLogicalRange({ from: range.from + add.length, to: range.to + add.length });
    return add.length;
  }

  /** A live candle: the forming one changed, or a new one began. Older candles are ignored. */
  update(c: CandleRow): boolean {
    if (this.dead) return false;
    const i = this.main.upsert(c);
    if (i < 0) return false;
    this.publish();
    this.panes.upsert(c, i);
    if (!this.live.update()) this.main.push(this.live.active);
    // The library needs the indicator points only where the layer does not draw them; a new candle it always needs.
    if (
      this.main.libraryCount === this.main.rows.length &&
      (!this.panes.hasPending() || this.live.drawsIndicators)
    )
      return true;
    const wait = INDICATOR_REFRESH_MS - (performance.now() - this.pushedAt);
    if (wait <= 0) this.flush();
    else
      this.pushTimer ??= setTimeout(() => {
        this.pushTimer = undefined;
        this.flush();
      }, wait);
    return true;
  }

  /** Switches the chart type (the main series is recreated with its markers and lines). */
  setChartType(t: ChartType): void {
    if (this.dead) return;
    if (t === this.main.chartType) return;
    this.live.leave();
    this.markers.detach();
    this.main.recreate(t);
    this.markers = createSeriesMarkers(this.main.api, []);
    this.setPriceLines(this.lines.take());
    this.panes.recreateOverlays();
    this.fullRedraw();
  }

  /** Chooses the indicators (series and panes rebuilt). */
  setIndicators(ids: readonly IndicatorId[]): void {
    if (this.dead) return;
    if (!this.panes.differs(ids)) return;
    this.live.leave();
    this.panes.rebuild(ids, this.main.rows);
  }

  /** Colours of a theme. */
  setTheme(tokens: ColourTokens): void {
    if (this.dead || tokens === this.main.tokens) return;
    this.live.leave();
    this.chart.applyOptions(chartThemeOptions(tokens));
    this.main.setTokens(tokens);
    this.panes.recolour(this.main.rows);
    this.setMarkers(this.markerDraws);
  }

  /** Time axis and crosshair labels in a timezone (data stays in UTC seconds). */
  setTimezone(tz: ChartTimezone, locale: string): void {
    if (this.dead || (tz === this.timezone && locale === this.locale)) return;
    this.timezone = tz;
    this.live.leave();
    this.chart.applyOptions(timeLabelOptions(tz, locale));
    if (locale !== this.locale) {
      this.locale = locale;
      this.fmt = priceFormatter(this.pricePrecision, locale);
      this.main.refreshOptions();
      this.panes.refreshPriceFormat();
    }
  }

  /** Time axis shows seconds for second candles. */
  setSecondsVisible(on: boolean): void {
    if (this.dead || on === this.secondsVisible) return;
    this.secondsVisible = on;
    this.chart.applyOptions({ timeScale: { secondsVisible: on } });
  }

  /** Fill markers (buy below the bar, sell above). */
  setMarkers(draws: readonly MarkerDraw[]): void {
    // None drawn and none asked for (a visitor, a fresh account): nothing to redraw.
    if (this.dead || (draws.length === 0 && this.markerDraws.length === 0)) return;
    this.markerDraws = draws;
    this.markers.setMarkers(toSeriesMarkers(draws, this.main.tokens));
    this.live.recheck();
  }

  /** Markers drawn now (tests and the bench read it). */
  markerCount(): number {
    return this.markerDraws.length;
  }

  /** Sets every price line; lines are matched by id, so unchanged ones are not recreated. */
  setPriceLines(draws: readonly PriceLineDraw[]): void {
    if (this.dead) return;
    // The layer draws no titled axis labels.
    if (this.live.active && draws.some((d) => d.axisLabel && d.title !== '')) this.live.leave();
    this.live.unblock();
    // In live mode the layer draws the axis labels.
    this.lines.set(this.main.api, draws, this.live.active);
  }

  /** Overlays a second symbol; both drawn as percentages from the first visible bar. null removes it. */
  setCompare(rows: readonly CandleRow[] | null, colour = '#3d8bfd'): void {
    // No compare shown and none asked for: the price scale is already in normal mode.
    if (this.dead || (rows === null && this.compareSeries === null)) return;
    this.live.leave();
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
    return this.main.api.priceToCoordinate(price);
  }

  /** Price at a y (px, in the price pane). */
  yToPrice(y: number): number | null {
    if (this.dead) return null;
    return this.main.api.coordinateToPrice(y);
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
    this.live.paintOnto(shot);
    return shot;
  }

  /** Tears the chart down. */
  destroy(): void {
    if (this.dead) return;
    this.dead = true;
    clearTimeout(this.pushTimer);
    this.paintListeners.clear();
    this.live.destroy();
    this.sizer.disconnect();
    this.chart.remove();
  }

  /**
   * Hands the library what it has not seen: a new candle the layer drew alone (with the closed one's final values;
   * the forming bar transparent, which the layer keeps drawing) and the indicator points computed since the last
   * push. The transparent forming bar is otherwise left at its old values: they only feed the autoscale, which
   * live mode watches.
   */
  private flush(): void {
    if (this.dead) return;
    clearTimeout(this.pushTimer);
    this.pushTimer = undefined;
    if (this.live.active) this.live.handOver();
    else {
      if (this.main.libraryCount < this.main.rows.length) this.main.push(false);
      this.panes.push(this.main.rows);
    }
    this.pushedAt = performance.now();
  }

  /**
   * Prices on the axis, the last-price label and the crosshair read like the rest of the page. The main series and
   * the overlays on its pane share it, since the pane's axis takes its format from whichever of them comes first.
   */
  private priceFormat(): CustomPriceFormat {
    return customPriceFormat(this.pricePrecision, this.fmt);
  }

  private fullRedraw(): void {
    this.main.redraw();
    this.panes.setData(this.main.rows);
    this.main.fitBaseline();
  }
}

/** A CSS size as the library keeps it: whole pixels, rounded down to even. */
function evenPx(px: number): number {
  const n = Math.floor(px);
  return n - (n % 2);
}
