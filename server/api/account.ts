/**
 * Account calls: user info, classic and unified balances, liabilities, strategies, positions, zone quotas,
 * preferences, double-confirm flags, kline config and chart layouts, and the demo wallet (balance and recharge).
 */
import { Decimal } from 'decimal.js';
import { KYC_PASS_LEVEL, kycLevelOf, type Account } from '../accounts/accounts';
import type { SimContext, RouteModule } from '../context';
import { HTTP_ERRORS } from '../http/envelope';
import { ParamError, type Params } from '../http/params';
import { ApiError, RawReply, type RequestContext } from '../http/router';
import type { BalanceView } from '../engine/types';
import { findSymbol, TOKENS, type SymbolSpec } from '../market/symbols';
import { DOUBLE_CONFIRM_FLAGS } from '../../workers/protocol/account';
import { CALLS } from '../../workers/protocol/paths';
import { fromAtoms } from '../margin/desk';
import { accountEquity, debtFreePositions, type AccountEquity } from '../margin/equity';
import { marginOf } from '../margin/services';
import { perpOf } from '../perp/install';

/** Business error codes of the account calls (3410020 is the spec's recharge code; the others are this project's). */
export const ACCOUNT_ERRORS = {
  notUnified: 3400001,
  demoOnly: 3410001,
  demoNotSupported: 3410002,
  rechargeLimit: 3410020,
  rechargeFailed: 3410021,
  forbidden: 10403,
  notFound: HTTP_ERRORS.notFound,
} as const;

/** Layouts kept per user (older ones are dropped on upload). */
export const MAX_LAYOUTS = 5;
/** Largest kline config or layout: the router caps bodies at 64 KiB, so leave room for the rest of the body. */
export const MAX_CHART_DATA_CHARS = 60_000;
/** Demo recharge: largest single top-up, and the coin balance at or above which recharging is refused. */
export const DEMO_RECHARGE_MAX = '1000000';
/** Default demo top-up. */
export const DEMO_RECHARGE_DEFAULT = '100000';

const PREF_MAX_KEYS_PER_CALL = 50;
const PREF_MAX_KEYS_TOTAL = 500;
const PREF_KEY_MAX = 64;
const PREF_VALUE_MAX = 4096;
const PREF_KEY_RE = /^[A-Za-z0-9_.:-]+$/;
const COIN_RE = /^[A-Za-z0-9]{1,20}$/;

function me(rc: RequestContext<Account>): Account {
  // The router already refuses auth calls without a session; this narrows the type and guards misuse.
  if (rc.session === null) throw new ApiError(HTTP_ERRORS.auth, 'login required', 401);
  return rc.session;
}

/** A required known symbol given by name or id under `name`. */
function symbolParam(params: Params, name: string): SymbolSpec {
  const key = params.reqStr(name, { max: 32 });
  const spec = findSymbol(key);
  if (spec === undefined) throw new ParamError(`${name} is not a known symbol`);
  return spec;
}

/** A required known symbol given by numeric id under `name`. */
function symbolIdParam(params: Params, name: string): SymbolSpec {
  const id = params.int(name, { required: true, min: 1 }) ?? 0;
  const spec = findSymbol(id);
  if (spec === undefined) throw new ParamError(`${name} is not a known symbol`);
  return spec;
}

/**
 * A string field that must be sent but may be empty (empty = clear). Params.str treats '' as absent, so this
 * reads the raw value itself.
 */
function presentString(params: Params, name: string, max: number): string {
  const v = params.raw[name];
  if (v === undefined || v === null) throw new ParamError(`${name} is required`);
  if (typeof v !== 'string') throw new ParamError(`${name} must be a string`);
  if (v.length > max) throw new ParamError(`${name} is too long`);
  return v;
}

/** Last traded price of a symbol: the engine's, else the market's ticker, else its seed price. */
export function referencePrice(ctx: SimContext, spec: SymbolSpec): string {
  return (
    ctx.engine.lastPrice(spec.symbol) ?? ctx.market.ticker(spec.symbol)?.lastPrice ?? String(spec.seedPrice)
  );
}

/** An account's balances, every coin it holds. */
function balancesOf(ctx: SimContext, accountId: string): readonly BalanceView[] {
  return ctx.engine.balances(accountId);
}

function freeOf(ctx: SimContext, accountId: string, coin: string): Decimal {
  const b = balancesOf(ctx, accountId).find((x) => x.coin === coin);
  return new Decimal(b?.free ?? '0');
}

function totalOf(ctx: SimContext, accountId: string, coin: string): Decimal {
  const b = balancesOf(ctx, accountId).find((x) => x.coin === coin);
  return new Decimal(b?.total ?? '0');
}

/** The account's equity (equity.ts): the margin desk's when installed, else its balances with nothing owed. */
function equityOf(ctx: SimContext, accountId: string): AccountEquity {
  return (
    marginOf(ctx)?.desk.equity(accountId) ??
    accountEquity(debtFreePositions(balancesOf(ctx, accountId), (s) => ctx.engine.lastPrice(s)))
  );
}

/** Total wallet value in USDT, 2 decimals (the demo wallet's `wb`): what the wallet holds, as equity.ts values it. */
function walletUsdt(ctx: SimContext, accountId: string): string {
  return equityOf(ctx, accountId).walletValue.toFixed(2, Decimal.ROUND_DOWN);
}

/** A coin's debt and what it could still borrow (decimals; zeros when margin is not installed). */
function lending(ctx: SimContext, accountId: string, coin: string): { debt: Decimal; room: Decimal } {
  const desk = marginOf(ctx)?.desk;
  if (desk === undefined) return { debt: new Decimal(0), room: new Decimal(0) };
  return { debt: fromAtoms(desk.debt(accountId, coin)), room: fromAtoms(desk.borrowable(accountId, coin)) };
}

/**
 * The unified asset of a symbol's two coins (spec §7): free, free + borrowable for margin, owed; the max buy / sell
 * from the same figures; the account's status, risk state and leverage from the margin desk.
 */
function unifiedAsset(
  ctx: SimContext,
  a: Account,
  spec: SymbolSpec,
  isMargin: boolean,
): Record<string, unknown> {
  const eq = equityOf(ctx, a.id);
  const coinList = [spec.base, spec.quote].map((coin) => {
    const free = freeOf(ctx, a.id, coin);
    const total = totalOf(ctx, a.id, coin);
    const { debt, room } = lending(ctx, a.id, coin);
    const c = eq.coins.find((x) => x.coin === coin);
    return {
      tokenId: coin,
      spotAvailableBalance: free.toFixed(),
      spotMarginAvailableBalance: free.plus(room).toFixed(),
      walletBalance: total.toFixed(),
      // Same figures as the wallet push (equity.ts): gross value at mark, and equity net of the coin's debt.
      occAssetUSDTValue: (c?.value ?? new Decimal(0)).toFixed(2, Decimal.ROUND_DOWN),
      equity: (c?.equity ?? new Decimal(0)).toFixed(),
      borrowSize: debt.toFixed(),
      transferLimit: free.toFixed(),
    };
  });
  const base = lending(ctx, a.id, spec.base);
  const quote = lending(ctx, a.id, spec.quote);
  const maxBuyAmt = freeOf(ctx, a.id, spec.quote)
    .plus(isMargin ? quote.room : 0)
    .toFixed();
  const maxSellQty = freeOf(ctx, a.id, spec.base)
    .plus(isMargin ? base.room : 0)
    .toFixed();
  const info = marginOf(ctx)?.desk.borrowInfo(a.id);
  return {
    coinList,
    totalEquity: eq.totalEquity.toFixed(4, Decimal.ROUND_DOWN),
    actualLeverageRatio: info?.actualLeverageRatio ?? '1',
    maxBuyAmt,
    maxSellQty,
    buyTotalAvailable: maxBuyAmt,
    sellTotalAvailable: maxSellQty,
    status: info?.status ?? 1,
    baseBorrowSize: base.debt.toFixed(),
    quoteBorrowSize: quote.debt.toFixed(),
    riskState: info?.riskState ?? 0,
    riskRatio: info?.riskRatio ?? '0',
    leverageEnabled: marginOf(ctx)?.desk.leverageOn(a.id) ?? true,
    marginMode: a.marginMode,
  };
}

function layoutPath(uid: string, version: number): string {
  return `${CALLS.klineLayoutPrefix.path}${uid}/${version}`;
}

/** Whether the account's inverse upgrade (unified → classic) is in process (spec §3 member_tag.UTA_INVERSE). */
function inverseInProcess(ctx: SimContext, accountId: string): boolean {
  const u = marginOf(ctx)?.upgrades.state(accountId);
  return u !== undefined && u.inverse && u.status === 'processing';
}

/** The spec §3 User object of a logged-in account. */
function userInfo(ctx: SimContext, a: Account): Record<string, unknown> {
  return {
    id: a.id,
    isLogin: true,
    userState: 1,
    email: a.email,
    double_confirm: ctx.accounts.settings().doubleConfirm[a.id] ?? '',
    member_tag: { UTA: a.isUTA ? 1 : 0, UTA_INVERSE: inverseInProcess(ctx, a.id) ? 1 : 0 },
    isUTA: a.isUTA,
    eaaStatus: false,
    isDemoAccount: a.isDemo,
    vipInfo: { level: 'VIP0' },
    unified_account: a.unifiedAccount,
    grayFlag: { ...a.grayFlag },
    is_copy_trading_leader: a.isCopyTradingLeader,
    demo_id: a.isDemo ? a.id : '',
    isSubAccount: a.isSub,
    marginMode: a.marginMode,
    kycLevel: kycLevelOf(a),
    kycPassed: kycLevelOf(a) >= KYC_PASS_LEVEL,
    accountType: a.kind,
    utaUpgrade: marginOf(ctx)?.upgrades.state(a.id) ?? null,
  };
}

function readUpsertKeys(params: Params): [string, string][] {
  const obj = params.object('upsert_keys', { required: true }) ?? {};
  const entries = Object.entries(obj);
  if (entries.length === 0) throw new ParamError('upsert_keys must not be empty');
  if (entries.length > PREF_MAX_KEYS_PER_CALL) {
    throw new ParamError(`upsert_keys has more than ${PREF_MAX_KEYS_PER_CALL} keys`);
  }
  return entries.map(([k, v]) => {
    if (k.length === 0 || k.length > PREF_KEY_MAX || !PREF_KEY_RE.test(k) || k === '__proto__') {
      throw new ParamError(`upsert_keys has an invalid key (1 to ${PREF_KEY_MAX} of A-Z a-z 0-9 _ . : -)`);
    }
    if (typeof v !== 'string') throw new ParamError(`upsert_keys.${k} must be a string`);
    if (v.length > PREF_VALUE_MAX) throw new ParamError(`upsert_keys.${k} is longer than ${PREF_VALUE_MAX}`);
    return [k, v];
  });
}

function readConfirms(params: Params): string {
  if (params.raw.confirms === undefined || params.raw.confirms === null) {
    throw new ParamError('confirms is required');
  }
  const items = params.list('confirms', { max: DOUBLE_CONFIRM_FLAGS.length * 2 });
  const known: readonly string[] = DOUBLE_CONFIRM_FLAGS;
  for (const x of items) {
    if (!known.includes(x)) {
      throw new ParamError(`confirms entries must be among ${DOUBLE_CONFIRM_FLAGS.join(', ')}`);
    }
  }
  return [...new Set(items)].join(',');
}

interface LayoutUpload {
  readonly version: number;
  readonly saveData: string;
  readonly indicatorVersion: string;
}

function readLayout(params: Params): LayoutUpload {
  const klineText = params.reqStr('kline', { max: MAX_CHART_DATA_CHARS });
  const version = params.int('version', { required: true, min: 1 }) ?? 0;
  const indicatorVersion = params.str('indicatorVersion', { max: 64 }) ?? '';
  let kline: unknown;
  try {
    kline = JSON.parse(klineText);
  } catch {
    throw new ParamError('kline must be a JSON object of version and saveData');
  }
  if (typeof kline !== 'object' || kline === null || Array.isArray(kline)) {
    throw new ParamError('kline must be a JSON object of version and saveData');
  }
  const body = kline as { version?: unknown; saveData?: unknown };
  if (body.saveData === undefined || body.saveData === null) {
    throw new ParamError('kline.saveData is required');
  }
  if (body.version !== undefined && Number(body.version) !== version) {
    throw new ParamError('kline.version must equal version');
  }
  // Stored as JSON text so a string or an object comes back exactly as uploaded.
  return { version, saveData: JSON.stringify(body.saveData), indicatorVersion };
}

/** Registers the account, asset, preference, chart-layout and demo-wallet calls. */
export const registerAccountRoutes: RouteModule = (router, ctx) => {
  const settings = () => ctx.accounts.settings();

  router.on(CALLS.userInfo, (rc) => (rc.session === null ? { isLogin: false } : userInfo(ctx, rc.session)));

  router.on(CALLS.balanceClassic, (rc) => {
    const a = me(rc);
    const list = balancesOf(ctx, a.id).map((b) => ({
      tokenId: b.coin,
      tokenName: b.coin,
      free: b.free,
      locked: b.locked,
      total: b.total,
      // No transfer restrictions in the simulator: the whole free balance can move.
      transferLimit: b.free,
    }));
    return { list };
  });

  router.on(CALLS.unifiedAsset, (rc) => {
    const a = me(rc);
    const spec = symbolParam(rc.params, 'symbolName');
    rc.params.oneOf('side', ['0', '1']);
    const isMargin = rc.params.bool('isMargin');
    rc.params.decimal('price');
    rc.params.decimal('limitPrice');
    if (!a.isUTA) throw new ApiError(ACCOUNT_ERRORS.notUnified, 'not a unified account');
    return unifiedAsset(ctx, a, spec, isMargin);
  });

  router.on(CALLS.queryPositions, (rc) => {
    const a = me(rc);
    rc.params.bool('needSort');
    // Spot holds no positions: the list is the linear perpetuals' (server/perp), size-zero ones left out (spec §9)
    // unless `includeClosed` asks for them too (the P&L tab reads the realised P&L of closed ones).
    const perp = perpOf(ctx)?.positions;
    return { list: (rc.params.bool('includeClosed') ? perp?.all(a.id) : perp?.rows(a.id)) ?? [] };
  });

  router.on(CALLS.quota, (rc) => {
    const a = me(rc);
    const spec = symbolIdParam(rc.params, 'symbol_id');
    if (spec.quota === '') return { symbolId: spec.symbolId, totalAmount: '-1', remainAmount: '-1' };
    const used = new Decimal(settings().quotaUsed[a.id]?.[spec.symbol] ?? '0');
    const remain = Decimal.max(0, new Decimal(spec.quota).minus(used));
    return { symbolId: spec.symbolId, totalAmount: spec.quota, remainAmount: remain.toFixed() };
  });

  router.on(CALLS.getPrefSetting, (rc) => ({ ...settings().prefs[me(rc).id] }));

  router.on(CALLS.setPrefSetting, (rc) => {
    const a = me(rc);
    const entries = readUpsertKeys(rc.params);
    const merged = { ...settings().prefs[a.id], ...Object.fromEntries(entries) };
    if (Object.keys(merged).length > PREF_MAX_KEYS_TOTAL) {
      throw new ParamError(`upsert_keys would take the user past ${PREF_MAX_KEYS_TOTAL} keys`);
    }
    settings().prefs[a.id] = merged;
    ctx.accounts.changed(a.id);
    return { ...merged };
  });

  router.on(CALLS.getDoubleConfirm, (rc) => ({ confirms: settings().doubleConfirm[me(rc).id] ?? '' }));

  router.on(CALLS.setDoubleConfirm, (rc) => {
    const a = me(rc);
    const confirms = readConfirms(rc.params);
    settings().doubleConfirm[a.id] = confirms;
    ctx.accounts.changed(a.id);
    return { confirms };
  });

  router.on(CALLS.getKlineConfig, (rc) => ({ config: settings().klineConfig[me(rc).id] ?? '' }));

  router.on(CALLS.setKlineConfig, (rc) => {
    const a = me(rc);
    const config = presentString(rc.params, 'config', MAX_CHART_DATA_CHARS);
    settings().klineConfig[a.id] = config;
    ctx.accounts.changed(a.id);
    return {};
  });

  router.on(CALLS.uploadKline, (rc) => {
    const a = me(rc);
    const layout = readLayout(rc.params);
    if (a.isDemo) {
      throw new ApiError(
        ACCOUNT_ERRORS.demoNotSupported,
        'demo accounts do not save chart layouts to the server',
      );
    }
    const kept = (settings().layouts[a.id] ?? []).filter((l) => l.version !== layout.version);
    kept.push(layout);
    kept.sort((x, y) => x.version - y.version);
    settings().layouts[a.id] = kept.slice(-MAX_LAYOUTS);
    ctx.accounts.changed(a.id);
    return { version: layout.version, klinePath: layoutPath(a.id, layout.version) };
  });

  router.on(CALLS.getKline, (rc) => {
    const a = me(rc);
    const newest = settings().layouts[a.id]?.at(-1);
    if (newest === undefined) return { version: 0, klinePath: '' };
    return { version: newest.version, klinePath: layoutPath(a.id, newest.version) };
  });

  router.onPrefix(CALLS.klineLayoutPrefix, (rc) => {
    const a = me(rc);
    const rest = rc.url.pathname.slice(CALLS.klineLayoutPrefix.path.length);
    const m = /^(\d{1,20})\/(\d{1,16})$/.exec(rest);
    if (m === null) throw new ParamError('path must end in {userId}/{version}');
    const [, uid, versionText] = m;
    if (uid !== a.id) {
      throw new ApiError(ACCOUNT_ERRORS.forbidden, 'this layout belongs to another user', 403);
    }
    const version = Number(versionText);
    const layout = settings().layouts[a.id]?.find((l) => l.version === version);
    if (layout === undefined) throw new ApiError(ACCOUNT_ERRORS.notFound, 'no layout with this version');
    return { version: layout.version, saveData: JSON.parse(layout.saveData) as unknown };
  });

  router.on(CALLS.demoWalletBalance, (rc) => {
    const a = me(rc);
    if (!a.isDemo) throw new ApiError(ACCOUNT_ERRORS.demoOnly, 'only demo accounts have a demo wallet');
    const wb = walletUsdt(ctx, a.id);
    // The spec reads wb beside code/success/message, so it sits at the top level as well as in result.
    return new RawReply({
      status: 200,
      body: { code: 0, success: true, message: 'success', wb, result: { wb } },
    });
  });

  router.on(CALLS.demoRecharge, (rc) => {
    const a = me(rc);
    rc.params.oneOf('bizScene', ['SPOT_TRADE'], { required: true });
    const coin = (rc.params.str('coin', { max: 20, pattern: COIN_RE }) ?? 'USDT').toUpperCase();
    if (!Object.hasOwn(TOKENS, coin)) throw new ParamError('coin is not a known coin');
    const amount = rc.params.decimal('amount', { positive: true }) ?? DEMO_RECHARGE_DEFAULT;
    if (new Decimal(amount).greaterThan(DEMO_RECHARGE_MAX)) {
      throw new ParamError(`amount must be at most ${DEMO_RECHARGE_MAX}`);
    }
    if (!a.isDemo) throw new ApiError(ACCOUNT_ERRORS.demoOnly, 'only demo accounts can be recharged');
    if (totalOf(ctx, a.id, coin).greaterThanOrEqualTo(DEMO_RECHARGE_MAX)) {
      throw new ApiError(ACCOUNT_ERRORS.rechargeLimit, `${coin} balance is already at the demo limit`);
    }
    const r = ctx.engine.deposit(a.id, coin, amount);
    if (!r.ok) throw new ApiError(ACCOUNT_ERRORS.rechargeFailed, r.message);
    return { resultCode: 0 };
  });
};
