/**
 * The web config (spec §6 "Compliance config switches gate features", §5 "Display and other", §7 "web config"): the
 * compliance switches and page settings the simulator serves per account and region, the hub fetches and publishes to
 * every tab, and the page reads at runtime. One type and one decoder for the simulator, the hub and the tab.
 */
import { isRecord } from './fields';

/** Every switch and setting of the web config. */
export interface WebConfig {
  /** Region the config was cut for ('GLOBAL', 'EU', …). */
  readonly region: string;
  /** OCO sub-tab of the current orders. */
  readonly spotCurrentOrderOco: boolean;
  /** OCO sub-tab of the order history. */
  readonly spotOrderHistoryOco: boolean;
  /** LT subscription and redemption records tab. */
  readonly spotSubRedemRecord: boolean;
  /** The orders panel header (tabs and "view more"). */
  readonly spotOrderHeader: boolean;
  /** The unified bottom integrated order list. */
  readonly IntegratedOrderRequest: boolean;
  /** Liquidity-shield link allowed at all. */
  readonly liquidityShield: boolean;
  /** Symbols in the slippage-compensation programme (the liquidity-shield link shows for these only). */
  readonly slippageCompensationSymbols: readonly string[];
  /** Split tools (TWAP, iceberg). */
  readonly splitTools: boolean;
  readonly scaledOrder: boolean;
  readonly autoInvest: boolean;
  readonly gridBot: boolean;
  readonly futureSpread: boolean;
  /** Spot margin preference allowed. */
  readonly spotMargin: boolean;
  /** EU USDT tips banner on pairs that involve USDT. */
  readonly euUsdtTips: boolean;
  /** The compliance-restricted view replaces the orders panel. */
  readonly restrictedView: boolean;
  /** Standard (classic) accounts go offline: the warning banner for logged-in non-UTA users. */
  readonly standardOffline: boolean;
  /** The web2 upgrade notice: placing orders is blocked with 'will update'. */
  readonly web2UpgradeNotice: boolean;
  /** The chart's one-way sync-to-app display option is offered. */
  readonly syncToApp: boolean;
  /** Wallet balance polling interval of unified accounts, ms (spec §4; polling needs more than 3000). */
  readonly walletPollMs: number;
  /** The pushed wallet feed's reported interval, ms: silent for 3× this, it is stale and balances are refetched. */
  readonly walletFeedMs: number;
}

/** The boolean switches, by name (the test hook and the decoder walk them). */
export const WEB_CONFIG_SWITCHES = [
  'spotCurrentOrderOco',
  'spotOrderHistoryOco',
  'spotSubRedemRecord',
  'spotOrderHeader',
  'IntegratedOrderRequest',
  'liquidityShield',
  'splitTools',
  'scaledOrder',
  'autoInvest',
  'gridBot',
  'futureSpread',
  'spotMargin',
  'euUsdtTips',
  'restrictedView',
  'standardOffline',
  'web2UpgradeNotice',
  'syncToApp',
] as const satisfies readonly (keyof WebConfig)[];

/** One boolean switch. */
export type WebConfigSwitch = (typeof WEB_CONFIG_SWITCHES)[number];

/** What the page uses before the hub has a config (and what the simulator serves the GLOBAL region). */
export const DEFAULT_WEB_CONFIG: WebConfig = {
  region: 'GLOBAL',
  spotCurrentOrderOco: true,
  spotOrderHistoryOco: true,
  spotSubRedemRecord: true,
  spotOrderHeader: true,
  IntegratedOrderRequest: true,
  liquidityShield: true,
  slippageCompensationSymbols: ['BTCUSDT', 'ETHUSDT'],
  splitTools: true,
  scaledOrder: true,
  autoInvest: true,
  gridBot: true,
  futureSpread: true,
  spotMargin: true,
  euUsdtTips: true,
  restrictedView: false,
  standardOffline: false,
  web2UpgradeNotice: false,
  syncToApp: true,
  walletPollMs: 10_000,
  walletFeedMs: 10_000,
};

/** True for a switch name. */
export function isWebConfigSwitch(k: string): k is WebConfigSwitch {
  return (WEB_CONFIG_SWITCHES as readonly string[]).includes(k);
}

/** The config of a `{code: 0, result}` web-config reply; fields missing or malformed keep their defaults; null for an error reply. */
export function decodeWebConfig(reply: unknown): WebConfig | null {
  if (!isRecord(reply) || reply.code !== 0 || !isRecord(reply.result)) return null;
  const r = reply.result;
  const out: Record<string, unknown> = { ...DEFAULT_WEB_CONFIG };
  for (const k of WEB_CONFIG_SWITCHES) if (typeof r[k] === 'boolean') out[k] = r[k];
  if (typeof r.region === 'string' && /^[A-Z]{2,8}$/.test(r.region)) out.region = r.region;
  const syms = r.slippageCompensationSymbols;
  if (Array.isArray(syms) && syms.every((s) => typeof s === 'string')) out.slippageCompensationSymbols = syms;
  for (const k of ['walletPollMs', 'walletFeedMs'] as const) {
    const v = r[k];
    if (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 3_600_000) out[k] = v;
  }
  return out as unknown as WebConfig;
}

/** True when two configs say the same (the hub publishes only a changed config). */
export function sameWebConfig(a: WebConfig, b: WebConfig): boolean {
  return (Object.keys(a) as (keyof WebConfig)[]).every((k) => {
    const x = a[k];
    const y = b[k];
    return Array.isArray(x) && Array.isArray(y) ? x.join(',') === y.join(',') : x === y;
  });
}
