import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Simulator } from '../../../../server/app';
import { FAIRNESS } from '../../../../server/realtime/budget';
import { SYMBOLS } from '../../../../server/market/symbols';
import { INTERVALS } from '../../../../workers/protocol/intervals';
import { call, startTestSim, WsClient } from '../../../support/sim';

let sim: Simulator;
beforeAll(async () => {
  sim = await startTestSim();
});
afterAll(async () => {
  await sim.close();
});

const isOp = (op: string) => (m: Record<string, unknown>) => m.op === op;

async function client(): Promise<WsClient> {
  const c = new WsClient(sim.url);
  await c.open();
  return c;
}

/** Resolves with the close code and reason once the server closes the socket. */
function closed(c: WsClient): Promise<{ code: number; reason: string }> {
  return new Promise((ok) => {
    c.ws.once('close', (code: number, reason: Buffer) => {
      ok({ code, reason: reason.toString('utf8') });
    });
  });
}

interface Stats {
  refusedUpgrades: number;
  connections: number;
  throttled: number;
  greedyDropped: number;
  refusedOrigins: number;
  snapshotBytes: number;
  subscriptions: number;
}

async function stats(): Promise<Stats> {
  return (await call(sim, 'GET', '/sim/health')).json.result as Stats;
}

/** Opens a socket with an Origin header; resolves the HTTP status of a refusal, or 101 when it opened. */
function upgradeWith(origin: string | undefined): Promise<number> {
  return new Promise((ok) => {
    const ws = new WebSocket(
      sim.url.replace(/^http/, 'ws') + '/realtime_w',
      origin === undefined ? {} : { origin },
    );
    ws.once('open', () => {
      ws.close();
      ok(101);
    });
    ws.once('unexpected-response', (_req, res) => {
      ok(res.statusCode ?? 0);
    });
    ws.once('error', () => undefined);
  });
}

describe('realtime edge', () => {
  it('counts live subscriptions: up on subscribe, down on unsubscribe and on close', async () => {
    const base = (await stats()).subscriptions;
    const c = await client();
    c.send({ op: 'subscribe', args: ['publicTrade.BTCUSDT', 'tickers.ETHUSDT'] });
    expect(await c.next(isOp('subscribe'))).toMatchObject({ success: true });
    expect((await stats()).subscriptions).toBe(base + 2);
    c.send({ op: 'unsubscribe', args: ['tickers.ETHUSDT'] });
    await c.next(isOp('unsubscribe'));
    expect((await stats()).subscriptions).toBe(base + 1);
    const end = new Promise((ok) => c.ws.once('close', ok));
    c.close();
    await end;
    await expect.poll(async () => (await stats()).subscriptions).toBe(base);
  });

  it('refuses an upgrade from a foreign Origin (403) and accepts its own or none', async () => {
    const before = await stats();
    expect(await upgradeWith('http://evil.example')).toBe(403);
    expect(await upgradeWith('http://localhost:1')).toBe(403);
    expect(await upgradeWith(sim.url)).toBe(101);
    expect(await upgradeWith(undefined)).toBe(101);
    expect((await stats()).refusedOrigins).toBe(before.refusedOrigins + 2);
  });

  it(`refuses a subscribe past ${FAIRNESS.maxTopics} topics per connection`, async () => {
    const c = await client();
    // Real topics the registry accepts: every symbol's books, tickers, trades and klines (wire codes and aliases).
    const kinds = ['tickers', 'publicTrade', 'orderbook.1', 'orderbook.50', 'orderbook.200'];
    const intervals = [
      ...INTERVALS,
      '1m',
      '3m',
      '5m',
      '15m',
      '30m',
      '1h',
      '2h',
      '4h',
      '6h',
      '12h',
      '1d',
      '1w',
    ];
    const topics = SYMBOLS.flatMap((s) => [
      ...kinds.map((k) => `${k}.${s.symbol}`),
      ...intervals.map((iv) => `kline.${iv}.${s.symbol}`),
    ]);
    expect(topics.length).toBeGreaterThan(FAIRNESS.maxTopics);
    let refused: Record<string, unknown> | undefined;
    for (let i = 0; i < topics.length && refused === undefined; i += 10) {
      c.send({ op: 'subscribe', req_id: String(i), args: topics.slice(i, i + 10) });
      const m = await c.next((x) => x.op === 'subscribe' && x.req_id === String(i));
      if (m.success === false) refused = m;
    }
    expect(String(refused?.ret_msg)).toContain('too many topics');
    c.send({ op: 'ping' });
    expect(await c.next(isOp('ping'))).toMatchObject({ ret_msg: 'pong' });
    c.close();
  });

  it('throttles a snapshot-flooding client, then drops it with 1008, while another client is served', async () => {
    const greedy = await client();
    const calm = await client();
    const before = await stats();
    const end = closed(greedy);
    const books = SYMBOLS.slice(0, 10).map((s) => `orderbook.200.${s.symbol}`);
    // Faster than any refill: the whole flood lands inside the frame burst, so only the snapshot budget stops it.
    for (let i = 0; i < FAIRNESS.frameBurst - 10; i++)
      greedy.send({ op: 'subscribe', req_id: `g${i}`, args: books });
    const { code, reason } = await end;
    expect(code).toBe(1008);
    expect(reason).toContain('snapshot budget');
    const throttledMsg = greedy.peek((m) => m.success === false)[0];
    expect(String(throttledMsg?.ret_msg)).toContain('snapshot budget exhausted, retry in');
    const after = await stats();
    expect(after.throttled).toBeGreaterThan(before.throttled);
    expect(after.greedyDropped).toBe(before.greedyDropped + 1);
    // What it was sent stays within its burst plus one subscribe's worth of snapshots.
    expect(after.snapshotBytes - before.snapshotBytes).toBeLessThan(FAIRNESS.snapshotBurstBytes * 1.5);
    calm.send({ op: 'subscribe', args: ['orderbook.50.BTCUSDT'] });
    expect(await calm.next(isOp('subscribe'))).toMatchObject({ success: true });
    expect(await calm.next((m) => m.topic === 'orderbook.50.BTCUSDT')).toMatchObject({ type: 'snapshot' });
    calm.close();
  });

  it('refuses frames past the burst, then drops a client that keeps sending (1008)', async () => {
    const c = await client();
    const end = closed(c);
    for (let i = 0; i < FAIRNESS.frameBurst * 2 + 10; i++) c.send({ op: 'ping', req_id: i });
    const { code, reason } = await end;
    expect(code).toBe(1008);
    expect(reason).toBe('too many frames');
    expect(c.peek((m) => m.ret_msg === 'pong').length).toBeGreaterThanOrEqual(FAIRNESS.frameBurst - 5);
    expect(String(c.peek((m) => m.success === false)[0]?.ret_msg)).toContain('too many requests');
  });
});

describe('reconnect churn', () => {
  it('refuses new connections (429) from an address whose clients keep getting dropped as greedy', async () => {
    let status = 101;
    for (let round = 0; round < 6 && status === 101; round++) {
      status = await upgradeWith(undefined);
      if (status !== 101) break;
      const c = await client();
      const end = closed(c);
      for (let i = 0; i < FAIRNESS.frameBurst * 2 + 10; i++) c.send({ op: 'ping' });
      expect((await end).code).toBe(1008);
    }
    expect(status).toBe(429);
    expect((await stats()).refusedUpgrades).toBeGreaterThan(0);
  });
});
