/**
 * Live candles into the chart: they arrive in the hub's 'candles' frames (for the tab's `klineInterval`); the forming
 * candle closes at the ticker's last price, which the header, the title and the book show in the same frame; no live
 * candle for REBUILD_AFTER_MS rebuilds the chart.
 */
import { useEffect } from 'react';
import type { CandleRow } from '../../../workers/api';
import { intervalMs, type Interval } from '../../../workers/protocol/intervals';
import { hubClient, hubStore } from '../../hub/client';
import { tickerAtom } from '../../hub/state';
import type { ChartRenderer } from './ChartRenderer';
import { atLastPrice } from './lastPrice';
import type { LoadState } from './useChartData';

/** No live candle for this long (page visible) rebuilds the chart (spec §4). */
export const REBUILD_AFTER_MS = 60_000;
/**
 * Live candles are drawn at most this often: outside live mode each draw repaints every pane (several ms in software
 * rendering), and a trade storm must not take the main thread from the order book and forms. The hub sends candles
 * and tickers together at most once per slow-lane slot (its SLOW_LANE_MS, 250): this cap sits below it, so a slot's
 * candle and ticker are drawn in the frame after they come, as the header draws the ticker, and never held into the
 * next slot (at 250 the pull's jitter held the chart back a slot behind the header about half the time).
 */
export const LIVE_APPLY_MS = 200;

/** Whether a live candle can belong to this interval (a frame of the previous interval may still arrive). */
function fitsInterval(timeMs: number, iv: Interval): boolean {
  if (iv === 'W' || iv === 'M') return true;
  return timeMs % intervalMs(iv) === 0;
}

function sameCandle(a: CandleRow, b: CandleRow | undefined): boolean {
  return (
    b !== undefined &&
    a.time === b.time &&
    a.close === b.close &&
    a.high === b.high &&
    a.low === b.low &&
    a.volume === b.volume
  );
}

/**
 * Applies live candles once the chart is loaded: a frame marks them dirty, the newest are applied on an animation
 * frame at most every LIVE_APPLY_MS (each frame holds the forming candle and the one it closed, so coalescing never
 * loses a closed candle's last state). `rebuild` is called when the feed went stale.
 */
export function useLiveCandles(
  renderer: ChartRenderer | null,
  load: LoadState,
  symbol: string,
  interval: Interval,
  rebuild: () => void,
): void {
  useEffect(() => {
    if (renderer === null || load !== 'ready') return;
    const frames = hubClient().frames;
    const ticker = tickerAtom(symbol);
    let lastSeen = Date.now();
    let lastApply = 0;
    let raf = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    /** The newest candles frame that came while this chart listened (an older one may be another symbol's). */
    let rows: readonly CandleRow[] = [];
    /** Whether `rows` came after the last apply; else only a ticker moved, and only the forming candle can change. */
    let fresh = false;
    /** The forming candle as last handed to the renderer. */
    let drawn: CandleRow | undefined;
    const apply = (): void => {
      raf = 0;
      lastApply = performance.now();
      const newest = rows[rows.length - 1];
      const all = fresh;
      fresh = false;
      if (newest === undefined) return;
      const forming = atLastPrice(newest, hubStore.get(ticker)?.last, interval, Date.now());
      if (!all && sameCandle(forming, drawn)) return;
      for (const c of rows)
        if (fitsInterval(c.time, interval) && (all || c === newest))
          renderer.update(c === newest ? forming : c);
      drawn = forming;
    };
    const schedule = (): void => {
      if (raf !== 0 || timer !== undefined) return;
      const wait = LIVE_APPLY_MS - (performance.now() - lastApply);
      if (wait <= 0) raf = requestAnimationFrame(apply);
      else
        timer = setTimeout(() => {
          timer = undefined;
          raf = requestAnimationFrame(apply);
        }, wait);
    };
    const off = frames.on('candles', () => {
      lastSeen = Date.now();
      rows = frames.get('candles') ?? [];
      fresh = true;
      schedule();
    });
    const offTicker = hubStore.sub(ticker, schedule);
    const stale = setInterval(() => {
      if (document.visibilityState === 'visible' && Date.now() - lastSeen > REBUILD_AFTER_MS) {
        lastSeen = Date.now();
        rebuild();
      }
    }, 5_000);
    return () => {
      off();
      offTicker();
      clearInterval(stale);
      clearTimeout(timer);
      if (raf !== 0) cancelAnimationFrame(raf);
    };
  }, [renderer, load, symbol, interval, rebuild]);
}
