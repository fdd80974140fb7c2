/**
 * Chart fullscreen: the browser's fullscreen on the chart area where allowed, and the page-filling fallback
 * (`chartFullscreenAtom`, styled by `.is-fullscreen`) either way; leaving the browser's fullscreen leaves both.
 */
import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, type RefObject } from 'react';
import { chartFullscreenAtom } from './state';

/** Whether the chart is fullscreen, and the toolbar's toggle. */
export function useChartFullscreen(rootRef: RefObject<HTMLDivElement | null>): {
  readonly fullscreen: boolean;
  readonly toggleFullscreen: () => void;
} {
  const fullscreen = useAtomValue(chartFullscreenAtom);
  const setFullscreen = useSetAtom(chartFullscreenAtom);
  const toggleFullscreen = useCallback((): void => {
    const el = rootRef.current;
    if (el === null) return;
    if (document.fullscreenElement === el) {
      void document.exitFullscreen().catch(() => undefined);
      setFullscreen(false);
    } else if (fullscreen) setFullscreen(false);
    else {
      setFullscreen(true);
      if (typeof el.requestFullscreen === 'function') void el.requestFullscreen().catch(() => undefined);
    }
  }, [rootRef, fullscreen, setFullscreen]);
  useEffect(() => {
    const on = (): void => {
      if (document.fullscreenElement === null) setFullscreen(false);
    };
    document.addEventListener('fullscreenchange', on);
    return () => {
      document.removeEventListener('fullscreenchange', on);
      setFullscreen(false);
    };
  }, [setFullscreen]);
  return { fullscreen, toggleFullscreen };
}
