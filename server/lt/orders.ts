/**
 * LT orders: every subscription and redemption, successful (status 1) or refused (status 3), kept per account in
 * memory and as `ltOrder` records in the store, newest last. Each new order is staged in the current action and
 * pushed on `lt_order` / `user.lt.order` after its commit.
 */
import type { SimContext } from '../context';
import { PRIVATE_TOPICS } from '../market/topics';
import { loadRecords, putRecord } from '../store/records';
import type { LtOrder, LtOrderType } from '../../workers/protocol/lt';
import { LT_ORDER_STATUS } from '../../workers/protocol/lt';
import { Decimal } from 'decimal.js';

/** Record kind of LT orders in the store. */
export const LT_ORDER_KIND = 'ltOrder';

function clientKey(accountId: string, clientOrderId: string): string {
  return JSON.stringify([accountId, clientOrderId]);
}

/** Filter of an order list query. */
export interface LtOrderFilter {
  readonly orderType?: LtOrderType;
  readonly symbolId?: number;
  /** Only orders created at or after this time (ms). */
  readonly since?: number;
  readonly limit: number;
}

/** The LT orders of every account. */
export class LtOrderBook {
  private readonly byAccount = new Map<string, LtOrder[]>();
  /** (account, client id) → the order that id made, so a retried request answers it (see `byClientId`). */
  private readonly byClient = new Map<string, LtOrder>();
  private nextId = 1;

  constructor(private readonly ctx: SimContext) {
    this.reload();
  }

  /**
   * Rebuilds memory from the store: at start, and after a failed write (whose orders never reached the disk). The
   * id counter never goes back, so an id a lost write used is not handed out again.
   */
  reload(): void {
    this.byAccount.clear();
    this.byClient.clear();
    for (const r of loadRecords<LtOrder>(this.ctx.store.db, LT_ORDER_KIND)) {
      this.index(r.accountId, r.doc);
      const n = Number(r.id);
      if (Number.isSafeInteger(n) && n >= this.nextId) this.nextId = n + 1;
    }
    for (const list of this.byAccount.values()) list.sort((a, b) => a.createdTime - b.createdTime);
  }

  /** A fresh order id (increasing integers, as the exchange's other ids). */
  newId(): string {
    return String(this.nextId++);
  }

  /** Stores a new order in the current action and pushes it once committed. */
  add(accountId: string, order: LtOrder): void {
    this.index(accountId, order);
    putRecord(this.ctx.store, LT_ORDER_KIND, {
      id: order.orderId,
      accountId,
      updatedAt: order.createdTime,
      doc: order,
    });
    this.ctx.pushPrivate(accountId, PRIVATE_TOPICS.lt, [order]);
  }

  /** An account's orders, newest first. */
  list(accountId: string, f: LtOrderFilter): LtOrder[] {
    const out: LtOrder[] = [];
    const all = this.byAccount.get(accountId) ?? [];
    for (let i = all.length - 1; i >= 0 && out.length < f.limit; i--) {
      const o = all[i];
      if (o === undefined) continue;
      if (f.since !== undefined && o.createdTime < f.since) break;
      if (f.orderType !== undefined && o.orderType !== f.orderType) continue;
      if (f.symbolId !== undefined && o.symbolId !== f.symbolId) continue;
      out.push(o);
    }
    return out;
  }

  /** What an account's successful orders of one type and symbol added up to since `since` (orderQuantity sum). */
  usedSince(accountId: string, symbolId: number, orderType: LtOrderType, since: number): Decimal {
    let sum = new Decimal(0);
    for (const o of this.list(accountId, { orderType, symbolId, since, limit: Infinity })) {
      if (o.status === LT_ORDER_STATUS.success) sum = sum.plus(o.orderQuantity);
    }
    return sum;
  }

  /** The order an account's client id made, if any (kept as long as the order: a late retry is still known). */
  byClientId(accountId: string, clientOrderId: string): LtOrder | undefined {
    return this.byClient.get(clientKey(accountId, clientOrderId));
  }

  private index(accountId: string, order: LtOrder): void {
    this.listOf(accountId).push(order);
    const cid = order.clientOrderId ?? '';
    if (cid !== '') this.byClient.set(clientKey(accountId, cid), order);
  }

  private listOf(accountId: string): LtOrder[] {
    let l = this.byAccount.get(accountId);
    if (l === undefined) {
      l = [];
      this.byAccount.set(accountId, l);
    }
    return l;
  }
}
