/**
 * What a demo account may use (spec §6 "Demo account", §2 Chart area / Market header, §5 Display and other). One
 * table, so every feature asks the same question and a new demo rule is one row. Pure.
 *
 * Three treatments of a feature a demo account does not have:
 * - `tip`: the entry stays where the user reaches it (a tab, an order kind) and its body is the spec's message
 *   `demoAccountDoesNotSupportTips` ("some features unavailable") instead of a silent absence;
 * - `hidden`: the spec says the entry is not there at all (the chart's tab bar: "who see only the chart heading"; the
 *   OCO sub-tab of the order lists; the liquidity-shield link; the pinned scaled-order and grid-bot icons);
 * - `skipped`: background work the user never sees (the kline layout and indicator sync).
 */

/** Features the spec names as unavailable to demo accounts. */
export type DemoFeature =
  | 'tradeAnalysis'
  | 'ocoOrderTab'
  | 'ocoOrderKind'
  | 'performanceLink'
  | 'liquidityShield'
  | 'klineLayoutSync'
  | 'advancedPreferences'
  | 'utaUpgradeGuide'
  | 'syncToApp';

/** How a demo account meets a feature it cannot use. */
export type DemoTreatment = 'tip' | 'hidden' | 'skipped';

/** The rule table (why each row is what it is: the spec sentence it follows). */
export const DEMO_RULES: Readonly<Record<DemoFeature, DemoTreatment>> = {
  // §2: "tab bar hidden for demo accounts, who see only the chart heading".
  tradeAnalysis: 'hidden',
  // §6 "no OCO tab" in the order lists.
  ocoOrderTab: 'hidden',
  // The order form's OCO kind is an entry the user picks: it says why OCO cannot be placed rather than vanishing.
  ocoOrderKind: 'tip',
  // §6 "no performance link": the unified P&L tab stays and tells the demo user instead of linking out.
  performanceLink: 'tip',
  // §2 Market header: the link shows only when "the account is not demo".
  liquidityShield: 'hidden',
  // §6 "kline layout not saved to server", §5 "Indicator and chart sync is skipped for demo".
  klineLayoutSync: 'skipped',
  // §6: advanced preferences "only for UTA non-demo".
  advancedPreferences: 'hidden',
  // §4: the post-upgrade user guide shows "unless already read or demo".
  utaUpgradeGuide: 'skipped',
  // §5 "Indicator and chart sync is skipped for demo": the chart's one-way sync to the app is not offered.
  syncToApp: 'hidden',
};

/** What the user gets: the feature itself, or the demo treatment (only demo accounts are treated). */
export function demoAccess(
  feature: DemoFeature,
  user: { readonly isDemo: boolean } | null,
): 'available' | DemoTreatment {
  return user?.isDemo === true ? DEMO_RULES[feature] : 'available';
}

/** The i18n key (namespace `common`) of the demo tip, as the spec names it. */
export const DEMO_TIP_KEY = 'demoAccountDoesNotSupportTips';
