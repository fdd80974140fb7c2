import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ConnectionState } from '../../../../workers/api';
import {
  Connection,
  reconnectDelay,
  SOCKET_CODES,
  type SocketLike,
} from '../../../../workers/connection/socket';
import { chunkTopics, TopicRefs } from '../../../../workers/connection/topics';
import { startTestSim } from '../../../support/sim';

function env(url: string, probe?: () => Promise<boolean>) {
  return {
    url,
    create: (u: string) => new WebSocket(u) as unknown as SocketLike,
    now: () => Date.now(),
    random: () => 0.5,
    setTimer: (fn: () => void, ms: number) => setTimeout(fn, ms) as unknown as number,
    clearTimer: (id: number) => {
      clearTimeout(id);
    },
    ...(probe === undefined ? {} : { probe }),
  };
}

async function until(pred: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('reconnectDelay', () => {
  it('stays within 1–5 s with ±50 % jitter and grows with attempts', () => {
    expect(reconnectDelay(1, () => 0.5)).toBe(1000);
    expect(reconnectDelay(3, () => 0.5)).toBe(4000);
    expect(reconnectDelay(9, () => 0.5)).toBe(5000);
    for (let a = 1; a < 10; a++) {
      for (const r of [0, 0.25, 0.999]) {
        const d = reconnectDelay(a, () => r);
        expect(d).toBeGreaterThanOrEqual(1000);
        expect(d).toBeLessThanOrEqual(5000);
      }
    }
  });
});

describe('TopicRefs', () => {
  it('subscribes a topic for its first tab and unsubscribes after its last', () => {
    const t = new TopicRefs();
    expect(t.set('a', ['x', 'y'])).toEqual({ subscribe: ['x', 'y'], unsubscribe: [] });
    expect(t.set('b', ['y', 'z'])).toEqual({ subscribe: ['z'], unsubscribe: [] });
    expect(t.drop('a')).toEqual({ subscribe: [], unsubscribe: ['x'] });
    expect(t.set('b', [])).toEqual({ subscribe: [], unsubscribe: ['y', 'z'] });
    expect(t.all()).toEqual([]);
    expect(chunkTopics(Array.from({ length: 23 }, (_, i) => `t${i}`)).map((c) => c.length)).toEqual([
      10, 10, 3,
    ]);
  });
});

describe('Connection against the real simulator', () => {
  it('opens, reconnects after the server dies, reports the spec codes and resubscribes', async () => {
    const sim = await startTestSim();
    const port = sim.port;
    const url = `ws://127.0.0.1:${port}/realtime_w`;
    const states: ConnectionState[] = [];
    const frames: string[] = [];
    let opened = 0;
    const conn = new Connection(env(url), {
      message: (t) => frames.push(t),
      opened: () => {
        opened++;
        conn.send({ op: 'subscribe', args: ['tickers.BTCUSDT'] });
      },
      state: (s) => states.push(s),
    });
    conn.start();
    await until(() => frames.some((f) => f.includes('"tickers.BTCUSDT"')));
    expect(conn.snapshot().state).toBe('open');
    await sim.close();
    await until(() => conn.snapshot().state === 'reconnecting');
    expect([SOCKET_CODES.abnormalCloseNoFrame, SOCKET_CODES.abnormalClose]).toContain(conn.snapshot().code);
    const again = await startTestSim({ port });
    frames.length = 0;
    await until(() => frames.some((f) => f.includes('"tickers.BTCUSDT"')), 15_000);
    expect(opened).toBe(2);
    expect(conn.snapshot()).toMatchObject({ state: 'open', code: SOCKET_CODES.recovered });
    expect(states.map((s) => s.state)).toContain('reconnecting');
    conn.stop();
    await again.close();
  }, 30_000);

  it('reports an open error, then offline when the network probe fails', async () => {
    const states: ConnectionState[] = [];
    const conn = new Connection(
      env('ws://127.0.0.1:1/realtime_w', () => Promise.resolve(false)),
      {
        message: () => undefined,
        opened: () => undefined,
        state: (s) => states.push(s),
      },
    );
    conn.start();
    await until(() => states.some((s) => s.state === 'offline'), 8000);
    expect(states.find((s) => s.state === 'reconnecting')?.code).toBe(SOCKET_CODES.openError);
    conn.stop();
  }, 15_000);
});
