/**
 * The engine's rows in SQLite: a listener wrapper marks the orders and balances an action touched and stages only
 * those rows (so an order costs the same at any state size), defers every push until the commit, and
 * `loadEngineState` rebuilds the engine's persisted state (history capped as the engine caps it).
 */
import type { Engine } from '../engine/engine';
import { CLOSED_ORDERS_CAP, EXECUTIONS_CAP } from '../engine/engine';
import type {
  EngineListener,
  EngineOrderState,
  EngineState,
  ExecutionView,
  OrderView,
} from '../engine/types';
import type { Db } from './db';
import { stmt } from './stmt';
import type { Store } from './store';

const OPEN_STATUSES = new Set(['New', 'PartiallyFilled', 'Untriggered']);

/** Wraps `inner` so the engine's changes are staged in `store` and its pushes leave after the commit. */
export function persistingListener(
  store: Store,
  engineRef: () => Engine,
  inner: EngineListener,
): EngineListener {
  const orders = new Set<string>();
  const wallets = new Set<string>();
  let counters = false;
  store.collect(() => {
    if (!counters) return;
    const engine = engineRef();
    const rows = [...orders].map((id) => engine.orderRow(id));
    const bals = [...wallets].map((id) => ({ id, rows: engine.rawBalances(id) }));
    const meta = JSON.stringify(engine.counters());
    orders.clear();
    wallets.clear();
    counters = false;
    store.stage((db) => {
      const putOrder = stmt(
        db,
        'INSERT OR REPLACE INTO orders (id, account_id, open, updated_time, view, state) VALUES (?, ?, ?, ?, ?, ?)',
      );
      const putClient = stmt(
        db,
        'INSERT OR IGNORE INTO client_ids (account_id, client_id, order_id) VALUES (?, ?, ?)',
      );
      for (const r of rows) {
        if (r === undefined) continue;
        const v = r.view;
        const open = OPEN_STATUSES.has(v.orderStatus) ? 1 : 0;
        const state = r.state === undefined ? null : JSON.stringify(r.state);
        putOrder.run(v.orderId, v.accountId, open, v.updatedTime, JSON.stringify(v), state);
        if (v.orderLinkId !== '') putClient.run(v.accountId, v.orderLinkId, v.orderId);
      }
      const putBal = stmt(
        db,
        'INSERT OR REPLACE INTO balances (account_id, coin, free, locked) VALUES (?, ?, ?, ?)',
      );
      for (const b of bals) for (const c of b.rows) putBal.run(b.id, c.coin, c.free, c.locked);
      stmt(db, "INSERT OR REPLACE INTO meta (key, value) VALUES ('engine', ?)").run(meta);
    });
  });
  const defer = (push: () => void): void => {
    store.after(push);
  };
  return {
    ...inner,
    level: (symbol, side, price, size) => {
      defer(() => inner.level?.(symbol, side, price, size));
    },
    trade: (t) => {
      defer(() => inner.trade?.(t));
    },
    order: (o: OrderView) => {
      orders.add(o.orderId);
      counters = true;
      defer(() => inner.order?.(o));
    },
    execution: (e: ExecutionView) => {
      counters = true;
      store.stage((db) => {
        stmt(
          db,
          'INSERT OR IGNORE INTO executions (id, account_id, exec_time, view) VALUES (?, ?, ?, ?)',
        ).run(e.execId, e.accountId, e.execTime, JSON.stringify(e));
      });
      defer(() => inner.execution?.(e));
    },
    wallet: (accountId, coins) => {
      wallets.add(accountId);
      counters = true;
      defer(() => inner.wallet?.(accountId, coins));
    },
  };
}

/** The engine's persisted state as the database holds it (undefined for an empty database). */
export function loadEngineState(db: Db): EngineState | undefined {
  const meta = db.prepare("SELECT value FROM meta WHERE key = 'engine'").get() as
    { value: string } | undefined;
  if (meta === undefined) return undefined;
  const c = JSON.parse(meta.value) as {
    nextId: number;
    nextTradeId: number;
    lastPrice: Record<string, string>;
  };
  const orderRows = db
    .prepare(
      `SELECT view, state FROM orders WHERE open = 1
       UNION ALL SELECT view, state FROM (
         SELECT view, state, ROW_NUMBER() OVER (PARTITION BY account_id ORDER BY updated_time DESC, CAST(id AS INTEGER) DESC) AS n
         FROM orders WHERE open = 0) WHERE n <= ?`,
    )
    .all(CLOSED_ORDERS_CAP) as { view: string; state: string | null }[];
  const orders: OrderView[] = [];
  const orderState: Record<string, EngineOrderState> = {};
  for (const r of orderRows) {
    const v = JSON.parse(r.view) as OrderView;
    orders.push(v);
    if (r.state !== null) orderState[v.orderId] = JSON.parse(r.state) as EngineOrderState;
  }
  const execRows = db
    .prepare(
      `SELECT view FROM (
         SELECT view, ROW_NUMBER() OVER (PARTITION BY account_id ORDER BY exec_time DESC, CAST(id AS INTEGER) DESC) AS n
         FROM executions) WHERE n <= ?`,
    )
    .all(EXECUTIONS_CAP) as { view: string }[];
  const balances: Record<string, Record<string, { free: string; locked: string }>> = {};
  const balRows = db.prepare('SELECT account_id, coin, free, locked FROM balances').all() as {
    account_id: string;
    coin: string;
    free: string;
    locked: string;
  }[];
  for (const b of balRows) (balances[b.account_id] ??= {})[b.coin] = { free: b.free, locked: b.locked };
  const clientIds: Record<string, string> = {};
  const cidRows = db.prepare('SELECT account_id, client_id, order_id FROM client_ids').all() as {
    account_id: string;
    client_id: string;
    order_id: string;
  }[];
  for (const r of cidRows) clientIds[JSON.stringify([r.account_id, r.client_id])] = r.order_id;
  return {
    version: 1,
    nextId: c.nextId,
    nextTradeId: c.nextTradeId,
    orders,
    executions: execRows.map((r) => JSON.parse(r.view) as ExecutionView),
    balances,
    lastPrice: c.lastPrice,
    clientIds,
    orderState,
  };
}

/** Writes a whole engine state (the one-time JSON migration). */
export function writeEngineState(db: Db, s: EngineState): void {
  const putOrder = stmt(
    db,
    'INSERT OR REPLACE INTO orders (id, account_id, open, updated_time, view, state) VALUES (?, ?, ?, ?, ?, ?)',
  );
  for (const v of s.orders) {
    const st = s.orderState?.[v.orderId];
    const open = OPEN_STATUSES.has(v.orderStatus) ? 1 : 0;
    putOrder.run(
      v.orderId,
      v.accountId,
      open,
      v.updatedTime,
      JSON.stringify(v),
      st ? JSON.stringify(st) : null,
    );
  }
  const putExec = db.prepare(
    'INSERT OR IGNORE INTO executions (id, account_id, exec_time, view) VALUES (?, ?, ?, ?)',
  );
  for (const e of s.executions) putExec.run(e.execId, e.accountId, e.execTime, JSON.stringify(e));
  const putBal = stmt(
    db,
    'INSERT OR REPLACE INTO balances (account_id, coin, free, locked) VALUES (?, ?, ?, ?)',
  );
  for (const [id, coins] of Object.entries(s.balances))
    for (const [coin, b] of Object.entries(coins)) putBal.run(id, coin, b.free, b.locked);
  const putClient = stmt(
    db,
    'INSERT OR IGNORE INTO client_ids (account_id, client_id, order_id) VALUES (?, ?, ?)',
  );
  for (const [key, id] of Object.entries(s.clientIds)) {
    const k: unknown = JSON.parse(key);
    if (Array.isArray(k) && typeof k[0] === 'string' && typeof k[1] === 'string')
      putClient.run(k[0], k[1], id);
  }
  const meta = { nextId: s.nextId, nextTradeId: s.nextTradeId ?? 1, lastPrice: s.lastPrice };
  db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('engine', ?)").run(JSON.stringify(meta));
}
