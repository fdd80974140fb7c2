/**
 * The orders bench's table-update figures from the User Timing entries the open-orders table emits (`ORDERS_MARK`
 * in src/features/orders/marks.ts). Pure: the bench reads the entries out of the page and hands them here.
 */
import { ORDERS_MARK } from '../src/features/orders/marks';

/** The fields of a PerformanceEntry the figures need (marks have duration 0). */
export interface TimingEntry {
  readonly name: string;
  readonly startTime: number;
  readonly duration: number;
}

/** Per push: main-thread work (derive + render + commit) and wall time (store change → commit). */
export interface TableUpdates {
  readonly work: number[];
  readonly total: number[];
}

/**
 * Replays the entries in time order: the first push after a commit opens an update, the first render after it
 * starts the render, row derivations add their time, and the next commit closes it (a commit with no push open is
 * a re-render of the table for another reason and is not counted, but resets nothing).
 */
export function tableUpdatesFromMarks(entries: readonly TimingEntry[]): TableUpdates {
  const sorted = [...entries].sort((a, b) => a.startTime - b.startTime);
  const work: number[] = [];
  const total: number[] = [];
  let pending: number | null = null;
  let renderStart: number | null = null;
  let computeMs = 0;
  for (const e of sorted) {
    switch (e.name) {
      case ORDERS_MARK.push:
        pending ??= e.startTime;
        break;
      case ORDERS_MARK.rows:
        computeMs += e.duration;
        break;
      case ORDERS_MARK.render:
        if (pending !== null) renderStart ??= e.startTime;
        break;
      case ORDERS_MARK.commit:
        if (pending === null) break;
        work.push(e.startTime - (renderStart ?? pending) + computeMs);
        total.push(e.startTime - pending);
        pending = null;
        renderStart = null;
        computeMs = 0;
        break;
      default:
        break;
    }
  }
  return { work, total };
}
