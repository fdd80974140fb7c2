import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Simulator } from '../../../../server/app';
import { REGION_DEFAULTS, WebConfigOverrides } from '../../../../server/api/config';
import { CALLS } from '../../../../workers/protocol/paths';
import { call, login, startTestSim } from '../../../support/sim';

describe('web config overrides', () => {
  it('layers region over defaults and account over region; null drops an override', () => {
    const o = new WebConfigOverrides();
    expect(o.configFor('EU', null).liquidityShield).toBe(false);
    o.set({ region: 'GLOBAL' }, { spotCurrentOrderOco: false });
    o.set({ accountId: '7' }, { spotCurrentOrderOco: true, restrictedView: true });
    expect(o.configFor('GLOBAL', null).spotCurrentOrderOco).toBe(false);
    expect(o.configFor('GLOBAL', '7')).toMatchObject({ spotCurrentOrderOco: true, restrictedView: true });
    expect(o.configFor('GLOBAL', '8').restrictedView).toBe(false);
    o.set({ accountId: '7' }, { restrictedView: null });
    expect(o.configFor('GLOBAL', '7').restrictedView).toBe(REGION_DEFAULTS.GLOBAL.restrictedView);
    expect(() => {
      o.set({ region: 'EU' }, { notASwitch: true });
    }).toThrow(/not a web-config switch/);
  });
});

describe('web config call and test hook', () => {
  let sim: Simulator;
  let classic: string;
  const prev = process.env.SIM_TEST_HOOKS;
  beforeAll(async () => {
    process.env.SIM_TEST_HOOKS = '1';
    sim = await startTestSim();
    classic = await login(sim, 'classic@sim.local', 'classic-pass');
  });
  afterAll(async () => {
    await sim.close();
    if (prev === undefined) delete process.env.SIM_TEST_HOOKS;
    else process.env.SIM_TEST_HOOKS = prev;
  });

  it('serves the region defaults to a visitor and refuses an unknown region', async () => {
    const r = await call(sim, 'GET', CALLS.webConfig.path);
    expect(r.json).toMatchObject({ code: 0, result: { region: 'GLOBAL', spotCurrentOrderOco: true } });
    const eu = await call(sim, 'GET', `${CALLS.webConfig.path}?region=eu`);
    expect(eu.json.result).toMatchObject({ region: 'EU', liquidityShield: false });
    const bad = await call(sim, 'GET', `${CALLS.webConfig.path}?region=MARS`);
    expect(bad.json.code).toBe(10001);
  });

  it('flips a switch for one account at runtime and leaves the others alone', async () => {
    const set = await call(sim, 'POST', '/sim/test/web-config', {
      email: 'classic@sim.local',
      set: { spotCurrentOrderOco: false },
    });
    expect(set.json.code).toBe(0);
    const mine = await call(sim, 'GET', CALLS.webConfig.path, undefined, classic);
    expect(mine.json.result).toMatchObject({ spotCurrentOrderOco: false });
    const visitor = await call(sim, 'GET', CALLS.webConfig.path);
    expect(visitor.json.result).toMatchObject({ spotCurrentOrderOco: true });
    const bad = await call(sim, 'POST', '/sim/test/web-config', { set: { spotCurrentOrderOco: 'no' } });
    expect(bad.json.code).toBe(10001);
    await call(sim, 'POST', '/sim/test/web-config', { reset: true });
    const back = await call(sim, 'GET', CALLS.webConfig.path, undefined, classic);
    expect(back.json.result).toMatchObject({ spotCurrentOrderOco: true });
  });
});
