/**
 * History pruning: the engine loads only the newest `CLOSED_ORDERS_CAP` closed orders and `EXECUTIONS_CAP` fills
 * of each account, so older rows can never be seen again; they are deleted at start and every hour, which keeps
 * the database (and every query over it) from growing without bound. Open orders are never touched, and the
 * client-id table stays whole so a retried create with an old id is still recognised.
 */
import { CLOSED_ORDERS_CAP, EXECUTIONS_CAP } from '../engine/engine';
import type { Db } from './db';

/** How many history rows each account keeps. */
export interface HistoryCaps {
  readonly closedOrders: number;
  readonly executions: number;
}

/** The engine's own caps: exactly what a restart would load. */
export const ENGINE_CAPS: HistoryCaps = { closedOrders: CLOSED_ORDERS_CAP, executions: EXECUTIONS_CAP };

/** Rows deleted by one pruning pass. */
export interface Pruned {
  readonly orders: number;
  readonly executions: number;
}

/** Deletes closed orders and fills beyond each account's caps (newest kept, same order as the engine's load). */
export function pruneHistory(db: Db, caps: HistoryCaps = ENGINE_CAPS): Pruned {
  const orders = db
    .prepare(
      `DELETE FROM orders WHERE id IN (
         SELECT id FROM (
           SELECT id, ROW_NUMBER() OVER (
             PARTITION BY account_id ORDER BY updated_time DESC, CAST(id AS INTEGER) DESC) AS n
           FROM orders WHERE open = 0)
         WHERE n > ?)`,
    )
    .run(caps.closedOrders).changes;
  const executions = db
    .prepare(
      `DELETE FROM executions WHERE id IN (
         SELECT id FROM (
           SELECT id, ROW_NUMBER() OVER (
             PARTITION BY account_id ORDER BY exec_time DESC, CAST(id AS INTEGER) DESC) AS n
           FROM executions)
         WHERE n > ?)`,
    )
    .run(caps.executions).changes;
  return { orders, executions };
}
