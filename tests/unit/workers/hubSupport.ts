/**
 * Helpers shared by the hub's tests against the real simulator: a hub on a quiet simulator with a wall clock of the
 * test's choosing, a trade that moves the last price, a tab interest, and a pull loop.
 */
import WebSocket from 'ws';
import { expect } from 'vitest';
import type { Simulator } from '../../../server/app';
import type { HubDiff, TabInterest } from '../../../workers/api';
import type { SocketLike } from '../../../workers/connection/socket';
import { Hub } from '../../../workers/hubCore';
import { placeLimit } from '../../support/sim';

/** A hub on a quiet simulator (no synthetic flow), on the given wall clock. */
export function quietHub(quiet: Simulator, now: () => number = () => Date.now()): Hub {
  return new Hub({
    buildId: 'test',
    mode: 'dedicated',
    socketUrl: quiet.url.replace('http', 'ws') + '/realtime_w',
    createSocket: (u) => new WebSocket(u) as unknown as SocketLike,
    fetch: (input, init) => fetch(quiet.url + input, init),
    now,
    clock: () => Date.now(),
    random: () => 0.5,
    setTimer: (fn, ms) => setTimeout(fn, ms) as unknown as number,
    clearTimer: (id) => {
      clearTimeout(id);
    },
    waitForLock: () => undefined,
  });
}

/** A limit buy of 0.5 ETH 5 % above `last`: it trades through the asks (trades, a new book, a new last price). */
export async function buyThroughEthAsks(
  quiet: Simulator,
  cookie: string,
  last: number,
  id: string,
): Promise<void> {
  const placed = await placeLimit(quiet, cookie, {
    side: 'buy',
    price: (last * 1.05).toFixed(2),
    quantity: '0.5',
    id,
    symbolId: 2,
  });
  expect(placed.json.code).toBe(0);
}

export const interest = (over: Partial<TabInterest> = {}): TabInterest => ({
  symbol: 'BTCUSDT',
  step: null,
  bookRows: 40,
  trades: true,
  klineInterval: '1',
  allTickers: false,
  account: false,
  ...over,
});

/** Pulls like a tab's frame loop, folding diffs into the tab's view (diffs carry only what changed). */
export async function pullUntil(
  hub: Hub,
  tab: string,
  pred: (view: HubDiff) => boolean,
  ms = 10_000,
): Promise<HubDiff> {
  let cursor = 0;
  let view: HubDiff = { cursor: 0, instanceId: '' };
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const d = await hub.pull(tab, cursor, 1000);
    cursor = d.cursor;
    view = { ...view, ...d, ...(d.account === undefined ? {} : { account: d.account }) };
    if (pred(view)) return view;
  }
  throw new Error(
    `no matching diff; hub log:\n${hub.logs().join('\n')}\n${JSON.stringify(hub.counters())}\naccount: ${JSON.stringify(view.account).slice(0, 600)}`,
  );
}
