import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Account } from '../../../../server/accounts/accounts';
import { LowPriorityHasher } from '../../../../server/http/hasher';

function account(email: string, password: string): Account {
  const salt = `salt-${email}`;
  return { email, salt, hash: scryptSync(password, salt, 32).toString('hex') } as unknown as Account;
}

describe('LowPriorityHasher', () => {
  it('computes the accounts’ own hash and checks passwords one at a time off the event loop', async () => {
    const h = new LowPriorityHasher();
    expect((await h.hash('pw', 'salt')).equals(scryptSync('pw', 'salt', 32))).toBe(true);
    const list = [account('a@x.y', 'right-pass'), account('b@x.y', 'other-pass')];
    const [ok, wrong, unknown, cased] = await Promise.all([
      h.verify(list, 'a@x.y', 'right-pass'),
      h.verify(list, 'a@x.y', 'wrong-pass'),
      h.verify(list, 'nobody@x.y', 'right-pass'),
      h.verify(list, ' B@X.Y ', 'other-pass'),
    ]);
    expect(ok?.email).toBe('a@x.y');
    expect(wrong).toBeNull();
    expect(unknown).toBeNull();
    expect(cased?.email).toBe('b@x.y');
  });
});
