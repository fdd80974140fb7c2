/**
 * A margin test bench: the real engine over every listed symbol with the synthetic market's opening ladders (no
 * flow), the seeded accounts with their starting balances, a manual clock, a store over a temp directory, and the
 * margin desk lending to the engine.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Decimal } from 'decimal.js';
import { Accounts, STARTING_BALANCES, type Account } from '../../../../server/accounts/accounts';
import { SimClock } from '../../../../server/clock/clock';
import { Engine } from '../../../../server/engine/engine';
import { MarginDesk, fromAtoms } from '../../../../server/margin/desk';
import { SYMBOLS } from '../../../../server/market/symbols';
import { SyntheticMarket } from '../../../../server/market/synth';
import { accountsSink } from '../../../../server/store/accountRows';
import { openDatabase } from '../../../../server/store/db';
import { Store } from '../../../../server/store/store';

/** The pieces of one bench. */
export interface MarginBench {
  readonly clock: SimClock;
  readonly engine: Engine;
  readonly store: Store;
  readonly accounts: Accounts;
  readonly synth: SyntheticMarket;
  readonly desk: MarginDesk;
  readonly pushes: { accountId: string; topics: readonly string[]; data: readonly unknown[] }[];
  /** The seeded account of an email's local part ('uta', 'classic', …). */
  account(name: string): Account;
  /** An account's owed amount of a coin, as a Decimal. */
  debt(accountId: string, coin: string): Decimal;
  /** An account's wallet total (free + locked) of a coin. */
  total(accountId: string, coin: string): Decimal;
}

/** Builds a bench (each call its own temp directory). */
export function marginBench(): MarginBench {
  const dir = mkdtempSync(join(tmpdir(), 'sim-margin-test-'));
  const clock = SimClock.manual();
  const store = new Store(openDatabase(dir));
  const accounts = new Accounts(undefined, clock.now, accountsSink(store));
  const engine = new Engine({ symbols: SYMBOLS, now: clock.now });
  for (const a of accounts.seed()) {
    engine.addAccount(a.id);
    for (const [coin, amount] of Object.entries(STARTING_BALANCES)) engine.deposit(a.id, coin, amount);
  }
  const synth = new SyntheticMarket(engine, SYMBOLS, { seed: 7, rate: 0, now: clock.now, openAt: () => 0 });
  synth.seedBooks();
  const pushes: MarginBench['pushes'] = [];
  const desk = new MarginDesk({
    engine,
    accounts,
    clock,
    store,
    db: store.db,
    pushPrivate: (accountId, topics, data) => pushes.push({ accountId, topics, data }),
  });
  engine.setLender(desk);
  desk.start();
  store.commit();
  return {
    clock,
    engine,
    store,
    accounts,
    synth,
    desk,
    pushes,
    account: (name) => {
      const a = accounts.all().find((x) => x.email === `${name}@sim.local`);
      if (a === undefined) throw new Error(`no seeded account ${name}`);
      return a;
    },
    debt: (id, coin) => fromAtoms(desk.debt(id, coin)),
    total: (id, coin) => new Decimal(engine.balance(id, coin).total),
  };
}
