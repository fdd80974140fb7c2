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

/** The renderer (null until mounted) and a callback that throws it away and builds a new one. */
export function useChartRenderer(
  canvasRef: RefObject<HTMLDivElement | null>,
  look: ChartLook,
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
    import('./ChartRenderer').then(
      ({ ChartRenderer: Renderer }) => {
        if (gone) return;
        r = new Renderer(el, {
          tokens: TOKENS[store.get(themeAtom)],
          timezone: store.get(klineConfigAtom).timezone,
          locale: store.get(routeAtom).locale,
          pricePrecision,
          chartType: simple ? 'area' : store.get(klineConfigAtom).chartType,
          indicators: simple ? [] : store.get(klineConfigAtom).indicators,
        });
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
  }, [canvasRef, pricePrecision, simple, generation, store]);

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
