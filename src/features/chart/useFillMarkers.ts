/**
 * The logged-in user's fills as markers on the chart (deal history), and the trade-info modal a marker opens.
 * Re-asked on interval, toggle, fills or chart-type change (200 ms after a type change) and when candles were drawn;
 * retried every 1 s while no candles are in.
 */
import { useEffect, useRef, useState } from 'react';
import { intervalMs, type Interval } from '../../../workers/protocol/intervals';
import { hubClient } from '../../hub/client';
import type { ChartRenderer } from './ChartRenderer';
import type { ChartType } from './config';
import { toMarkerDraws, type MarkerDraw } from './lines';

/** What the markers depend on. */
export interface FillMarkerRequest {
  readonly renderer: ChartRenderer | null;
  /** Deal history on, logged in, pro view. */
  readonly show: boolean;
  readonly symbol: string;
  readonly interval: Interval;
  /** The account's fills counter (bumped by every new fill). */
  readonly fillsVersion: number;
  readonly chartType: ChartType;
  /** Bumped whenever candles were handed to the renderer. */
  readonly drawn: number;
}

/** The markers drawn; `onOpen` gets the fill ids of a clicked marker. */
export function useFillMarkers(
  { renderer, show, symbol, interval, fillsVersion, chartType, drawn }: FillMarkerRequest,
  onOpen: (fillIds: readonly string[]) => void,
): readonly MarkerDraw[] {
  const [markers, setMarkers] = useState<readonly MarkerDraw[]>([]);
  const markerIds = useRef(new Map<string, readonly string[]>());
  const prevType = useRef(chartType);

  useEffect(() => {
    if (renderer === null) return;
    const typeChanged = prevType.current !== chartType;
    prevType.current = chartType;
    if (!show) {
      renderer.setMarkers([]);
      markerIds.current.clear();
      setMarkers([]);
      return;
    }
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = (): void => {
      if (!alive) return;
      if (renderer.length === 0) {
        timer = setTimeout(run, 1_000);
        return;
      }
      void hubClient()
        .remote()
        .fillMarkers(symbol, interval)
        .then((ms) => {
          if (!alive) return;
          const draws = toMarkerDraws(ms, renderer.candleTimes(), intervalMs(interval));
          markerIds.current = new Map(draws.map((d) => [d.id, d.fillIds]));
          renderer.setMarkers(draws);
          setMarkers(draws);
        })
        .catch(() => undefined);
    };
    timer = setTimeout(run, typeChanged ? 200 : 0);
    return () => {
      alive = false;
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [renderer, show, symbol, interval, fillsVersion, chartType, drawn]);

  useEffect(() => {
    if (renderer === null) return;
    return renderer.onClick((id) => {
      if (id === null) return;
      const ids = markerIds.current.get(id);
      if (ids !== undefined) onOpen(ids);
    });
  }, [renderer, onOpen]);

  return markers;
}
