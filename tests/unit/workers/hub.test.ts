import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Simulator } from '../../../server/app';
import type { SocketLike } from '../../../workers/connection/socket';
import { Hub } from '../../../workers/hubCore';
import { call, login, placeLimit, startTestSim } from '../../support/sim';
import { buyThroughEthAsks, interest, pullUntil, quietHub } from './hubSupport';

let sim: Simulator;
let cookie: string;

beforeAll(async () => {
  sim = await startTestSim({ quiet: false });
  cookie = await login(sim, 'uta@sim.local', 'uta-pass');
});
afterAll(async () => {
  await sim.close();
});

function makeHub(
  withCookie: boolean,
  freeLocks: Map<string, () => void>,
  setTimer: (fn: () => void, ms: number) => number = (fn, ms) => setTimeout(fn, ms) as unknown as number,
): Hub {
  const headers = withCookie ? { cookie } : undefined;
  return new Hub({
    buildId: 'test',
    mode: 'dedicated',
    socketUrl: sim.url.replace('http', 'ws') + '/realtime_w',
    createSocket: (u) => new WebSocket(u, headers === undefined ? {} : { headers }) as unknown as SocketLike,
    // The cookie joins the request's own headers (a JSON POST's content type must survive: the simulator
    // answers 415 to any other body).
    fetch: (input, init) =>
      fetch(sim.url + input, {
        ...init,
        headers: { ...(init?.headers as Record<string, string> | undefined), ...headers },
      }),
    now: () => Date.now(),
    clock: () => Date.now(),
    random: () => 0.5,
    setTimer,
    clearTimer: (id) => {
      clearTimeout(id);
    },
    waitForLock: (name, onFree) => freeLocks.set(name, onFree),
  });
}

async function waitFor(pred: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Subscriptions the simulator holds, summed over its connections. */
async function subscriptionsOnServer(): Promise<number> {
  const r = await call(sim, 'GET', '/sim/health');
  return (r.json.result as { subscriptions: number }).subscriptions;
}

async function topicsOnServer(): Promise<number> {
  const r = await call(sim, 'GET', '/sim/health');
  return (r.json.result as { connections: number }).connections;
}

describe('Hub against the real simulator', () => {
  it('serves merged books, trades, candles and tickers to two tabs over one socket', async () => {
    const locks = new Map<string, () => void>();
    const hub = makeHub(false, locks);
    for (const id of ['a', 'b']) {
      expect(hub.hello({ tabId: id, buildId: 'test', lockName: `l-${id}` })).toMatchObject({
        reload: false,
        mode: 'dedicated',
      });
    }
    await hub.symbols();
    hub.setInterest('a', interest());
    hub.setInterest('b', interest({ step: '10' }));
    const a = await pullUntil(
      hub,
      'a',
      (d) => d.book !== undefined && (d.trades?.length ?? 0) > 0 && d.book.bidCount === 40,
    );
    const book = a.book;
    if (book === undefined) throw new Error('no book');
    expect(book.steps).toEqual(['0.01', '0.1', '1', '10', '100']);
    expect(book.buyOnePrice).toBeLessThan(book.sellOnePrice);
    expect(book.bids[0]).toBeGreaterThan(book.bids[4] ?? Infinity);
    const b = await pullUntil(hub, 'b', (d) => d.book !== undefined);
    expect(b.book?.step).toBe('10');
    // Bucketed to multiples of 10: bids floor, asks ceil.
    expect((b.book?.bids[0] ?? 1) % 10).toBe(0);
    expect((b.book?.asks[0] ?? 1) % 10).toBe(0);
    const c = await pullUntil(hub, 'a', (d) => (d.candles?.length ?? 0) > 0);
    expect(c.candles?.at(-1)?.close).toBeGreaterThan(0);
    expect(await topicsOnServer()).toBeGreaterThanOrEqual(1);
    // A tab whose lock is freed (closed or crashed) is dropped; the other keeps getting data.
    locks.get('l-a')?.();
    expect(hub.counters().tabs).toBe(1);
    await pullUntil(hub, 'b', (d) => d.book !== undefined);
    // Bad input from a tab is refused and counted, never thrown.
    hub.setInterest('b', { ...interest(), bookRows: 1e9 });
    hub.setInterest('nobody', interest());
    // Apart: a tab not (or no longer) registered is a race of its startup or closing, not bad input.
    expect(hub.counters()['api.badInterest']).toBe(1);
    expect(hub.counters()['api.unknownTab']).toBe(1);
    expect((await hub.pull('nobody', 0, 0)).instanceId).toBe('');
    hub.bye('b');
  }, 30_000);

  it('looks at a held pull at its lookAt time, and bounds the hold', async () => {
    const hub = makeHub(false, new Map());
    hub.hello({ tabId: 'h', buildId: 'test', lockName: 'l-h' });
    await hub.symbols();
    hub.setInterest('h', interest());
    const first = await pullUntil(hub, 'h', (d) => d.book !== undefined);
    // `lookAt` is a time on the hub's clock (this env's: Date.now()), not a delay.
    const timed = async (lookAt: (now: number) => unknown): Promise<number> => {
      const t0 = performance.now();
      await hub.pull('h', first.cursor, 0, lookAt(Date.now()));
      return performance.now() - t0;
    };
    expect(await timed((now) => now + 40)).toBeGreaterThanOrEqual(39);
    // Bad times and times already past are no hold; one far ahead is cut to 100 ms.
    for (const bad of [Number.NaN, 'soon', null, undefined]) expect(await timed(() => bad)).toBeLessThan(30);
    expect(await timed((now) => now - 5)).toBeLessThan(30);
    const long = await timed((now) => now + 1e9);
    expect(long).toBeGreaterThanOrEqual(99);
    expect(long).toBeLessThan(1000);
    hub.bye('h');
  }, 30_000);

  it('answers a held pull once due from the feed frames it handles, should its timer be late', async () => {
    // The hub's timer task queues behind every feed frame already waiting when it falls due (the exchange publishes
    // in bursts); here a held pull's timer never fires at all, and the frames that keep coming must answer it.
    let stuck = false;
    const hub = makeHub(false, new Map(), (fn, ms) =>
      stuck ? -1 : (setTimeout(fn, ms) as unknown as number),
    );
    hub.hello({ tabId: 's', buildId: 'test', lockName: 'l-s' });
    await hub.symbols();
    hub.setInterest('s', interest());
    const first = await pullUntil(hub, 's', (d) => d.book !== undefined);
    const t0 = Date.now();
    stuck = true;
    const held = hub.pull('s', first.cursor, 0, t0 + 30);
    stuck = false;
    const d = await held;
    const took = Date.now() - t0;
    expect(took).toBeGreaterThanOrEqual(29);
    expect(took).toBeLessThan(3000);
    expect(d.instanceId).toBe(hub.instanceId);
    hub.bye('s');
  }, 30_000);

  it('shows the last trades at once: the tape is seeded over REST when the trades topic is subscribed', async () => {
    // A quiet market: no synthetic trades, so whatever the tab sees came from the REST seed.
    const quiet = await startTestSim({ quiet: true });
    try {
      const me = await login(quiet, 'uta@sim.local', 'uta-pass');
      const L = Number(
        (
          (await call(quiet, 'GET', '/v5/market/tickers?category=spot&symbol=ETHUSDT')).json.result as {
            list: { lastPrice: string }[];
          }
        ).list[0]?.lastPrice,
      );
      await buyThroughEthAsks(quiet, me, L, 'seed-1');
      const recent = (
        await call(quiet, 'GET', '/v5/market/recent-trade?category=spot&symbol=ETHUSDT&limit=60')
      ).json.result as { list: { execId: string }[] };
      expect(recent.list.length).toBeGreaterThan(0);
      const hub = quietHub(quiet);
      hub.hello({ tabId: 't', buildId: 'test', lockName: 'l-t' });
      await hub.symbols();
      hub.setInterest('t', interest({ symbol: 'ETHUSDT', klineInterval: null }));
      const v = await pullUntil(hub, 't', (d) => (d.trades?.length ?? 0) > 0, 5000);
      expect(v.trades?.map((t) => t.id)).toEqual(recent.list.slice(0, 40).map((t) => t.execId));
      hub.bye('t');
    } finally {
      await quiet.close();
    }
  }, 30_000);

  it('loads 500 candles over REST and pages back while asked for an earlier start', async () => {
    const hub = makeHub(false, new Map());
    const page = await hub.klines('BTCUSDT', '1');
    expect(page).toHaveLength(500);
    expect(page[1]?.time).toBeGreaterThan(page[0]?.time ?? Infinity);
    // Asked for a start far back: the first page plus at most 3 more (spec §7).
    const deep = await hub.klines('BTCUSDT', '1', Date.now(), 0);
    expect(deep).toHaveLength(2000);
    expect(await hub.klines('BTCundefinedUSDT', '1')).toEqual([]);
    expect(await hub.klines('BTCUSDT', 'bogus')).toEqual([]);
  }, 20_000);

  it('converges a logged-in tab to server truth and streams order pushes with notices', async () => {
    const hub = makeHub(true, new Map());
    hub.hello({ tabId: 't', buildId: 'test', lockName: 'l-t' });
    await hub.symbols();
    await placeLimit(sim, cookie, { side: 'buy', price: '20000', quantity: '0.001', id: 'hub-pre-1' });
    hub.setInterest('t', interest({ account: true }));
    const first = await pullUntil(
      hub,
      't',
      (d) => d.account?.openOrders.some((o) => o.clientOrderId === 'hub-pre-1') === true,
    );
    expect(first.account?.loggedIn).toBe(true);
    // Learning of the login restarts the socket so it carries the session; pushes sent before it reopens belong to
    // the old socket, so wait for the new one (reconnect convergence is covered by the e2e kill/restart test).
    await waitFor(() => {
      const log = hub.logs();
      const loggedIn = log.findIndex((l) => l.includes('session logged in'));
      return loggedIn >= 0 && log.slice(loggedIn).some((l) => l.includes('socket open'));
    });
    // An open socket is not yet a subscribed one: a fill pushed before the simulator has taken the new socket's
    // subscribe goes to nobody (the hub's notices come only from pushes). Wait until the server holds its topics.
    const wanted = hub.counters().topics ?? 1;
    const end = Date.now() + 10_000;
    while ((await subscriptionsOnServer()) < wanted) {
      if (Date.now() > end) throw new Error('the simulator never took the hub topics');
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(first.account?.balances.find((x) => x.coin === 'USDT')?.locked).not.toBe('0');
    // A market order fills at once: the push reaches the hub and yields a "filled" notice... but not for market
    // orders' notice (spec §4): a toast only. A limit that crosses fills too and gets toast + notice.
    await placeLimit(sim, cookie, { side: 'buy', price: '90000', quantity: '0.001', id: 'hub-cross-1' });
    const filled = await pullUntil(
      hub,
      't',
      (d) => d.account?.notices.some((n) => n.order.clientOrderId === 'hub-cross-1') === true,
    );
    expect(filled.account?.notices.find((n) => n.order.clientOrderId === 'hub-cross-1')?.order.status).toBe(
      'FILLED',
    );
    // The fill reaches the chart's data: a buy marker in the fill's candle and a positive average buy line.
    const markers = await hub.fillMarkers('BTCUSDT', '1');
    const buy = markers.filter((m) => m.side === 'Buy');
    expect(buy.length).toBeGreaterThan(0);
    const last = buy[buy.length - 1];
    expect(last?.time).toBe(Math.floor(Date.now() / 60_000) * 60_000);
    expect(hub.fillsByIds('BTCUSDT', last?.fillIds ?? []).length).toBe(last?.count);
    const avg = await hub.averages('BTCUSDT', 30);
    expect(avg.buy?.positive).toBe(true);
    expect(avg.buy?.days).toBe(30);
    expect(Number(avg.buy?.price)).toBeGreaterThan(0);
    // A new fill pushed over the socket moves the fills version and the markers without any refetch.
    const before = hub.counters();
    const loaded = await pullUntil(hub, 't', (d) => (d.account?.fillsVersion ?? 0) > 0);
    const v0 = loaded.account?.fillsVersion ?? 0;
    const crossed = await placeLimit(sim, cookie, {
      side: 'buy',
      price: '90000',
      quantity: '0.001',
      id: 'hub-cross-2',
    });
    expect((crossed.json as { code: number }).code).toBe(0);
    const count = buy.reduce((n, m) => n + m.count, 0);
    const grown = await pullUntil(hub, 't', (d) => (d.account?.fillsVersion ?? 0) > v0);
    expect(grown.account?.averagesVersion).toBeGreaterThan(0);
    const after = (await hub.fillMarkers('BTCUSDT', '1')).filter((m) => m.side === 'Buy');
    expect(after.reduce((n, m) => n + m.count, 0)).toBeGreaterThan(count);
    expect(hub.counters()['account.badFill'] ?? 0).toBe(before['account.badFill'] ?? 0);
    // Bad arguments are answered, never thrown.
    expect(await hub.fillMarkers(42, '1')).toEqual([]);
    expect(await hub.fillMarkers('BTCUSDT', 'bogus')).toEqual([]);
    expect(await hub.averages('NOPE', 7)).toEqual({ buy: null, sell: null });
    await call(sim, 'POST', '/spot/api/order/cancelAll', {}, cookie);
    await pullUntil(
      hub,
      't',
      (d) => d.account !== undefined && !d.account.openOrders.some((o) => o.clientOrderId === 'hub-pre-1'),
    );
    hub.bye('t');
  }, 30_000);

  it('owns the user facts: one load per login, one write path for preferences and confirm flags, a history version', async () => {
    const hub = makeHub(true, new Map());
    hub.hello({ tabId: 'f', buildId: 'test', lockName: 'lf' });
    hub.hello({ tabId: 'g', buildId: 'test', lockName: 'lg' });
    hub.setInterest('f', interest({ account: true }));
    hub.setInterest('g', interest({ account: true }));
    const first = await pullUntil(hub, 'f', (d) => d.account?.user != null);
    expect(first.account?.user?.isUTA).toBe(true);
    // The login's load ends with a history reload.
    await pullUntil(hub, 'f', (d) => (d.account?.historyVersion ?? 0) > 0);
    const key = `test.pref.${Date.now()}`;
    // A bad patch is answered, never thrown, and writes nothing.
    expect(await hub.setPreferences({ [key]: 1 })).toEqual({ ok: false, message: 'bad preferences' });
    expect(await hub.setPreferences({ [key]: 'Y' })).toEqual({ ok: true });
    // Both tabs get the written preference in their next diff, from the hub's copy.
    for (const tab of ['f', 'g']) await pullUntil(hub, tab, (d) => d.account?.preferences[key] === 'Y');
    const stored = await call(sim, 'GET', '/user/api/pref/getPrefSetting', undefined, cookie);
    expect((stored.json as { result: Record<string, string> }).result[key]).toBe('Y');
    expect(await hub.setConfirmFlags(['successAudio', 'bogus'])).toEqual({ ok: true });
    const flags = await pullUntil(hub, 'g', (d) => d.account?.confirmFlags.includes('successAudio') === true);
    expect(flags.account?.confirmFlags).toEqual(['successAudio']);
    expect(await hub.setConfirmFlags([])).toEqual({ ok: true });
    // A fill bumps the history version (the history lists refetch on it).
    const h0 =
      (await pullUntil(hub, 'f', (d) => d.account?.confirmFlags.length === 0)).account?.historyVersion ?? 0;
    const placed = await placeLimit(sim, cookie, {
      side: 'buy',
      price: '90000',
      quantity: '0.001',
      id: `hub-hist-${Date.now()}`,
    });
    expect((placed.json as { code: number }).code).toBe(0);
    await pullUntil(hub, 'f', (d) => (d.account?.historyVersion ?? 0) > h0);
    hub.bye('f');
    hub.bye('g');
  }, 30_000);
});
