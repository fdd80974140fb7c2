/**
 * The kill matrix: a simulator under a storm (`--rate`) with orders, cancels, fills, registrations and preference
 * writes in flight from several accounts is killed with -9 at a random moment, restarted on the same data, and
 * every write it acknowledged before dying is looked for: in the database it reopened and through its API.
 * Creates whose answer was lost are retried with the same client order id; each client id must name one order.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { api, kill9, login, sleep, Socket, startSim, tempDir, type SimProc } from './proc';

/** What the storm found. */
export interface StormResult {
  readonly kills: number;
  readonly acked: {
    readonly orders: number;
    readonly cancels: number;
    readonly registrations: number;
    readonly prefs: number;
    readonly fills: number;
  };
  /** Acknowledged writes missing after a restart (orders, cancels, registrations, preferences). */
  readonly lost: number;
  /** Client order ids that named more than one order, or a retry that answered another order. */
  readonly doubled: number;
  /** Fills pushed on the socket that were not in the restarted database. */
  readonly missingFills: number;
  /** Creates whose answer the kill ate, retried after the restart. */
  readonly retried: number;
  readonly problems: readonly string[];
}

const TRADERS = [
  ['classic@sim.local', 'classic-pass'],
  ['uta@sim.local', 'uta-pass'],
  ['isolated@sim.local', 'isolated-pass'],
  ['leader@sim.local', 'leader-pass'],
] as const;

const SYMBOL_ID = 1; // BTCUSDT: the storm's symbol.
const QTY = '0.0001';

interface Ledger {
  /** client order id → acknowledged order id and account. */
  readonly orders: Map<string, { orderId: string; account: string }>;
  /** client order id → the create body whose answer never came. */
  readonly unanswered: Map<string, { body: Record<string, unknown>; email: string }>;
  readonly cancels: Set<string>;
  readonly registrations: { email: string; password: string }[];
  /** account id → last acknowledged value of the `chaos` preference, and the one in flight. */
  readonly prefs: Map<string, { acked: string; pending: string | null }>;
  readonly fills: Set<string>;
  readonly problems: string[];
  prefAcks: number;
  lost: number;
  doubled: number;
  missingFills: number;
  retried: number;
}

interface Trader {
  readonly email: string;
  readonly cookie: string;
  readonly accountId: string;
  readonly socket: Socket;
  readonly open: string[];
}

/** Best bid and ask of BTCUSDT. */
async function touch(sim: SimProc): Promise<{ bid: number; ask: number }> {
  const r = await api(sim.url, 'GET', '/v5/market/orderbook?category=spot&symbol=BTCUSDT&limit=1');
  const res = r.body.result as { b?: string[][]; a?: string[][] } | undefined;
  return { bid: Number(res?.b?.[0]?.[0] ?? 0), ask: Number(res?.a?.[0]?.[0] ?? 0) };
}

/** One trader's loop: resting orders inside the spread (the storm's takers fill them), market orders, cancels. */
async function trade(sim: SimProc, t: Trader, led: Ledger, tag: string, stop: () => boolean): Promise<void> {
  for (let n = 0; !stop(); n++) {
    const step = n % 4;
    try {
      if (step === 3 && t.open.length > 0) {
        const orderId = t.open.splice(Math.floor(Math.random() * t.open.length), 1)[0] ?? '';
        const r = await api(sim.url, 'POST', '/spot/api/order/cancelOrder', { order_id: orderId }, t.cookie);
        if (r.body.code === 0) led.cancels.add(orderId);
        continue;
      }
      const { bid, ask } = await touch(sim);
      const side = n % 2 === 0 ? 'buy' : 'sell';
      const cid = `${tag}-${t.accountId}-${n}`;
      const inside = side === 'buy' ? bid + 0.01 : ask - 0.01;
      const body: Record<string, unknown> =
        step === 2
          ? {
              symbol_id: SYMBOL_ID,
              side,
              type: 'market',
              // A market buy is sized in quote (USDT), a market sell in base.
              ...(side === 'buy' ? { amount: '5' } : { quantity: QTY }),
              client_order_id: cid,
            }
          : {
              symbol_id: SYMBOL_ID,
              side,
              type: 'limit',
              price: (ask - bid > 0.015 ? inside : side === 'buy' ? bid : ask).toFixed(2),
              quantity: QTY,
              client_order_id: cid,
            };
      led.unanswered.set(cid, { body, email: t.email });
      const r = await api(sim.url, 'POST', '/spot/api/order/orderCreate', body, t.cookie);
      led.unanswered.delete(cid);
      const res = r.body.result as { orderId?: string; orderStatus?: string } | undefined;
      if (r.body.code === 0 && typeof res?.orderId === 'string') {
        led.orders.set(cid, { orderId: res.orderId, account: t.accountId });
        if (res.orderStatus === 'New' || res.orderStatus === 'PartiallyFilled') t.open.push(res.orderId);
      }
    } catch {
      // The kill: whatever was in flight stays in `unanswered` for the retry after the restart.
      return;
    }
  }
}

/** Preference writes of one trader, each a new value; the last acknowledged one must survive. */
async function writePrefs(
  sim: SimProc,
  t: Trader,
  led: Ledger,
  tag: string,
  stop: () => boolean,
): Promise<void> {
  for (let n = 0; !stop(); n++) {
    const value = `${tag}-${n}`;
    const p = led.prefs.get(t.accountId) ?? { acked: '', pending: null };
    p.pending = value;
    led.prefs.set(t.accountId, p);
    try {
      const r = await api(
        sim.url,
        'POST',
        '/user/api/pref/setPrefSetting',
        { upsert_keys: { chaos: value } },
        t.cookie,
      );
      if (r.body.code === 0) {
        p.acked = value;
        led.prefAcks++;
      }
      p.pending = null;
    } catch {
      return;
    }
  }
}

/** Registrations (few per life: the per-address limit is 30 a minute). */
async function register(sim: SimProc, led: Ledger, tag: string, stop: () => boolean): Promise<void> {
  for (let n = 0; n < 4 && !stop(); n++) {
    const email = `${tag}-${n}@chaos.local`;
    const password = `password-${tag}-${n}`;
    try {
      const r = await api(sim.url, 'POST', '/register', { email, password });
      if (r.body.code === 0) led.registrations.push({ email, password });
    } catch {
      return;
    }
    await sleep(30);
  }
}

/** Opens the traders' sockets (their sessions survive restarts: logged in once) and subscribes their fills. */
async function traders(sim: SimProc, cookies: Map<string, string>): Promise<Trader[]> {
  const out: Trader[] = [];
  for (const [email, password] of TRADERS) {
    let cookie = cookies.get(email);
    if (cookie === undefined) {
      cookie = await login(sim.url, email, password);
      cookies.set(email, cookie);
    }
    const info = await api(sim.url, 'GET', '/user/api/info', undefined, cookie);
    const accountId = (info.body.result as { id?: string } | undefined)?.id ?? '';
    const socket = new Socket(sim.url, cookie);
    await socket.open();
    socket.send({ op: 'subscribe', args: ['execution'] });
    out.push({ email, cookie, accountId, socket, open: [] });
  }
  return out;
}

/** Exec ids a trader's socket was pushed. */
function pushedFills(t: Trader): string[] {
  const ids: string[] = [];
  for (const m of t.socket.messages) {
    if (m.topic !== 'execution' || !Array.isArray(m.data)) continue;
    for (const e of m.data as { execId?: unknown }[]) if (typeof e.execId === 'string') ids.push(e.execId);
  }
  return ids;
}

/** Retries the creates the kill left unanswered: each must answer one order, the same on a second retry. */
async function retryUnanswered(sim: SimProc, led: Ledger, cookies: Map<string, string>): Promise<void> {
  for (const [cid, { body, email }] of led.unanswered) {
    const cookie = cookies.get(email);
    if (cookie === undefined) continue;
    const first = await api(sim.url, 'POST', '/spot/api/order/orderCreate', body, cookie);
    const again = await api(sim.url, 'POST', '/spot/api/order/orderCreate', body, cookie);
    const a = (first.body.result as { orderId?: string } | undefined)?.orderId;
    const b = (again.body.result as { orderId?: string } | undefined)?.orderId;
    led.retried++;
    if (a !== undefined && b !== undefined && a !== b) {
      led.doubled++;
      led.problems.push(`retry of ${cid} answered ${a} then ${b}`);
    }
  }
  led.unanswered.clear();
}

/** Looks for every acknowledged write in the restarted simulator's database and API. */
async function verify(sim: SimProc, led: Ledger, cookies: Map<string, string>): Promise<void> {
  const db = new Database(join(sim.dataDir, 'sim.db'), { readonly: true, fileMustExist: true });
  try {
    const orderRow = db.prepare('SELECT account_id, view FROM orders WHERE id = ?');
    for (const [cid, o] of led.orders) {
      const row = orderRow.get(o.orderId) as { account_id: string; view: string } | undefined;
      if (row === undefined || row.account_id !== o.account) {
        led.lost++;
        led.problems.push(`acknowledged order ${o.orderId} (${cid}) is gone`);
      }
    }
    for (const id of led.cancels) {
      const row = orderRow.get(id) as { view: string } | undefined;
      const status =
        row === undefined ? 'gone' : (JSON.parse(row.view) as { orderStatus: string }).orderStatus;
      if (!/cancel/i.test(status)) {
        led.lost++;
        led.problems.push(`acknowledged cancel of ${id} reads ${status}`);
      }
    }
    const dup = db
      .prepare(
        `SELECT account_id, json_extract(view, '$.orderLinkId') AS cid, COUNT(*) AS n FROM orders
         WHERE json_extract(view, '$.orderLinkId') LIKE 'k%' GROUP BY account_id, cid HAVING n > 1`,
      )
      .all() as { cid: string; n: number }[];
    for (const d of dup) led.problems.push(`client id ${d.cid} names ${d.n} orders`);
    led.doubled += dup.length;
    const emails = new Set(
      (db.prepare('SELECT email FROM accounts').all() as { email: string }[]).map((r) => r.email),
    );
    for (const r of led.registrations)
      if (!emails.has(r.email)) {
        led.lost++;
        led.problems.push(`acknowledged registration ${r.email} is gone`);
      }
    const execs = new Set(
      (db.prepare('SELECT id FROM executions').all() as { id: string }[]).map((r) => r.id),
    );
    for (const id of led.fills)
      if (!execs.has(id)) {
        led.missingFills++;
        led.problems.push(`pushed fill ${id} is not in the database`);
      }
  } finally {
    db.close();
  }
  // Through the API too: the latest registration logs in, each session still works, and each trader reads its
  // last acknowledged preference.
  for (const r of led.registrations.slice(-1)) {
    try {
      await login(sim.url, r.email, r.password);
    } catch {
      led.lost++;
      led.problems.push(`registered ${r.email} cannot log in after the restart`);
    }
  }
  for (const [email, cookie] of cookies) {
    const info = await api(sim.url, 'GET', '/user/api/info', undefined, cookie);
    const id = (info.body.result as { id?: string } | undefined)?.id ?? '';
    if (id === '') {
      led.lost++;
      led.problems.push(`${email}: its acknowledged session no longer logs in after the restart`);
      continue;
    }
    const want = led.prefs.get(id);
    if (want === undefined || want.acked === '') continue;
    const got = await api(sim.url, 'GET', '/user/api/pref/getPrefSetting', undefined, cookie);
    const v = (got.body.result as Record<string, string> | undefined)?.chaos;
    if (v !== want.acked && v !== want.pending) {
      led.lost++;
      led.problems.push(`${email}: preference reads ${String(v)}, acknowledged ${want.acked}`);
    }
  }
}

/** Runs `kills` storm-and-kill cycles on one data directory; stops early at `deadline` (epoch ms). */
export async function killStorm(o: { kills: number; rate: number; deadline: number }): Promise<StormResult> {
  const dataDir = tempDir('storm');
  const led: Ledger = {
    orders: new Map(),
    unanswered: new Map(),
    cancels: new Set(),
    registrations: [],
    prefs: new Map(),
    fills: new Set(),
    problems: [],
    prefAcks: 0,
    lost: 0,
    doubled: 0,
    missingFills: 0,
    retried: 0,
  };
  let kills = 0;
  const cookies = new Map<string, string>();
  let sim = await startSim({ dataDir, rate: o.rate });
  for (let cycle = 0; cycle < o.kills && Date.now() < o.deadline; cycle++) {
    const ts = await traders(sim, cookies);
    const tag = `k${cycle}`;
    let stopped = false;
    const stop = (): boolean => stopped;
    const work = [
      ...ts.map((t) => trade(sim, t, led, tag, stop)),
      ...ts.slice(0, 2).map((t) => writePrefs(sim, t, led, tag, stop)),
      register(sim, led, tag, stop),
    ];
    // A random point of the storm: everything above is in flight when the process dies.
    await sleep(300 + Math.random() * 900);
    await kill9(sim);
    kills++;
    stopped = true;
    await Promise.all(work);
    // Fills the socket delivered before the kill: every one must be on disk.
    for (const t of ts) {
      for (const id of pushedFills(t)) led.fills.add(id);
      t.socket.close();
    }
    sim = await startSim({ dataDir, rate: o.rate });
    await verify(sim, led, cookies);
    await retryUnanswered(sim, led, cookies);
  }
  await kill9(sim);
  return {
    kills,
    acked: {
      orders: led.orders.size,
      cancels: led.cancels.size,
      registrations: led.registrations.length,
      prefs: led.prefAcks,
      fills: led.fills.size,
    },
    lost: led.lost,
    doubled: led.doubled,
    missingFills: led.missingFills,
    retried: led.retried,
    problems: led.problems.slice(0, 20),
  };
}
