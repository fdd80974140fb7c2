import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDataDir } from '../../../support/sim';

/** Starts the real simulator process (as npm start does, without the build) and waits for its ready line. */
function launch(dataDir: string, port: number): Promise<ChildProcess> {
  return new Promise((ok, ko) => {
    // node itself (not npx) so a SIGKILL reaches the server, not a wrapper that would orphan it.
    const p = spawn(
      process.execPath,
      ['--import', 'tsx', 'server/main.ts', '--port', String(port), '--data', dataDir, '--quiet'],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const t = setTimeout(() => {
      ko(new Error('simulator did not start'));
    }, 25_000);
    p.stdout.on('data', (d: Buffer) => {
      if (d.toString().includes('Simulator ready')) {
        clearTimeout(t);
        ok(p);
      }
    });
    p.once('exit', (code) => {
      ko(new Error(`simulator exited ${code}`));
    });
  });
}

function stop(p: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((ok) => {
    p.once('exit', () => {
      ok();
    });
    p.kill(signal);
  });
}

let child: ChildProcess | null = null;
afterEach(async () => {
  if (child !== null && child.exitCode === null) await stop(child, 'SIGKILL');
  child = null;
});

describe('simulator restart', () => {
  it('keeps a placed order, a balance change and a saved preference, even after a SIGKILL', async () => {
    const dir = tempDataDir();
    const port = 5300 + Math.floor(Math.random() * 500);
    const base = `http://127.0.0.1:${port}`;
    child = await launch(dir, port);
    const res = await fetch(`${base}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'uta@sim.local', password: 'uta-pass' }),
    });
    const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const post = (path: string, body: unknown) =>
      fetch(base + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(body),
      }).then((r) => r.json() as Promise<{ code: number; result: Record<string, unknown> }>);
    const get = (path: string) =>
      fetch(base + path, { headers: { cookie } }).then(
        (r) => r.json() as Promise<{ code: number; result: Record<string, unknown> }>,
      );

    const usdtBefore = (await get('/spot/api/asset/getBalance')).result;
    const placed = await post('/spot/api/order/orderCreate', {
      symbol_id: 1,
      side: 'buy',
      type: 'limit',
      price: '30000',
      quantity: '0.1',
      client_order_id: 'restart-1',
    });
    expect(placed.code).toBe(0);
    expect((await post('/user/api/pref/setPrefSetting', { upsert_keys: { chartInterval: '15' } })).code).toBe(
      0,
    );
    const usdtAfter = (await get('/spot/api/asset/getBalance')).result;
    expect(usdtAfter).not.toEqual(usdtBefore);
    // Preferences are written within 100 ms; orders before the answer. Then the process dies without warning.
    await new Promise((r) => setTimeout(r, 400));
    await stop(child, 'SIGKILL');

    child = await launch(dir, port);
    const open = (await get('/unified/api/order/getUTAOrders?planType=-1')).result as {
      list: { clientOrderId: string; orderId: string }[];
    };
    expect(open.list.map((o) => o.clientOrderId)).toContain('restart-1');
    expect((await get('/spot/api/asset/getBalance')).result).toEqual(usdtAfter);
    const prefs = (await get('/user/api/pref/getPrefSetting')).result;
    expect(JSON.stringify(prefs)).toContain('"chartInterval":"15"');
    // The idempotency index survived too: the same client order id answers the same order.
    const again = await post('/spot/api/order/orderCreate', {
      symbol_id: 1,
      side: 'buy',
      type: 'limit',
      price: '30000',
      quantity: '0.1',
      client_order_id: 'restart-1',
    });
    expect(again.result.orderId).toBe(placed.result.orderId);
    await stop(child, 'SIGTERM');
  }, 60_000);
});
