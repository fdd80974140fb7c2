/**
 * Compliance switches (spec §5, §6): the web config the simulator serves per account and region, fetched and
 * published by the hub (workers/webConfig.ts) and read here at runtime, so a switch flipped on the server changes the
 * page without a rebuild. The rules that read the switches are pure functions of the config.
 */
import { atom } from 'jotai';
import { webConfigAtom } from '../hub/state';
import { demoAccess } from './demoRules';
import { DEFAULT_WEB_CONFIG, type WebConfig } from '../../workers/protocol/webConfig';

/** The switches the shell reads: the web config as the hub publishes it. */
export type ComplianceConfig = WebConfig;

/** The defaults, used until the hub's first config arrives (and by the rules' tests). */
export const COMPLIANCE: ComplianceConfig = DEFAULT_WEB_CONFIG;

/** The page's compliance switches, live: every tab follows the hub's config. */
export const complianceAtom = atom<ComplianceConfig>((get) => get(webConfigAtom));
complianceAtom.debugLabel = 'complianceAtom';

/** Liquidity-shield link rule (spec §2 Market header): compliance allows, symbol listed, account not demo. */
export function showsLiquidityShield(config: ComplianceConfig, symbol: string, isDemo: boolean): boolean {
  return (
    config.liquidityShield &&
    demoAccess('liquidityShield', { isDemo }) === 'available' &&
    config.slippageCompensationSymbols.includes(symbol)
  );
}

/** The coin the EU tips are about. */
const EU_TIPS_COIN = 'USDT';

/** EU USDT tips banner rule (spec §2 Desktop spot page): the compliance setting is on and the pair involves USDT. */
export function showsEuUsdtBanner(config: ComplianceConfig, base: string, quote: string): boolean {
  return config.euUsdtTips && (base.toUpperCase() === EU_TIPS_COIN || quote.toUpperCase() === EU_TIPS_COIN);
}

/**
 * Standard-offline tip rule (spec §5): only logged-in non-UTA users, the offline switch on, and the 7-day dismissal
 * passed (`dismissedAt` ms since epoch, 0 = never).
 */
export function showsStandardOffline(
  config: ComplianceConfig,
  user: { readonly loggedIn: boolean; readonly isUTA: boolean },
  dismissedAt: number,
  now: number,
): boolean {
  return config.standardOffline && user.loggedIn && !user.isUTA && now - dismissedAt >= 7 * 86_400_000;
}
