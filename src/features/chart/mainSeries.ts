/**
 * The chart's main series: one of seven chart types on lightweight-charts (candles, hollow candles, Heikin-Ashi,
 * bars, line, area, baseline), its options from the theme, the mapping of a candle to the type's data point, and
 * how much of the candles the library holds (live mode keeps the forming bar transparent there).
 */
import {
  AreaSeries,
  BarSeries,
  BaselineSeries,
  CandlestickSeries,
  LineSeries,
  type AutoscaleInfo,
  type IChartApi,
  type ISeriesApi,
  type ISeriesPrimitive,
  type SeriesType,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { CandleRow } from '../../../workers/api';
import type { ColourTokens } from '../../canvas/tokens';
import type { ChartType } from './config';
import { heikinAshi, heikinAshiBar, type Ohlc } from './heikinAshi';
import type { CustomPriceFormat } from './priceFormat';

/** A fully transparent colour (live mode's forming bar in the library). */
export const TRANSPARENT = 'rgba(0,0,0,0)';

/** Candle start (ms) → the library's time (UTC seconds). */
export const sec = (ms: number): UTCTimestamp => Math.floor(ms / 1000) as UTCTimestamp;

/** A main-series data point of any chart type. */
export interface MainPoint {
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

/** The main series' options for a chart type (colours from the theme). */
export function mainSeriesOptions(
  chartType: ChartType,
  t: ColourTokens,
  priceFormat: CustomPriceFormat,
  autoscaleInfoProvider: (base: () => AutoscaleInfo | null) => AutoscaleInfo | null,
  hollowLineColour: string,
): Record<string, unknown> {
  switch (chartType) {
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
        priceLineColor: hollowLineColour,
        upColor: TRANSPARENT,
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

/** The data point of `r` for a chart type (`ha` = its Heikin-Ashi bar); `hidden` gives a bar type transparent colours. */
export function mainPointOf(
  chartType: ChartType,
  r: CandleRow,
  ha: Ohlc | undefined,
  hidden: boolean,
): MainPoint {
  const time = sec(r.time);
  const colours = hidden
    ? chartType === 'bar'
      ? { color: TRANSPARENT }
      : { color: TRANSPARENT, borderColor: TRANSPARENT, wickColor: TRANSPARENT }
    : {};
  switch (chartType) {
    case 'line':
    case 'area':
    case 'baseline':
      return { time, value: r.close };
    case 'heikinAshi': {
      const h = ha ?? r;
      return { time, open: h.open, high: h.high, low: h.low, close: h.close, ...colours };
    }
    case 'bar':
    case 'candle':
    case 'hollow':
      return { time, open: r.open, high: r.high, low: r.low, close: r.close, ...colours };
  }
}

/** The main series and the candles it shows. */
export class MainSeries {
  /** The library series (recreated on a chart-type change). */
  api: ISeriesApi<SeriesType>;
  /** The candles, ascending by strictly increasing time. */
  rows: CandleRow[] = [];
  /** Candles the library series holds: `rows.length`, or one less while a new candle is drawn by the live layer only. */
  libraryCount = 0;
  /** The series' own autoscale range at the library's last autoscale (its data, excluding live values), or null. */
  autoscaleBase: { min: number; max: number } | null = null;
  private type: ChartType;
  private colours: ColourTokens;
  private ha: Ohlc[] = [];
  /** The last-price line colour last given to a hollow series ('' when not yet). */
  private hollowLine = '';

  constructor(
    private readonly chart: IChartApi,
    chartType: ChartType,
    tokens: ColourTokens,
    private readonly priceFormat: () => CustomPriceFormat,
    /** Attached to every series this creates. */
    private readonly hook: ISeriesPrimitive,
  ) {
    this.type = chartType;
    this.colours = tokens;
    this.api = this.create();
  }

  /** The chart type shown. */
  get chartType(): ChartType {
    return this.type;
  }

  /** The theme's colours. */
  get tokens(): ColourTokens {
    return this.colours;
  }

  /** The series' options for the current type, theme and price format. */
  options(): Record<string, unknown> {
    return mainSeriesOptions(
      this.type,
      this.colours,
      this.priceFormat(),
      this.captureAutoscale,
      this.hollowLineColour(),
    );
  }

  /** The data point of row `i`; `hidden` gives a bar type transparent colours (live mode's forming bar). */
  point(i: number, hidden = false): MainPoint {
    const r = this.rows[i];
    if (r === undefined) return { time: 0 as UTCTimestamp };
    return mainPointOf(this.type, r, this.ha[i], hidden);
  }

  /** Hands the library every row (a new symbol, interval, range or chart type). */
  redraw(): void {
    this.libraryCount = this.rows.length;
    this.ha = this.type === 'heikinAshi' ? heikinAshi(this.rows) : [];
    this.api.setData(this.rows.map((_, i) => this.point(i)));
    this.hollowLine = '';
    this.syncHollowLine();
  }

  /** Baseline charts: the base is the close 200 candles back (or the first). */
  fitBaseline(): void {
    if (this.type !== 'baseline') return;
    const first = this.rows[Math.max(0, this.rows.length - 200)]?.close;
    if (first !== undefined) this.api.applyOptions({ baseValue: { type: 'price', price: first } });
  }

  /** A live candle into the rows (the forming one replaced, or a new one appended): its index, or -1 if older. */
  upsert(c: CandleRow): number {
    const n = this.rows.length;
    const last = this.rows[n - 1];
    if (last === undefined || c.time < last.time) return -1;
    if (c.time === last.time) this.rows[n - 1] = c;
    else this.rows.push(c);
    const i = this.rows.length - 1;
    if (this.type === 'heikinAshi') {
      this.ha.length = i;
      this.ha.push(heikinAshiBar(c, this.ha[i - 1]));
    }
    return i;
  }

  /** Updates the library from its last bar on; `live`: the forming bar goes in transparent (live mode). */
  push(live: boolean): void {
    const n = this.rows.length;
    // Live mode: from the library's transparent bar, which may have closed since. Otherwise the library is current
    // up to the row before.
    const from = live ? this.libraryCount - 1 : Math.min(this.libraryCount, n - 1);
    for (let j = Math.max(0, from); j < n; j++) this.api.update(this.point(j, live && j === n - 1));
    this.libraryCount = n;
    this.syncHollowLine();
  }

  /** Leaving live mode: the library's transparent bar (and any after it) get their colours and current values. */
  reveal(): void {
    const n = this.rows.length;
    for (let j = Math.max(0, this.libraryCount - 1); j < n; j++) this.api.update(this.point(j));
    this.libraryCount = n;
  }

  /** Replaces the series by one of another chart type (the caller re-adds markers and lines). */
  recreate(chartType: ChartType): void {
    this.type = chartType;
    this.api.detachPrimitive(this.hook);
    this.chart.removeSeries(this.api);
    this.api = this.create();
  }

  /** New theme colours. */
  setTokens(tokens: ColourTokens): void {
    this.colours = tokens;
    this.api.applyOptions(this.options());
  }

  /** Hands the library the options again (the price format changed). */
  refreshOptions(): void {
    this.api.applyOptions(this.options());
  }

  /** Hollow candles: the last-price line's colour follows the last bar's direction (see mainSeriesOptions). */
  private hollowLineColour(): string {
    const r = this.rows[this.rows.length - 1];
    return r !== undefined && r.close < r.open ? this.colours.down : this.colours.up;
  }

  private syncHollowLine(): void {
    if (this.type !== 'hollow') return;
    const c = this.hollowLineColour();
    if (c === this.hollowLine) return;
    this.hollowLine = c;
    this.api.applyOptions({ priceLineColor: c });
  }

  /** Remembers the series' own autoscale range (live mode must not leave it). */
  private readonly captureAutoscale = (base: () => AutoscaleInfo | null): AutoscaleInfo | null => {
    const r = base();
    this.autoscaleBase =
      r?.priceRange === null || r?.priceRange === undefined
        ? null
        : { min: r.priceRange.minValue, max: r.priceRange.maxValue };
    return r;
  };

  private create(): ISeriesApi<SeriesType> {
    const o = this.options();
    let s: ISeriesApi<SeriesType>;
    switch (this.type) {
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
    s.attachPrimitive(this.hook);
    return s;
  }
}
