import { useLayoutEffect, useRef, useState } from 'react';
import { fittingStatCount, HEADER_RESIZE_DEBOUNCE_MS } from './stats';

/** One header statistic. */
export interface HeaderStat {
  readonly key: string;
  readonly label: string;
  readonly value: string;
  readonly tone?: 'up' | 'down';
}

/** Gap between two stats in px (matches `.header-stats { gap }`). */
const GAP_PX = 24;

/**
 * The header's statistics in one row; when the row is too narrow they are hidden one by one from the end
 * (re-measured 300 ms after the space changes).
 */
export function HeaderStats({ stats }: { readonly stats: readonly HeaderStat[] }): React.JSX.Element {
  const wrapRef = useRef<HTMLDListElement>(null);
  const widths = useRef<number[]>([]);
  const [count, setCount] = useState(stats.length);

  // Measured only when the row is fitted (first paint, a new stat list, a resize): reading widths after every
  // ticker render forced a synchronous layout on each one.
  useLayoutEffect(() => {
    const wrap = wrapRef.current;
    if (wrap === null) return;
    const fit = (): void => {
      // Natural widths of the shown stats, remembered for when they are hidden.
      wrap.querySelectorAll<HTMLElement>('[data-stat]').forEach((el, n) => {
        widths.current[n] = el.offsetWidth;
      });
      setCount(fittingStatCount(wrap.clientWidth, widths.current, GAP_PX));
    };
    fit();
    let timer: ReturnType<typeof setTimeout> | null = null;
    const ro = new ResizeObserver(() => {
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(fit, HEADER_RESIZE_DEBOUNCE_MS);
    });
    ro.observe(wrap);
    return () => {
      ro.disconnect();
      if (timer !== null) clearTimeout(timer);
    };
  }, [stats.length]);

  return (
    <dl className="header-stats" ref={wrapRef} data-testid="header-stats" data-shown={count}>
      {stats.slice(0, count).map((s) => (
        <div key={s.key} className="stat" data-stat={s.key}>
          <dt>{s.label}</dt>
          <dd className={s.tone ?? ''}>{s.value}</dd>
        </div>
      ))}
    </dl>
  );
}
