/**
 * The indicator series of the chart: MA, EMA and BOLL as lines over the candles, VOL, MACD and RSI each in a pane
 * below. Points come from `IndicatorEngine` (only the last point is recomputed per live candle); the points computed
 * since the last push are handed to the library together (see INDICATOR_REFRESH_MS). In live mode the live layer
 * may draw the forming candle's points instead: the library then holds them hidden (`push`'s `hideFrom`).
 */
import {
  HistogramSeries,
  LineSeries,
  type AutoscaleInfo,
  type IChartApi,
  type ISeriesApi,
  type SeriesType,
  type WhitespaceData,
} from 'lightweight-charts';
import type { CandleRow } from '../../../workers/api';
import type { ColourTokens } from '../../canvas/tokens';
import {
  IndicatorEngine,
  INDICATOR_COLOURS,
  INDICATOR_LINES,
  isOverlay,
  type IndicatorId,
} from './indicators';
import { sec, TRANSPARENT } from './mainSeries';
import type { CustomPriceFormat } from './priceFormat';

/**
 * Indicator series follow the forming candle at most this often: lightweight-charts re-derives every bar of a
 * changed series on the next paint (O(bars) per series), so 6 to 8 indicator series updated on every tick would
 * cost several ms a frame. The candle itself updates at once; indicator points (a new candle's too) follow within
 * this delay, all that changed since the last push at once.
 */
export const INDICATOR_REFRESH_MS = 500;

/** Indicators the live layer can draw for the forming candle (lines on the price pane and VOL's columns). */
const LIVE_DRAWN: ReadonlySet<IndicatorId> = new Set<IndicatorId>(['MA', 'EMA', 'BOLL', 'VOL']);

/**
 * When the forming candle's volume outgrows the VOL pane's scale while the layer draws it, the scale is set this much
 * above it (until the next candle), so a storm costs a few full repaints a candle instead of one per update.
 */
export const VOLUME_HEADROOM = 1.2;

/** A price range. */
export interface Span {
  readonly min: number;
  readonly max: number;
}

/** What the series take from the renderer at the time they are drawn. */
export interface IndicatorStyle {
  /** The theme's colours now. */
  tokens(): ColourTokens;
  /** The price pane's format now (overlays share the main series' axis). */
  priceFormat(): CustomPriceFormat;
}

/** The indicator series and panes of one chart. */
export class IndicatorPanes {
  private ids: readonly IndicatorId[];
  private engine: IndicatorEngine;
  private readonly series = new Map<string, ISeriesApi<SeriesType>>();
  /** First candle index whose points are computed but not yet pushed to the series; -1 none. */
  private pendingFrom = -1;
  /** First candle index the library holds hidden (whitespace lines, a transparent VOL column); -1 none. */
  private hiddenFrom = -1;
  /** Each series' own autoscale range at the library's last autoscale (its data, without hidden values). */
  private readonly bases = new Map<string, Span | null>();
  /** The VOL scale's top while the forming candle outgrew it (see VOLUME_HEADROOM); 0 none. */
  private volumeCeiling = 0;
  /** Candles the library was last handed points for: a new one ends the raised VOL scale. */
  private handed = 0;

  constructor(
    private readonly chart: IChartApi,
    ids: readonly IndicatorId[],
    private readonly style: IndicatorStyle,
  ) {
    this.ids = ids;
    this.engine = new IndicatorEngine(new Set(ids));
    this.create();
  }

  /** True when `ids` is not the set shown now. */
  differs(ids: readonly IndicatorId[]): boolean {
    return !(ids.length === this.ids.length && ids.every((x) => this.ids.includes(x)));
  }

  /** Recomputes every point and hands the library the whole series (new candles). */
  setData(rows: readonly CandleRow[]): void {
    this.pendingFrom = -1;
    this.hiddenFrom = -1;
    this.volumeCeiling = 0;
    this.handed = rows.length;
    this.engine.reset(rows);
    for (const [key, s] of this.series) s.setData(rows.map((_, i) => this.point(rows, key, i)));
  }

  /** A live candle at index `i`: its points are recomputed now and pushed with the next `push`. */
  upsert(c: CandleRow, i: number): void {
    this.engine.upsert(c);
    if (this.series.size > 0) this.pendingFrom = this.pendingFrom < 0 ? i : Math.min(this.pendingFrom, i);
  }

  /** True when computed points wait for a push. */
  hasPending(): boolean {
    return this.pendingFrom >= 0;
  }

  /**
   * Hands the library the points computed since the last push, and those it holds hidden. `hideFrom` (or -1): the
   * points from this candle on go in hidden, for the live layer to draw (see `liveDrawable`).
   */
  push(rows: readonly CandleRow[], hideFrom = -1): void {
    const starts = [this.pendingFrom, this.hiddenFrom, hideFrom].filter((j) => j >= 0);
    if (starts.length > 0 && this.series.size > 0) {
      for (let j = Math.min(...starts); j < rows.length; j++)
        for (const [key, s] of this.series)
          s.update(this.point(rows, key, j, hideFrom >= 0 && j >= hideFrom));
    }
    // A new candle: VOL's scale follows its data again.
    if (rows.length !== this.handed) this.volumeCeiling = 0;
    this.handed = rows.length;
    this.pendingFrom = -1;
    this.hiddenFrom = hideFrom;
  }

  /** True when the live layer can draw every indicator shown for the forming candle. */
  liveDrawable(): boolean {
    return this.ids.every((id) => LIVE_DRAWN.has(id));
  }

  /** True when the library holds points hidden for the layer. */
  hidesPoints(): boolean {
    return this.hiddenFrom >= 0;
  }

  /** An indicator line's value at candle `i` as computed now (NaN when undefined). */
  value(key: string, i: number): number {
    return this.engine.line(key)[i] ?? NaN;
  }

  /** The autoscale range of the series of `key` at the library's last autoscale, or null. */
  base(key: string): Span | null {
    return this.bases.get(key) ?? null;
  }

  /** The VOL series and the colour of a column of candle `r`, or null without VOL. */
  volume(): { series: ISeriesApi<SeriesType>; colour: (r: CandleRow) => string } | null {
    const series = this.series.get('VOL.vol');
    if (series === undefined) return null;
    return { series, colour: (r) => this.volumeColour(r) };
  }

  /** The forming volume outgrew the VOL scale: it is set VOLUME_HEADROOM above `volume` until the next candle. */
  raiseVolumeCeiling(volume: number): void {
    this.volumeCeiling = volume * VOLUME_HEADROOM;
  }

  /** The VOL scale's top the layer may draw up to: its data's, or the raised ceiling. */
  volumeTop(): number {
    return Math.max(this.base('VOL.vol')?.max ?? 0, this.volumeCeiling);
  }

  /** Chooses the indicators: series and panes rebuilt, points recomputed from `rows`. */
  rebuild(ids: readonly IndicatorId[], rows: readonly CandleRow[]): void {
    this.ids = ids;
    for (const s of this.series.values()) this.chart.removeSeries(s);
    this.series.clear();
    for (let p = this.chart.panes().length - 1; p > 0; p--) this.chart.removePane(p);
    this.engine = new IndicatorEngine(new Set(ids));
    this.pendingFrom = -1;
    this.bases.clear();
    this.create();
    this.setData(rows);
  }

  /**
   * The main series was recreated: the overlays on the price pane go back above it (and after it in the scale's
   * source order, which the axis-label layout depends on). The caller then sets the data again.
   */
  recreateOverlays(): void {
    for (const [key, id] of this.overlayKeys()) {
      const old = this.series.get(key);
      if (old === undefined) continue;
      this.chart.removeSeries(old);
      this.series.set(key, this.add(id, key, 0));
    }
  }

  /** New theme: VOL bars take their colours from it. */
  recolour(rows: readonly CandleRow[]): void {
    const vol = this.series.get('VOL.vol');
    if (vol !== undefined) vol.setData(rows.map((_, i) => this.point(rows, 'VOL.vol', i)));
  }

  /** The price format changed (locale): the overlays follow the main series'. */
  refreshPriceFormat(): void {
    for (const [key] of this.overlayKeys())
      this.series.get(key)?.applyOptions({ priceFormat: this.style.priceFormat() });
  }

  /** The overlay lines on the price pane with their colours, in drawing order (live mode redraws them). */
  *overlays(): Generator<{ key: string; series: ISeriesApi<SeriesType>; colour: string }, void, undefined> {
    for (const [key] of this.overlayKeys()) {
      const s = this.series.get(key);
      if (s !== undefined)
        yield { key, series: s, colour: INDICATOR_COLOURS[key] ?? this.style.tokens().accent };
    }
  }

  private *overlayKeys(): Generator<[string, IndicatorId], void, undefined> {
    for (const id of this.ids.filter(isOverlay))
      for (const line of INDICATOR_LINES[id]) yield [`${id}.${line}`, id];
  }

  private create(): void {
    let pane = 0;
    for (const id of this.ids) {
      if (!isOverlay(id)) pane++;
      const paneIndex = isOverlay(id) ? 0 : pane;
      for (const line of INDICATOR_LINES[id]) {
        const key = `${id}.${line}`;
        this.series.set(key, this.add(id, key, paneIndex));
      }
    }
    const panes = this.chart.panes();
    for (let p = 1; p < panes.length; p++) panes[p]?.setStretchFactor(0.35);
  }

  private add(id: IndicatorId, key: string, paneIndex: number): ISeriesApi<SeriesType> {
    const common = {
      priceLineVisible: false,
      lastValueVisible: false,
      // Titles live in the DOM legend (a pane-edge title label would cover the newest candles and markers).
      title: '',
      autoscaleInfoProvider: (base: () => AutoscaleInfo | null): AutoscaleInfo | null =>
        this.autoscale(key, base),
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
            color: INDICATOR_COLOURS[key] ?? this.style.tokens().accent,
            lineWidth: 1,
            crosshairMarkerVisible: false,
            priceFormat:
              id === 'RSI' || id === 'MACD'
                ? { type: 'price', precision: 2, minMove: 0.01 }
                : this.style.priceFormat(),
          },
          paneIndex,
        );
  }

  /** Records the series' own range; VOL's top is raised to the ceiling while one is set. */
  private autoscale(key: string, base: () => AutoscaleInfo | null): AutoscaleInfo | null {
    const r = base();
    const range = r?.priceRange ?? null;
    this.bases.set(key, range === null ? null : { min: range.minValue, max: range.maxValue });
    if (key !== 'VOL.vol' || r === null || range === null || this.volumeCeiling <= range.maxValue) return r;
    return { ...r, priceRange: { minValue: range.minValue, maxValue: this.volumeCeiling } };
  }

  private volumeColour(r: CandleRow): string {
    const t = this.style.tokens();
    return r.close >= r.open ? `${t.up}88` : `${t.down}88`;
  }

  /** `hidden`: the live layer draws it (a line's point is left out, a VOL column is transparent). */
  private point(
    rows: readonly CandleRow[],
    key: string,
    i: number,
    hidden = false,
  ): WhitespaceData & { value?: number; color?: string } {
    const r = rows[i];
    const time = sec(r?.time ?? 0);
    const v = this.engine.line(key)[i];
    if (v === undefined || Number.isNaN(v)) return { time };
    if (key === 'VOL.vol' && r !== undefined)
      return { time, value: v, color: hidden ? TRANSPARENT : this.volumeColour(r) };
    if (hidden) return { time };
    if (key === 'MACD.hist') {
      const t = this.style.tokens();
      return { time, value: v, color: v >= 0 ? t.up : t.down };
    }
    return { time, value: v };
  }
}
