/**
 * Balances of the non-system accounts, in bigint atoms of 10^-18 of a coin (every coin shares the scale, so a price
 * in ticks times a quantity in lots maps onto atoms by one power of ten).
 * It records which (account, coin) pairs changed so the engine can emit one `wallet` event per call per account.
 */

import { formatUnits } from './decimal';
import type { BalanceView } from './types';

/** Decimal places of a balance atom. */
export const ATOM_DP = 18;

interface Bal {
  free: bigint;
  locked: bigint;
}

/** Free and locked balances per account and coin; callers check `free` before moving funds. */
export class Ledger {
  private readonly accounts = new Map<string, Map<string, Bal>>();
  private readonly touched = new Map<string, Set<string>>();

  /** Creates the account's (empty) balance map if missing. */
  open(accountId: string): void {
    if (!this.accounts.has(accountId)) this.accounts.set(accountId, new Map());
  }

  /** Free atoms of a coin (0 when unknown). */
  free(accountId: string, coin: string): bigint {
    return this.accounts.get(accountId)?.get(coin)?.free ?? 0n;
  }

  /** Adds to free (deposit, fill proceeds). */
  credit(accountId: string, coin: string, atoms: bigint): void {
    if (atoms === 0n) return;
    this.bal(accountId, coin).free += atoms;
  }

  /** Takes from free (withdrawal); false when free is short. */
  debit(accountId: string, coin: string, atoms: bigint): boolean {
    if (this.free(accountId, coin) < atoms) return false;
    this.bal(accountId, coin).free -= atoms;
    return true;
  }

  /** Moves free → locked; false (and nothing moved) when free is short. */
  lock(accountId: string, coin: string, atoms: bigint): boolean {
    if (atoms === 0n) return true;
    if (this.free(accountId, coin) < atoms) return false;
    const b = this.bal(accountId, coin);
    b.free -= atoms;
    b.locked += atoms;
    return true;
  }

  /** Moves locked → free (cancel, refund of a better fill price). */
  unlock(accountId: string, coin: string, atoms: bigint): void {
    if (atoms === 0n) return;
    const b = this.bal(accountId, coin);
    b.locked -= atoms;
    b.free += atoms;
  }

  /** Removes locked funds that leave the account (paid in a fill). */
  spendLocked(accountId: string, coin: string, atoms: bigint): void {
    if (atoms === 0n) return;
    this.bal(accountId, coin).locked -= atoms;
  }

  /** Replaces a coin's balances (state import). */
  set(accountId: string, coin: string, free: bigint, locked: bigint): void {
    const b = this.bal(accountId, coin);
    b.free = free;
    b.locked = locked;
  }

  /** One coin's balance view (zeros when unknown). */
  view(accountId: string, coin: string): BalanceView {
    const b = this.accounts.get(accountId)?.get(coin);
    return toView(coin, b?.free ?? 0n, b?.locked ?? 0n);
  }

  /** Every coin the account has ever held, in first-seen order. */
  views(accountId: string): BalanceView[] {
    const m = this.accounts.get(accountId);
    if (m === undefined) return [];
    return [...m].map(([coin, b]) => toView(coin, b.free, b.locked));
  }

  /** Raw balances for persistence. */
  raw(accountId: string): [string, bigint, bigint][] {
    const m = this.accounts.get(accountId);
    if (m === undefined) return [];
    return [...m].map(([coin, b]) => [coin, b.free, b.locked]);
  }

  /** The (account → coins) changes recorded since the last drain, without forgetting them (auto-repay reads them). */
  peekTouched(): ReadonlyMap<string, ReadonlySet<string>> {
    return this.touched;
  }

  /** Returns and forgets the (account → coins) changes recorded since the last call. */
  drainTouched(): [string, string[]][] {
    if (this.touched.size === 0) return [];
    const out: [string, string[]][] = [];
    for (const [acct, coins] of this.touched) out.push([acct, [...coins]]);
    this.touched.clear();
    return out;
  }

  private bal(accountId: string, coin: string): Bal {
    let m = this.accounts.get(accountId);
    if (m === undefined) {
      m = new Map();
      this.accounts.set(accountId, m);
    }
    let b = m.get(coin);
    if (b === undefined) {
      b = { free: 0n, locked: 0n };
      m.set(coin, b);
    }
    let t = this.touched.get(accountId);
    if (t === undefined) {
      t = new Set();
      this.touched.set(accountId, t);
    }
    t.add(coin);
    return b;
  }
}

function toView(coin: string, free: bigint, locked: bigint): BalanceView {
  return {
    coin,
    free: formatUnits(free, ATOM_DP),
    locked: formatUnits(locked, ATOM_DP),
    total: formatUnits(free + locked, ATOM_DP),
  };
}
