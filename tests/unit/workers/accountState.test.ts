/**
 * The hub's account state over the real simulator: a wallet poll that finds the balances unchanged makes no account
 * diff (every tab would replace its account and render each panel that reads it, every 10 s), one that finds a
 * change does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../../server/app';
import { AccountState } from '../../../workers/accountState';
import { call, login, placeLimit, startTestSim } from '../../support/sim';

let sim: Simulator;
let cookie: string;

beforeAll(async () => {
  sim = await startTestSim();
  cookie = await login(sim, 'uta@sim.local', 'uta-pass');
});
afterAll(async () => {
  await sim.close();
});

async function json(path: string, init?: RequestInit): Promise<unknown> {
  const r = await fetch(sim.url + path, {
    ...init,
    headers: { ...(init?.headers as Record<string, string> | undefined), cookie },
  });
  return r.json();
}

describe('AccountState wallet refresh', () => {
  it('makes an account diff only when a polled balance changed', async () => {
    let stamp = 0;
    const account = new AccountState({
      now: () => Date.now(),
      getJson: (path) => json(path),
      postJson: (path, body) =>
        json(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      count: () => undefined,
      changed: () => ++stamp,
      log: () => undefined,
      symbolInfo: () => undefined,
    });
    account.setQuotaSymbols(['BTCUSDT']);
    await account.refresh();
    expect(account.isLoggedIn()).toBe(true);
    const loaded = stamp;
    const usdt = account.diff(0)?.balances.find((b) => b.coin === 'USDT');
    expect(Number(usdt?.free)).toBeGreaterThan(0);

    await account.refreshBalances();
    expect(account.diff(loaded)).toBeNull();

    // A resting buy locks USDT: the next poll finds it and every tab hears of it.
    const placed = await placeLimit(sim, cookie, {
      side: 'buy',
      price: '20000',
      quantity: '0.01',
      id: 'poll-1',
    });
    expect(placed.json.code).toBe(0);
    await account.refreshBalances();
    const diff = account.diff(loaded);
    expect(diff).not.toBeNull();
    expect(diff?.balances.find((b) => b.coin === 'USDT')?.locked).not.toBe(usdt?.locked);
    await call(sim, 'POST', '/spot/api/order/cancelAll', {}, cookie);
  });
});
