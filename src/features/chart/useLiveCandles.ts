/**
 * Live candles into the chart: they arrive in the hub's 'candles' frames (for the tab's `klineInterval`); no live
 * candle for REBUILD_AFTER_MS rebuilds the chart.
 */
import { useEffect } from 'react';
import { intervalMs, type Interval } from '../../../workers/protocol/intervals';
import { hubClient } from '../../hub/client';
import type { ChartRenderer } from './ChartRenderer';
import type { LoadState } from './useChartData';

/** No live candle for this long (page visible) rebuilds the chart (spec §4). */
export const REBUILD_AFTER_MS = 60_000;
/**
 * Live candles are drawn at most this often: each draw repaints every pane (several ms in software rendering), and a
 * trade storm must not take the main thread from the order book and forms. Exchanges push klines about as often.
 */
export const LIVE_APPLY_MS = 250;

/** Whether a live candle can belong to this interval (a frame of the previous interval may still arrive). */
function fitsInterval(timeMs: number, iv: Interval): boolean {
  if (iv === 'W' || iv === 'M') return true;
  return timeMs % intervalMs(iv) === 0;
}

/**
 * Applies live candles once the chart is loaded: a frame marks them dirty, the newest are applied on an animation
 * frame at most every LIVE_APPLY_MS (each frame holds the forming candle and the one it closed, so coalescing never
 * loses a closed candle's last state). `rebuild` is called when the feed went stale.
 */
export function useLiveCandles(
  renderer: ChartRenderer | null,
  load: LoadState,
  interval: Interval,
  rebuild: () => void,
): void {
  useEffect(() => {
    if (renderer === null || load !== 'ready') return;
    const frames = hubClient().frames;
    let lastSeen = Date.now();
    let lastApply = 0;
    let raf = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const apply = (): void => {
      raf = 0;
      lastApply = performance.now();
      for (const c of frames.get('candles') ?? []) if (fitsInterval(c.time, interval)) renderer.update(c);
    };
    const off = frames.on('candles', () => {
      lastSeen = Date.now();
      if (raf !== 0 || timer !== undefined) return;
      const wait = LIVE_APPLY_MS - (performance.now() - lastApply);
      if (wait <= 0) raf = requestAnimationFrame(apply);
      else
        timer = setTimeout(() => {
          timer = undefined;
          raf = requestAnimationFrame(apply);
        }, wait);
    });
    const stale = setInterval(() => {
      if (document.visibilityState === 'visible' && Date.now() - lastSeen > REBUILD_AFTER_MS) {
        lastSeen = Date.now();
        rebuild();
      }
    }, 5_000);
    return () => {
      off();
      clearInterval(stale);
      clearTimeout(timer);
      if (raf !== 0) cancelAnimationFrame(raf);
    };
  }, [renderer, load, interval, rebuild]);
}
