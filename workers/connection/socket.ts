/**
 * The hub's one socket: open with a timeout, ping and expect a pong, reconnect with jittered backoff, and report the
 * spec's status codes (§8) on the way. Knows nothing of topics or data; see topics.ts and hubCore.ts.
 */
import type { ConnectionState } from '../protocol/connection';

/** Spec §9 Socket constants. */
export const SOCKET = {
  pingMs: 15_000,
  pongTimeoutMs: 3_000,
  openTimeoutMs: 10_000,
  reconnectMinMs: 1_000,
  reconnectMaxMs: 5_000,
  jitter: 0.5,
} as const;

/** Spec §8 socket codes. */
export const SOCKET_CODES = {
  recovered: 4995,
  heartbeatTimeout: 4996,
  openTimeout: 4997,
  openError: 4998,
  error: 4999,
  abnormalClose: 4005,
  abnormalCloseNoFrame: 4006,
} as const;

/** The part of WebSocket the connection uses (the browser's, or `ws` in Node tests). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: { code: number }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

/** What the connection needs from its environment. */
export interface SocketEnv {
  readonly url: string;
  readonly create: (url: string) => SocketLike;
  readonly now: () => number;
  readonly random: () => number;
  readonly setTimer: (fn: () => void, ms: number) => number;
  readonly clearTimer: (id: number) => void;
  /** Re-probes the network after a transport failure; resolves true when the server answers. */
  readonly probe?: () => Promise<boolean>;
}

/** Callbacks of the connection. */
export interface SocketHandlers {
  /** Every text frame, undecoded: the hub decodes. */
  message(text: string): void;
  /** The socket (re)opened: resubscribe everything. */
  opened(): void;
  /** State or code changed. */
  state(s: ConnectionState): void;
}

const OPEN = 1;

/** Reconnect delay: 1–5 s growing with attempts, ±50 % jitter (spec §9), never below the minimum. */
export function reconnectDelay(attempt: number, random: () => number): number {
  const base = Math.min(SOCKET.reconnectMaxMs, SOCKET.reconnectMinMs * 2 ** Math.max(0, attempt - 1));
  const jittered = base * (1 - SOCKET.jitter + random() * SOCKET.jitter * 2);
  return Math.max(SOCKET.reconnectMinMs, Math.min(SOCKET.reconnectMaxMs, Math.round(jittered)));
}

/** A self-healing socket. */
export class Connection {
  private ws: SocketLike | null = null;
  private attempt = 0;
  private openTimer = -1;
  private pingTimer = -1;
  private pongTimer = -1;
  private retryTimer = -1;
  private stopped = false;
  private heartbeatFailed = false;
  private current: ConnectionState = { state: 'connecting', code: null, lastMessageAt: 0, reconnects: 0 };
  private pingSeq = 0;

  constructor(
    private readonly env: SocketEnv,
    private readonly on: SocketHandlers,
  ) {}

  /** Opens the socket (idempotent). */
  start(): void {
    this.stopped = false;
    if (this.ws === null && this.retryTimer < 0) this.open();
  }

  /** Closes for good (no reconnect). */
  stop(): void {
    this.stopped = true;
    this.clearAll();
    const ws = this.ws;
    this.ws = null;
    ws?.close(1000, 'stop');
  }

  /** Drops the socket and opens a new one at once (the session changed: the new socket carries the new cookie). */
  restart(): void {
    if (this.stopped) return;
    const ws = this.ws;
    this.ws = null;
    this.clearAll();
    if (ws !== null) this.detach(ws, 1000, 'session changed');
    this.open();
  }

  /** Sends a control frame if open; false otherwise (the caller resends on `opened`). */
  send(frame: unknown): boolean {
    if (this.ws === null || this.ws.readyState !== OPEN) return false;
    this.ws.send(JSON.stringify(frame));
    return true;
  }

  /** Current state. */
  snapshot(): ConnectionState {
    return this.current;
  }

  /** The browser went online/offline, or the page came back: reconnect now if we are waiting. */
  nudge(): void {
    if (this.stopped || this.ws !== null) return;
    if (this.retryTimer >= 0) this.env.clearTimer(this.retryTimer);
    this.retryTimer = -1;
    this.open();
  }

  private setState(state: ConnectionState['state'], code: number | null): void {
    this.current = { ...this.current, state, code };
    this.on.state(this.current);
  }

  private open(): void {
    this.retryTimer = -1;
    let ws: SocketLike;
    try {
      ws = this.env.create(this.env.url);
    } catch {
      this.fail(SOCKET_CODES.openError);
      return;
    }
    this.ws = ws;
    this.setState(this.attempt === 0 ? 'connecting' : 'reconnecting', this.current.code);
    this.openTimer = this.env.setTimer(() => {
      if (this.ws === ws && ws.readyState !== OPEN) this.drop(ws, SOCKET_CODES.openTimeout);
    }, SOCKET.openTimeoutMs);
    ws.onopen = () => {
      if (this.ws !== ws) return;
      this.env.clearTimer(this.openTimer);
      const recovered = this.attempt > 0;
      this.attempt = 0;
      this.heartbeatFailed = false;
      this.setState('open', recovered ? SOCKET_CODES.recovered : null);
      this.schedulePing();
      this.on.opened();
    };
    ws.onmessage = (ev) => {
      if (this.ws !== ws) return;
      this.current = { ...this.current, lastMessageAt: this.env.now() };
      if (typeof ev.data !== 'string') return;
      // A pong is recognised cheaply before any JSON parse (bybit-wire.md §1: ret_msg "pong" or op "pong").
      if (ev.data.length < 200 && ev.data.includes('"pong"')) {
        this.env.clearTimer(this.pongTimer);
        this.pongTimer = -1;
        if (this.heartbeatFailed) {
          this.heartbeatFailed = false;
          this.setState('open', SOCKET_CODES.recovered);
        }
      }
      this.on.message(ev.data);
    };
    ws.onerror = () => {
      if (this.ws !== ws) return;
      this.drop(ws, ws.readyState === OPEN ? SOCKET_CODES.error : SOCKET_CODES.openError);
    };
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      // 1006: closed without a close frame (server killed, network cut); other non-normal codes: abnormal close.
      this.drop(ws, ev.code === 1006 ? SOCKET_CODES.abnormalCloseNoFrame : SOCKET_CODES.abnormalClose);
    };
  }

  private schedulePing(): void {
    this.env.clearTimer(this.pingTimer);
    this.pingTimer = this.env.setTimer(() => {
      const ws = this.ws;
      if (ws === null || ws.readyState !== OPEN) return;
      ws.send(JSON.stringify({ op: 'ping', req_id: `p${++this.pingSeq}` }));
      this.pongTimer = this.env.setTimer(() => {
        if (this.ws !== ws) return;
        this.heartbeatFailed = true;
        this.drop(ws, SOCKET_CODES.heartbeatTimeout);
      }, SOCKET.pongTimeoutMs);
      this.schedulePing();
    }, SOCKET.pingMs);
  }

  private drop(ws: SocketLike, code: number): void {
    if (this.ws !== ws) return;
    this.ws = null;
    this.detach(ws, 4000, 'client drop');
    this.fail(code);
  }

  /** Closes a socket we no longer listen to; its late events (an error for a socket still connecting) go nowhere. */
  private detach(ws: SocketLike, code: number, reason: string): void {
    const ignore = (): void => undefined;
    ws.onopen = ignore;
    ws.onclose = ignore;
    ws.onerror = ignore;
    ws.onmessage = ignore;
    try {
      ws.close(code, reason);
    } catch {
      // Closing a socket that never opened can throw in some engines; it is gone either way.
    }
  }

  private fail(code: number): void {
    this.clearAll();
    if (this.stopped) return;
    this.attempt++;
    this.current = { ...this.current, reconnects: this.current.reconnects + 1 };
    this.setState('reconnecting', code);
    const delay = reconnectDelay(this.attempt, this.env.random);
    const probe = this.env.probe;
    if (probe === undefined) {
      this.retryTimer = this.env.setTimer(() => {
        this.open();
      }, delay);
      return;
    }
    // Transport failure: re-probe the network; if the server does not answer, report offline and keep trying.
    this.retryTimer = this.env.setTimer(() => {
      this.retryTimer = -1;
      probe().then(
        (up) => {
          if (this.stopped || this.ws !== null) return;
          if (up) this.open();
          else {
            this.setState('offline', code);
            this.fail(code);
          }
        },
        () => {
          if (!this.stopped && this.ws === null) this.fail(code);
        },
      );
    }, delay);
  }

  private clearAll(): void {
    for (const t of [this.openTimer, this.pingTimer, this.pongTimer, this.retryTimer])
      if (t >= 0) this.env.clearTimer(t);
    this.openTimer = this.pingTimer = this.pongTimer = this.retryTimer = -1;
  }
}
