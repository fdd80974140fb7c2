/**
 * The chaos script's hands: free loopback ports, simulators as child processes (what `npm start` runs, minus the
 * build) on their own data directories, kill -9, and small HTTP and WebSocket clients that time what they do.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import WebSocket from 'ws';

/** The repository root (the script runs from anywhere). */
export const ROOT = resolve(import.meta.dirname, '..', '..');

/** A fresh temp data directory. */
export function tempDir(tag: string): string {
  return mkdtempSync(join(tmpdir(), `chaos-${tag}-`));
}

/** A port nobody listens on right now (loopback). */
export function freePort(): Promise<number> {
  return new Promise((ok, ko) => {
    const s = createServer();
    s.once('error', ko);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a !== null ? a.port : 0;
      s.close(() => {
        ok(port);
      });
    });
  });
}

/** A simulator child process. */
export interface SimProc {
  readonly url: string;
  readonly port: number;
  readonly dataDir: string;
  readonly child: ChildProcess;
  /** Everything it printed (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code (or signal name) once it is gone. */
  readonly exited: Promise<number | string>;
}

/** Options of a simulator start. */
export interface SimStart {
  readonly dataDir: string;
  readonly port?: number;
  readonly rate?: number;
  readonly quiet?: boolean;
  /** Extra environment (SIM_TEST_HOOKS=1 is always set: the chaos needs the fail-writes hook). */
  readonly env?: Record<string, string>;
}

/** Spawns `server/main.ts` as `npm start` does (without building the app); does not wait for it. */
export async function spawnSim(o: SimStart): Promise<SimProc> {
  const port = o.port ?? (await freePort());
  const args = ['--import', 'tsx', 'server/main.ts', '--port', String(port), '--data', o.dataDir];
  args.push('--static', join(o.dataDir, 'no-app'), '--seed', '7');
  if (o.rate !== undefined && o.rate > 0) args.push('--rate', String(o.rate));
  if (o.quiet === true) args.push('--quiet');
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, SIM_TEST_HOOKS: '1', ...o.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
  child.stderr.on('data', (d: Buffer) => (out += d.toString('utf8')));
  const exited = new Promise<number | string>((ok) => {
    child.once('exit', (code, signal) => {
      ok(code ?? signal ?? 'unknown');
    });
  });
  return { url: `http://127.0.0.1:${port}`, port, dataDir: o.dataDir, child, output: () => out, exited };
}

/** Starts a simulator and waits until /sim/health answers (throws with its output when it exits instead). */
export async function startSim(o: SimStart, timeoutMs = 60_000): Promise<SimProc> {
  const sim = await spawnSim(o);
  const deadline = Date.now() + timeoutMs;
  const state: { gone: number | string | null } = { gone: null };
  void sim.exited.then((c) => (state.gone = c));
  while (Date.now() < deadline) {
    if (state.gone !== null)
      throw new Error(`simulator exited (${String(state.gone)}): ${sim.output().slice(-2000)}`);
    try {
      if ((await fetch(`${sim.url}/sim/health`)).ok) return sim;
    } catch {
      // Not listening yet.
    }
    await sleep(50);
  }
  sim.child.kill('SIGKILL');
  throw new Error(`simulator did not start in ${timeoutMs} ms: ${sim.output().slice(-2000)}`);
}

/** kill -9, and waits until the process is gone. */
export async function kill9(sim: SimProc): Promise<void> {
  if (sim.child.exitCode === null && sim.child.signalCode === null) sim.child.kill('SIGKILL');
  await sim.exited;
}

/** Promise of a pause. */
export function sleep(ms: number): Promise<void> {
  return new Promise((ok) => setTimeout(ok, ms));
}

/** A JSON answer. */
export interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown>;
  readonly headers: Headers;
}

/** Calls the simulator with a JSON body (POST) or none (GET); never throws on a status. */
export async function api(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  cookie?: string,
): Promise<Answer> {
  const res = await fetch(base + path, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie === undefined ? {} : { cookie }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    redirect: 'manual',
  });
  const text = await res.text();
  let parsed: Record<string, unknown> = {};
  try {
    const v = JSON.parse(text) as unknown;
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) parsed = v as Record<string, unknown>;
  } catch {
    parsed = { raw: text.slice(0, 200) };
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

/** Logs in; the Cookie header value. */
export async function login(base: string, email: string, password: string): Promise<string> {
  const r = await api(base, 'POST', '/login', { email, password });
  const cookie = (r.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  if (r.body.code !== 0 || !cookie.includes('='))
    throw new Error(`login ${email}: ${JSON.stringify(r.body)}`);
  return cookie;
}

/** A WebSocket to /realtime_w that keeps every message and can time pings. */
export class Socket {
  readonly ws: WebSocket;
  readonly messages: Record<string, unknown>[] = [];
  private readonly pongs = new Map<string, () => void>();
  private seq = 0;
  /** Close code once closed (null while open). */
  closeCode: number | null = null;

  constructor(base: string, cookie?: string, keep = true) {
    this.ws = new WebSocket(
      `${base.replace(/^http/, 'ws')}/realtime_w`,
      cookie === undefined ? {} : { headers: { cookie } },
    );
    this.ws.on('message', (d: Buffer) => {
      let m: Record<string, unknown>;
      try {
        m = JSON.parse(d.toString('utf8')) as Record<string, unknown>;
      } catch {
        return;
      }
      if (m.op === 'ping' && typeof m.req_id === 'string') this.pongs.get(m.req_id)?.();
      else if (keep) this.messages.push(m);
    });
    this.ws.on('close', (code: number) => {
      this.closeCode = code;
    });
    this.ws.on('error', () => undefined);
  }

  /** Resolves once open. */
  open(): Promise<void> {
    return new Promise((ok, ko) => {
      if (this.ws.readyState === WebSocket.OPEN) {
        ok();
        return;
      }
      this.ws.once('open', () => {
        ok();
      });
      this.ws.once('error', ko);
    });
  }

  /** Sends a frame (no-op once closed). */
  send(frame: unknown): void {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(frame));
  }

  /** Round trip of one ping in ms (Infinity after 5 s). */
  ping(): Promise<number> {
    const id = `p${++this.seq}`;
    const t0 = performance.now();
    return new Promise((ok) => {
      const timer = setTimeout(() => {
        this.pongs.delete(id);
        ok(Infinity);
      }, 5000);
      this.pongs.set(id, () => {
        clearTimeout(timer);
        this.pongs.delete(id);
        ok(performance.now() - t0);
      });
      this.send({ op: 'ping', req_id: id });
    });
  }

  /** Closes the socket. */
  close(): void {
    this.ws.terminate();
  }
}

/** The p-th percentile (0–100) of samples (0 for none). */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return 0;
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
}
