/** The linear perpetuals' tickers (mark, index, basis), polled while the spread view is open. */
import { useEffect, useState } from 'react';
import { decodePerpTicker, type PerpTickerRow } from '../../../../workers/protocol/perp';
import { getCall } from '../../../session/api';

/** How often the view asks for fresh figures (the mark moves every second on the server). */
export const PERP_TICKER_POLL_MS = 1000;

/** Reads the tickers of a v5 `tickers?category=linear` reply; [] for anything else. */
export function perpTickersOf(body: unknown): PerpTickerRow[] {
  const list = (body as { retCode?: unknown; result?: { list?: unknown } } | null)?.result?.list;
  if (!Array.isArray(list)) return [];
  const out: PerpTickerRow[] = [];
  for (const row of list) {
    const t = decodePerpTicker(row);
    if (t !== undefined) out.push(t);
  }
  return out;
}

/** The tickers, refreshed every second; empty until the first answer (a failed poll keeps the last figures). */
export function usePerpTickers(): readonly PerpTickerRow[] {
  const [rows, setRows] = useState<readonly PerpTickerRow[]>([]);
  useEffect(() => {
    const ctl = new AbortController();
    const poll = (): void => {
      getCall('tickers', { category: 'linear' }, ctl.signal)
        .then((body) => {
          const next = perpTickersOf(body);
          if (next.length > 0) setRows(next);
        })
        .catch(() => undefined);
    };
    poll();
    const timer = setInterval(poll, PERP_TICKER_POLL_MS);
    return () => {
      clearInterval(timer);
      ctl.abort();
    };
  }, []);
  return rows;
}
