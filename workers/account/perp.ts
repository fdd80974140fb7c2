/**
 * The future spread's pushes in the hub: `private.position` rows keep the account's perpetual positions by symbol
 * (a size-zero row removes one, spec §9) and count a version the Positions and P&L tabs refetch on;
 * `combination.trade.notify` rows become notices each tab shows once (a toast); `unified.mix.pnl` only bumps the
 * version (the P&L figures are read from the position rows).
 */
import {
  decodeCombination,
  decodePerpPosition,
  type CombinationRow,
  type PerpPositionRow,
} from '../protocol/perp';

/** The perpetual topics every account subscribes to (the product topics). */
export const PERP_TOPICS = ['private.position', 'unified.mix.pnl', 'combination.trade.notify'] as const;

/** Notices kept for tabs to pick up. */
const NOTICE_RING = 50;

/** What the perpetual pushes add to a tab's account diff. */
export interface PerpView {
  readonly positions: readonly PerpPositionRow[];
  readonly positionsVersion: number;
  readonly combinationNotices: readonly CombinationRow[];
}

/** Positions and combination notices from the pushes. */
export class PerpPushes {
  private readonly positions = new Map<string, PerpPositionRow>();
  private version = 0;
  private notices: { readonly row: CombinationRow; readonly stamp: number }[] = [];

  /**
   * Applies a frame of one kind; `stamp` numbers a notice like the hub's other notices. True when something changed;
   * `bad` counts rows that could not be read.
   */
  apply(
    kind: 'position' | 'pnl' | 'combination',
    data: readonly unknown[],
    stamp: () => number,
  ): { changed: boolean; bad: number } {
    let bad = 0;
    let changed = false;
    for (const raw of data) {
      if (kind === 'pnl') {
        changed = true;
        continue;
      }
      if (kind === 'position') {
        const p = decodePerpPosition(raw);
        if (p === undefined) bad++;
        else if (Number(p.size) === 0) changed = this.positions.delete(p.symbol) || changed;
        else {
          this.positions.set(p.symbol, p);
          changed = true;
        }
        continue;
      }
      const c = decodeCombination(raw);
      if (c === undefined) bad++;
      else if (!this.notices.some((n) => n.row.combinationId === c.combinationId)) {
        this.notices.push({ row: c, stamp: stamp() });
        if (this.notices.length > NOTICE_RING) this.notices = this.notices.slice(-NOTICE_RING);
        changed = true;
      }
    }
    if (changed) this.version++;
    return { changed, bad };
  }

  /** The diff fields for a tab whose cursor is `cursor`. */
  view(cursor: number): PerpView {
    return {
      positions: [...this.positions.values()],
      positionsVersion: this.version,
      combinationNotices: this.notices.filter((n) => n.stamp > cursor).map((n) => n.row),
    };
  }

  /** Forgets everything (logout). */
  clear(): void {
    this.positions.clear();
    this.notices = [];
    this.version++;
  }
}
