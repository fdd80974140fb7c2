import { useEffect, useRef } from 'react';
import { formatTitle, TITLE_MIN_INTERVAL_MS } from './title';

/**
 * Keeps `document.title` on the pair, its last price and the rise/fall arrow, written at most every
 * TITLE_MIN_INTERVAL_MS (the latest value always lands).
 */
export function useDocumentTitle(
  pair: string,
  price: string | null,
  direction: 'up' | 'down' | 'flat',
  suffix: string,
): void {
  const lastWrite = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    const write = (): void => {
      timer.current = null;
      lastWrite.current = Date.now();
      document.title = formatTitle(pair, price, direction, suffix);
    };
    if (timer.current !== null) clearTimeout(timer.current);
    const wait = TITLE_MIN_INTERVAL_MS - (Date.now() - lastWrite.current);
    if (wait <= 0) write();
    else timer.current = setTimeout(write, wait);
    return () => {
      if (timer.current !== null) clearTimeout(timer.current);
      timer.current = null;
    };
  }, [pair, price, direction, suffix]);
}
