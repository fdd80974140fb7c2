/**
 * The chart instance of one symbol's chart area: created on mount (the parent keys the area by symbol, so a symbol
 * switch rebuilds it), rebuilt on demand (a stale feed), and kept in step with the theme, time zone, interval,
 * chart type and indicators. The renderer and lightweight-charts load on demand (their own chunk), so the page's
 * first paint does not wait for the chart library; the area shows its empty frame meanwhile.
 */
import { useStore } from 'jotai';
import { useCallback, useEffect, useState, type RefObject } from 'react';
import type { Interval } from '../../../workers/protocol/intervals';
import { routeAtom, themeAtom } from '../../session/state';
import { TOKENS, type Theme } from '../../canvas/tokens';
import type { ChartRenderer } from './ChartRenderer';
import type { ChartTimezone, ChartType } from './config';
import type { IndicatorId } from './indicators';
import { klineConfigAtom } from './state';
import type { CandleRow } from '../../../workers/api';
import type { EarlyCandles } from './useChartData';

/**
 * Longest wait for the first candles before the chart is built without them (a slow hub then shows the empty
 * chart and its loading state, and the candles are drawn when they come).
 */
const FIRST_CANDLES_WAIT_MS = 3000;

/**
 * The first page once it is in, or null: when it failed or came back empty, after FIRST_CANDLES_WAIT_MS, or at once
 * when none was asked for.
 */
function firstCandles(early: EarlyCandles | null): Promise<readonly CandleRow[] | null> {
  if (early === null) return Promise.resolve(null);
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    early.rows.then(
      (rows) => (rows.length > 0 ? rows : null),
      () => null,
    ),
    new Promise<null>((r) => (timer = setTimeout(r, FIRST_CANDLES_WAIT_MS, null))),
  ]).finally(() => {
    clearTimeout(timer);
  });
}

/** What the chart shows, from the kline config and the page. */
export interface ChartLook {
  readonly pricePrecision: number;
  readonly simple: boolean;
  readonly theme: Theme;
  readonly timezone: ChartTimezone;
  readonly locale: string;
  readonly interval: Interval;
  readonly chartType: ChartType;
  readonly indicators: readonly IndicatorId[];
}

/**
 * The renderer (null until mounted) and a callback that throws it away and builds a new one. The chart is built when
 * both its chunk and the first page of candles (`early`, asked for by useChartData meanwhile) are in: the library
 * then lays out and paints once, with prices on its axis, instead of an empty chart first and a second full layout
 * and paint (every canvas resized for the wider price axis) a moment later.
 */
export function useChartRenderer(
  canvasRef: RefObject<HTMLDivElement | null>,
  look: ChartLook,
  early: RefObject<EarlyCandles | null>,
): { readonly renderer: ChartRenderer | null; readonly rebuild: () => void } {
  const store = useStore();
  const [renderer, setRenderer] = useState<ChartRenderer | null>(null);
  const [generation, setGeneration] = useState(0);
  const [failed, setFailed] = useState<Error | null>(null);
  // A chunk that cannot load is a render error: the chart's BlockBoundary shows its fallback and retry.
  if (failed !== null) throw failed;
  const rebuild = useCallback((): void => {
    setGeneration((n) => n + 1);
  }, []);
  const { pricePrecision, simple, theme, timezone, locale, interval, chartType, indicators } = look;

  // Created with the config of the moment (read from the store, not the render): the effects below apply changes.
  useEffect(() => {
    const el = canvasRef.current;
    if (el === null) return;
    let r: ChartRenderer | null = null;
    let gone = false;
    // useChartData's effect (after this one, in the same commit) has asked for the first page by the time the chunk
    // is in.
    import('./ChartRenderer')
      .then((mod) => firstCandles(early.current).then((rows) => ({ Renderer: mod.ChartRenderer, rows })))
      .then(
        ({ Renderer, rows }) => {
          if (gone) return;
          r = new Renderer(el, {
            tokens: TOKENS[store.get(themeAtom)],
            timezone: store.get(klineConfigAtom).timezone,
            locale: store.get(routeAtom).locale,
            pricePrecision,
            chartType: simple ? 'area' : store.get(klineConfigAtom).chartType,
            indicators: simple ? [] : store.get(klineConfigAtom).indicators,
          });
          // Before the library's first frame: its first layout and paint have the candles (useChartData sees that
          // the renderer holds them and does not hand them over again).
          if (rows !== null) r.setData(rows);
          setRenderer(r);
        },
        (e: unknown) => {
          if (!gone) setFailed(e instanceof Error ? e : new Error(String(e)));
        },
      );
    return () => {
      gone = true;
      setRenderer(null);
      r?.destroy();
    };
  }, [canvasRef, pricePrecision, simple, generation, store, early]);

  useEffect(() => {
    renderer?.setTheme(TOKENS[theme]);
  }, [renderer, theme]);
  useEffect(() => {
    renderer?.setTimezone(timezone, locale);
  }, [renderer, timezone, locale]);
  useEffect(() => {
    renderer?.setSecondsVisible(interval === '1s');
  }, [renderer, interval]);
  useEffect(() => {
    renderer?.setChartType(chartType);
  }, [renderer, chartType]);
  useEffect(() => {
    renderer?.setIndicators(indicators);
  }, [renderer, indicators]);

  return { renderer, rebuild };
}
