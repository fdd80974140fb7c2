import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../../../server/app';
import { call, login, startTestSim, WsClient } from '../../../support/sim';

let sim: Simulator;
beforeAll(async () => {
  sim = await startTestSim({}, { maxBufferedBytes: 256 * 1024 });
});
afterAll(async () => {
  await sim.close();
});

const isOp = (op: string) => (m: Record<string, unknown>) => m.op === op;
const onTopic = (t: string) => (m: Record<string, unknown>) => m.topic === t;

async function client(cookie?: string): Promise<WsClient> {
  const c = new WsClient(sim.url, cookie);
  await c.open();
  return c;
}

describe('/realtime_w', () => {
  it('acks a subscribe, sends a snapshot, then deltas with consecutive u', async () => {
    const c = await client();
    c.send({ op: 'subscribe', req_id: 'r1', args: ['orderbook.50.BTCUSDT'] });
    expect(await c.next(isOp('subscribe'))).toMatchObject({
      success: true,
      ret_msg: 'subscribe',
      req_id: 'r1',
    });
    const snap = await c.next(onTopic('orderbook.50.BTCUSDT'));
    const sd = snap.data as { b: string[][]; a: string[][]; u: number; s: string };
    expect(snap.type).toBe('snapshot');
    expect(sd.s).toBe('BTCUSDT');
    expect(sd.b).toHaveLength(50);
    let u = sd.u;
    for (let i = 0; i < 20; i++) {
      sim.synth.act('BTCUSDT', 5);
      const d = await c.next(onTopic('orderbook.50.BTCUSDT'));
      expect(d.type).toBe('delta');
      const dd = d.data as { u: number };
      expect(dd.u).toBe(u + 1);
      u = dd.u;
    }
    c.close();
  });

  it('streams trades, tickers and klines (1s included)', async () => {
    const c = await client();
    c.send({
      op: 'subscribe',
      args: ['publicTrade.BTCUSDT', 'tickers.BTCUSDT', 'kline.1s.BTCUSDT', 'kline.1.BTCUSDT'],
    });
    await c.next(isOp('subscribe'));
    expect((await c.next(onTopic('tickers.BTCUSDT'))).data).toHaveProperty('lastPrice');
    expect(((await c.next(onTopic('kline.1s.BTCUSDT'))).data as unknown[])[0]).toHaveProperty(
      'confirm',
      false,
    );
    sim.synth.act('BTCUSDT', 300);
    const t = await c.next(onTopic('publicTrade.BTCUSDT'));
    expect((t.data as Record<string, unknown>[])[0]).toMatchObject({
      s: 'BTCUSDT',
      S: expect.stringMatching(/Buy|Sell/) as unknown,
    });
    // A 1-second candle closes with confirm: true within about a second.
    const closed = await c.next(
      (m) => m.topic === 'kline.1s.BTCUSDT' && (m.data as { confirm: boolean }[])[0]?.confirm === true,
      3000,
    );
    expect(closed).toBeTruthy();
    c.close();
  });

  it('answers ping with pong', async () => {
    const c = await client();
    c.send({ op: 'ping', req_id: 'p1' });
    expect(await c.next(isOp('ping'))).toMatchObject({ success: true, ret_msg: 'pong', req_id: 'p1' });
    c.close();
  });

  it('answers bad frames with error frames and keeps the connection', async () => {
    const c = await client();
    const bad: unknown[] = [
      '{not json',
      '[]',
      { op: 'dance' },
      { op: 'subscribe', args: 'orderbook.50.BTCUSDT' },
      { op: 'subscribe', args: ['orderbook.50.NOPE'] },
      { op: 'subscribe', args: ['orderbook.7.BTCUSDT'] },
      { op: 'subscribe', args: Array.from({ length: 11 }, (_, i) => `kline.${i}.BTCUSDT`) },
      { op: 'subscribe', args: ['order'] },
      { op: 'ping', pad: 'x'.repeat(70 * 1024) },
    ];
    for (const frame of bad) {
      c.send(frame);
      const m = await c.next((x) => x.success === false);
      expect(typeof m.ret_msg).toBe('string');
    }
    c.send({ op: 'ping' });
    expect(await c.next(isOp('ping'))).toMatchObject({ ret_msg: 'pong' });
    const health = await call(sim, 'GET', '/sim/health');
    expect((health.json.result as { badFrames: number }).badFrames).toBeGreaterThanOrEqual(bad.length);
    c.close();
  });

  it('delivers private order and wallet pushes to the logged-in owner only', async () => {
    const cookie = await login(sim, 'uta@sim.local', 'uta-pass');
    const mine = await client(cookie);
    const other = await client(await login(sim, 'classic@sim.local', 'classic-pass'));
    for (const c of [mine, other]) {
      c.send({ op: 'subscribe', args: ['order', 'wallet'] });
      await c.next(isOp('subscribe'));
    }
    await call(
      sim,
      'POST',
      '/spot/api/order/orderCreate',
      {
        symbol_id: 1,
        side: 'buy',
        type: 'limit',
        price: '40000',
        quantity: '0.001',
        client_order_id: 'ws-priv-1',
      },
      cookie,
    );
    const o = await mine.next(onTopic('order'));
    expect((o.data as Record<string, unknown>[])[0]).toMatchObject({
      orderLinkId: 'ws-priv-1',
      orderStatus: 'New',
    });
    const w = await mine.next(onTopic('wallet'));
    expect(JSON.stringify(w.data)).toContain('USDT');
    await new Promise((r) => setTimeout(r, 200));
    expect(other.peek(onTopic('order'))).toHaveLength(0);
    mine.close();
    other.close();
  });

  it('drops a client that never reads without hurting the others', async () => {
    const slow = await client();
    const fast = await client();
    for (const c of [slow, fast]) {
      c.send({
        op: 'subscribe',
        args: ['orderbook.200.BTCUSDT', 'publicTrade.BTCUSDT', 'orderbook.50.BTCUSDT'],
      });
      await c.next(isOp('subscribe'));
    }
    const sock = (slow.ws as unknown as { _socket: { pause(): void } })._socket;
    sock.pause();
    const before = (await call(sim, 'GET', '/sim/health')).json.result as { dropped: number };
    let dropped = before.dropped;
    for (let round = 0; round < 200 && dropped === before.dropped; round++) {
      sim.synth.act('BTCUSDT', 400);
      await new Promise((r) => setTimeout(r, 25));
      dropped = ((await call(sim, 'GET', '/sim/health')).json.result as { dropped: number }).dropped;
    }
    expect(dropped).toBe(before.dropped + 1);
    sim.synth.act('BTCUSDT', 50);
    expect(await fast.next(onTopic('orderbook.50.BTCUSDT'))).toBeTruthy();
    fast.close();
  });
});
