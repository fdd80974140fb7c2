import { useEffect, useState } from 'react';
import { GRID } from './grid';

/** Page width (without scrollbar) and viewport height in px. */
export interface PageSize {
  readonly width: number;
  readonly height: number;
}

function measure(): PageSize {
  return { width: document.documentElement.clientWidth, height: window.innerHeight };
}

/** The page size, re-measured on resize at most every 100 ms (spec §9), the last resize of a burst always counted. */
export function usePageSize(): PageSize {
  const [size, setSize] = useState<PageSize>(measure);
  useEffect(() => {
    let last = 0;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const apply = (): void => {
      last = Date.now();
      timer = null;
      const next = measure();
      setSize((prev) => (prev.width === next.width && prev.height === next.height ? prev : next));
    };
    const onResize = (): void => {
      if (timer !== null) return;
      const wait = GRID.resizeThrottleMs - (Date.now() - last);
      if (wait <= 0) apply();
      else timer = setTimeout(apply, wait);
    };
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      if (timer !== null) clearTimeout(timer);
    };
  }, []);
  return size;
}
