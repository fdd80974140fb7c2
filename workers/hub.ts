/**
 * Hub entry. As a SharedWorker it serves every tab of the origin through one Comlink port each; where SharedWorker is
 * missing the tab starts this same file as a dedicated Worker and talks to it directly.
 */
import * as Comlink from 'comlink';
import type { HubApi } from './api';
import type { SocketLike } from './connection/socket';
import { Hub } from './hubCore';

declare const __BUILD_ID__: string;

const shared =
  typeof (self as { onconnect?: unknown }).onconnect !== 'undefined' || 'SharedWorkerGlobalScope' in self;
const socketUrl = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/realtime_w`;

const hub = new Hub({
  buildId: __BUILD_ID__,
  mode: shared ? 'shared' : 'dedicated',
  socketUrl,
  // The DOM WebSocket fits SocketLike; its handler types are just narrower than the shared interface.
  createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
  fetch: (input, init) => fetch(input, init),
  now: () => Date.now(),
  clock: () => performance.timeOrigin + performance.now(),
  random: Math.random,
  setTimer: (fn, ms) => setTimeout(fn, ms),
  clearTimer: (id) => {
    clearTimeout(id);
  },
  // The tab holds its lock for life; we get it only when the tab is gone (closed or crashed).
  waitForLock: (name, onFree) => {
    if (!('locks' in navigator)) return;
    navigator.locks
      .request(name, () => {
        onFree();
      })
      .catch(() => undefined);
  },
});

/** The API object exposed on every port. */
const api = {
  hello: (tab) => Promise.resolve(hub.hello(tab)),
  setInterest: (tabId, interest) => {
    hub.setInterest(tabId, interest);
    return Promise.resolve();
  },
  pull: (tabId, cursor, waitMs, lookAt) => hub.pull(tabId, cursor, waitMs, lookAt),
  symbols: () => hub.symbols(),
  klines: (symbol, interval, endMs, startMs) => hub.klines(symbol, interval, endMs, startMs),
  fillMarkers: (symbol, interval, fromMs, toMs) => hub.fillMarkers(symbol, interval, fromMs, toMs),
  fillsByIds: (symbol, ids) => Promise.resolve(hub.fillsByIds(symbol, ids)),
  averages: (symbol, days) => hub.averages(symbol, days),
  setPreferences: (patch) => hub.setPreferences(patch),
  setConfirmFlags: (flags) => hub.setConfirmFlags(flags),
  connect: (port) => {
    if (port instanceof MessagePort) Comlink.expose(api, port);
    else hub.count('api.badArgs');
    return Promise.resolve();
  },
  logout: () => hub.logout(),
  bye: (tabId) => {
    hub.bye(tabId);
    return Promise.resolve();
  },
  counters: () => Promise.resolve(hub.counters()),
  logs: () => Promise.resolve(hub.logs()),
} satisfies HubApi;

// Benches and DevTools read the hub's counters over CDP (a SharedWorker has no page to ask through).
Object.defineProperty(self, '__hub', { value: { counters: () => hub.counters() } });

if (shared) {
  (self as unknown as SharedWorkerGlobalScope).onconnect = (e: MessageEvent) => {
    const [port] = e.ports;
    if (port !== undefined) Comlink.expose(api, port);
  };
} else {
  Comlink.expose(api, self);
}
