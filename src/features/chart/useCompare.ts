/** The compared symbol: its closes on the chart's scale, both drawn as percentages from the first visible bar. */
import { useEffect } from 'react';
import type { Interval } from '../../../workers/protocol/intervals';
import { hubClient } from '../../hub/client';
import type { ChartRenderer } from './ChartRenderer';
import { isRequestableSymbol, type LoadState } from './useChartData';

/** The compared symbol's candles are refetched this often (the hub streams live candles of one symbol only). */
const COMPARE_REFRESH_MS = 10_000;

/**
 * Compare: a second symbol's closes on the same scale, both as percentages; refreshed every COMPARE_REFRESH_MS.
 * `compare` '' (or the chart's own symbol) shows none.
 */
export function useCompare(
  renderer: ChartRenderer | null,
  load: LoadState,
  symbol: string,
  compare: string,
  interval: Interval,
): void {
  useEffect(() => {
    if (renderer === null || load !== 'ready') return;
    if (!isRequestableSymbol(compare) || compare === symbol) {
      renderer.setCompare(null);
      return;
    }
    let alive = true;
    const fetchCompare = (): void => {
      void hubClient()
        .remote()
        .klines(compare, interval)
        .then((rows) => {
          if (alive) renderer.setCompare(rows.length === 0 ? null : rows);
        })
        .catch(() => undefined);
    };
    fetchCompare();
    const timer = setInterval(fetchCompare, COMPARE_REFRESH_MS);
    return () => {
      alive = false;
      clearInterval(timer);
      renderer.setCompare(null);
    };
  }, [renderer, load, compare, symbol, interval]);
}
