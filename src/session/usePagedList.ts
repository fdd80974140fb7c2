/**
 * Paged REST lists (order and trade history, borrowing, positions), fetched from the main thread: history is not
 * live data, so it does not go through the hub. Paged by the last row's id (cursor stack).
 */
import { useCallback, useEffect, useState } from 'react';
import { getCall, postCall } from './api';
import type { CallName } from '../../workers/protocol/paths';

/** State of one paged list. */
export interface PagedList {
  readonly rows: readonly Record<string, unknown>[];
  readonly loading: boolean;
  /** The server's message when the fetch failed (shown as a toast by the caller). */
  readonly error: string | null;
  readonly page: number;
  readonly hasNext: boolean;
  readonly next: () => void;
  readonly prev: () => void;
}

/**
 * Fetches `call` with `params` plus the page cursor (`cursorParam` = the last row's `cursorField` of the previous
 * page); refetches from page 1 when params change, and the current page when `refresh` changes.
 */
export function usePagedList(
  call: CallName,
  params: Readonly<Record<string, string | number>> | null,
  opts: {
    readonly pageSize: number;
    readonly cursorParam?: string;
    readonly cursorField?: string;
    readonly refresh?: number;
    readonly post?: boolean;
  },
): PagedList {
  const { pageSize, cursorParam, cursorField, refresh = 0, post = false } = opts;
  const key = params === null ? null : JSON.stringify(params);
  const [cursors, setCursors] = useState<readonly string[]>(['']);
  const [rows, setRows] = useState<readonly Record<string, unknown>[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setCursors(['']);
  }, [key]);
  const cursor = cursors[cursors.length - 1] ?? '';
  useEffect(() => {
    if (key === null) {
      setRows([]);
      return;
    }
    const ctl = new AbortController();
    const query: Record<string, string | number> = {
      ...(JSON.parse(key) as Record<string, string | number>),
      ...(cursorParam !== undefined && cursor !== '' ? { [cursorParam]: cursor } : {}),
    };
    setLoading(true);
    const req = post ? postCall(call, query, ctl.signal) : getCall(call, query, ctl.signal);
    req
      .then((body) => {
        const b = (body ?? {}) as { code?: unknown; message?: unknown; result?: { list?: unknown } };
        if (b.code !== 0) {
          setError(typeof b.message === 'string' ? b.message : 'error');
          setRows([]);
        } else {
          setError(null);
          setRows(Array.isArray(b.result?.list) ? (b.result.list as Record<string, unknown>[]) : []);
        }
        setLoading(false);
      })
      .catch((e: unknown) => {
        if (ctl.signal.aborted) return;
        setError(String(e));
        setLoading(false);
      });
    return () => {
      ctl.abort();
    };
  }, [call, key, cursor, cursorParam, refresh, post]);
  const last = rows[rows.length - 1];
  const lastId = cursorField === undefined ? undefined : last?.[cursorField];
  const hasNext = cursorParam !== undefined && rows.length >= pageSize && typeof lastId === 'string';
  const next = useCallback(() => {
    if (typeof lastId === 'string') setCursors((c) => [...c, lastId]);
  }, [lastId]);
  const prev = useCallback(() => {
    setCursors((c) => (c.length > 1 ? c.slice(0, -1) : c));
  }, []);
  return { rows, loading, error, page: cursors.length, hasNext, next, prev };
}
