import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KYC_PASS_LEVEL, kycLevelOf, type Account } from '../../../../server/accounts/accounts';
import { loadAccountsState } from '../../../../server/store/accountRows';
import { CALLS } from '../../../../workers/protocol/paths';
import { call, login, resultOf, startHarness, type Harness } from '../api/harness';

describe('KYC level (the trade dialog gate of spec §5 reads it from user info)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  it('seeded accounts are verified; a sign-up is not until its level changes', async () => {
    for (const email of ['classic@sim.local', 'demo@sim.local']) {
      const info = resultOf(await call(h, CALLS.userInfo, { cookie: await login(h, email) }));
      expect(info, email).toMatchObject({ kycLevel: KYC_PASS_LEVEL, kycPassed: true });
    }
    await call(h, CALLS.register, { json: { email: 'kyc.new@sim.local', password: 'longenough' } });
    const cookie = await login(h, 'kyc.new@sim.local', 'longenough');
    expect(resultOf(await call(h, CALLS.userInfo, { cookie }))).toMatchObject({
      kycLevel: 0,
      kycPassed: false,
    });
    const id = h.ctx.accounts.all().find((a) => a.email === 'kyc.new@sim.local')?.id ?? '';
    h.ctx.accounts.update(id, { kycLevel: 2 });
    h.ctx.store.commit();
    expect(resultOf(await call(h, CALLS.userInfo, { cookie }))).toMatchObject({
      kycLevel: 2,
      kycPassed: true,
    });
    // Kept in the account's row: a restart reads the same level.
    const saved = loadAccountsState(h.ctx.store.db)?.accounts.find((a) => a.id === id);
    expect(saved?.kycLevel).toBe(2);
  });

  it('rows written before the field: seeded emails count as verified, others not', () => {
    const row = (email: string): Account =>
      ({ ...h.ctx.accounts.all()[0], email, kycLevel: undefined }) as unknown as Account;
    expect(kycLevelOf(row('uta@sim.local'))).toBe(KYC_PASS_LEVEL);
    expect(kycLevelOf(row('someone@sim.local'))).toBe(0);
  });
});
