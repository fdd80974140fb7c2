/**
 * The account's strategies (Tools): rows from the strategy list call (active and history) and the private
 * `strategy` topic, keyed by strategy id, the newer update winning. Pure: data in, data out. It also decides the
 * finish message of spec §4 ("a finished iceberg or twap order (status 3, executed size nonzero) shows
 * strategyFinishMessage"): once per strategy, from a push (a strategy may start and finish in one action, so its
 * first push is already final) or, from a list, only for one this hub saw active, so a reload does not repeat it.
 */
import { toStrategyRow, type StrategyRow } from '../protocol/strategy';
import { isStrategyFinished } from './notifications';

/** Rows kept in the history part (newest first); active rows are all kept. */
export const STRATEGY_HISTORY_CAP = 50;

/** What applying rows changed. */
export interface StrategyApplyResult {
  readonly changed: boolean;
  /** Strategies that just finished with something executed (iceberg / TWAP): show strategyFinishMessage once. */
  readonly finished: readonly StrategyRow[];
  /** Rows that did not decode. */
  readonly bad: number;
}

/** The strategy list of one account. */
export class StrategyBook {
  private readonly rows = new Map<string, StrategyRow>();
  private readonly announced = new Set<string>();
  /** Increments on every change (the hub's diff stamp reads it). */
  version = 0;

  /** Applies pushed (`live`) or fetched rows (unvalidated). */
  apply(raw: readonly unknown[], live = false): StrategyApplyResult {
    const finished: StrategyRow[] = [];
    let changed = false;
    let bad = 0;
    for (const x of raw) {
      const row = toStrategyRow(x);
      if (row === undefined) {
        bad++;
        continue;
      }
      const prev = this.rows.get(row.strategyId);
      if (prev !== undefined && prev.updatedTime > row.updatedTime) continue;
      this.rows.set(row.strategyId, row);
      changed = true;
      if (
        (prev?.status === 2 || (live && prev === undefined)) &&
        row.status === 3 &&
        isStrategyFinished(row) &&
        !this.announced.has(row.strategyId)
      ) {
        this.announced.add(row.strategyId);
        finished.push(row);
      }
    }
    if (changed) {
      this.trim();
      this.version++;
    }
    return { changed, finished, bad };
  }

  /** Every row, newest first. */
  list(): StrategyRow[] {
    return [...this.rows.values()].sort(
      (a, b) => b.createdTime - a.createdTime || Number(b.strategyId) - Number(a.strategyId),
    );
  }

  /** Forgets everything (logout). */
  clear(): void {
    this.rows.clear();
    this.announced.clear();
    this.version++;
  }

  private trim(): void {
    const history = this.list().filter((r) => r.status === 3);
    for (const r of history.slice(STRATEGY_HISTORY_CAP)) this.rows.delete(r.strategyId);
  }
}
