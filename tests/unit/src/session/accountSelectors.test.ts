/**
 * The shell and the chart read a few numbers or flags of the hub's account, not the account: an account diff that
 * leaves them as they were (an order event, a balance change) must not wake their readers, which would render the
 * whole page or the chart area.
 */
import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import { accountAtom } from '../../../../src/hub/state';
import { averagesVersionAtom, fillsVersionAtom, hubLoggedInAtom } from '../../../../src/session/account';

type Account = NonNullable<ReturnType<typeof accountAtom.read>>;

/** An account diff with only what these selectors read, plus a balance to vary. */
function account(over: { loggedIn: boolean; usdt: string; fills?: number; averages?: number }): Account {
  return {
    loggedIn: over.loggedIn,
    user: over.loggedIn ? { id: 'u1' } : null,
    fillsVersion: over.fills ?? 1,
    averagesVersion: over.averages ?? 1,
    balances: [{ coin: 'USDT', free: over.usdt, locked: '0', total: over.usdt }],
  } as unknown as Account;
}

describe('account selectors', () => {
  it('wake their readers only when what they select changes', () => {
    const store = createStore();
    const woke = { login: 0, fills: 0, averages: 0 };
    store.sub(hubLoggedInAtom, () => woke.login++);
    store.sub(fillsVersionAtom, () => woke.fills++);
    store.sub(averagesVersionAtom, () => woke.averages++);
    expect(store.get(hubLoggedInAtom)).toBeNull();

    store.set(accountAtom, account({ loggedIn: true, usdt: '100' }));
    expect(store.get(hubLoggedInAtom)).toBe(true);
    expect(woke).toEqual({ login: 1, fills: 1, averages: 1 });

    // A balance moved: a new account object, the same login and versions.
    store.set(accountAtom, account({ loggedIn: true, usdt: '90' }));
    expect(woke).toEqual({ login: 1, fills: 1, averages: 1 });

    // A fill: the fills and averages versions move, the login does not.
    store.set(accountAtom, account({ loggedIn: true, usdt: '80', fills: 2, averages: 2 }));
    expect(woke).toEqual({ login: 1, fills: 2, averages: 2 });
    expect(store.get(fillsVersionAtom)).toBe(2);

    // A logout elsewhere.
    store.set(accountAtom, account({ loggedIn: false, usdt: '0', fills: 2, averages: 2 }));
    expect(store.get(hubLoggedInAtom)).toBe(false);
    expect(woke.login).toBe(2);
  });
});
