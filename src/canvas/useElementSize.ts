/** The size of the element a canvas panel lives in, for the renderer's viewport. */
import { useEffect, useRef, useState, type RefObject } from 'react';

/** Width and height in whole CSS pixels. */
export interface ElementSize {
  readonly width: number;
  readonly height: number;
}

/**
 * A ref to attach to an element and its size in whole CSS pixels (floored), kept current by a ResizeObserver;
 * 0 × 0 until the first measurement.
 */
export function useElementSize<T extends HTMLElement>(): [RefObject<T | null>, ElementSize] {
  const ref = useRef<T>(null);
  const [size, setSize] = useState<ElementSize>({ width: 0, height: 0 });
  useEffect(() => {
    const el = ref.current;
    if (el === null) return;
    const ro = new ResizeObserver(([e]) => {
      if (e === undefined) return;
      setSize({ width: Math.floor(e.contentRect.width), height: Math.floor(e.contentRect.height) });
    });
    ro.observe(el);
    return () => {
      ro.disconnect();
    };
  }, []);
  return [ref, size];
}
