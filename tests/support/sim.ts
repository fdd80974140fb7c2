/** Test helpers: a real simulator on a loopback port with a throwaway data directory, and small HTTP/WS clients. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { startSimulator, type Simulator } from '../../server/app';
import type { SimConfig } from '../../server/context';

/** A fresh temp data directory. */
export function tempDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'sim-test-'));
}

/** Starts a quiet simulator on an ephemeral port. */
export function startTestSim(
  over: Partial<SimConfig> = {},
  extra: { maxBufferedBytes?: number } = {},
): Promise<Simulator> {
  return startSimulator(
    { port: 0, quiet: true, dataDir: tempDataDir(), staticDir: join(tmpdir(), 'no-app'), ...over },
    extra,
  );
}

/** JSON body of any envelope. */
export type Json = Record<string, unknown> & {
  code?: number;
  retCode?: number;
  ret_code?: number;
  success?: boolean;
  message?: string;
  retMsg?: string;
  result?: unknown;
};

/** Calls the simulator and parses the JSON answer. */
export async function call(
  sim: Simulator,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  cookie?: string,
): Promise<{ status: number; json: Json; headers: Headers }> {
  const res = await fetch(sim.url + path, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie === undefined ? {} : { cookie }),
    },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    redirect: 'manual',
  });
  const text = await res.text();
  let json: Json;
  try {
    json = JSON.parse(text) as Json;
  } catch {
    json = { raw: text };
  }
  return { status: res.status, json, headers: res.headers };
}

/** A limit order placed as `cookie`'s user (BTCUSDT unless `symbolId` says otherwise); answers as `call` does. */
export function placeLimit(
  sim: Simulator,
  cookie: string,
  o: { side: 'buy' | 'sell'; price: string; quantity: string; id: string; symbolId?: number },
): Promise<{ status: number; json: Json; headers: Headers }> {
  const body = {
    symbol_id: o.symbolId ?? 1,
    side: o.side,
    type: 'limit',
    price: o.price,
    quantity: o.quantity,
  };
  return call(sim, 'POST', '/spot/api/order/orderCreate', { ...body, client_order_id: o.id }, cookie);
}

/** Logs a seeded account in; returns the Cookie header value. */
export async function login(sim: Simulator, email: string, password: string): Promise<string> {
  const res = await fetch(`${sim.url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
    redirect: 'manual',
  });
  const set = res.headers.get('set-cookie') ?? '';
  const cookie = set.split(';')[0] ?? '';
  if (!cookie.includes('=') || res.status >= 400)
    throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return cookie;
}

/** A WebSocket client that queues every message for `next()`. */
export class WsClient {
  readonly ws: WebSocket;
  private readonly queue: Record<string, unknown>[] = [];
  private waiters: (() => void)[] = [];

  constructor(url: string, cookie?: string) {
    this.ws = new WebSocket(
      url.replace(/^http/, 'ws') + '/realtime_w',
      cookie === undefined ? {} : { headers: { cookie } },
    );
    this.ws.on('message', (d: Buffer) => {
      this.queue.push(JSON.parse(d.toString('utf8')) as Record<string, unknown>);
      const w = this.waiters;
      this.waiters = [];
      for (const f of w) f();
    });
  }

  /** Resolves once the socket is open. */
  open(): Promise<void> {
    return new Promise((ok, ko) => {
      if (this.ws.readyState === WebSocket.OPEN) ok();
      this.ws.once('open', () => {
        ok();
      });
      this.ws.once('error', ko);
    });
  }

  /** Sends a JSON frame (or raw text). */
  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** The next message matching `pred`, skipping others (they stay consumed). */
  async next(
    pred: (m: Record<string, unknown>) => boolean = () => true,
    timeoutMs = 5000,
  ): Promise<Record<string, unknown>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const i = this.queue.findIndex(pred);
      if (i >= 0) return this.queue.splice(0, i + 1).pop() as Record<string, unknown>;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('timed out waiting for a message');
      await new Promise<void>((ok) => {
        const t = setTimeout(ok, left);
        this.waiters.push(() => {
          clearTimeout(t);
          ok();
        });
      });
    }
  }

  /** All messages received so far that match, without consuming. */
  peek(pred: (m: Record<string, unknown>) => boolean): Record<string, unknown>[] {
    return this.queue.filter(pred);
  }

  /** Closes the socket. */
  close(): void {
    this.ws.close();
  }
}
