/**
 * The one Comlink client of the hub in a tab: starts the SharedWorker (or a dedicated Worker where SharedWorker is
 * missing), holds the tab's Web Lock, merges what mounted features want into one interest, pulls diffs once per
 * animation frame while the page is visible, and writes them to Jotai atoms (human speed) and frame buffers (tick rate).
 */
import type * as Comlink from 'comlink';
import { createStore } from 'jotai';
import { flushSync } from 'react-dom';
import type { HubApi, HubDiff, HubHello, SymbolInfo, TabInterest, TickerRow } from '../../workers/api';
import { sameInterest } from '../../workers/protocol/interest';
import { NO_INTEREST } from '../../workers/api';
import { BUILD_ID } from './buildId';
import { FrameBuffers } from './frames';
import { wrapHub } from './wrapHub';
import {
  storeAccount,
  connectionAtom,
  webConfigAtom,
  orderNoticesAtom,
  ltNoticesAtom,
  symbolsAtom,
  symbolsErrorAtom,
  symbolsLoadedAtom,
  tickersAtom,
} from './state';

/** The Jotai store the hub writes and the app's Provider uses. */
export const hubStore = createStore();

/** A feature's partial interest; merged with every other mounted feature's. */
export type Want = Partial<TabInterest>;

const EMPTY: TabInterest = NO_INTEREST;

/** Long-poll window; a pull that has not answered this long after it is due means the hub is gone. */
const PULL_WAIT_MS = 10_000;
const PULL_DEAD_MS = PULL_WAIT_MS + 5_000;
const HEARTBEAT_MS = 20_000;

/** The least time between two pulls (about one 60 Hz frame). */
const FRAME_WAIT_MS = 17;

/**
 * One display period. The loop paces its pulls by a timer, not by requestAnimationFrame: a frame request makes the
 * page's compositor take part in the next display frame and wait for this thread, which a busy or throttled main
 * thread answers late, and the display compositor then holds every other surface of the frame (the paint worker's
 * canvases) until its deadline. A pull whose diff changes the page still gets drawn in the next frame, as any DOM
 * change does. (Chromium also throttles requestAnimationFrame for a visible tab that is not in front: headless gives
 * such a tab 1-9 frames a second, and a tab that waited for it showed a new order up to 0.8 s late.) A hidden tab
 * still pulls nothing (whenVisible).
 */
function nextFrame(): Promise<void> {
  return new Promise((ok) => {
    setTimeout(ok, FRAME_WAIT_MS);
  });
}

function whenVisible(): Promise<void> {
  if (document.visibilityState === 'visible') return Promise.resolve();
  return new Promise((ok) => {
    const on = (): void => {
      if (document.visibilityState !== 'visible') return;
      document.removeEventListener('visibilitychange', on);
      ok();
    };
    document.addEventListener('visibilitychange', on);
  });
}

function merge(wants: Iterable<Want>): TabInterest {
  let m: TabInterest = EMPTY;
  for (const w of wants) {
    m = {
      symbol: w.symbol ?? m.symbol,
      step: w.step ?? m.step,
      bookRows: Math.max(m.bookRows, w.bookRows ?? 0),
      trades: m.trades || w.trades === true,
      klineInterval: w.klineInterval ?? m.klineInterval,
      allTickers: m.allTickers || w.allTickers === true,
      account: m.account || w.account === true,
    };
  }
  return m;
}

/** The tab's hub connection. */
export class HubClient {
  readonly frames = new FrameBuffers();
  readonly tabId = crypto.randomUUID();
  private api: Comlink.Remote<HubApi>;
  private endpoint: MessagePort | Worker;
  private instanceId = '';
  private cursor = 0;
  private readonly wants = new Map<number, Want>();
  private nextWant = 1;
  private interest: TabInterest = EMPTY;
  private closed = false;
  /** 'shared' or 'dedicated' once hello answered. */
  mode: HubHello['mode'] | 'starting' = 'starting';

  constructor() {
    [this.endpoint, this.api] = this.startWorker();
    // Held for the tab's lifetime: the hub learns the tab is gone when it can take this lock.
    if ('locks' in navigator) {
      void navigator.locks
        .request(this.lockName(), () => new Promise<never>(() => undefined))
        .catch(() => undefined);
    }
    addEventListener('pagehide', () => {
      void this.api.bye(this.tabId).catch(() => undefined);
    });
    setInterval(() => {
      // A heartbeat for hubs without Web Locks; setInterest with the same interest is a no-op besides lastSeen.
      void this.api.setInterest(this.tabId, this.interest).catch(() => undefined);
    }, HEARTBEAT_MS);
    void this.run();
  }

  /** Declares what a feature needs; returns the release. */
  want(w: Want): () => void {
    const id = this.nextWant++;
    this.wants.set(id, w);
    this.pushInterest();
    return () => {
      this.wants.delete(id);
      this.pushInterest();
    };
  }

  /** The hub API for one-shot calls (klines, counters, logs). */
  remote(): Comlink.Remote<HubApi> {
    return this.api;
  }

  private lockName(): string {
    return `hub-tab-${this.tabId}`;
  }

  private startWorker(): [MessagePort | Worker, Comlink.Remote<HubApi>] {
    const name = `hub-${BUILD_ID}`;
    if (typeof SharedWorker === 'function') {
      const w = new SharedWorker(new URL('../../workers/hub.ts', import.meta.url), { type: 'module', name });
      w.port.start();
      return [w.port, wrapHub(w.port)];
    }
    const w = new Worker(new URL('../../workers/hub.ts', import.meta.url), { type: 'module', name });
    return [w, wrapHub(w)];
  }

  private pushInterest(): void {
    const next = merge(this.wants.values());
    if (sameInterest(next, this.interest)) return;
    this.interest = next;
    void this.api.setInterest(this.tabId, next).catch(() => undefined);
  }

  private async hello(): Promise<void> {
    const h = await this.api.hello({ tabId: this.tabId, buildId: BUILD_ID, lockName: this.lockName() });
    if (h.reload) {
      location.reload();
      return;
    }
    this.mode = h.mode;
    this.instanceId = h.instanceId;
    this.cursor = 0;
    await this.api.setInterest(this.tabId, this.interest);
    void this.loadSymbols();
  }

  private async loadSymbols(): Promise<void> {
    for (let attempt = 0; attempt < 20 && !this.closed; attempt++) {
      const list: readonly SymbolInfo[] = await this.api.symbols().catch(() => []);
      if (list.length > 0) {
        hubStore.set(symbolsAtom, list);
        hubStore.set(symbolsErrorAtom, null);
        hubStore.set(symbolsLoadedAtom, true);
        return;
      }
      if (attempt === 2) {
        hubStore.set(symbolsErrorAtom, 'symbols unavailable');
        hubStore.set(symbolsLoadedAtom, true);
      }
      await new Promise((r) => setTimeout(r, Math.min(5000, 500 * (attempt + 1))));
    }
  }

  private async run(): Promise<void> {
    await this.hello().catch((e: unknown) => {
      console.warn('hub hello failed', e);
    });
    while (!this.closed) {
      await whenVisible();
      let diff: HubDiff;
      try {
        diff = await this.pullOrTimeout();
      } catch (e) {
        // The hub is gone (the browser restarted it, or it crashed): start a new one and say hello again.
        console.warn('hub unreachable, restarting it', e);
        if (this.endpoint instanceof Worker) this.endpoint.terminate();
        else this.endpoint.close();
        [this.endpoint, this.api] = this.startWorker();
        await this.hello().catch(() => undefined);
        continue;
      }
      if (diff.instanceId !== this.instanceId) {
        await this.hello().catch(() => undefined);
        continue;
      }
      this.cursor = diff.cursor;
      // React renders what the diff changed here, in the message's task, not in a scheduler task that may land after
      // the frame the chart draws in: one compositor commit per diff instead of two. Each commit pays for every chart
      // canvas layer, and commits were about a third of the tab's main thread under a storm.
      flushSync(() => {
        this.apply(diff);
      });
      await nextFrame();
    }
  }

  private pullOrTimeout(): Promise<HubDiff> {
    return new Promise((ok, ko) => {
      const t = setTimeout(() => {
        ko(new Error('pull timed out'));
      }, PULL_DEAD_MS);
      this.api.pull(this.tabId, this.cursor, PULL_WAIT_MS).then(
        (d) => {
          clearTimeout(t);
          ok(d);
        },
        (e: unknown) => {
          clearTimeout(t);
          ko(e instanceof Error ? e : new Error(String(e)));
        },
      );
    });
  }

  private apply(d: HubDiff): void {
    if (d.reload === true) {
      location.reload();
      return;
    }
    if (d.connection !== undefined) {
      hubStore.set(connectionAtom, {
        state: d.connection.state,
        code: d.connection.code,
        lastMessageAt: d.connection.lastMessageAt,
      });
    }
    if (d.config !== undefined) hubStore.set(webConfigAtom, d.config);
    if (d.tickers !== undefined) {
      const prev = hubStore.get(tickersAtom);
      const next = new Map<string, TickerRow>(prev);
      for (const t of d.tickers) next.set(t.symbol, t);
      hubStore.set(tickersAtom, next);
    }
    if (d.account !== undefined) {
      const { notices, ltNotices, ...rest } = d.account;
      storeAccount(hubStore, rest);
      if (notices.length > 0)
        hubStore.set(orderNoticesAtom, [...hubStore.get(orderNoticesAtom), ...notices].slice(-20));
      if (ltNotices !== undefined && ltNotices.length > 0)
        hubStore.set(ltNoticesAtom, [...hubStore.get(ltNoticesAtom), ...ltNotices].slice(-20));
    }
    if (d.book !== undefined) this.frames.set('book', d.book);
    if (d.trades !== undefined) this.frames.set('trades', d.trades);
    if (d.candles !== undefined) this.frames.set('candles', d.candles);
  }
}

let singleton: HubClient | null = null;

/** The tab's hub client, started on first use. */
export function hubClient(): HubClient {
  singleton ??= new HubClient();
  return singleton;
}
