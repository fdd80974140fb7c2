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

describe('a write that fails under a request', () => {
  it('answers 503 + 10016 for a preference write and keeps nothing', async () => {
    const cookie = await login(sim, 'uta@sim.local', 'uta-pass');
    sim.ctx.store.failNext(1);
    const r = await call(
      sim,
      'POST',
      '/user/api/pref/setPrefSetting',
      { upsert_keys: { lost: 'yes' } },
      cookie,
    );
    expect(r.status).toBe(503);
    expect(r.json).toMatchObject({ code: 10016, success: false });
    const prefs = await call(sim, 'GET', '/user/api/pref/getPrefSetting', undefined, cookie);
    expect((prefs.json.result as Record<string, string>).lost).toBeUndefined();
  });

  it('answers 503 for a registration whose write failed while the handler awaited, and the account does not exist', async () => {
    sim.ctx.store.failNext(1);
    const r = await call(sim, 'POST', '/register', { email: 'lost.one@sim.local', password: 'longenough' });
    expect(r.status).toBe(503);
    expect(r.json).toMatchObject({ code: 10016 });
    expect(sim.ctx.accounts.all().some((a) => a.email === 'lost.one@sim.local')).toBe(false);
    // Registering again works and the account then logs in.
    const again = await call(sim, 'POST', '/register', {
      email: 'lost.one@sim.local',
      password: 'longenough',
    });
    expect(again.json).toMatchObject({ code: 0 });
    await login(sim, 'lost.one@sim.local', 'longenough');
  });
});
