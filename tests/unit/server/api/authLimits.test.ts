import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../../../server/app';
import { call, login, startTestSim } from '../../../support/sim';

let sim: Simulator;
beforeAll(async () => {
  sim = await startTestSim();
});
afterAll(async () => {
  await sim.close();
});

describe('login limits', () => {
  it('answers 429 with the envelope and Retry-After within 10 wrong passwords, other accounts still log in', async () => {
    let limited = -1;
    for (let i = 0; i < 10 && limited < 0; i++) {
      const r = await call(sim, 'POST', '/login', { email: 'classic@sim.local', password: `wrong-${i}` });
      if (r.status === 429) {
        limited = i;
        expect(r.json).toMatchObject({ code: 10429, success: false });
        expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
      } else expect(r.status).toBe(401);
    }
    expect(limited).toBeGreaterThan(0);
    // The right password is refused too while the account is limited.
    const right = await call(sim, 'POST', '/login', { email: 'classic@sim.local', password: 'classic-pass' });
    expect(right.status).toBe(429);
    expect(await login(sim, 'uta@sim.local', 'uta-pass')).toContain('=');
  });

  it('counts parallel guesses before hashing them: a burst of 12 gets at most 5 hashed, the rest 429 at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call(sim, 'POST', '/login', { email: 'isolated@sim.local', password: `burst-${i}` }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(7);
  });

  it('gives a successful login its attempt back: five right logins in a row do not limit the account', async () => {
    for (let i = 0; i < 6; i++) expect(await login(sim, 'leader@sim.local', 'leader-pass')).toContain('=');
  });
});
