/**
 * The candles of one chart: the initial load (one page, or a time-frame preset's range paged back by the hub) and
 * lazy pages further back when the view nears the oldest candle. `[]` from the hub means failure: an empty chart
 * with Retry.
 */
import { useEffect, useState, type RefObject } from 'react';
import type { CandleRow } from '../../../workers/api';
import { intervalMs, type Interval } from '../../../workers/protocol/intervals';
import { hubClient } from '../../hub/client';
import { perfMark } from '../../lib/perfMarks';
import type { ChartRenderer } from './ChartRenderer';
import { CHART_MARKS } from './marks';

/** Lazy loading starts when fewer than this many bars are left of the view. */
const LAZY_EDGE_BARS = 15;

/** Where the initial load stands. */
export type LoadState = 'loading' | 'ready' | 'failed';

/** True for a symbol the chart may request (spec §8: missing or containing 'undefined' requests nothing). */
export function isRequestableSymbol(symbol: string | null | undefined): symbol is string {
  return typeof symbol === 'string' && symbol !== '' && !symbol.includes('undefined');
}

/** The first page, asked for before the renderer exists, with the request it answers. */
export interface EarlyCandles {
  readonly key: string;
  readonly rows: Promise<readonly CandleRow[]>;
}

/** What to load: a change of any field loads again (`reload` is a counter bumped by Retry or a repeated click). */
export interface ChartDataRequest {
  readonly renderer: ChartRenderer | null;
  readonly symbol: string;
  readonly interval: Interval;
  /** A preset's range start (ms), or null for the newest page. */
  readonly range: { readonly start: number } | null;
  readonly reload: number;
  /** Where the first page waits for the renderer (shared with useChartRenderer, which waits for it in turn). */
  readonly early: RefObject<EarlyCandles | null>;
}

/** Loads the candles into the renderer: the load state, and `drawn`, bumped whenever candles were handed over. */
export function useChartData({ renderer, symbol, interval, range, reload, early }: ChartDataRequest): {
  readonly load: LoadState;
  readonly drawn: number;
} {
  const [load, setLoad] = useState<LoadState>('loading');
  const [drawn, setDrawn] = useState(0);

  // The first page is asked for while the chart library's chunk still loads (the renderer is null), and handed over
  // when the renderer exists. useChartRenderer builds the chart once this page is in, so the library lays its axes
  // out and paints once, with prices, instead of once empty and again when the candles come.
  useEffect(() => {
    const key = `${symbol}|${interval}|${range?.start ?? ''}|${reload}`;
    const ask = (): Promise<readonly CandleRow[]> =>
      hubClient().remote().klines(symbol, interval, undefined, range?.start);
    if (renderer === null) {
      // No chart (being built, or rebuilt after a silent feed): nothing is drawn, whatever the last load found.
      setLoad('loading');
      if (isRequestableSymbol(symbol) && early.current?.key !== key) {
        const rows = ask();
        rows.catch(() => undefined); // Read (and its failure shown) when the renderer takes it.
        early.current = { key, rows };
      }
      return;
    }
    if (!isRequestableSymbol(symbol)) {
      setLoad('failed');
      return;
    }
    const pending = early.current?.key === key ? early.current.rows : ask();
    early.current = null;
    let alive = true;
    setLoad('loading');
    pending.then(
      (rows) => {
        if (!alive) return;
        if (!renderer.holds(rows)) renderer.setData(rows);
        if (range !== null) renderer.fitAll();
        setLoad(rows.length === 0 ? 'failed' : 'ready');
        setDrawn((d) => d + 1);
        // The library paints in its own animation frame, requested by setData before this one: this one runs
        // right after the new candles are drawn.
        requestAnimationFrame(() => {
          perfMark(CHART_MARKS.candlesDrawn);
        });
      },
      () => {
        if (!alive) return;
        renderer.setData([]);
        setLoad('failed');
      },
    );
    return () => {
      alive = false;
    };
  }, [renderer, symbol, interval, range, reload, early]);

  useEffect(() => {
    if (renderer === null || load !== 'ready') return;
    let busy = false;
    let more = true;
    return renderer.onRangeChange((r) => {
      if (r === null || busy || !more || r.from > LAZY_EDGE_BARS) return;
      const oldest = renderer.oldestTime();
      if (oldest === null) return;
      busy = true;
      void hubClient()
        .remote()
        .klines(symbol, interval, oldest - 1, oldest - 500 * intervalMs(interval))
        .then((rows) => {
          const added = renderer.prepend(rows);
          if (added === 0) more = false;
          else setDrawn((d) => d + 1);
        })
        .catch(() => {
          more = false;
        })
        .finally(() => {
          busy = false;
        });
    });
  }, [renderer, load, symbol, interval]);

  return { load, drawn };
}
