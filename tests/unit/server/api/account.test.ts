import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LAYOUTS } from '../../../../server/api/account';
import type { Decimal } from 'decimal.js';
import { fromAtoms } from '../../../../server/margin/desk';
import { marginOf } from '../../../../server/margin/services';
import { loadAccountsState } from '../../../../server/store/accountRows';
import { CALLS, type CallDef } from '../../../../workers/protocol/paths';
import {
  call,
  login,
  resultOf,
  startHarness,
  totalOf,
  type CallOptions,
  type Harness,
  type Reply,
} from './harness';

/** Asserts a 10001 parameter error whose message names the field. */
function expectParamError(r: Reply, field: string): void {
  expect(r.body).toMatchObject({ code: 10001, success: false });
  expect(String(r.body.message)).toContain(field);
}

function listOf(r: Reply): Record<string, unknown>[] {
  const list = resultOf(r).list;
  if (!Array.isArray(list)) throw new Error(`no result.list in ${r.text}`);
  return list as Record<string, unknown>[];
}

describe('account routes', () => {
  let h: Harness;
  const cookies: Record<string, string> = {};
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    h = await startHarness();
    for (const kind of ['classic', 'uta', 'isolated', 'demo', 'sub', 'leader']) {
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

  describe('auth', () => {
    const authCalls: CallDef[] = [
      CALLS.balanceClassic,
      CALLS.unifiedAsset,
      CALLS.liabilityList,
      CALLS.strategyList,
      CALLS.queryPositions,
      CALLS.quota,
      CALLS.getPrefSetting,
      CALLS.setPrefSetting,
      CALLS.getDoubleConfirm,
      CALLS.setDoubleConfirm,
      CALLS.getKlineConfig,
      CALLS.setKlineConfig,
      CALLS.uploadKline,
      CALLS.getKline,
      CALLS.demoWalletBalance,
      CALLS.demoRecharge,
    ];
    it.each(authCalls.map((d) => [d.path, d] as const))(
      '%s answers 401/10007 without a session',
      async (_p, def) => {
        const r = await call(h, def, def.method === 'POST' ? { json: {} } : {});
        expect(r.status).toBe(401);
        expect(r.body).toMatchObject({ code: 10007, success: false });
      },
    );

    it('the layout path answers 401/10007 without a session', async () => {
      const r = await call(h, { method: 'GET', path: `${CALLS.klineLayoutPrefix.path}1/1` });
      expect(r.status).toBe(401);
      expect(r.body.code).toBe(10007);
    });

    it('a forged cookie is a visitor', async () => {
      const r = await call(h, CALLS.getPrefSetting, { cookie: 'sim_session=forged' });
      expect(r.body.code).toBe(10007);
    });
  });

  describe('user info', () => {
    it('a visitor is not logged in', async () => {
      const r = await call(h, CALLS.userInfo);
      expect(r.body).toMatchObject({ code: 0, success: true, message: 'success' });
      expect(resultOf(r)).toEqual({ isLogin: false });
    });

    it('a unified user gets the spec §3 fields', async () => {
      const u = resultOf(await as('uta', CALLS.userInfo));
      expect(u).toMatchObject({
        id: ids.uta,
        isLogin: true,
        userState: 1,
        double_confirm: '',
        member_tag: { UTA: 1, UTA_INVERSE: 0 },
        isUTA: true,
        eaaStatus: false,
        isDemoAccount: false,
        vipInfo: { level: 'VIP0' },
        unified_account: 2,
        grayFlag: { IsUTA: false },
        is_copy_trading_leader: false,
        demo_id: '',
        isSubAccount: false,
        marginMode: 'cross',
        email: 'uta@sim.local',
      });
    });

    it('flags classic, demo, sub, leader and isolated accounts', async () => {
      expect(resultOf(await as('classic', CALLS.userInfo))).toMatchObject({
        isUTA: false,
        unified_account: 0,
        member_tag: { UTA: 0 },
        grayFlag: { IsUTA: true },
      });
      expect(resultOf(await as('demo', CALLS.userInfo))).toMatchObject({
        isDemoAccount: true,
        demo_id: ids.demo,
      });
      expect(resultOf(await as('sub', CALLS.userInfo))).toMatchObject({ isSubAccount: true });
      expect(resultOf(await as('leader', CALLS.userInfo))).toMatchObject({ is_copy_trading_leader: true });
      expect(resultOf(await as('isolated', CALLS.userInfo))).toMatchObject({ marginMode: 'isolated' });
    });
  });

  describe('balances', () => {
    it('classic balance lists every coin with free, locked, total and transferLimit', async () => {
      const list = listOf(await as('classic', CALLS.balanceClassic));
      expect(list.find((b) => b.tokenId === 'USDT')).toEqual({
        tokenId: 'USDT',
        tokenName: 'USDT',
        free: '100000',
        locked: '0',
        total: '100000',
        transferLimit: '100000',
      });
      expect(list.map((b) => b.tokenId)).toContain('BTC');
    });

    it('unified asset: coin list of the pair and max buy/sell from free balances', async () => {
      const r = resultOf(
        await as('uta', CALLS.unifiedAsset, { query: { symbolName: 'BTCUSDT', side: '0' } }),
      );
      expect(r).toMatchObject({
        actualLeverageRatio: '1',
        maxBuyAmt: '100000',
        maxSellQty: '2',
        buyTotalAvailable: '100000',
        sellTotalAvailable: '2',
        status: 1,
        baseBorrowSize: '0',
        quoteBorrowSize: '0',
        riskState: 0,
        marginMode: 'cross',
      });
      const coins = r.coinList as Record<string, unknown>[];
      expect(coins.map((c) => c.tokenId)).toEqual(['BTC', 'USDT']);
      // Margin available = free + what the desk would lend now (2 × haircut equity − debts).
      const room = fromAtoms(marginOf(h.ctx)?.desk.borrowable(ids.uta ?? '', 'USDT') ?? 0n);
      expect(room.gt(400_000)).toBe(true);
      expect(coins[1]).toEqual({
        tokenId: 'USDT',
        spotAvailableBalance: '100000',
        spotMarginAvailableBalance: room.plus(100_000).toFixed(),
        walletBalance: '100000',
        occAssetUSDTValue: '100000.00',
        equity: '100000',
        borrowSize: '0',
        transferLimit: '100000',
      });
      expect(Number(coins[0]?.occAssetUSDTValue)).toBeGreaterThan(0);
    });

    it('unified asset with isMargin: free + borrowable for cross accounts, free for isolated ones', async () => {
      const q = { symbolName: 'BTC/USDT', side: '1', isMargin: 'true', price: '64000.5' };
      const desk = marginOf(h.ctx)?.desk;
      const room = (coin: string): Decimal => fromAtoms(desk?.borrowable(ids.uta ?? '', coin) ?? 0n);
      expect(resultOf(await as('uta', CALLS.unifiedAsset, { query: q }))).toMatchObject({
        maxBuyAmt: room('USDT').plus(100_000).toFixed(),
        maxSellQty: room('BTC').plus(2).toFixed(),
      });
      expect(resultOf(await as('isolated', CALLS.unifiedAsset, { query: q }))).toMatchObject({
        maxBuyAmt: '100000',
        maxSellQty: '2',
        status: 1,
        marginMode: 'isolated',
      });
    });

    it('open orders lock funds: locked in the classic list, out of maxBuyAmt', async () => {
      const placed = h.ctx.engine.placeOrder({
        accountId: ids.sub ?? '',
        clientOrderId: 'lock-test-1',
        symbol: 'ETHUSDT',
        side: 'Buy',
        orderType: 'Limit',
        price: '1000',
        qty: '2',
      });
      expect(placed.ok).toBe(true);
      const usdt = listOf(await as('sub', CALLS.balanceClassic)).find((b) => b.tokenId === 'USDT');
      expect(Number(usdt?.locked)).toBeGreaterThanOrEqual(2000);
      expect(Number(usdt?.free) + Number(usdt?.locked)).toBe(100000);
      const asset = resultOf(await as('sub', CALLS.unifiedAsset, { query: { symbolName: 'ETHUSDT' } }));
      expect(asset.maxBuyAmt).toBe(usdt?.free);
    });

    it('unified asset refuses classic accounts with 3400001', async () => {
      const r = await as('classic', CALLS.unifiedAsset, { query: { symbolName: 'BTCUSDT' } });
      expect(r.body).toMatchObject({ code: 3400001, success: false });
    });

    it.each([
      [{}, 'symbolName'],
      [{ symbolName: 'NOPEUSDT' }, 'symbolName'],
      [{ symbolName: 'BTCUSDT', side: '2' }, 'side'],
      [{ symbolName: 'BTCUSDT', isMargin: 'maybe' }, 'isMargin'],
      [{ symbolName: 'BTCUSDT', price: 'NaN' }, 'price'],
      [{ symbolName: 'BTCUSDT', price: '-1' }, 'price'],
      [{ symbolName: 'BTCUSDT', limitPrice: 'Infinity' }, 'limitPrice'],
      [{ symbolName: 'X'.repeat(40) }, 'symbolName'],
    ])('unified asset rejects %j naming %s', async (query, field) => {
      expectParamError(await as('uta', CALLS.unifiedAsset, { query }), field);
    });

    it('liability list: nothing owed is left out with ignoreZeroBorrowSize; limits for cross UTA only', async () => {
      const q = { settleCoin: 'all', ignoreZeroBorrowSize: 'true' };
      expect(listOf(await as('uta', CALLS.liabilityList, { query: q }))).toEqual([]);
      const btc = listOf(await as('uta', CALLS.liabilityList, { query: { settleCoin: 'BTC' } }));
      const room = fromAtoms(marginOf(h.ctx)?.desk.borrowable(ids.uta ?? '', 'BTC') ?? 0n);
      expect(room.gt(5)).toBe(true);
      expect(btc).toEqual([
        {
          currency: 'BTC',
          borrowSize: '0',
          interest: '0',
          borrowMaxSize: room.toFixed(),
          yearlyRate: '0.02',
        },
      ]);
      const classic = listOf(await as('classic', CALLS.liabilityList, { query: { settleCoin: 'BTC' } }));
      expect(classic).toEqual([
        { currency: 'BTC', borrowSize: '0', interest: '0', borrowMaxSize: '0', yearlyRate: '0.02' },
      ]);
    });

    it.each([
      [{ settleCoin: 'US$T' }, 'settleCoin'],
      [{ settleCoin: 'A'.repeat(21) }, 'settleCoin'],
      [{ ignoreZeroBorrowSize: 'yes' }, 'ignoreZeroBorrowSize'],
    ])('liability list rejects %j naming %s', async (query, field) => {
      expectParamError(await as('uta', CALLS.liabilityList, { query }), field);
    });
  });

  describe('strategies and positions', () => {
    it('strategy list answers an empty list with the page size', async () => {
      const r = await as('uta', CALLS.strategyList, {
        json: {
          status: 2,
          category: ['spot'],
          strategyType: ['twap', 'iceberg'],
          pageSize: 80,
          symbol: 'BTCUSDT',
        },
      });
      expect(r.body).toMatchObject({ code: 0, success: true });
      expect(resultOf(r)).toEqual({ list: [], pageSize: 80 });
      expect(resultOf(await as('uta', CALLS.strategyList, { json: { status: '3' } }))).toEqual({
        list: [],
        pageSize: 20,
      });
    });

    it.each([
      [{}, 'status'],
      [{ status: 4 }, 'status'],
      [{ status: 2, pageSize: 0 }, 'pageSize'],
      [{ status: 2, pageSize: 101 }, 'pageSize'],
      [{ status: 2, pageSize: 'abc' }, 'pageSize'],
      [{ status: 2, pageSize: -5 }, 'pageSize'],
      [{ status: 2, strategyType: ['nope'] }, 'strategyType'],
      [{ status: 2, category: ['<x>'] }, 'category'],
      [{ status: 2, category: Array.from({ length: 21 }, () => 'a') }, 'category'],
      [{ status: 2, symbol: 'NOPE' }, 'symbol'],
    ])('strategy list rejects %j naming %s', async (json, field) => {
      expectParamError(await as('uta', CALLS.strategyList, { json }), field);
    });

    it('queryPositions answers an empty list for spot', async () => {
      const r = await as('uta', CALLS.queryPositions, { json: { needSort: true } });
      expect(resultOf(r)).toEqual({ list: [] });
      expectParamError(
        await as('uta', CALLS.queryPositions, { json: { needSort: 'sometimes' } }),
        'needSort',
      );
    });
  });

  describe('quota', () => {
    it('zone symbols: total and remaining from the symbol quota minus what was used', async () => {
      expect(resultOf(await as('classic', CALLS.quota, { query: { symbol_id: '4' } }))).toEqual({
        symbolId: 4,
        totalAmount: '5000',
        remainAmount: '5000',
      });
      h.ctx.accounts.settings().quotaUsed[ids.classic ?? ''] = { ADVUSDT: '1234.5' };
      expect(resultOf(await as('classic', CALLS.quota, { query: { symbol_id: '5' } }))).toEqual({
        symbolId: 5,
        totalAmount: '2000',
        remainAmount: '765.5',
      });
    });

    it('unlimited symbols answer -1', async () => {
      expect(resultOf(await as('classic', CALLS.quota, { query: { symbol_id: '1' } }))).toEqual({
        symbolId: 1,
        totalAmount: '-1',
        remainAmount: '-1',
      });
    });

    it.each([
      [{}],
      [{ symbol_id: 'abc' }],
      [{ symbol_id: '-1' }],
      [{ symbol_id: '0' }],
      [{ symbol_id: '999' }],
    ])('rejects %j naming symbol_id', async (query) => {
      expectParamError(await as('classic', CALLS.quota, { query }), 'symbol_id');
    });
  });

  describe('preferences', () => {
    it('round-trips and merges upsert_keys (object or JSON string), and persists them', async () => {
      expect(resultOf(await as('uta', CALLS.getPrefSetting))).toEqual({});
      await as('uta', CALLS.setPrefSetting, {
        json: { upsert_keys: { newUserGuide: 'readed', syncApp: 'Y' } },
      });
      const r = await as('uta', CALLS.setPrefSetting, {
        json: { upsert_keys: JSON.stringify({ syncApp: 'N', infoAnnounceDate: '1700000000000' }) },
      });
      expect(r.body).toMatchObject({ code: 0, success: true });
      const prefs = { newUserGuide: 'readed', syncApp: 'N', infoAnnounceDate: '1700000000000' };
      expect(resultOf(await as('uta', CALLS.getPrefSetting))).toEqual(prefs);
      // Other users do not see them.
      expect(resultOf(await as('classic', CALLS.getPrefSetting))).toEqual({});
      // The answer left after the commit: the database already holds the row.
      expect(loadAccountsState(h.ctx.store.db)?.prefs[ids.uta ?? '']).toEqual(prefs);
    });

    it.each([
      ['a form', { form: { upsert_keys: '{"kline_cancel_prompt":"hide"}' } }],
      [
        'a text/plain body',
        { raw: { type: 'text/plain', text: '{"upsert_keys":{"kline_cancel_prompt":"hide"}}' } },
      ],
    ])('refuses %s (415 envelope) and stores nothing: a cross-site page can send those', async (_, opts) => {
      const r = await as('leader', CALLS.setPrefSetting, opts);
      expect(r.status).toBe(415);
      expect(r.body).toMatchObject({ code: 10415, success: false });
      expect(resultOf(await as('leader', CALLS.getPrefSetting))).toEqual({});
    });

    it.each([
      [{}],
      [{ upsert_keys: 'not json' }],
      [{ upsert_keys: ['a'] }],
      [{ upsert_keys: {} }],
      [{ upsert_keys: { a: 1 } }],
      [{ upsert_keys: { a: null } }],
      [{ upsert_keys: { ['k'.repeat(65)]: 'v' } }],
      [{ upsert_keys: { 'bad key': 'v' } }],
      [{ upsert_keys: JSON.parse('{"__proto__":"x"}') as unknown }],
      [{ upsert_keys: { a: 'v'.repeat(4097) } }],
      [{ upsert_keys: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v'])) }],
    ])('rejects %# naming upsert_keys', async (json) => {
      expectParamError(await as('sub', CALLS.setPrefSetting, { json }), 'upsert_keys');
    });

    it('caps the total number of keys per user', async () => {
      for (let batch = 0; batch < 10; batch++) {
        const keys = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`b${batch}k${i}`, 'v']));
        expect((await as('isolated', CALLS.setPrefSetting, { json: { upsert_keys: keys } })).body.code).toBe(
          0,
        );
      }
      expectParamError(
        await as('isolated', CALLS.setPrefSetting, { json: { upsert_keys: { one: 'more' } } }),
        'upsert_keys',
      );
    });

    it('double-confirm flags round-trip, dedupe, clear, and show in user info', async () => {
      expect(resultOf(await as('uta', CALLS.getDoubleConfirm))).toEqual({ confirms: '' });
      await as('uta', CALLS.setDoubleConfirm, { json: { confirms: 'notifyClose,successAudio,notifyClose' } });
      expect(resultOf(await as('uta', CALLS.getDoubleConfirm))).toEqual({
        confirms: 'notifyClose,successAudio',
      });
      expect(resultOf(await as('uta', CALLS.userInfo)).double_confirm).toBe('notifyClose,successAudio');
      await as('uta', CALLS.setDoubleConfirm, { json: { confirms: ['cancelOrderNotifyClose'] } });
      expect(resultOf(await as('uta', CALLS.getDoubleConfirm))).toEqual({
        confirms: 'cancelOrderNotifyClose',
      });
      await as('uta', CALLS.setDoubleConfirm, { json: { confirms: '' } });
      expect(resultOf(await as('uta', CALLS.getDoubleConfirm))).toEqual({ confirms: '' });
    });

    it.each([
      [{}],
      [{ confirms: 'notifyClose,bogus' }],
      [{ confirms: { a: 1 } }],
      [{ confirms: 'x,'.repeat(20) }],
    ])('double-confirm rejects %j naming confirms', async (json) => {
      expectParamError(await as('uta', CALLS.setDoubleConfirm, { json }), 'confirms');
    });
  });

  describe('kline config and layouts', () => {
    it('kline config round-trips and clears', async () => {
      expect(resultOf(await as('uta', CALLS.getKlineConfig))).toEqual({ config: '' });
      const config = JSON.stringify({ chartType: 1, interval: '30' });
      expect((await as('uta', CALLS.setKlineConfig, { json: { config } })).body.code).toBe(0);
      expect(resultOf(await as('uta', CALLS.getKlineConfig))).toEqual({ config });
      await as('uta', CALLS.setKlineConfig, { json: { config: '' } });
      expect(resultOf(await as('uta', CALLS.getKlineConfig))).toEqual({ config: '' });
    });

    it.each([[{}], [{ config: 5 }], [{ config: 'x'.repeat(60_001) }]])(
      'kline config rejects %# naming config',
      async (json) => {
        expectParamError(await as('uta', CALLS.setKlineConfig, { json }), 'config');
      },
    );

    it('answers version 0 and no path before any upload', async () => {
      expect(resultOf(await as('classic', CALLS.getKline))).toEqual({ version: 0, klinePath: '' });
    });

    it('uploads layouts, keeps the newest five, and serves them to their owner only', async () => {
      const base = 1_700_000_000_000;
      for (let i = 0; i < MAX_LAYOUTS + 2; i++) {
        const version = base + i * 1000;
        const saveData = i % 2 === 0 ? { charts: [{ panes: i }] } : `{"charts":${i}}`;
        const r = await as('uta', CALLS.uploadKline, {
          json: { kline: JSON.stringify({ version, saveData }), version, indicatorVersion: 'v2' },
        });
        expect(r.body).toMatchObject({ code: 0, success: true });
      }
      const newest = base + (MAX_LAYOUTS + 1) * 1000;
      const got = resultOf(await as('uta', CALLS.getKline));
      expect(got).toEqual({
        version: newest,
        klinePath: `${CALLS.klineLayoutPrefix.path}${ids.uta}/${newest}`,
      });

      const layout = await as('uta', { method: 'GET', path: String(got.klinePath) });
      expect(resultOf(layout)).toEqual({
        version: newest,
        saveData: { charts: [{ panes: MAX_LAYOUTS + 1 }] },
      });
      const odd = await as('uta', {
        method: 'GET',
        path: `${CALLS.klineLayoutPrefix.path}${ids.uta}/${base + 5000}`,
      });
      expect(resultOf(odd)).toEqual({ version: base + 5000, saveData: '{"charts":5}' });

      const dropped = await as('uta', {
        method: 'GET',
        path: `${CALLS.klineLayoutPrefix.path}${ids.uta}/${base}`,
      });
      expect(dropped.body).toMatchObject({ code: 10404, success: false });
      expect(h.ctx.accounts.settings().layouts[ids.uta ?? '']).toHaveLength(MAX_LAYOUTS);

      const stolen = await as('classic', { method: 'GET', path: String(got.klinePath) });
      expect(stolen.status).toBe(403);
      expect(stolen.body).toMatchObject({ code: 10403, success: false });

      for (const tail of [`${ids.uta}/abc`, `${ids.uta}`, `${ids.uta}/1/2`, 'x/1']) {
        const bad = await as('uta', { method: 'GET', path: `${CALLS.klineLayoutPrefix.path}${tail}` });
        expect(bad.body.code).toBe(10001);
      }
    });

    it('re-uploading a version replaces it', async () => {
      const version = 1_800_000_000_000;
      for (const n of [1, 2]) {
        await as('leader', CALLS.uploadKline, {
          json: { kline: JSON.stringify({ saveData: { n } }), version },
        });
      }
      const path = `${CALLS.klineLayoutPrefix.path}${ids.leader}/${version}`;
      expect(resultOf(await as('leader', { method: 'GET', path }))).toEqual({ version, saveData: { n: 2 } });
      expect(h.ctx.accounts.settings().layouts[ids.leader ?? '']).toHaveLength(1);
    });

    it('refuses uploads from demo accounts', async () => {
      const r = await as('demo', CALLS.uploadKline, {
        json: { kline: JSON.stringify({ version: 1, saveData: {} }), version: 1 },
      });
      expect(r.body).toMatchObject({ code: 3410002, success: false });
      expect(String(r.body.message)).toContain('demo');
    });

    it.each([
      [{ version: 1 }, 'kline'],
      [{ kline: 'not json', version: 1 }, 'kline'],
      [{ kline: '[1,2]', version: 1 }, 'kline'],
      [{ kline: '{"version":1}', version: 1 }, 'kline.saveData'],
      [{ kline: '{"version":2,"saveData":{}}', version: 1 }, 'kline.version'],
      [{ kline: '{"saveData":{}}' }, 'version'],
      [{ kline: '{"saveData":{}}', version: -1 }, 'version'],
      [{ kline: '{"saveData":{}}', version: 'abc' }, 'version'],
      [{ kline: '{"saveData":{}}', version: 1.5 }, 'version'],
      [{ kline: '{"saveData":{}}', version: 1, indicatorVersion: 'i'.repeat(65) }, 'indicatorVersion'],
      [{ kline: JSON.stringify({ saveData: 'x'.repeat(60_001) }), version: 1 }, 'kline'],
    ])('upload rejects %# naming %s', async (json, field) => {
      expectParamError(await as('uta', CALLS.uploadKline, { json }), field);
    });

    it('answers 413 past the body limit', async () => {
      const r = await as('uta', CALLS.setKlineConfig, { json: { config: 'x'.repeat(70_000) } });
      expect(r.status).toBe(413);
    });
  });

  describe('demo wallet', () => {
    it('wallet balance carries wb at the top level and in result', async () => {
      const r = await as('demo', CALLS.demoWalletBalance);
      expect(r.body).toMatchObject({ code: 0, success: true, message: 'success' });
      expect(typeof r.body.wb).toBe('string');
      expect(resultOf(r)).toEqual({ wb: r.body.wb });
      // 100000 USDT + 20000 USDC at par, plus the rest at their prices.
      expect(Number(r.body.wb)).toBeGreaterThan(120_000);
      expect(String(r.body.wb)).toMatch(/^\d+\.\d{2}$/);
    });

    it('recharge tops up (default 100000 USDT, or a chosen coin and amount)', async () => {
      const before = totalOf(h, ids.demo ?? '', 'USDT');
      expect(before).toBe('100000');
      const r = await as('demo', CALLS.demoRecharge, { json: { bizScene: 'SPOT_TRADE' } });
      expect(r.body).toMatchObject({ code: 0, success: true });
      expect(resultOf(r)).toEqual({ resultCode: 0 });
      expect(totalOf(h, ids.demo ?? '', 'USDT')).toBe('200000');
      await as('demo', CALLS.demoRecharge, { json: { bizScene: 'SPOT_TRADE', coin: 'btc', amount: '0.5' } });
      expect(totalOf(h, ids.demo ?? '', 'BTC')).toBe('2.5');
    });

    it('answers 3410020 once the coin balance reaches 1,000,000', async () => {
      let code = 0;
      for (let i = 0; i < 5 && code === 0; i++) {
        const r = await as('demo', CALLS.demoRecharge, {
          json: { bizScene: 'SPOT_TRADE', amount: '250000' },
        });
        code = Number(r.body.code);
      }
      expect(code).toBe(3410020);
      const total = totalOf(h, ids.demo ?? '', 'USDT');
      expect(Number(total)).toBeGreaterThanOrEqual(1_000_000);
    });

    it('refuses non-demo accounts', async () => {
      const wb = await as('uta', CALLS.demoWalletBalance);
      expect(wb.body).toMatchObject({ code: 3410001, success: false });
      const rc = await as('classic', CALLS.demoRecharge, { json: { bizScene: 'SPOT_TRADE' } });
      expect(rc.body).toMatchObject({ code: 3410001, success: false });
    });

    it.each([
      [{}, 'bizScene'],
      [{ bizScene: 'FUTURES' }, 'bizScene'],
      [{ bizScene: 'SPOT_TRADE', amount: '-1' }, 'amount'],
      [{ bizScene: 'SPOT_TRADE', amount: '0' }, 'amount'],
      [{ bizScene: 'SPOT_TRADE', amount: 'NaN' }, 'amount'],
      [{ bizScene: 'SPOT_TRADE', amount: '1000000.01' }, 'amount'],
      [{ bizScene: 'SPOT_TRADE', coin: 'NOPE' }, 'coin'],
      [{ bizScene: 'SPOT_TRADE', coin: '../x' }, 'coin'],
    ])('recharge rejects %j naming %s', async (json, field) => {
      expectParamError(await as('demo', CALLS.demoRecharge, { json }), field);
    });
  });
});
