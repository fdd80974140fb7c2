/**
 * The margin calls over HTTP: the leverage setting, the UTA upgrade on the clock (progress pushes, 3400324 while in
 * process, success moves the account, the inverse path back), and the calls' refusals.
 */
import { Decimal } from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marginOf } from '../../../../server/margin/services';
import { UPGRADE_STEP_MS, UPGRADE_STEPS } from '../../../../server/margin/upgrade';
import { decodeBorrowInfo } from '../../../../workers/protocol/margin';
import { CALLS, type CallDef } from '../../../../workers/protocol/paths';
import { call, login, resultOf, startHarness, type CallOptions, type Harness, type Reply } from './harness';

describe('margin routes', () => {
  let h: Harness;
  const cookies: Record<string, string> = {};
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    h = await startHarness();
    for (const kind of ['classic', 'uta', 'demo']) {
      const email = `${kind}@sim.local`;
      cookies[kind] = await login(h, email);
      ids[kind] = h.ctx.accounts.all().find((a) => a.email === email)?.id ?? '';
    }
  });
  afterAll(async () => {
    await h.close();
  });

  const as = (kind: string, def: Pick<CallDef, 'method' | 'path'>, opts: CallOptions = {}): Promise<Reply> =>
    call(h, def, { ...opts, cookie: cookies[kind] ?? '' });
  const upgradePushes = (kind: string): unknown[] =>
    h.pushes
      .filter((p) => p.accountId === ids[kind] && p.topics.includes('user.uta.upgrade'))
      .flatMap((p) => p.data);

  it('leverage is an account setting: on by default, off refuses margin figures', async () => {
    expect(resultOf(await as('uta', CALLS.getLeverage))).toEqual({ leverage: true });
    await as('uta', CALLS.setLeverage, { json: { leverage: 'false' } });
    expect(resultOf(await as('uta', CALLS.getLeverage))).toEqual({ leverage: false });
    const q = { symbolName: 'BTCUSDT', isMargin: 'true' };
    expect(resultOf(await as('uta', CALLS.unifiedAsset, { query: q }))).toMatchObject({
      maxBuyAmt: '100000',
      leverageEnabled: false,
    });
    // Every tab of the account learns the change from the borrowInfo push (after the commit).
    const borrowPushes = (): unknown[] =>
      h.pushes
        .filter((p) => p.accountId === ids.uta && p.topics.includes('user.unify.usdc.borrowInfo'))
        .flatMap((p) => p.data);
    expect(decodeBorrowInfo(borrowPushes().at(-1))?.leverage).toBe(false);
    await as('uta', CALLS.setLeverage, { json: { leverage: true } });
    expect(decodeBorrowInfo(borrowPushes().at(-1))?.leverage).toBe(true);
    expect((await as('classic', CALLS.setLeverage, { json: { leverage: 'true' } })).body.code).toBe(3400001);
  });

  it('the unified asset call reports equity from the desk: nothing owed, equity is the wallet', async () => {
    const r = resultOf(await as('uta', CALLS.unifiedAsset, { query: { symbolName: 'BTCUSDT' } }));
    const eq = marginOf(h.ctx)?.desk.equity(ids.uta ?? '');
    expect(r.totalEquity).toBe(eq?.totalEquity.toFixed(4, Decimal.ROUND_DOWN));
    expect(eq?.totalEquity.toFixed()).toBe(eq?.walletValue.toFixed());
    expect((r.coinList as { equity?: unknown }[]).map((c) => c.equity)).toEqual(['2', '100000']);
  });

  it('repay answers 81005 when nothing is owed', async () => {
    expect((await as('uta', CALLS.repay, { json: { coin: 'USDT' } })).body.code).toBe(81005);
  });

  it('upgrades a classic account on the clock, with progress and the in-process code', async () => {
    expect(resultOf(await as('classic', CALLS.utaUpgradeStatus))).toMatchObject({ status: 'none' });
    expect(resultOf(await as('classic', CALLS.utaUpgrade))).toMatchObject({
      status: 'processing',
      progress: 0,
    });
    const again = await as('classic', CALLS.utaUpgrade);
    expect(again.body.code).toBe(3400324);
    expect(upgradePushes('classic')).toContainEqual({ code: 200, data: '3400324', inverse: false });
    h.ctx.clock.advance(UPGRADE_STEP_MS * 2);
    expect(resultOf(await as('classic', CALLS.utaUpgradeStatus))).toMatchObject({ progress: 40 });
    h.ctx.clock.advance(UPGRADE_STEP_MS * (UPGRADE_STEPS - 2));
    expect(upgradePushes('classic').at(-1)).toEqual({ code: 200, data: '0', inverse: false });
    const info = resultOf(await as('classic', CALLS.userInfo));
    expect(info).toMatchObject({ isUTA: true, unified_account: 2, utaUpgrade: { status: 'success' } });
    expect(
      resultOf(await as('classic', CALLS.unifiedAsset, { query: { symbolName: 'BTCUSDT' } })),
    ).toMatchObject({
      maxBuyAmt: '100000',
    });
  });

  it('goes back to classic on the inverse path; demo accounts cannot upgrade', async () => {
    expect(resultOf(await as('classic', CALLS.utaUpgrade, { json: { inverse: 'true' } }))).toMatchObject({
      status: 'processing',
      inverse: true,
    });
    expect(resultOf(await as('classic', CALLS.userInfo))).toMatchObject({ member_tag: { UTA_INVERSE: 1 } });
    h.ctx.clock.advance(UPGRADE_STEP_MS * UPGRADE_STEPS);
    expect(resultOf(await as('classic', CALLS.userInfo))).toMatchObject({ isUTA: false, unified_account: 0 });
    expect((await as('demo', CALLS.utaUpgrade)).body.code).toBe(3400325);
  });
});
