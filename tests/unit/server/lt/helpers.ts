/** A simulator context for LT unit tests: manual clock, real engine and store over a temp dir, recorded pushes. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Accounts } from '../../../../server/accounts/accounts';
import { SimClock } from '../../../../server/clock/clock';
import type { SimContext } from '../../../../server/context';
import { Engine } from '../../../../server/engine/engine';
import { SYMBOLS } from '../../../../server/market/symbols';
import { accountsSink } from '../../../../server/store/accountRows';
import { openDatabase } from '../../../../server/store/db';
import { Store } from '../../../../server/store/store';

/** A test context and its recorded pushes. */
export interface LtHarness {
  readonly ctx: SimContext;
  readonly clock: SimClock;
  readonly dir: string;
  readonly pushes: { accountId: string; topics: readonly string[]; data: readonly unknown[] }[];
  /** A new context over the same data dir (a restart). */
  reopen(): LtHarness;
  close(): void;
}

/** 2023-11-14 22:13:20 UTC: about 1 h 47 min before the next daily rebalance. */
export const T0 = 1_700_000_000_000;

/** Builds a context; `acct` gets 100000 USDT and 100 BTC3L. */
export function ltHarness(dir = mkdtempSync(join(tmpdir(), 'sim-lt-test-')), start = T0): LtHarness {
  const clock = SimClock.manual(start);
  const store = new Store(openDatabase(dir));
  const accounts = new Accounts(undefined, clock.now, accountsSink(store));
  const engine = new Engine({ symbols: SYMBOLS, now: clock.now });
  const pushes: LtHarness['pushes'] = [];
  engine.addAccount('acct');
  engine.setLastPrice('BTCUSDT', '64000');
  clock.afterFire = () => {
    store.commit();
  };
  const ctx: SimContext = {
    config: {
      host: '127.0.0.1',
      port: 0,
      rate: 0,
      seed: 1,
      dataDir: dir,
      staticDir: dir,
      quiet: true,
    },
    now: clock.now,
    clock,
    startedAt: start,
    engine,
    accounts,
    store,
    market: { openAt: () => 0, ticker: () => undefined },
    pushPrivate: (accountId, topics, data) => {
      store.after(() => pushes.push({ accountId, topics, data }));
    },
  };
  return {
    ctx,
    clock,
    dir,
    pushes,
    reopen: () => {
      store.close();
      return ltHarness(dir, clock.now());
    },
    close: () => {
      store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Funds the test account. */
export function fund(h: LtHarness, coin: string, amount: string): void {
  h.ctx.engine.deposit('acct', coin, amount);
}
