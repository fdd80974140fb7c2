/**
 * User Timing names the open-orders table emits through `lib/perfMarks` (no-ops unless marks are on). The orders
 * bench turns them into its table-update figures: a push, the rows derived for it, the render, the commit.
 */

/** Mark and measure names of the open-orders table, in the order one push produces them. */
export const ORDERS_MARK = {
  /** Mark: the live account data changed (a hub push reached the tab). */
  push: 'orders.push',
  /** Measure: deriving the open-order rows of the current sub-tab. */
  rows: 'orders.rows',
  /** Mark: the open-orders view started a render. */
  render: 'orders.render',
  /** Mark: the open-orders table committed its rows. */
  commit: 'orders.commit',
} as const;
