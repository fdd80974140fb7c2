/**
 * The web config (spec §6 compliance switches, §5 "Display and other"): one call serving the switches per account and
 * region. A region's defaults come from REGION_DEFAULTS; overrides set at runtime (the test hook, or an operator)
 * apply per region and per account, the account's last. Overrides live in memory: a restart serves the defaults.
 */
import type { Account } from '../accounts/accounts';
import type { RouteModule, SimContext } from '../context';
import { ParamError } from '../http/params';
import { ApiError, type Router } from '../http/router';
import { CALLS } from '../../workers/protocol/paths';
import {
  DEFAULT_WEB_CONFIG,
  isWebConfigSwitch,
  type WebConfig,
  type WebConfigSwitch,
} from '../../workers/protocol/webConfig';

/** Regions the simulator knows; an account's region is EU for EAA users, GLOBAL otherwise. */
export const REGIONS = ['GLOBAL', 'EU'] as const;
/** One region. */
export type Region = (typeof REGIONS)[number];

/** Each region's config before overrides: EU has no liquidity shield and shows the USDT tips. */
export const REGION_DEFAULTS: Readonly<Record<Region, WebConfig>> = {
  GLOBAL: DEFAULT_WEB_CONFIG,
  EU: { ...DEFAULT_WEB_CONFIG, region: 'EU', liquidityShield: false, euUsdtTips: true, futureSpread: false },
};

type Overrides = Partial<Record<WebConfigSwitch, boolean>>;

/** Runtime overrides of the switches, by region and by account. */
export class WebConfigOverrides {
  private readonly byRegion = new Map<string, Overrides>();
  private readonly byAccount = new Map<string, Overrides>();

  /** The config one account (or a visitor, null) sees in a region. */
  configFor(region: Region, accountId: string | null): WebConfig {
    return {
      ...REGION_DEFAULTS[region],
      ...this.byRegion.get(region),
      ...(accountId === null ? {} : this.byAccount.get(accountId)),
    };
  }

  /** Sets switches for a region or an account; `null` for a switch removes its override. */
  set(
    scope: { region: Region } | { accountId: string },
    patch: Readonly<Record<string, boolean | null>>,
  ): void {
    const [map, key] = 'region' in scope ? [this.byRegion, scope.region] : [this.byAccount, scope.accountId];
    const next = new Map(Object.entries(map.get(key) ?? {}));
    for (const [k, v] of Object.entries(patch)) {
      if (!isWebConfigSwitch(k)) throw new ParamError(`${k} is not a web-config switch`);
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    map.set(key, Object.fromEntries(next));
  }

  /** Drops every override. */
  reset(): void {
    this.byRegion.clear();
    this.byAccount.clear();
  }
}

function toRegion(raw: string | undefined): Region | undefined {
  const r = raw?.toUpperCase();
  return REGIONS.find((x) => x === r);
}

const overridesByContext = new WeakMap<SimContext, WebConfigOverrides>();

/** The config an account sees in its region (GLOBAL: no simulated account is EAA), overrides included. */
export function webConfigOf(ctx: SimContext, accountId: string): WebConfig {
  return overridesByContext.get(ctx)?.configFor('GLOBAL', accountId) ?? REGION_DEFAULTS.GLOBAL;
}

/**
 * Registers the web-config call (and, with SIM_TEST_HOOKS=1, its test hook). The region is the `region` parameter,
 * else the account's: no simulated account is EAA (user info says eaaStatus false), so that is GLOBAL.
 */
export const registerConfigRoutes: RouteModule = (router, ctx) => {
  const overrides = new WebConfigOverrides();
  overridesByContext.set(ctx, overrides);
  router.on(CALLS.webConfig, (rc) => {
    const region = toRegion(rc.params.str('region', { max: 8 }) ?? 'GLOBAL');
    if (region === undefined) throw new ParamError(`region must be one of ${REGIONS.join(', ')}`);
    return overrides.configFor(region, rc.session?.id ?? null);
  });
  if (process.env.SIM_TEST_HOOKS === '1')
    registerWebConfigTestHook(router, overrides, (email) => {
      const key = email.trim().toLowerCase();
      return ctx.accounts.all().find((a) => a.email === key)?.id;
    });
};

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Test hook: POST /sim/test/web-config {"region": "GLOBAL"} or {"email": "classic@sim.local"}, plus
 * {"set": {"spotCurrentOrderOco": false, …}} (null drops an override) or {"reset": true}. The hub picks the change up
 * on its next config fetch (every tab's hello, a reconnect, or its poll).
 */
export function registerWebConfigTestHook(
  router: Router<Account>,
  overrides: WebConfigOverrides,
  accountIdOf: (email: string) => string | undefined,
): void {
  router.on(
    { method: 'POST', path: '/sim/test/web-config', envelope: 'code', auth: false, specNamed: false },
    (rc) => {
      if (!LOOPBACK.has(rc.req.socket.remoteAddress ?? '')) throw new ApiError(10005, 'loopback only', 403);
      if (rc.params.bool('reset')) {
        overrides.reset();
        return { reset: true };
      }
      const set = rc.params.object('set', { required: true }) ?? {};
      const patch: Record<string, boolean | null> = {};
      for (const [k, v] of Object.entries(set)) {
        if (typeof v !== 'boolean' && v !== null)
          throw new ParamError(`set.${k} must be true, false or null`);
        patch[k] = v;
      }
      const email = rc.params.str('email', { max: 120 });
      if (email !== undefined) {
        const id = accountIdOf(email);
        if (id === undefined) throw new ParamError('email is not a known account');
        overrides.set({ accountId: id }, patch);
        return overrides.configFor('GLOBAL', id);
      }
      const region = toRegion(rc.params.str('region', { max: 8 }) ?? 'GLOBAL');
      if (region === undefined) throw new ParamError(`region must be one of ${REGIONS.join(', ')}`);
      overrides.set({ region }, patch);
      return overrides.configFor(region, null);
    },
  );
}
