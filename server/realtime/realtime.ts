/**
 * The `/realtime_w` WebSocket: bybit-v5 control frames (subscribe, unsubscribe, ping), public and private topic
 * fan-out with one serialisation per message, and protection of everyone else from a bad or slow client.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { HTTP_ERRORS } from '../http/envelope';
import { originRefusal } from '../http/origin';
import { refuseSocket } from '../http/socketReply';
import { AddressBudgets, CLOSE, FAIRNESS, TokenBucket } from './budget';

/** Largest control frame accepted; larger ones get an error frame (the connection lives on). */
export const MAX_FRAME_BYTES = 64 * 1024;
/** Hard transport cap: beyond this the socket is closed (1009), so nobody can make us buffer megabytes. */
export const HARD_FRAME_BYTES = 1024 * 1024;
/** At most this many topics per subscribe request (bybit spot). */
export const MAX_ARGS = 10;
/** At most this many characters of subscribed topic names per connection. */
export const MAX_ARGS_CHARS = 21_000;

/** What the realtime server needs to know about topics; the market implements it. */
export interface TopicRegistry<S> {
  /** null if the topic may be subscribed by this session, else the error text for the failure frame. */
  check(topic: string, session: S | null): string | null;
  /** True for account topics (delivered per session, never shared). */
  isPrivate(topic: string): boolean;
  /** The first connection subscribed to a public topic. */
  firstSubscriber(topic: string): void;
  /** The last connection left a public topic. */
  lastUnsubscribed(topic: string): void;
  /** Frames to send a new subscriber right after the ack (a snapshot, the current candle…). */
  initialFrames(topic: string, session: S | null): readonly string[];
}

/** Options of the realtime server. */
export interface RealtimeOptions<S> {
  readonly path: string;
  readonly registry: TopicRegistry<S>;
  /** Resolves the session of an upgrade request (cookie), or null for a visitor. */
  readonly sessionOf: (req: IncomingMessage) => S | null;
  /** Account id of a session, for private fan-out. */
  readonly accountIdOf: (session: S) => string;
  /** A client whose unsent data passes this many bytes is dropped. */
  readonly maxBufferedBytes?: number;
  /** A client silent (no frame, no ping) this long is closed. */
  readonly idleMs?: number;
  /** Clock of the per-connection budgets (tests move it). */
  readonly now?: () => number;
}

interface Client<S> {
  readonly ws: WebSocket;
  readonly id: string;
  readonly session: S | null;
  readonly topics: Set<string>;
  topicChars: number;
  lastSeen: number;
  /** Control frames it may still send (FAIRNESS.frame*). */
  readonly frames: TokenBucket;
  /** Snapshot bytes it may still be sent (FAIRNESS.snapshot*). */
  readonly snapshots: TokenBucket;
  /** Its peer address (budgets shared by an address are keyed by it). */
  readonly address: string;
  /** Milliseconds of snapshot work its address may still cost (shared by the address's connections). */
  readonly place: TokenBucket;
  /** Subscribes refused in a row for the snapshot budget. */
  throttledInARow: number;
}

/** Counters for tests, benches and /sim/health. */
export interface RealtimeStats {
  readonly connections: number;
  readonly totalConnections: number;
  readonly dropped: number;
  readonly badFrames: number;
  readonly messagesOut: number;
  /** Subscribes refused for the snapshot budget or a full send buffer. */
  readonly throttled: number;
  /** Connections closed for asking past their budgets (1008). */
  readonly greedyDropped: number;
  /** Upgrades refused for a foreign Origin. */
  readonly refusedOrigins: number;
  /** Upgrades refused because the address's clients kept being dropped as greedy. */
  readonly refusedUpgrades: number;
  /** Snapshot bytes sent on subscribe. */
  readonly snapshotBytes: number;
  /** Topics subscribed now, summed over the open connections (public and private). */
  readonly subscriptions: number;
}

/** The realtime endpoint. */
export class RealtimeServer<S> {
  private readonly wss: WebSocketServer;
  private readonly clients = new Set<Client<S>>();
  private readonly subscribers = new Map<string, Set<Client<S>>>();
  private readonly privateByAccount = new Map<string, Set<Client<S>>>();
  private readonly sweep: NodeJS.Timeout;
  private totalConnections = 0;
  private dropped = 0;
  private badFrames = 0;
  private messagesOut = 0;
  private throttled = 0;
  private greedyDropped = 0;
  private refusedOrigins = 0;
  private snapshotBytes = 0;
  private readonly now: () => number;
  private readonly places: AddressBudgets;
  private refusedUpgrades = 0;
  private readonly maxBuffered: number;
  private readonly idleMs: number;

  constructor(
    server: Server,
    private readonly opts: RealtimeOptions<S>,
  ) {
    this.maxBuffered = opts.maxBufferedBytes ?? 8 * 1024 * 1024;
    this.idleMs = opts.idleMs ?? 10 * 60 * 1000;
    this.now = opts.now ?? Date.now;
    this.places = new AddressBudgets(this.now);
    this.wss = new WebSocketServer({
      noServer: true,
      maxPayload: HARD_FRAME_BYTES,
      perMessageDeflate: false,
      // One frame per macrotask: a client that sends a burst of subscribes has them handled between everyone
      // else's I/O instead of in one synchronous run that stalls every other connection.
      allowSynchronousEvents: false,
    });
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      let pathname: string;
      try {
        pathname = new URL(req.url ?? '/', 'http://x').pathname;
      } catch {
        refuseSocket(socket, 400, HTTP_ERRORS.param, 'bad request url');
        return;
      }
      if (pathname !== opts.path) {
        refuseSocket(socket, 404, HTTP_ERRORS.notFound, `no socket at ${pathname.slice(0, 200)}`);
        return;
      }
      // Another site (or another local app) must not open a socket that carries this browser's cookie.
      // An address whose clients were dropped as greedy again and again waits before it may connect again.
      const address = req.socket.remoteAddress ?? '';
      const waitMs = this.places.barredMs(address);
      if (waitMs > 0) {
        this.refusedUpgrades++;
        const s = Math.max(1, Math.ceil(waitMs / 1000));
        // Held a second before it leaves, so a reconnect loop that ignores it costs one handshake a second.
        const t = setTimeout(() => {
          refuseSocket(socket, 429, HTTP_ERRORS.rateLimit, `too many greedy connections, retry in ${s} s`);
        }, 1000);
        t.unref();
        return;
      }
      const refusal = originRefusal(req);
      if (refusal !== null) {
        this.refusedOrigins++;
        refuseSocket(socket, 403, HTTP_ERRORS.forbidden, refusal.message);
        return;
      }
      this.wss.handleUpgrade(req, socket, head, (ws) => {
        this.accept(ws, req);
      });
    });
    this.sweep = setInterval(() => {
      this.closeIdle();
    }, 30_000);
    this.sweep.unref();
  }

  /** Sends a public message to every subscriber of a topic; serialised once. Returns how many got it. */
  publish(topic: string, text: string): number {
    const subs = this.subscribers.get(topic);
    if (subs === undefined) return 0;
    let n = 0;
    for (const c of subs) if (this.send(c, text)) n++;
    return n;
  }

  /** True when a public topic has subscribers (producers skip work otherwise). */
  hasSubscribers(topic: string): boolean {
    return (this.subscribers.get(topic)?.size ?? 0) > 0;
  }

  /** Sends a private message to the account's connections subscribed to the topic. */
  publishPrivate(accountId: string, topic: string, text: string): number {
    const conns = this.privateByAccount.get(accountId);
    if (conns === undefined) return 0;
    let n = 0;
    for (const c of conns) if (c.topics.has(topic) && this.send(c, text)) n++;
    return n;
  }

  /** True when an account has a connection subscribed to this private topic. */
  hasPrivateSubscriber(accountId: string, topic: string): boolean {
    const conns = this.privateByAccount.get(accountId);
    if (conns === undefined) return false;
    for (const c of conns) if (c.topics.has(topic)) return true;
    return false;
  }

  /** Live counters. */
  stats(): RealtimeStats {
    return {
      connections: this.clients.size,
      totalConnections: this.totalConnections,
      dropped: this.dropped,
      badFrames: this.badFrames,
      messagesOut: this.messagesOut,
      throttled: this.throttled,
      greedyDropped: this.greedyDropped,
      refusedOrigins: this.refusedOrigins,
      refusedUpgrades: this.refusedUpgrades,
      snapshotBytes: this.snapshotBytes,
      subscriptions: [...this.clients].reduce((n, c) => n + c.topics.size, 0),
    };
  }

  /** Closes every connection (shutdown). */
  close(): void {
    clearInterval(this.sweep);
    for (const c of this.clients) c.ws.terminate();
    this.wss.close();
  }

  private accept(ws: WebSocket, req: IncomingMessage): void {
    const client: Client<S> = {
      ws,
      id: randomUUID(),
      session: this.opts.sessionOf(req),
      topics: new Set(),
      topicChars: 0,
      lastSeen: Date.now(),
      frames: new TokenBucket(FAIRNESS.frameBurst, FAIRNESS.framesPerSecond, this.now),
      snapshots: new TokenBucket(FAIRNESS.snapshotBurstBytes, FAIRNESS.snapshotBytesPerSecond, this.now),
      address: req.socket.remoteAddress ?? '',
      place: this.places.snapshotTime(req.socket.remoteAddress ?? ''),
      throttledInARow: 0,
    };
    this.clients.add(client);
    this.totalConnections++;
    if (client.session !== null) {
      const acc = this.opts.accountIdOf(client.session);
      let set = this.privateByAccount.get(acc);
      if (set === undefined) this.privateByAccount.set(acc, (set = new Set()));
      set.add(client);
    }
    ws.on('message', (data: RawData, isBinary: boolean) => {
      client.lastSeen = Date.now();
      this.onFrame(client, data, isBinary);
    });
    ws.on('ping', () => {
      client.lastSeen = Date.now();
    });
    ws.on('close', () => {
      this.remove(client);
    });
    ws.on('error', () => {
      this.remove(client);
    });
  }

  private onFrame(c: Client<S>, data: RawData, isBinary: boolean): void {
    // A dropped client's socket may still deliver frames while its close handshake runs: ignore them.
    if (!this.clients.has(c)) return;
    const size = Array.isArray(data) ? data.reduce((n, b) => n + b.length, 0) : data.byteLength;
    // Every frame costs a token, answered or not: past the burst it is refused, and a client that keeps
    // sending into a full debt (a whole burst more) is dropped rather than answered forever.
    const level = c.frames.take(1);
    if (level < 0) {
      if (level < -FAIRNESS.frameBurst) this.dropGreedy(c, 'too many frames');
      // Only the first refusal of a run is answered: answering a flood frame by frame would be work too.
      else if (level > -1)
        this.reject(c, '', undefined, `error:too many requests, retry in ${c.frames.waitMs()} ms`);
      else this.badFrames++;
      return;
    }
    if (isBinary) {
      this.reject(c, '', undefined, 'error:binary frames are not supported');
      return;
    }
    if (size > MAX_FRAME_BYTES) {
      this.reject(c, '', undefined, `error:frame too large (${size} > ${MAX_FRAME_BYTES} bytes)`);
      return;
    }
    const text = Array.isArray(data)
      ? Buffer.concat(data).toString('utf8')
      : Buffer.from(data as ArrayBuffer).toString('utf8');
    let msg: unknown;
    try {
      msg = JSON.parse(text);
    } catch {
      this.reject(c, '', undefined, 'error:invalid json');
      return;
    }
    if (typeof msg !== 'object' || msg === null || Array.isArray(msg)) {
      this.reject(c, '', undefined, 'error:frame must be a JSON object');
      return;
    }
    const frame = msg as { op?: unknown; args?: unknown; req_id?: unknown };
    const reqId =
      typeof frame.req_id === 'string' || typeof frame.req_id === 'number'
        ? String(frame.req_id).slice(0, 64)
        : undefined;
    const op = typeof frame.op === 'string' ? frame.op.slice(0, 32) : '';
    switch (op) {
      case 'ping':
        this.send(
          c,
          JSON.stringify({ success: true, ret_msg: 'pong', conn_id: c.id, req_id: reqId, op: 'ping' }),
        );
        return;
      case 'subscribe':
      case 'unsubscribe': {
        const args = frame.args;
        if (
          !Array.isArray(args) ||
          args.length === 0 ||
          !args.every((a): a is string => typeof a === 'string')
        ) {
          this.reject(c, op, reqId, 'error:args must be a non-empty array of topic strings');
          return;
        }
        if (args.length > MAX_ARGS) {
          this.reject(c, op, reqId, `args size >${MAX_ARGS}`);
          return;
        }
        if (op === 'subscribe') this.subscribe(c, args, reqId);
        else this.unsubscribe(c, args, reqId);
        return;
      }
      default:
        this.reject(c, op, reqId, op === '' ? 'error:op is required' : `error:unknown op ${op}`);
    }
  }

  private subscribe(c: Client<S>, topics: readonly string[], reqId: string | undefined): void {
    let chars = c.topicChars;
    for (const t of topics) {
      const err = t.length > 256 ? 'topic too long' : this.opts.registry.check(t, c.session);
      if (err !== null) {
        this.reject(c, 'subscribe', reqId, `error:${err},topic:${t.slice(0, 256)}`);
        return;
      }
      if (!c.topics.has(t)) chars += t.length;
    }
    if (chars > MAX_ARGS_CHARS) {
      this.reject(c, 'subscribe', reqId, 'error:args too long for this connection');
      return;
    }
    const added = new Set(topics.filter((t) => !c.topics.has(t))).size;
    if (c.topics.size + added > FAIRNESS.maxTopics) {
      this.reject(
        c,
        'subscribe',
        reqId,
        `error:too many topics for this connection (max ${FAIRNESS.maxTopics})`,
      );
      return;
    }
    if (!this.mayTakeSnapshots(c, reqId)) return;
    const fresh: string[] = [];
    for (const t of topics) {
      if (!c.topics.has(t)) {
        c.topics.add(t);
        c.topicChars += t.length;
        if (!this.opts.registry.isPrivate(t)) {
          let set = this.subscribers.get(t);
          if (set === undefined) {
            this.subscribers.set(t, (set = new Set()));
            this.opts.registry.firstSubscriber(t);
          }
          set.add(c);
        }
      }
      fresh.push(t);
    }
    this.send(
      c,
      JSON.stringify({ success: true, ret_msg: 'subscribe', conn_id: c.id, req_id: reqId, op: 'subscribe' }),
    );
    // Every subscribe, even a repeated one, gets the current state: that is how a client recovers from a gap.
    // Charged after the fact: the buckets may run into debt by one subscribe's snapshots, never more.
    const t0 = performance.now();
    try {
      for (const t of fresh)
        for (const f of this.opts.registry.initialFrames(t, c.session)) {
          if (!this.send(c, f)) return;
          c.snapshots.take(f.length);
          this.snapshotBytes += f.length;
        }
    } finally {
      c.place.take(performance.now() - t0);
    }
  }

  /**
   * True when the client may be sent snapshots now; otherwise the subscribe is refused with the wait, and a client
   * that keeps asking regardless is dropped. A client whose send buffer is filling is not reading: no snapshots.
   */
  private mayTakeSnapshots(c: Client<S>, reqId: string | undefined): boolean {
    const slow = c.ws.bufferedAmount > FAIRNESS.snapshotBufferedBytes;
    // A connection that has used little of its own budget lately is calm: the address's shared budget (which a
    // greedy neighbour on the same address may have drained) does not hold it back.
    const own = c.snapshots.level();
    const calm = own >= FAIRNESS.snapshotBurstBytes * FAIRNESS.calmShare;
    if (!slow && own > 0 && (calm || c.place.level() > 0)) {
      c.throttledInARow = 0;
      return true;
    }
    this.throttled++;
    if (++c.throttledInARow > FAIRNESS.maxThrottledInARow) {
      this.dropGreedy(c, 'snapshot budget exceeded');
      return false;
    }
    const wait = slow ? 1000 : Math.max(c.snapshots.waitMs(), c.place.waitMs());
    this.reject(c, 'subscribe', reqId, `error:snapshot budget exhausted, retry in ${wait} ms`);
    return false;
  }

  /** Closes a client that kept asking past its budget (1008 with the reason) and frees its subscriptions. */
  private dropGreedy(c: Client<S>, reason: string): void {
    this.greedyDropped++;
    this.places.dropped(c.address);
    c.ws.close(CLOSE.greedy, reason);
    this.remove(c);
  }

  private unsubscribe(c: Client<S>, topics: readonly string[], reqId: string | undefined): void {
    for (const t of topics) this.drop(c, t);
    this.send(
      c,
      JSON.stringify({
        success: true,
        ret_msg: 'unsubscribe',
        conn_id: c.id,
        req_id: reqId,
        op: 'unsubscribe',
      }),
    );
  }

  private drop(c: Client<S>, t: string): void {
    if (!c.topics.delete(t)) return;
    c.topicChars -= t.length;
    const set = this.subscribers.get(t);
    if (set === undefined) return;
    set.delete(c);
    if (set.size === 0) {
      this.subscribers.delete(t);
      this.opts.registry.lastUnsubscribed(t);
    }
  }

  private reject(c: Client<S>, op: string, reqId: string | undefined, message: string): void {
    this.badFrames++;
    this.send(c, JSON.stringify({ success: false, ret_msg: message, conn_id: c.id, req_id: reqId, op }));
  }

  private send(c: Client<S>, text: string): boolean {
    if (c.ws.readyState !== c.ws.OPEN) return false;
    if (c.ws.bufferedAmount > this.maxBuffered) {
      // A client that does not read must not make the server hold its backlog: drop it.
      this.dropped++;
      c.ws.terminate();
      this.remove(c);
      return false;
    }
    c.ws.send(text);
    this.messagesOut++;
    return true;
  }

  private remove(c: Client<S>): void {
    if (!this.clients.delete(c)) return;
    for (const t of [...c.topics]) this.drop(c, t);
    if (c.session !== null) {
      const acc = this.opts.accountIdOf(c.session);
      const set = this.privateByAccount.get(acc);
      set?.delete(c);
      if (set?.size === 0) this.privateByAccount.delete(acc);
    }
  }

  private closeIdle(): void {
    // A full address budget is the same as a new one: forget it, so the map does not grow with every address seen.
    this.places.forgetIdle();
    const now = Date.now();
    for (const c of this.clients) {
      if (now - c.lastSeen > this.idleMs) {
        c.ws.close(CLOSE.idle, 'idle');
        this.remove(c);
      }
    }
  }
}
