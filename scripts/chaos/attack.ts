/**
 * The abusive client of the fairness faults, in its own process so its busy loop cannot slow the observers that
 * time the server: `tsx scripts/chaos/attack.ts brute|flood URL MS`. Prints `GO` when it starts and one JSON line
 * with what it did when it stops.
 */
import { pathToFileURL } from 'node:url';
import { api, sleep, Socket } from './proc';

/** What a brute force did. */
export interface BruteOutcome {
  readonly attempts: number;
  /** The attempt (1-based, in answer order) that first got 429; 0 if none did. */
  readonly first429: number;
}

/** Four loops of wrong passwords against one account for `ms`. */
export async function brute(url: string, ms: number): Promise<BruteOutcome> {
  let attempts = 0;
  let first429 = 0;
  const end = Date.now() + ms;
  // At least a dozen tries whatever the window (each costs a password hash), within a hard 30 s.
  const hardEnd = Date.now() + 30_000;
  const more = (): boolean => Date.now() < hardEnd && (Date.now() < end || attempts < 12);
  const loop = async (n: number): Promise<void> => {
    for (let i = 0; more(); i++) {
      const r = await api(url, 'POST', '/login', { email: 'uta@sim.local', password: `guess-${n}-${i}` });
      attempts++;
      if (r.status === 429 && first429 === 0) first429 = attempts;
    }
  };
  await Promise.all([0, 1, 2, 3].map(loop));
  return { attempts, first429 };
}

/** What a snapshot flood did. */
export interface FloodOutcome {
  readonly framesSent: number;
  readonly connections: number;
}

const BOOKS = ['BTCUSDT', 'ETHUSDT', 'BTCUSDC', 'INNOUSDT', 'ADVUSDT', 'BTC3LUSDT', 'MNTUSDT', 'SUIUSDT'].map(
  (s) => `orderbook.200.${s}`,
);

/** Re-subscribes eight 200-level books as fast as it can for `ms`, reconnecting whenever it is dropped. */
export async function flood(url: string, ms: number): Promise<FloodOutcome> {
  let framesSent = 0;
  let connections = 0;
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const g = new Socket(url, undefined, false);
    try {
      await g.open();
    } catch {
      await sleep(10);
      continue;
    }
    connections++;
    while (g.closeCode === null && Date.now() < end) {
      // 4,000 subscribes a second, eighty times the frame budget: a flood, yet the attacker sleeps between bursts
      // so on a small machine it does not simply take the server's CPU away (that would measure the box, not us).
      for (let i = 0; i < 20; i++) g.send({ op: 'subscribe', args: BOOKS });
      framesSent += 20;
      await sleep(5);
    }
    g.close();
  }
  return { framesSent, connections };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [mode, url, ms] = process.argv.slice(2);
  if ((mode !== 'brute' && mode !== 'flood') || url === undefined) {
    console.error('usage: attack.ts brute|flood URL MS');
    process.exit(2);
  }
  console.log('GO');
  const out = mode === 'brute' ? await brute(url, Number(ms)) : await flood(url, Number(ms));
  console.log(JSON.stringify(out));
  process.exit(0);
}
