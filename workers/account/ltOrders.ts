/**
 * The account's LT subscription and redemption records (spec §3 LT order): REST list on load, `lt_order` pushes
 * after, keyed by orderId, newest first. An order announces itself once (spec §4: status 1 a success notice, 3 a
 * failure notice) the first time this reducer sees it from a push; REST rows and duplicates stay silent. Pure.
 */
import { toLtOrder, type LtOrder } from '../protocol/lt';

/** Most records kept (the records tab lists the newest). */
export const LT_ORDERS_CAP = 200;

/** What one push row did. */
export type LtApply =
  | { readonly type: 'bad' }
  | { readonly type: 'duplicate' }
  | { readonly type: 'new'; readonly order: LtOrder; readonly notice: 'success' | 'failure' };

/** The LT order records of one account. */
export class LtOrders {
  private rows: LtOrder[] = [];
  private readonly ids = new Set<string>();
  /** Increments on every change. */
  version = 0;

  /** Applies one pushed row. */
  apply(row: unknown): LtApply {
    const o = toLtOrder(row);
    if (o === undefined) return { type: 'bad' };
    if (this.ids.has(o.orderId)) return { type: 'duplicate' };
    this.insert(o);
    this.version++;
    return { type: 'new', order: o, notice: o.status === 1 ? 'success' : 'failure' };
  }

  /**
   * Merges a REST answer into the list (records never change or disappear on the server, so what is held stays:
   * pushes that arrived meanwhile included); answers how many rows were bad.
   */
  replaceFromRest(list: readonly unknown[]): number {
    let bad = 0;
    const pushed = this.rows;
    this.rows = [];
    this.ids.clear();
    for (const row of [...list, ...pushed]) {
      const o = toLtOrder(row);
      if (o === undefined) bad++;
      else if (!this.ids.has(o.orderId)) this.insert(o);
    }
    this.version++;
    return bad;
  }

  /** The records, newest first. */
  list(): readonly LtOrder[] {
    return this.rows;
  }

  /** Forgets everything (logout). */
  clear(): void {
    this.rows = [];
    this.ids.clear();
    this.version++;
  }

  private insert(o: LtOrder): void {
    this.ids.add(o.orderId);
    let i = 0;
    while (i < this.rows.length && (this.rows[i]?.createdTime ?? 0) > o.createdTime) i++;
    this.rows.splice(i, 0, o);
    if (this.rows.length > LT_ORDERS_CAP) {
      const dropped = this.rows.pop();
      if (dropped !== undefined) this.ids.delete(dropped.orderId);
    }
  }
}
